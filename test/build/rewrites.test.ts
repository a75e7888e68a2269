/**
 * The build's switches for its rewrites of dependencies (scripts/bundle-options.mjs): all of them by
 * default, none with --no-patches, all but some with --without; and every rewrite fails loudly when
 * its text is not in the dependency exactly once.
 */
import {describe, expect, it} from 'vitest';
// @ts-expect-error: plain .mjs build scripts without type declarations
import {bundleOptions, REWRITES, rewritesFromArgv} from '../../scripts/bundle-options.mjs';
// @ts-expect-error: plain .mjs build scripts without type declarations
import {boundInkCache, INK_REWRITES} from '../../scripts/ink-cache-bound.mjs';
// @ts-expect-error: plain .mjs build scripts without type declarations
import {replaceOnce} from '../../scripts/replace-once.mjs';

const pluginNames = (rewrites: readonly string[]): string[] =>
	(bundleOptions(rewrites) as {plugins: {name: string}[]}).plugins.map((plugin) => plugin.name);

describe('which rewrites a build makes', () => {
	it('makes all of them by default, none with --no-patches, all but the named with --without', () => {
		expect(rewritesFromArgv([])).toEqual(REWRITES);
		expect(rewritesFromArgv(['--no-patches'])).toEqual([]);
		expect(rewritesFromArgv([`--without=${REWRITES[0]},${REWRITES[1]}`])).toEqual(REWRITES.slice(2));
		expect(() => rewritesFromArgv(['--without=no-such-rewrite'])).toThrow(/no rewrite named no-such-rewrite/);
	});

	it('without rewrites, no plugin touches a dependency: only the baked --version and --help remain', () => {
		expect(pluginNames([])).toEqual(['bake-cli-text']);
		expect(pluginNames(REWRITES)).toContain('ink-rewrites');
		expect(pluginNames(REWRITES.filter((name: string) => !INK_REWRITES.includes(name)))).not.toContain('ink-rewrites');
	});
});

describe('a rewrite whose text moved fails the build', () => {
	it('replaceOnce throws unless the text is there exactly once', () => {
		expect(replaceOnce('a b c', 'b', 'B', 'changed')).toBe('a B c');
		expect(() => replaceOnce('a c', 'b', 'B', 'changed: gone')).toThrow('changed: gone');
		expect(() => replaceOnce('b b', 'b', 'B', 'changed: twice')).toThrow('changed: twice');
	});

	it("Ink's rewrites throw on a text found twice, and leave the file alone when none is asked", () => {
		const twice = 'const cache = new Map();\nconst cache = new Map();\ncache.set(text, dimensions);';
		expect(() => boundInkCache('measure-text.js', twice)).toThrow(/measure-text.js changed/);
		expect(boundInkCache('measure-text.js', twice, [])).toBe(twice);
	});
});
