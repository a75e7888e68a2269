import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {boundInkCache, CACHE_LIMIT} from '../../scripts/ink-cache-bound.mjs';

const inkBuild = dirname(createRequire(import.meta.url).resolve('ink'));
const source = (file: string) => readFileSync(join(inkBuild, file), 'utf8');

/** Runs a patched Ink module's body with its imports replaced, and returns its default export. */
function load(patched: string, imports: Record<string, unknown>): (...args: unknown[]) => unknown {
	const body = patched
		.replace(/^import (\w+) from '([^']+)';$/gm, (_line, name: string, from: string) => `const ${name} = imports[${JSON.stringify(from)}];`)
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

	it('fails the build when Ink no longer has the code it bounds', () => {
		expect(() => boundInkCache('measure-text.js', 'export default () => 0;')).toThrow(/changed: cannot bound its cache/);
	});
});
