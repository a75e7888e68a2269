import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: plain .mjs build scripts without type declarations
import {REQUIRE_BANNER} from '../../scripts/bundle-options.mjs';
// @ts-expect-error: plain .mjs build scripts without type declarations
import {readsRequire} from '../../scripts/require-banner.mjs';

describe('readsRequire', () => {
	it('finds the identifier where code reads it', () => {
		expect(readsRequire('var e=typeof require<"u"?require:void 0;')).toBe(true);
		expect(readsRequire('return require("node:fs")')).toBe(true);
		expect(readsRequire('x={require}')).toBe(true);
		expect(readsRequire('x={a:require}')).toBe(true);
		expect(readsRequire('a?require:b')).toBe(true);
	});

	it('leaves properties, object keys and longer names alone', () => {
		expect(readsRequire('a=M.require(L)')).toBe(false);
		expect(readsRequire('{require:e=>e,resolve:r}')).toBe(false);
		expect(readsRequire('{a:1,require:e=>e}')).toBe(false);
		expect(readsRequire('var require$1=createRequire(u);requireLib()')).toBe(false);
		expect(readsRequire('"Missing required flag"')).toBe(false);
	});
});

describe('the built bundle (npm test builds it first)', () => {
	const chunks = readdirSync('dist').filter((name) => name.endsWith('.mjs'));

	it('keeps the require banner in every chunk that reads require, and only there', () => {
		expect(chunks.length).toBeGreaterThan(1);
		let kept = 0;
		for (const name of chunks) {
			const code = readFileSync(join('dist', name), 'utf8');
			const banner = code.indexOf(REQUIRE_BANNER);
			const body = banner < 0 ? code : code.slice(banner + REQUIRE_BANNER.length);
			expect(banner >= 0, name).toBe(readsRequire(body));
			if (banner >= 0) kept++;
		}
		expect(kept).toBeLessThan(chunks.length / 2);
	});
});
