/**
 * Where the bundled demo recording lives: media/demo.ndjson.gz at the package root. The shipped
 * CLI's options are read in dist/dask-top.cjs, so the recording is ../media/ from it; from the sources
 * (tests, tsx) this module sits in source/options/, two levels down. The single executable carries
 * the recording inside itself, as an asset under the same name.
 */
import {fileURLToPath} from 'node:url';
import {embeddedName, runsAsSingleExecutable} from '../units/single-executable.js';

export const DEMO_RECORDING = 'media/demo.ndjson.gz';

export function demoRecordingPath(
	moduleUrl: string = import.meta.url,
	singleExecutable = runsAsSingleExecutable(),
): string {
	if (singleExecutable) return embeddedName(DEMO_RECORDING);
	const module = new URL(moduleUrl);
	const inDist = /\/dist\/[^/]+$/.test(module.pathname);
	return fileURLToPath(new URL(`${inDist ? '../' : '../../'}${DEMO_RECORDING}`, module));
}
