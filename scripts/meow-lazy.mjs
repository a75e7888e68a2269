// meow 14 ships its dependencies as one module (build/dependencies.js) that, when loaded, runs
// normalize-package-data (with hosted-git-info, semver and the SPDX licence lists) and a code-frame
// printer for JSON errors, and calls promisify(execFile), which loads child_process, net and dgram.
// dask-top always passes meow its package.json (`pkg`), so none of them is used to parse a command
// line, yet they were half of the CPU time `--interval 0s` took (node --cpu-prof). The bundle
// makes those three lazy: each runs when first called, as meow would have run it at load, and the
// unused promisify call goes. The build fails loudly if meow's code no longer looks as expected.
import {readFile} from 'node:fs/promises';
import {replaceOnce} from './replace-once.mjs';

/** meow's eager statements, each with its lazy replacement (the same value when first used). */
const LAZY = [
	[
		'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
		'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);',
	],
	[
		'var libExports = requireLib$1();',
		'const libExports = {codeFrameColumns: (...args) => requireLib$1().codeFrameColumns(...args)};',
	],
	// Its result is unused: a leftover of read-package's async API, which meow does not export.
	['promisify(execFile);', ''],
];

/** meow's dependencies.js with LAZY applied; throws when one of its statements is not found once. */
export function lazyMeowDependencies(source) {
	let out = source;
	for (const [eager, lazy] of LAZY)
		out = replaceOnce(out, eager, lazy, `meow-lazy: meow's dependencies.js changed (${eager.slice(0, 40)}…)`);
	return out;
}

// meow's options.js imports two of those dependencies: readPackageUpSync, called only when no `pkg`
// is given, and normalizePackageData, run only when `cli.pkg` is read. dask-top gives `pkg` and
// never reads `cli.pkg` (options/flags.ts), so the bundle's options.js takes two small stand-ins,
// and esbuild leaves out what only they used: read-package-up, normalize-package-data,
// hosted-git-info, semver, the SPDX lists and the code frame, about 110 of meow's 130 KB in the
// bundle, whose parsing and compiling was most of what a bad flag value cost (`--interval 0s`).
const OPTIONS_IMPORT = "import { a as readPackageUpSync, n as normalizePackageData } from './dependencies.js';";
const OPTIONS_STANDINS = [
	'const readPackageUpSync = () => {',
	"\tthrow new TypeError('dask-top bundles meow without read-package-up: pass meow its package.json (pkg)');",
	'};',
	'// Reading cli.pkg gives the package as passed, not normalized (dask-top reads its own package.json).',
	'const normalizePackageData = () => {};',
].join('\n');

/** meow's options.js with the stand-ins; throws when its import of the two is not found once. */
export function leanMeowOptions(source) {
	return replaceOnce(
		source,
		OPTIONS_IMPORT,
		OPTIONS_STANDINS,
		"meow-lazy: meow's options.js changed (its import of readPackageUpSync)",
	);
}

/** The esbuild plugin: applies lazyMeowDependencies and leanMeowOptions to meow's build. */
export const meowLazy = {
	name: 'meow-lazy',
	setup(build) {
		build.onLoad({filter: /[\\/]meow[\\/]build[\\/]options\.js$/}, async ({path}) => {
			return {contents: leanMeowOptions(await readFile(path, 'utf8')), loader: 'js'};
		});
		build.onLoad({filter: /[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async ({path}) => {
			return {contents: lazyMeowDependencies(await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
