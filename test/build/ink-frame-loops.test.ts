/**
 * Two patches the bundle makes to what Ink runs every frame (scripts/string-width-sgr.mjs,
 * scripts/ink-reconciler-loops.mjs), each held equal to the unpatched code on seeded inputs.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {seeded} from '../helpers/seeded.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import {boundInkCache, NARROW_CLASS} from '../../scripts/ink-cache-bound.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const stringWidthFile = createRequire(join(inkBuild, 'index.js')).resolve('string-width');

type Width = (text: string, options?: {ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean}) => number;

/** string-width as the bundle patches it, its imports resolved where the original's are. */
async function patchedStringWidth(): Promise<{width: Width; cleanup: () => void}> {
	const from = createRequire(stringWidthFile);
	const patched = boundInkCache('string-width/index.js', readFileSync(stringWidthFile, 'utf8')).replace(
		/from '([^'.][^']*)';/g,
		(_m: string, name: string) => `from ${JSON.stringify(pathToFileURL(from.resolve(name)).href)};`,
	);
	const scratch = mkdtempSync(join(tmpdir(), 'dask-top-width-'));
	writeFileSync(join(scratch, 'string-width.mjs'), patched);
	const module = (await import(pathToFileURL(join(scratch, 'string-width.mjs')).href)) as {default: Width};
	return {width: module.default, cleanup: () => rmSync(scratch, {recursive: true, force: true})};
}

const PIECES = [
	'worker-7',
	' │ ',
	'████▌',
	'⢠⣾⣿⡄⡀⣧',
	'● ▲ ▾ ○ ✓ ✗ ≤ ≥ ≈ −',
	'café ñ µs — “quoted” …',
	'\u001B[1m',
	'\u001B[22m',
	'\u001B[38;2;10;20;30m',
	'\u001B[39m',
	'\u001B[0m',
	'\u001B[m',
	'\u001B[38:5:196m',
	'\u001B[;1m',
	'\u001B[12345m',
	'\u001B[1;31',
	'\u001B]8;;https://example.org\u0007link\u001B]8;;\u0007',
	'\u001B[2K',
	'\u001B7',
	'\u009B31m',
	'中文',
	'計算ノード',
	'「、」',
	'Ωμέγα Жук ⁰¹ € ℃',
	'🙂',
	'e\u0301',
	'soft\u00ADhyphen',
	'tab\t',
	'\u0007',
	'',
];

describe("the bundle's string-width", () => {
	it('measures text and SGR sequences in one walk, and everything else as string-width does', async () => {
		const {default: original} = (await import(pathToFileURL(stringWidthFile).href)) as {default: Width};
		const {width, cleanup} = await patchedStringWidth();
		try {
			const next = seeded(42);
			// Lines the walk measures itself: SGR sequences and one-column code units only.
			const walked = new RegExp(`^(?:\\u001B\\[[0-9:;]*m|[${NARROW_CLASS}])*$`);
			let sgrOnly = 0;
			for (let n = 0; n < 4000; n++) {
				let line = '';
				const parts = 1 + next(8);
				for (let k = 0; k < parts; k++) line += PIECES[next(PIECES.length)];
				for (const options of [undefined, {ambiguousIsNarrow: false}, {countAnsiEscapeCodes: true}])
					expect({line, options, width: width(line, options)}).toEqual({line, options, width: original(line, options)});
				if (line.includes('\u001B[') && walked.test(line)) sgrOnly += 1;
			}
			expect(sgrOnly).toBeGreaterThan(300); // the walk itself was exercised, not only the fallback
		} finally {
			cleanup();
		}
	});
});

/** `const diff = (before, after) => {…};` of a reconciler source, as a function. */
function diffOf(source: string): (before: unknown, after: unknown) => unknown {
	const match = /^const diff = \(before, after\) => \{\n[\s\S]*?\n\};$/m.exec(source);
	if (!match) throw new Error('no diff in the reconciler');
	return new Function(`${match[0]}\nreturn diff;`)() as (before: unknown, after: unknown) => unknown;
}

describe("the bundle's Ink reconciler", () => {
	it('diffs props by index exactly as Ink does', () => {
		const source = readFileSync(join(inkBuild, 'reconciler.js'), 'utf8');
		const theirs = diffOf(source);
		const mine = diffOf(boundInkCache('reconciler.js', source));
		const next = seeded(7);
		const keys = ['children', 'style', 'color', 'bold', 'wrap', 'internal_transform', 'x'];
		const values = [undefined, null, 0, 1, 'a', 'b', true, false];
		const props = () => {
			const out: Record<string, unknown> = {};
			for (const key of keys) if (next(3) > 0) out[key] = values[next(values.length)];
			return out;
		};
		for (let n = 0; n < 3000; n++) {
			const before = next(10) === 0 ? undefined : props();
			const after = next(10) === 0 ? undefined : next(10) === 0 ? before : props();
			expect(mine(before, after)).toEqual(theirs(before, after));
		}
	});

	it('applies an update’s props in the same calls as Ink does', () => {
		const source = readFileSync(join(inkBuild, 'reconciler.js'), 'utf8');
		const run = (text: string) => {
			const method =
				/^ {4}commitUpdate\(node, _type, oldProps, newProps\) \{\n([\s\S]*?)\n {4}\},\n {4}commitTextUpdate/m;
			const match = method.exec(text);
			if (!match) throw new Error('no commitUpdate in the reconciler');
			const calls: unknown[] = [];
			const update = new Function(
				'diff',
				'setStyle',
				'setAttribute',
				'applyStyles',
				'currentRootNode',
				`return (node, _type, oldProps, newProps) => {\n${match[1]}\n};`,
			)(
				diffOf(text),
				(_node: unknown, style: unknown) => calls.push(['style', style]),
				(_node: unknown, key: string, value: unknown) => calls.push(['attribute', key, value]),
				(_node: unknown, style: unknown) => calls.push(['yoga', style]),
				undefined,
			) as (node: object, type: string, oldProps: object, newProps: object) => void;
			return {update, calls};
		};
		const theirs = run(source);
		const mine = run(boundInkCache('reconciler.js', source));
		const next = seeded(11);
		const props = () => {
			const out: Record<string, unknown> = {};
			for (const key of ['children', 'color', 'internal_transform', 'internal_static', 'x'])
				if (next(3) > 0) out[key] = next(3);
			if (next(2) === 0) out['style'] = {width: next(3), flexDirection: next(2) === 0 ? 'row' : 'column'};
			return out;
		};
		for (let n = 0; n < 2000; n++) {
			const [before, after] = [props(), props()];
			const [a, b] = [{yogaNode: {}}, {yogaNode: {}}];
			theirs.update(a, 'ink-text', before, after);
			mine.update(b, 'ink-text', before, after);
			expect(b).toEqual(a);
		}
		expect(mine.calls).toEqual(theirs.calls);
		expect(theirs.calls.length).toBeGreaterThan(2000);
	});
});
