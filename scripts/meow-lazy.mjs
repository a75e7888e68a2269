// meow 14 ships its dependencies as one module (build/dependencies.js) that, when loaded, runs
// normalize-package-data (with hosted-git-info, semver and the SPDX licence lists) and a code-frame
// printer for JSON errors, and calls promisify(execFile), which loads child_process, net and dgram.
// dask-top always passes meow its package.json (`pkg`), so none of them is used to parse a command
// line, yet they were half of the CPU time `--interval 0s` took (node --cpu-prof). The bundle
// makes those three lazy: each runs when first called, as meow would have run it at load, and the
// unused promisify call goes. The build fails loudly if meow's code no longer looks as expected.
import {readFile} from 'node:fs/promises';

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
	for (const [eager, lazy] of LAZY) {
		if (out.split(eager).length !== 2)
			throw new Error(`meow-lazy: meow's dependencies.js changed (${eager.slice(0, 40)}…)`);
		out = out.replace(eager, () => lazy);
	}
	return out;
}

/** The esbuild plugin: applies lazyMeowDependencies to meow/build/dependencies.js. */
export const meowLazy = {
	name: 'meow-lazy',
	setup(build) {
		build.onLoad({filter: /[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async ({path}) => {
			return {contents: lazyMeowDependencies(await readFile(path, 'utf8')), loader: 'js'};
		});
	},
};
