/**
 * The identity.json fallback, end to end: the BUILT CLI (`npm run build` first) against a small
 * DECLARED FAKE (test/helpers/fake-dask.ts) serving the recorded Dask 2026.7.1 'busy' answers —
 * scheduler paths on one loopback port, each worker's /metrics on its own — with
 * /json/identity.json answering the recorded HTTP 500. A fake, because the real Dask here is
 * Debian's 2022.12.1, which never answers 500 there (the bug, dask/distributed#8370, is ≥ 2023.4).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {startFakeDask, type FakeDask} from '../helpers/fake-dask.js';
import {runCli, type CliResult} from './helpers/cli.js';

describe('dask-top --once --json while identity.json answers 500', () => {
	let dask: FakeDask | undefined;
	let result: CliResult;
	let snapshot: Snapshot;

	beforeAll(async () => {
		dask = await startFakeDask({
			version: '2026.7.1',
			scenario: 'busy',
			identity500: true,
			workers: 'own',
			proxy: 'hint',
		});
		result = await runCli(['--once', '--json', '-H', 'Authorization: token SECRET-T', `${dask.url}/status`]);
		if (result.code !== 0) throw new Error(`exit ${String(result.code)}: ${result.stderr}`);
		snapshot = JSON.parse(result.stdout) as Snapshot;
		console.log(`[fallback] --once --json took ${result.durationMs} ms (process start to exit)`);
	}, 60_000);

	afterAll(async () => {
		await dask?.close();
	});

	it('exits 0 with nothing on stderr', () => {
		expect(result.code).toBe(0);
		expect(result.stderr).toBe('');
	});

	it('takes the workers from workers.html and says identity.json failed', () => {
		expect(snapshot.workers_source).toBe('workers_html');
		expect(snapshot.workers.map((w) => w.name)).toEqual(['alpha', 'beta', 'gamma']);
		const identity = snapshot.endpoints.find((e) => e.path === '/json/identity.json' && e.target === undefined);
		expect(identity).toMatchObject({state: 'failed', status: 500});
	});

	it('fills memory, task and CPU figures from each worker’s own /metrics, status from the scheduler’s counts', () => {
		for (const worker of snapshot.workers) {
			// The recorded /metrics counts no paused or retiring worker: every worker is running (proof).
			expect([worker.status, worker.sources['status']]).toEqual(['running', 'metrics']);
			// Two readings of the same recorded answer: the process's CPU counter did not move.
			expect([worker.cpu_percent, worker.sources['cpu_percent']]).toEqual([0, 'worker_metrics']);
			expect(worker.memory_process_bytes).toBeGreaterThan(0);
			expect(worker.memory_managed_bytes).toBeDefined();
			expect(worker.tasks_executing).toBeDefined();
			expect(worker.sources['memory_managed_bytes']).toBe('worker_metrics');
			expect(worker.occupancy_seconds).toBeDefined();
		}
		const workerEndpoints = snapshot.endpoints.filter((e) => e.target?.startsWith('worker:'));
		expect(workerEndpoints.map((e) => `${e.target} ${e.path} ${e.state}`)).toEqual([
			'worker:tcp://127.0.0.1:41001 /metrics ok',
			'worker:tcp://127.0.0.1:41002 /metrics ok',
			'worker:tcp://127.0.0.1:41003 /metrics ok',
		]);
	});

	it('read the workers straight on their own ports, twice (a CPU rate), without the scheduler’s token', () => {
		const workerRequests = dask!.requests.filter((r) => r.target !== 'scheduler');
		expect(workerRequests.map((r) => r.path)).toEqual(Array.from({length: 6}, () => '/metrics'));
		expect(workerRequests.every((r) => r.headers.authorization === undefined)).toBe(true);
		expect(
			dask!.requests.filter((r) => r.target === 'scheduler').every((r) => r.headers.authorization === 'token SECRET-T'),
		).toBe(true);
	});

	// /metrics is the fast tier (2-4 ms on the scheduler, docs/endpoints.md): the workers' second reading
	// asks it again, so that round is a fresh one whose CPU the table shows. Everything else once.
	it('asked the scheduler politely: each endpoint once (/metrics again), never the sitemap or eventstream', () => {
		const asked = dask!.requests.filter((r) => r.target === 'scheduler').map((r) => r.path);
		expect([...asked].sort()).toEqual([
			'/api/v1',
			'/api/v1/adaptive_target',
			'/health',
			'/info/main/workers.html',
			'/json/counts.json',
			'/json/identity.json',
			'/metrics',
			'/metrics',
		]);
		expect(asked.indexOf('/json/counts.json')).toBeGreaterThan(asked.indexOf('/metrics'));
		// The second /metrics rides with the workers' second reading, after all of their first.
		const all = dask!.requests.map((r) => `${r.target === 'scheduler' ? 'scheduler' : 'worker'} ${r.path}`);
		const firstReadingsEnd = all.findIndex(
			(r, i) => r === 'worker /metrics' && all.slice(0, i).filter((x) => x === r).length === 2,
		);
		expect(all.lastIndexOf('scheduler /metrics')).toBeGreaterThan(firstReadingsEnd);
		expect(snapshot.scheduler.stored_bytes).toBeDefined();
	});

	it('keeps the token out of what it prints', () => {
		expect(result.stdout).not.toContain('SECRET-T');
	});
});
