/**
 * Ink's floor as dask-top ships Ink: bench/ink-floor.mjs bundled by esbuild with the shipped build's
 * options and plugins (scripts/bundle-options.mjs: the patched Ink and string-width,
 * React's production build), drawing through dask-top's output layer (source/terminal/diff-stdout.ts).
 * Returns the bundle's path; the caller removes its directory.
 */
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {BUNDLE_OPTIONS, REQUIRE_BANNER} from '../scripts/bundle-options.mjs';

export async function bundleShippedFloor() {
	const outfile = join(mkdtempSync(join(tmpdir(), 'dask-top-ink-floor-')), 'ink-floor.mjs');
	await build({
		...BUNDLE_OPTIONS,
		define: {...BUNDLE_OPTIONS.define, 'globalThis.INK_FLOOR_SHIPPED': 'true'},
		absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
		entryPoints: ['bench/ink-floor.mjs'],
		outfile,
		banner: {js: REQUIRE_BANNER},
		logLevel: 'warning',
	});
	return outfile;
}
