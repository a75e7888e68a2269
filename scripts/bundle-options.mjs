// What every esbuild bundle of dask-top shares: the shipped CLI (build.mjs) and the in-process frame
// bench (bench/frames-bundle.mjs), so the bench renders through the same patched Ink the users run.
import {bakeCliText} from './bake-cli-text.mjs';
import {inkCacheBound} from './ink-cache-bound.mjs';
import {meowLazy} from './meow-lazy.mjs';
import {processGlobal} from './process-global.mjs';
import {undiciLazyHttp2} from './undici-lazy-http2.mjs';
import {yogaNoFetch} from './yoga-no-fetch.mjs';

/**
 * Options for a node ESM bundle: React's production build; Ink, string-width, meow and Yoga's loader
 * patched, undici's node:http2 required on first use; `node:process` is the global process, not node's
 * ESM facade of it (process-global.mjs).
 */
export const BUNDLE_OPTIONS = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	define: {'process.env.NODE_ENV': '"production"'},
	alias: {'react-devtools-core': './stubs/devtools-stub.js'},
	plugins: [inkCacheBound, meowLazy, yogaNoFetch, bakeCliText, processGlobal, undiciLazyHttp2],
};

/** The bundle's `require` (some of its CommonJS dependencies call it): put after any shebang line. */
export const REQUIRE_BANNER = "const require = process.getBuiltinModule('module').createRequire(import.meta.url);";
