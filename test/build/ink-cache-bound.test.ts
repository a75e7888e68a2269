import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {seeded} from '../helpers/seeded.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import {boundInkCache, CACHE_CHARS, CACHE_LIMIT, NARROW_CLASS} from '../../scripts/ink-cache-bound.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const source = (file: string) => readFileSync(join(inkBuild, file), 'utf8');

/** Runs a patched Ink module's body with its imports replaced, and returns its default export. */
function load(patched: string, imports: Record<string, unknown>): (...args: unknown[]) => unknown {
	const body = patched
		.replace(
			/^import (\w+) from '([^']+)';$/gm,
			(_line, name: string, from: string) => `const ${name} = imports[${JSON.stringify(from)}];`,
		)
		.replace(/^export default (\w+);$/m, 'return $1;')
		.replace(/^\/\/# sourceMappingURL.*$/m, '');
	return new Function('imports', body)(imports) as (...args: unknown[]) => unknown;
}

describe("the bundle's bound on Ink's text caches", () => {
	it('lets measure-text forget past the limit while still answering correctly', () => {
		let computed = 0;
		const measure = load(boundInkCache('measure-text.js', source('measure-text.js')), {
			'widest-line': (text: string) => {
				computed += 1;
				return text.length;
			},
		});
		expect(measure('abc')).toEqual({width: 3, height: 1});
		measure('abc');
		expect(computed).toBe(1); // still a cache
		for (let i = 0; i <= CACHE_LIMIT; i++) measure(`line ${i}`);
		measure('abc');
		expect(computed).toBe(CACHE_LIMIT + 3); // the cache was started afresh, so 'abc' was measured again
	});

	it('lets wrap-text forget past the limit while still answering correctly', () => {
		let computed = 0;
		const wrap = load(boundInkCache('wrap-text.js', source('wrap-text.js')), {
			'wrap-ansi': (text: string) => text,
			'cli-truncate': (text: string, width: number) => {
				computed += 1;
				return text.slice(0, width);
			},
		});
		expect(wrap('abcdef', 3, 'truncate')).toBe('abc');
		wrap('abcdef', 3, 'truncate');
		expect(computed).toBe(1);
		for (let i = 0; i <= CACHE_LIMIT; i++) wrap(`text ${i}`, 3, 'truncate');
		wrap('abcdef', 3, 'truncate');
		expect(computed).toBe(CACHE_LIMIT + 3);
	});

	it('lets both forget once the texts they hold pass CACHE_CHARS characters (a whole screen a frame)', () => {
		let measured = 0;
		const measure = load(boundInkCache('measure-text.js', source('measure-text.js')), {
			'widest-line': (text: string) => {
				measured += 1;
				return text.length;
			},
		});
		let truncated = 0;
		const wrap = load(boundInkCache('wrap-text.js', source('wrap-text.js')), {
			'wrap-ansi': (text: string) => text,
			'cli-truncate': (text: string, width: number) => {
				truncated += 1;
				return text.slice(0, width);
			},
		});
		const frame = (n: number) => `${n}`.padEnd(10_000, '⣿');
		const frames = Math.floor(CACHE_CHARS / 10_000); // as many as fit
		measure(frame(0));
		wrap(frame(0), 5, 'truncate');
		for (let n = 1; n < frames - 1; n++) {
			measure(frame(n));
			wrap(frame(n), 5, 'truncate');
		}
		measure(frame(0));
		wrap(frame(0), 5, 'truncate');
		expect([measured, truncated]).toEqual([frames - 1, frames - 1]); // all still held
		for (let n = frames - 1; n < frames + 2; n++) {
			measure(frame(n));
			wrap(frame(n), 5, 'truncate');
		}
		measure(frame(0));
		wrap(frame(0), 5, 'truncate');
		// started afresh on passing the bound: the first frame was measured and cut again
		expect([measured, truncated]).toEqual([frames + 3, frames + 3]);
		expect(measure(frame(0))).toEqual({width: 10_000, height: 1});
	});

	it('fails the build when Ink no longer has the code it bounds', () => {
		expect(() => boundInkCache('measure-text.js', 'export default () => 0;')).toThrow(
			/changed: cannot bound its cache/,
		);
	});
});

describe("the bundle's one-column path through string-width", () => {
	// The width check Ink's tokenizer uses (hoisted beside Ink).
	const modules = join(inkBuild, '..', '..');

	it('takes for its narrow path only code points that are one grapheme, one column and never full width', async () => {
		const stringWidth = (
			(await import(pathToFileURL(createRequire(join(inkBuild, 'index.js')).resolve('string-width')).href)) as {
				default: (text: string) => number;
			}
		).default;
		const isFullwidth = (
			(await import(pathToFileURL(join(modules, 'is-fullwidth-code-point', 'index.js')).href)) as {
				default: (codePoint: number) => boolean;
			}
		).default;
		const narrow = new RegExp(`^[${NARROW_CLASS}]$`);
		const segmenter = new Intl.Segmenter();
		let checked = 0;
		for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
			const char = String.fromCodePoint(codePoint);
			if (!narrow.test(char)) continue;
			checked += 1;
			const context = `a${char}${char}b`;
			expect({codePoint, width: stringWidth(char), pair: stringWidth(`${char}${char}`)}).toEqual({
				codePoint,
				width: 1,
				pair: 2,
			});
			expect({codePoint, fullWidth: isFullwidth(codePoint)}).toEqual({codePoint, fullWidth: false});
			expect({codePoint, graphemes: [...segmenter.segment(context)].length}).toEqual({codePoint, graphemes: 4});
		}
		expect(checked).toBeGreaterThan(1500); // the braille block alone is 256
	});
});

describe("the bundle's shortcut through Ink's sanitizer", () => {
	const sanitizeFile = join(inkBuild, 'sanitize-ansi.js');

	/** The patched module with its import pointed at Ink's own tokenizer, loaded from a scratch file. */
	async function patchedSanitize(): Promise<(text: string) => string> {
		const patched = boundInkCache('sanitize-ansi.js', readFileSync(sanitizeFile, 'utf8'))
			.replace("'./ansi-tokenizer.js'", JSON.stringify(pathToFileURL(join(inkBuild, 'ansi-tokenizer.js')).href))
			.replace(/^\/\/# sourceMappingURL.*$/m, '');
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-sanitize-'));
		const file = join(dir, 'sanitize-ansi.mjs');
		writeFileSync(file, patched);
		try {
			return ((await import(pathToFileURL(file).href)) as {default: (text: string) => string}).default;
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	}

	it('gives what Ink gives for every text: SGR kept, other sequences and C1 controls to the tokenizer', async () => {
		const sanitize = await patchedSanitize();
		const original = ((await import(pathToFileURL(sanitizeFile).href)) as {default: (text: string) => string}).default;
		// Pieces a line may hold, good and bad: the seeded walk below strings them together.
		const pieces = [
			'alpha',
			' 12.5 GiB ',
			'█▓░│⣿',
			'\u001B[32m',
			'\u001B[39m',
			'\u001B[1;38;5;196m',
			'\u001B[38:2::10:20:30m',
			'\u001B[m',
			'\u001B[2J',
			'\u001B[10;1H',
			'\u001B[?25l',
			'\u001B[1 m',
			'\u001B]8;;https://example.org\u0007',
			'\u001B',
			'\u001B[',
			'\u001B[31',
			'\u009B31m',
			'\u0085',
			'\u001Bc',
			'tab\tnewline\n',
			'中文🙂',
		];
		const next = seeded(11);
		const walk = (from: readonly string[]) =>
			Array.from({length: 1 + next(8)}, () => from[next(from.length)]!).join('');
		for (let i = 0; i < 5000; i++) {
			const text = walk(pieces);
			expect(sanitize(text), JSON.stringify(text)).toBe(original(text));
		}
		// Lines as dask-top styles them (text and SGR only): kept whole, as Ink keeps them.
		const styled = pieces.slice(0, 8);
		for (let i = 0; i < 1000; i++) {
			const text = walk(styled);
			expect(original(text), JSON.stringify(text)).toBe(text);
			expect(sanitize(text)).toBe(text);
		}
	});
});
