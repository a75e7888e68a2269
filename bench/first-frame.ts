/**
 * Time to the first drawn frame of the BUILT CLI (dist/dask-top.mjs), from process start: the CLI
 * runs under `script` (util-linux) so stdout is a pseudo-terminal, and the clock stops when its
 * output first holds the header line. Against a local fake Dask (test/scrape/fake-dask.ts serving
 * the recorded busy fixture of Dask 2022.12.1, the worker table included) and the bundled demo.
 */
import {spawn} from 'node:child_process';
import {join} from 'node:path';
import {startFakeDask} from '../test/scrape/fake-dask.js';

const CLI = join(process.cwd(), 'dist', 'dask-top.mjs');

function quote(arg: string): string {
	return `'${arg.replaceAll("'", "'\\''")}'`;
}

/** One run: ms from spawn until the first frame (header and worker table header) is written. */
export function firstFrameMs(args: readonly string[], columns = 120, rows = 40): Promise<number> {
	return new Promise((resolve, reject) => {
		const command = `stty cols ${columns} rows ${rows}; exec node ${[CLI, ...args].map(quote).join(' ')}`;
		const env: NodeJS.ProcessEnv = {...process.env, CI: 'true'};
		delete env['NODE_ENV'];
		const start = performance.now();
		const child = spawn('script', ['-qfec', command, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']});
		let output = '';
		let done = false;
		const finish = (ms: number | Error) => {
			if (done) return;
			done = true;
			child.stdin.write('q');
			setTimeout(() => child.kill('SIGTERM'), 300).unref();
			if (ms instanceof Error) reject(ms);
			else resolve(ms);
		};
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const plain = output.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
			if (plain.includes('dask-top │') && plain.includes('NAME')) finish(performance.now() - start);
		});
		child.once('error', finish);
		setTimeout(() => finish(new Error(`no frame within 10 s; output: ${output.slice(0, 300)}`)), 10_000).unref();
	});
}

export interface FirstFrameStats {
	readonly target: string;
	readonly runs: number;
	readonly medianMs: number;
	readonly minMs: number;
	readonly maxMs: number;
}

async function repeat(target: string, args: readonly string[], runs: number): Promise<FirstFrameStats> {
	const times: number[] = [];
	await firstFrameMs(args); // warm the file cache
	for (let i = 0; i < runs; i++) times.push(await firstFrameMs(args));
	times.sort((a, b) => a - b);
	return {target, runs, medianMs: times[Math.floor(runs / 2)]!, minMs: times[0]!, maxMs: times[runs - 1]!};
}

export async function measureFirstFrame(runs: number): Promise<FirstFrameStats[]> {
	const fake = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
	try {
		return [await repeat('local fake Dask (recorded busy 2022.12.1 answers)', [fake.url], runs), await repeat('--demo (bundled recording)', ['--demo'], runs)];
	} finally {
		await fake.close();
	}
}
