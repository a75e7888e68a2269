/**
 * Where the bundled demo recording lives: media/demo.ndjson.gz at the package root. The shipped
 * CLI is one file, dist/dask-top.mjs, so the recording is ../media/ from it; from the sources
 * (tests, tsx) this module sits in source/options/, two levels down.
 */
import {fileURLToPath} from 'node:url';

export const DEMO_RECORDING = 'media/demo.ndjson.gz';

export function demoRecordingPath(moduleUrl: string = import.meta.url): string {
	const module = new URL(moduleUrl);
	const inDist = /\/dist\/[^/]+$/.test(module.pathname);
	return fileURLToPath(new URL(`${inDist ? '../' : '../../'}${DEMO_RECORDING}`, module));
}
