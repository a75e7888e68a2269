/**
 * The frame bench (bench/frames.tsx) as the users' build renders: bundled by esbuild with the
 * shipped build's options and plugins (scripts/bundle-options.mjs: the patched Ink and string-width,
 * React's production build), not minified, with a source map beside it for
 * bench/profile-summary.mjs. Run alone, it prints the frame table only:
 *
 *   node bench/frames-bundle.mjs [WORKERS...]          (BENCH_FRAMES=N frames per case, default 60)
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/frames-bundle.mjs 5000
 *   node bench/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile
 *
 * `npm run bench` imports it under node's V8 defaults. The shipped bundle's first line adds
 * V8 settings (scripts/v8-flags.mjs: 8 MiB semi-spaces, so more frequent scavenges than node's 16); to time the
 * frames under them too:
 *
 *   node $(node -e "import('./scripts/v8-flags.mjs').then((m) => console.log(m.V8_FLAGS.join(' ')))") \
 *     bench/frames-bundle.mjs
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {BUNDLE_OPTIONS, REQUIRE_BANNER} from '../scripts/bundle-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the bundle into a fresh temporary directory; returns its file URL, to import(). */
export async function bundleFrames() {
	const outfile = join(mkdtempSync(join(tmpdir(), 'dask-top-frames-')), 'frames.mjs');
	await build({
		...BUNDLE_OPTIONS,
		absWorkingDir: root,
		entryPoints: ['bench/frames.tsx'],
		outfile,
		banner: {js: REQUIRE_BANNER},
		sourcemap: true,
		logLevel: 'warning',
	});
	return pathToFileURL(outfile).href;
}

/** Removes a bundle made by bundleFrames (once imported, the process no longer needs its file). */
export function removeBundle(url) {
	rmSync(dirname(fileURLToPath(url)), {recursive: true, force: true});
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	// Before chalk and Ink load: colour output, and no CI mode in Ink.
	process.env.FORCE_COLOR = '3';
	for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID']) delete process.env[name];
	const url = await bundleFrames();
	const {framesTable, warmUpFrames} = await import(url);
	// A profile is read through the bundle's source map after the process ends: then the bundle stays.
	if (process.execArgv.some((flag) => /^--(cpu|heap)-prof/.test(flag)))
		console.error(`bundle kept: ${fileURLToPath(url)}`);
	else removeBundle(url);
	const sizes = process.argv.slice(2).map(Number);
	await warmUpFrames();
	console.log(
		await framesTable(sizes.length > 0 ? sizes : [100, 1000, 5000, 10_000], Number(process.env.BENCH_FRAMES ?? 60)),
	);
	process.exit(0);
}
