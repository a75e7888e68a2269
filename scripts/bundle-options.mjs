// What every esbuild bundle of dask-top shares: the shipped CLI (build.mjs) and the in-process frame
// bench (bench/frames-bundle.mjs), so the bench renders through the same patched Ink the users run.
import {bakeCliText} from './bake-cli-text.mjs';
import {INK_REWRITES, inkRewrites} from './ink-cache-bound.mjs';
import {meowLazy} from './meow-lazy.mjs';
import {yogaNoFetch} from './yoga-no-fetch.mjs';

/**
 * Every rewrite the build makes of its dependencies' code, by name (docs/build-patches.md: what each
 * changes and what it was measured to buy).
 */
export const REWRITES = [...INK_REWRITES, 'meow-lazy', 'yoga-no-fetch'];

/** The rewrites a build makes: all, none (`--no-patches`), or all but those `--without=A,B` names. */
export function rewritesFromArgv(argv) {
	if (argv.includes('--no-patches')) return [];
	const without = argv
		.filter((arg) => arg.startsWith('--without='))
		.flatMap((arg) => arg.slice('--without='.length).split(','));
	const unknown = without.filter((name) => !REWRITES.includes(name));
	if (unknown.length > 0) throw new Error(`no rewrite named ${unknown.join(', ')} (known: ${REWRITES.join(', ')})`);
	return REWRITES.filter((name) => !without.includes(name));
}

/**
 * Options for a node ESM bundle making the rewrites named in `rewrites` (all by default): React's
 * production build; Ink, string-width, meow and Yoga's loader patched. The --version and --help
 * texts are baked whatever the rewrites (bake-cli-text.mjs: dask-top's own source, not a dependency's).
 */
export function bundleOptions(rewrites = REWRITES) {
	const ink = INK_REWRITES.filter((name) => rewrites.includes(name));
	const plugins = [
		...(ink.length > 0 ? [inkRewrites(ink)] : []),
		...(rewrites.includes('meow-lazy') ? [meowLazy] : []),
		...(rewrites.includes('yoga-no-fetch') ? [yogaNoFetch] : []),
		bakeCliText(rewrites.includes('meow-lazy')),
	];
	return {
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		define: {'process.env.NODE_ENV': '"production"'},
		alias: {'react-devtools-core': './stubs/devtools-stub.js'},
		plugins,
	};
}

/** bundleOptions() with every rewrite: what ships. */
export const BUNDLE_OPTIONS = bundleOptions();

/** The bundle's `require` (some of its CommonJS dependencies call it): put after any shebang line. */
export const REQUIRE_BANNER = "const require = process.getBuiltinModule('module').createRequire(import.meta.url);";
