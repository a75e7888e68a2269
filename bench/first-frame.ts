/**
 * Time to the first drawn frame of the BUILT CLI (dist/dask-top.cjs, and the single executable
 * dist/dask-top-linux-x64 when `npm run build:binary` made it), from process start: the CLI
 * runs under `script` (util-linux) so stdout is a pseudo-terminal, and the clock stops when its
 * output first holds the header line. Against a local fake Dask (test/helpers/fake-dask.ts serving
 * the recorded busy fixture of Dask 2022.12.1, the worker table included) and the bundled demo.
 */
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {startFakeDask} from '../test/helpers/fake-dask.js';
import {hasFirstFrame, startInPty} from './pty.js';

const BINARY = join(process.cwd(), 'dist', `dask-top-${process.platform}-${process.arch}`);

/** One run: ms from spawn until the first frame (header and worker table header) is written. */
export async function firstFrameMs(
	args: readonly string[],
	columns = 120,
	rows = 40,
	program?: readonly string[],
): Promise<number> {
	const run = startInPty(args, {columns, rows, ...(program ? {program} : {})});
	try {
		return await run.waitFor('frame', hasFirstFrame, 10_000);
	} finally {
		await run.stop();
	}
}

export interface FirstFrameStats {
	readonly target: string;
	readonly runs: number;
	readonly medianMs: number;
	readonly minMs: number;
	readonly maxMs: number;
}

async function repeat(
	target: string,
	args: readonly string[],
	runs: number,
	program?: readonly string[],
): Promise<FirstFrameStats> {
	const times: number[] = [];
	await firstFrameMs(args, 120, 40, program); // warm the file cache
	for (let i = 0; i < runs; i++) times.push(await firstFrameMs(args, 120, 40, program));
	times.sort((a, b) => a - b);
	return {target, runs, medianMs: times[Math.floor(runs / 2)]!, minMs: times[0]!, maxMs: times[runs - 1]!};
}

export async function measureFirstFrame(runs: number): Promise<FirstFrameStats[]> {
	const fake = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
	try {
		const stats = [
			await repeat('local fake Dask (recorded busy 2022.12.1 answers)', [fake.url], runs),
			await repeat('--demo (bundled recording)', ['--demo'], runs),
		];
		if (existsSync(BINARY)) {
			stats.push(await repeat('single executable, local fake Dask', [fake.url], runs, [BINARY]));
			stats.push(await repeat('single executable, --demo', ['--demo'], runs, [BINARY]));
		}
		return stats;
	} finally {
		await fake.close();
	}
}
