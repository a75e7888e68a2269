/**
 * Memory and CPU of the BUILT CLI against SYNTHESIZED clusters (bench/synth-server.ts):
 * - the full-screen UI in a 120×40 pseudo-terminal polling every second for a while, after a
 *   warm-up (the second poll builds each worker's rates and history: at 10,000 workers the live
 *   heap grows by about 70 MB in the first seconds, then stays): VmRSS from /proc/PID/status every
 *   second (start, end, max), the V8 heap from inside (bench/heap-probe.mjs), and CPU % =
 *   (user + system CPU time) / wall time over the run;
 * - `--once --json`: wall time and the peak RSS the kernel counted.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {cpuSeconds, liveHeapBytes, probeEnv, readProbe, residentBytes, type ProbeSample} from './proc.js';
import {CLI, hasFirstFrame, startInPty} from './pty.js';
import {startSynthDask} from './synth-server.js';

export const PROBE = join(process.cwd(), 'bench', 'heap-probe.mjs');

export function scratchDir(): {readonly dir: string; readonly remove: () => void} {
	const dir = mkdtempSync(join(tmpdir(), 'dask-top-bench-'));
	return {dir, remove: () => rmSync(dir, {recursive: true, force: true})};
}

/** The CLI's pid, from the probe's first line. */
export async function probePid(file: string, timeoutMs = 20_000): Promise<number> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const pid = readProbe(file).find((record) => record.pid !== undefined)?.pid;
		if (pid !== undefined) return pid;
		if (Date.now() > deadline) throw new Error(`the heap probe wrote no pid to ${file}`);
		await sleep(20);
	}
}

export interface Spread {
	readonly start: number;
	readonly end: number;
	readonly max: number;
}

function spread(values: readonly number[]): Spread {
	return {start: values[0] ?? Number.NaN, end: values.at(-1) ?? Number.NaN, max: Math.max(...values)};
}

export interface TuiMemory {
	readonly workers: number;
	readonly seconds: number;
	readonly warmupSeconds: number;
	readonly firstFrameMs: number;
	/** /metrics rounds polled during the run, and identity.json fetches (the per-worker figures). */
	readonly rounds: number;
	readonly identityFetches: number;
	readonly rssBytes: Spread;
	readonly heapUsedBytes: Spread;
	/** Heap used right after a full collection, at the start and at the end of the run: what is really kept. */
	readonly liveHeapBytes: {readonly start: number; readonly end: number};
	readonly cpuPercent: number;
}

/**
 * The UI polling a synthesized cluster of `workers` every second, measured for `seconds` from
 * `warmupSeconds` after its first frame.
 */
export async function measureTuiMemory(workers: number, seconds: number, warmupSeconds: number): Promise<TuiMemory> {
	const scratch = scratchDir();
	const fake = await startSynthDask(workers);
	const probe = join(scratch.dir, 'probe.jsonl');
	const run = startInPty([fake.url, '--interval', '1s'], {env: probeEnv(probe, PROBE)});
	try {
		const firstFrameMs = await run.waitFor('first frame', hasFirstFrame, 60_000);
		const pid = await probePid(probe);
		await sleep(warmupSeconds * 1000);
		const served = (path: string) => fake.served.get(path) ?? 0;
		const rounds0 = served('/metrics');
		const identity0 = served('/json/identity.json');
		const rss: number[] = [residentBytes(pid)?.rss ?? Number.NaN];
		const liveStart = await liveHeapBytes(pid, probe);
		const cpu0 = cpuSeconds(pid) ?? Number.NaN;
		const wall0 = performance.now();
		const epoch0 = Date.now();
		for (let s = 1; s <= seconds; s++) {
			await sleep(wall0 + s * 1000 - performance.now());
			const resident = residentBytes(pid);
			if (resident === undefined) throw new Error(`the CLI exited during the run; screen: ${run.text().slice(-300)}`);
			rss.push(resident.rss);
		}
		const cpuPercent = (100 * ((cpuSeconds(pid) ?? Number.NaN) - cpu0)) / ((performance.now() - wall0) / 1000);
		const epoch1 = Date.now();
		const liveEnd = await liveHeapBytes(pid, probe);
		const heap = readProbe(probe)
			.filter((record) => record.sample !== undefined && record.atMs >= epoch0 - 1000 && record.atMs <= epoch1)
			.map((record) => (record.sample as ProbeSample).heapUsed);
		return {
			workers,
			seconds,
			warmupSeconds,
			firstFrameMs,
			rounds: served('/metrics') - rounds0,
			identityFetches: served('/json/identity.json') - identity0,
			rssBytes: spread(rss),
			heapUsedBytes: spread(heap),
			liveHeapBytes: {start: liveStart, end: liveEnd},
			cpuPercent,
		};
	} finally {
		await run.stop();
		await fake.close();
		scratch.remove();
	}
}

export interface HeadlessMemory {
	readonly wallMs: number;
	readonly peakRssBytes: number;
	readonly heapUsedAtExitBytes: number;
	readonly outputBytes: number;
}

/** Runs the CLI to its end (stdout counted, not kept) with the probe loaded; its peak RSS from the kernel. */
export async function measureHeadless(args: readonly string[]): Promise<HeadlessMemory> {
	const scratch = scratchDir();
	const probe = join(scratch.dir, 'probe.jsonl');
	try {
		const start = performance.now();
		const child = spawn(process.execPath, [CLI, ...args], {
			env: {...process.env, ...probeEnv(probe, PROBE)},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let outputBytes = 0;
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (outputBytes += chunk.length));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
		const wallMs = performance.now() - start;
		if (code !== 0) throw new Error(`dask-top ${args.join(' ')} exited ${String(code)}: ${stderr.slice(0, 300)}`);
		const exit = readProbe(probe).find((record) => record.exit !== undefined);
		if (exit?.exit === undefined || exit.maxRssBytes === undefined)
			throw new Error('the heap probe wrote no exit record');
		return {wallMs, peakRssBytes: exit.maxRssBytes, heapUsedAtExitBytes: exit.exit.heapUsed, outputBytes};
	} finally {
		scratch.remove();
	}
}

/** `--once --json` against a synthesized cluster of `workers`. */
export async function measureOnceJson(workers: number): Promise<HeadlessMemory> {
	const fake = await startSynthDask(workers);
	try {
		return await measureHeadless([fake.url, '--once', '--json']);
	} finally {
		await fake.close();
	}
}
