/**
 * The bundle's patches of Ink 6.8's Output (scripts/ink-cache-bound.mjs, scripts/ink-direct-rows.mjs),
 * run against Ink's own unpatched Output: the shared blank cell keeps every frame byte for byte;
 * rows drawn without the grid hold the same cells (read by screen-diff's own parser, which is what
 * reads Ink's frames in dask-top), and every other row stays byte for byte Ink's.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {seeded} from '../helpers/seeded.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import {boundInkCache} from '../../scripts/ink-cache-bound.mjs';
import {parseRow} from '../../source/terminal/screen-diff.js';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));

interface OutputLike {
	write(
		x: number,
		y: number,
		text: string,
		options: {transformers: Array<(line: string, index: number) => string>},
	): void;
	clip(clip: {x1?: number; x2?: number; y1?: number; y2?: number}): void;
	unclip(): void;
	get(): {output: string; height: number};
}
type OutputClass = new (size: {width: number; height: number}) => OutputLike;

/** Ink's output.js with its bare imports pointed at the real modules beside Ink, patched or not. */
async function outputClass(patch: boolean): Promise<OutputClass> {
	const beside = createRequire(join(inkBuild, 'output.js'));
	const url = (name: string) => JSON.stringify(pathToFileURL(beside.resolve(name)).href);
	const tokenizeIndex = join(inkBuild, '..', '..', '@alcalzone', 'ansi-tokenize', 'build', 'index.js');
	const text = readFileSync(join(inkBuild, 'output.js'), 'utf8');
	const code = (patch ? boundInkCache('output.js', text) : text)
		// Ink's own imports, resolved beside it.
		.replace(/'(slice-ansi|string-width)'/g, (_m: string, name: string) => url(name))
		.replace("'@alcalzone/ansi-tokenize'", JSON.stringify(pathToFileURL(tokenizeIndex).href))
		.replace(/^\/\/# sourceMappingURL.*$/m, '');
	const scratch = mkdtempSync(join(tmpdir(), 'dask-top-output-'));
	try {
		writeFileSync(join(scratch, `output-${patch}.mjs`), code);
		return ((await import(pathToFileURL(join(scratch, `output-${patch}.mjs`)).href)) as {default: OutputClass}).default;
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
}

type Op =
	| {readonly kind: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly inverse: boolean}
	| {readonly kind: 'clip'; readonly clip: {x1?: number; x2?: number; y1?: number; y2?: number}}
	| {readonly kind: 'unclip'};

const INVERSE = (line: string) => `\u001B[7m${line}\u001B[27m`;

function draw(output: OutputLike, ops: readonly Op[]): {output: string; height: number} {
	for (const op of ops) {
		if (op.kind === 'clip') output.clip(op.clip);
		else if (op.kind === 'unclip') output.unclip();
		else output.write(op.x, op.y, op.text, {transformers: op.inverse ? [INVERSE] : []});
	}
	return output.get();
}

/** The rows the patch draws without the grid: those one write (of one line or more) alone makes, outside clips. */
function directRows(ops: readonly Op[], height: number): Set<number> {
	const writes = new Map<number, number>();
	const blocked = new Set<number>();
	let clips = 0;
	for (const op of ops) {
		if (op.kind === 'clip') clips++;
		else if (op.kind === 'unclip') clips = Math.max(0, clips - 1);
		else if (op.text !== '') {
			const lines = op.text.split('\n').length;
			for (let y = op.y; y < op.y + lines; y++) {
				if (clips === 0 && op.x >= 0) writes.set(y, (writes.get(y) ?? 0) + 1);
				else blocked.add(y);
			}
		}
	}
	return new Set([...writes].filter(([y, n]) => n === 1 && !blocked.has(y) && y < height).map(([y]) => y));
}

/**
 * A row's cells as screen-diff parses them. It leaves rows with two-column glyphs unparsed (their raw
 * text is rewritten whole), so each such glyph is first swapped for a narrow one no piece holds:
 * equal cells then mean equal cells with the glyphs in place.
 */
function cells(line: string): ReturnType<typeof parseRow> {
	return parseRow(line.replaceAll('中', '¹').replaceAll('文', '²').replaceAll('🙂', '³'));
}

describe("the bundle's Output against Ink's own", () => {
	it('draws every frame as Ink does: blanks, styles, wide characters, clips, frame after frame', async () => {
		const [Mine, Theirs] = [await outputClass(true), await outputClass(false)];
		const frames: Op[][] = [
			[{kind: 'write', x: 0, y: 0, text: 'plain', inverse: false}],
			[
				{kind: 'write', x: 2, y: 1, text: '\u001B[1mworker\u001B[22m │ ⣿⣿ 中文 🙂 │', inverse: false},
				{kind: 'write', x: 0, y: 3, text: '\u001B[44m  \u001B[49m\nsecond line', inverse: false},
			],
			[
				{kind: 'clip', clip: {x1: 1, x2: 6, y1: 0, y2: 2}},
				{kind: 'write', x: 0, y: 0, text: '\u001B[31mclipped text\u001B[39m\nmore\nhidden', inverse: false},
				{kind: 'unclip'},
				{kind: 'write', x: 8, y: 4, text: 'end', inverse: true},
			],
			[{kind: 'write', x: 0, y: 5, text: '', inverse: false}],
		];
		for (const ops of [...frames, ...frames]) {
			const mine = draw(new Mine({width: 20, height: 6}), ops);
			const theirs = draw(new Theirs({width: 20, height: 6}), ops);
			expect(mine.output).toBe(theirs.output);
			expect(mine.height).toBe(theirs.height);
		}
	});

	it('draws a row one write makes as its text, with the cells Ink would give it; other rows as Ink', async () => {
		const [Mine, Theirs] = [await outputClass(true), await outputClass(false)];
		const pieces = [
			'alpha',
			' 12.5 GiB ',
			'   ',
			'█▓░│⣿',
			'中文',
			'🙂',
			'\u001B[32m',
			'\u001B[39m',
			'\u001B[1m',
			'\u001B[22m',
			'\u001B[7m',
			'\u001B[27m',
			'\u001B[38;5;196m',
			'\u001B[48;2;10;20;30m',
			'\u001B[49m',
			'\u001B[0m',
		];
		const next = seeded(7);
		const text = () => Array.from({length: 1 + next(10)}, () => pieces[next(pieces.length)]!).join('');
		const [width, height] = [40, 16];
		let direct = 0;
		let differentBytes = 0;
		for (let frame = 0; frame < 400; frame++) {
			const ops: Op[] = [];
			for (let i = 0; i < 1 + next(10); i++) {
				const kind = next(30);
				if (kind === 0) ops.push({kind: 'clip', clip: {x1: next(10), x2: 10 + next(30), y1: next(3), y2: 3 + next(5)}});
				else if (kind === 1) ops.push({kind: 'unclip'});
				else {
					const lines = next(5) === 0 ? 2 + next(3) : 1;
					const body = Array.from({length: lines}, text).join('\n');
					ops.push({
						kind: 'write',
						x: next(4) === 0 ? next(20) : 0,
						y: next(height),
						text: body,
						inverse: next(3) === 0,
					});
				}
			}
			const mine = draw(new Mine({width, height}), ops).output.split('\n');
			const theirs = draw(new Theirs({width, height}), ops).output.split('\n');
			expect(mine.length).toBe(theirs.length);
			const rows = directRows(ops, height);
			for (let y = 0; y < height; y++) {
				const where = `frame ${frame} row ${y}: ${JSON.stringify(ops)}`;
				if (rows.has(y)) {
					direct++;
					if (mine[y] !== theirs[y]) differentBytes++;
					expect(cells(mine[y]!), where).toEqual(cells(theirs[y]!));
				} else expect(mine[y], where).toBe(theirs[y]);
			}
		}
		// The walk reached both kinds of row, and rows whose spelling Ink would have changed.
		expect(direct).toBeGreaterThan(500);
		expect(differentBytes).toBeGreaterThan(50);
	});

	it("keeps a direct row's own spelling: the text itself after its column's spaces, transformers applied", async () => {
		const Mine = await outputClass(true);
		const output = new Mine({width: 30, height: 3});
		output.write(0, 0, '\u001B[1m\u001B[1mbold twice\u001B[22m   ', {transformers: []});
		output.write(3, 2, 'sel', {transformers: [INVERSE]});
		expect(output.get().output).toBe('\u001B[1m\u001B[1mbold twice\u001B[22m   \n\n   \u001B[7msel\u001B[27m');
	});

	it('draws each line of a write of several lines as its own row, each line transformed with its index', async () => {
		const Mine = await outputClass(true);
		const output = new Mine({width: 30, height: 4});
		const numbered = (line: string, index: number) => `${index}:${line}`;
		output.write(2, 1, 'first\n\u001B[32msecond\u001B[39m\nthird', {transformers: [numbered]});
		expect(output.get().output).toBe('\n  0:first\n  1:\u001B[32msecond\u001B[39m\n  2:third');
	});
});
