/**
 * Where the thread-seconds went, against a real Dask (Debian's 2022.12.1 and 2026.7.1):
 * `--once --json`'s `time_spent` and the `--once` text's Time line on an idle cluster (idle ≈
 * capacity) and after a prefix of CPU-bound tasks of known total duration (cluster/time_workload.py:
 * its compute seconds within 10 % of what the tasks measured). 2022.12.1 gives no per-prefix
 * seconds: compute and idle are absent and a note says why, never a 0.
 * A private cluster per release: the shared one's cumulative counters carry other files' work.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {JsonDocument} from '../../source/output/json-document.js';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {TmuxSession} from './helpers/tmux.js';
import {daskConfigDir, startCluster, type Cluster} from './helpers/cluster.js';
import {DASK_RELEASES, pythonEnv, runPythonJson} from './helpers/python.js';
import {runWorkload} from './helpers/workload.js';

const TASKS = 16;
const SECONDS_EACH = 0.5;

async function onceJson(cluster: Cluster): Promise<JsonDocument> {
	const run = await runCli(['--once', '--json', cluster.httpUrl], {NO_COLOR: '1'});
	expect(run.code, run.stderr).toBe(0);
	return JSON.parse(run.stdout) as JsonDocument;
}

describe.each(DASK_RELEASES)('time spent on Dask %s', (dask) => {
	let cluster: Cluster;
	beforeAll(async () => {
		cluster = await startCluster({dask});
	}, 90_000);
	afterAll(async () => {
		await cluster?.stop();
	});

	it('idle: since the scheduler started, idle is about the whole capacity', async () => {
		const doc = await onceJson(cluster);
		const t = doc.time_spent!;
		expect(t.window).toBe('start');
		const threads = cluster.workers.reduce((n, w) => n + w.nthreads, 0);
		expect(t.thread_seconds).toBeGreaterThan(0);
		// Capacity: the threads now over the scheduler's uptime (the workers' start is not visible).
		expect(t.thread_seconds! / t.window_seconds).toBeCloseTo(threads, 5);
		// Nothing ever ran: no prefix at all, 0 s of compute is exact on both releases.
		expect(t.compute).toBe(0);
		expect(t.idle! / t.thread_seconds!).toBeGreaterThan(0.99);
		const text = await runCli(['--once', cluster.httpUrl], {NO_COLOR: '1'});
		expect(text.stdout).toMatch(
			/^Time {6}threads 0 % busy — compute 0 · transfer 0 · spill \S+ · GC \S+ \(since the scheduler started/m,
		);
	}, 60_000);

	it('a prefix of CPU-bound tasks of known total duration', async () => {
		const done = await runPythonJson<{measured_seconds: number}>(
			'time_workload.py',
			[cluster.schedulerAddress, 'spin', String(TASKS), String(SECONDS_EACH)],
			pythonEnv(daskConfigDir(cluster)),
			90_000,
			cluster.python,
		);
		expect(done.measured_seconds).toBeGreaterThanOrEqual(TASKS * SECONDS_EACH);
		const doc = await onceJson(cluster);
		const t = doc.time_spent!;
		if (dask === '2022.12.1') {
			expect(t.compute).toBeUndefined();
			expect(t.idle).toBeUndefined();
			expect(t.prefixes).toEqual([]);
			expect(t.notes.join('\n')).toMatch(/no per-prefix compute or transfer seconds/);
			const text = await runCli(['--once', cluster.httpUrl], {NO_COLOR: '1'});
			expect(text.stdout).toMatch(/^Time {6}threads \? % busy — no compute seconds on Dask before 2023\.1\.1/m);
			return;
		}
		const spin = t.prefixes.find((p) => p.prefix === 'spin');
		expect(spin, JSON.stringify(t.prefixes)).toBeDefined();
		expect(Math.abs(spin!.compute - done.measured_seconds) / done.measured_seconds).toBeLessThan(0.1);
		expect(t.compute).toBeGreaterThanOrEqual(spin!.compute);
		expect(t.idle).toBeCloseTo(t.thread_seconds! - t.compute! - t.transfer! - (t.spill ?? 0) - (t.gc ?? 0), 6);
	}, 120_000);

	it('the time view in tmux at 80×24, NO_COLOR then --ascii, w walking the windows', async () => {
		for (const ascii of [false, true]) {
			const terminal = new TmuxSession({
				name: `dask-top-time-${dask}-${ascii ? 'ascii' : 'plain'}`,
				width: 80,
				height: 24,
				command: `env CI=true NO_COLOR=1 node ${CLI_PATH} ${ascii ? '--ascii ' : ''}${cluster.httpUrl}`,
			});
			try {
				expect(terminal.start()).toBe(0);
				await terminal.waitFor('the worker table', (t) => t.includes('NAME'));
				terminal.keys('5');
				let screen = await terminal.waitFor('the time view', (t) => /^Time {2}last minute/m.test(t));
				for (const line of screen.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
				if (ascii) for (const line of screen.split('\n')) expect(line).toMatch(/^[\x20-\x7e]*$/);
				terminal.keys('w', 'w');
				screen = await terminal.waitFor('since the scheduler started', (t) =>
					/^Time {2}since the scheduler started/m.test(t),
				);
				if (dask === '2022.12.1') {
					expect(screen).toMatch(/^threads \? % busy [—-] no compute seconds on Dask before 2023\.1\.1/m);
					expect(screen).toContain('no per-prefix seconds on this Dask: it gives them from 2023.1.1');
				} else {
					expect(screen).toMatch(/^threads \d+ % busy [—-] compute \d+ [·-] transfer \d+ [·-] spill \S+ [·-] GC \S+/m);
					// the spin prefix of the run before, with its compute seconds
					expect(screen).toMatch(/^spin +\d+(\.\d)?s +\d+ms +\d+% +\S/m);
				}
			} finally {
				terminal.kill();
			}
		}
	}, 90_000);

	it("data moved between workers shows as the pulling prefix's transfer time", async () => {
		const moved = await runPythonJson<{moved_bytes: number}>(
			'time_workload.py',
			[cluster.schedulerAddress, 'transfer', '4', '40'],
			pythonEnv(daskConfigDir(cluster)),
			90_000,
			cluster.python,
		);
		expect(moved.moved_bytes).toBe(4 * 40_000_000);
		const t = (await onceJson(cluster)).time_spent!;
		if (dask === '2022.12.1') {
			expect(t.transfer).toBeUndefined();
			return;
		}
		const pull = t.prefixes.find((p) => p.prefix === 'pull');
		expect(pull, JSON.stringify(t.prefixes)).toBeDefined();
		expect(pull!.transfer).toBeGreaterThan(0);
		expect(t.transfer).toBeGreaterThanOrEqual(pull!.transfer);
	}, 120_000);

	it('a worker pushed past its spill threshold: its spill seconds, from its own /metrics', async () => {
		// Watching from before the spill: the spill watch reads a worker's own /metrics while it writes to disk.
		const watch = runCli(
			['--json', '--watch', '--interval', '1', cluster.httpUrl],
			{NO_COLOR: '1'},
			{timeoutMs: 40_000},
		);
		const filled = await runWorkload(cluster, 'fill-memory');
		try {
			expect(filled.ready.kind).toBe('fill-memory');
			const run = await watch;
			const docs = run.stdout
				.split('\n')
				.filter((line) => line.startsWith('{') && line.endsWith('}'))
				.map((line) => JSON.parse(line) as JsonDocument);
			const t = docs.at(-1)!.time_spent!;
			expect(t.workers_read, JSON.stringify(t)).toBeGreaterThanOrEqual(1);
			expect(t.spill).toBeGreaterThan(0);
			if (t.workers_read < t.workers) expect(t.notes.join('\n')).toMatch(/spill\/GC from \d+ of \d+ workers/);
		} finally {
			await filled.stop();
		}
	}, 120_000);
});
