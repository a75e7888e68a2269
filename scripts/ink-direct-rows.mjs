// Ink 6.8's Output.get() turns every frame into a grid of styled cells and back into strings: each
// written line is tokenized into cells (ansi-tokenize), placed in the grid, and every row of the
// grid is joined back into a string. dask-top writes each screen line as one <Text> on a row of its
// own (source/ui/components/line.tsx), and its output layer parses the frame's rows into cells
// again to send the terminal only what changed (source/terminal/screen-diff.ts): the grid in
// between only re-spells the same cells. After Ink's caches and shortcuts (ink-cache-bound.mjs) it
// was still the largest item of a frame at 3 workers under node --cpu-prof.
//
// The bundle lets a row that exactly one single-line write touches, outside any clip, at a whole
// non-negative column, skip the grid: its output is the transformed text after that many spaces.
// That holds the same cells Ink's row would (every character keeps its styles and place; only how
// the SGR sequences are spelled may differ, and trailing blanks of the default pen, which Ink trims
// and screen-diff reads as nothing, may stay), which
// test/build/ink-output.test.ts checks through screen-diff's own parser against Ink's Output.
// Any other row (two writes, a multi-line text, a clip) is drawn by Ink's grid as before.
const DIRECT_ROWS = `// For each row: the one write that alone makes it (drawn without the grid), or null when the
// grid must draw it.
function directRows(operations, height) {
    const rows = new Array(height);
    let clips = 0;
    for (const operation of operations) {
        if (operation.type === 'clip') clips++;
        else if (operation.type === 'unclip') clips = Math.max(0, clips - 1);
        else if (operation.type === 'write') {
            const {x, y, text} = operation;
            if (!Number.isInteger(y)) continue;
            const single = !text.includes('\\n');
            if (single && clips === 0 && Number.isInteger(x) && x >= 0) {
                if (y >= 0 && y < height) rows[y] = rows[y] === undefined ? operation : null;
                continue;
            }
            const count = single ? 1 : text.split('\\n').length;
            for (let row = Math.max(0, y); row < Math.min(height, y + count); row++) rows[row] = null;
        }
    }
    return rows;
}
function directLine(operation) {
    let line = operation.text;
    for (const transformer of operation.transformers) line = transformer(line, 0);
    return operation.x > 0 ? ' '.repeat(operation.x) + line : line;
}
export default class Output {`;

/**
 * Patches of ink/build/output.js, applied in order after ink-cache-bound.mjs' own; the functions go
 * in last, so that no anchor is found in them.
 */
export const DIRECT_ROW_PATCHES = [
	['    get() {\n', '    get() {\n        const direct = directRows(this.operations, this.height);\n'],
	[
		'            const row = [];\n            for (let x = 0; x < this.width; x++) {',
		'            const row = [];\n            if (direct[y]) {\n                output.push(row);\n' +
			'                continue;\n            }\n            for (let x = 0; x < this.width; x++) {',
	],
	["if (operation.type === 'write') {", "if (operation.type === 'write' && direct[operation.y] !== operation) {"],
	[
		'            .map(line => {\n            // See https://github.com',
		'            .map((line, y) => {\n            if (direct[y]) return directLine(direct[y]);\n' +
			'            // See https://github.com',
	],
	['export default class Output {', DIRECT_ROWS],
];
