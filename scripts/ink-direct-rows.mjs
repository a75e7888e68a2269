// Ink 6.8's Output.get() turns every frame into a grid of styled cells and back into strings: each
// written line is tokenized into cells (ansi-tokenize), placed in the grid, and every row of the
// grid is joined back into a string. dask-top writes its whole screen as one <Text> of its rows
// (source/ui/shell/app.tsx, line-text.ts), and its output layer parses the frame's rows into cells again
// to send the terminal only what changed (source/terminal/screen-diff.ts): the grid in between
// only re-spells the same cells. After Ink's caches and shortcuts (ink-cache-bound.mjs) it was
// still the largest item of a frame at 3 workers under node --cpu-prof.
//
// The bundle lets a row that exactly one write touches (each line of a text of several lines is a
// row of its own), outside any clip, at a whole non-negative column, skip the grid: its output is
// the line, transformed as Ink would transform it, after that many spaces. That holds the same
// cells Ink's row would (every character keeps its styles and place; only how the SGR sequences
// are spelled may differ, and trailing blanks of the default pen, which Ink trims and screen-diff
// reads as nothing, may stay), which test/build/ink-output.test.ts checks through screen-diff's own
// parser against Ink's Output. Any other row (two writes, a clip) is drawn by Ink's grid as before,
// and a write the grid needs for any of its rows is placed in the grid whole (its direct rows then
// take their direct text over the grid's).
const DIRECT_ROWS = `// For each row: the line of the one write that alone makes it (drawn without the grid), or null
// when the grid must draw it; and the writes whose every row is drawn so (the grid skips them).
function directRows(operations, height) {
    const rows = new Array(height);
    const spans = [];
    let clips = 0;
    for (const operation of operations) {
        if (operation.type === 'clip') clips++;
        else if (operation.type === 'unclip') clips = Math.max(0, clips - 1);
        else if (operation.type === 'write') {
            const {x, y, text} = operation;
            if (!Number.isInteger(y)) continue;
            const lines = text.includes('\\n') ? text.split('\\n') : [text];
            const direct = clips === 0 && Number.isInteger(x) && x >= 0;
            for (let index = 0; index < lines.length; index++) {
                const row = y + index;
                if (row < 0 || row >= height) continue;
                rows[row] = direct && rows[row] === undefined ? {operation, line: lines[index], index} : null;
            }
            if (direct) spans.push({operation, from: Math.max(0, y), to: Math.min(height, y + lines.length)});
        }
    }
    // A write is left out of the grid when each of its rows on the frame is drawn from it alone.
    const whole = new Set();
    for (const {operation, from, to} of spans) {
        let all = true;
        for (let row = from; row < to && all; row++) if (rows[row]?.operation !== operation) all = false;
        if (all) whole.add(operation);
    }
    return {rows, whole};
}
function directLine({operation, line, index}) {
    for (const transformer of operation.transformers) line = transformer(line, index);
    return operation.x > 0 ? ' '.repeat(operation.x) + line : line;
}
export default class Output {`;

/**
 * Patches of ink/build/output.js (ink-cache-bound.mjs applies them), in order; the functions go in
 * last, so that no anchor is found in them.
 */
export const DIRECT_ROW_PATCHES = [
	['    get() {\n', '    get() {\n        const direct = directRows(this.operations, this.height);\n'],
	[
		'            const row = [];\n            for (let x = 0; x < this.width; x++) {',
		'            const row = [];\n            if (direct.rows[y]) {\n                output.push(row);\n' +
			'                continue;\n            }\n            for (let x = 0; x < this.width; x++) {',
	],
	["if (operation.type === 'write') {", "if (operation.type === 'write' && !direct.whole.has(operation)) {"],
	[
		'            .map(line => {\n            // See https://github.com',
		'            .map((line, y) => {\n            if (direct.rows[y]) return directLine(direct.rows[y]);\n' +
			'            // See https://github.com',
	],
	['export default class Output {', DIRECT_ROWS],
];
