/**
 * /json/identity.json while tasks complete, on both Dask releases for real: 2026.7.1 answers HTTP
 * 500 (tuple keys in the workers' heartbeat metrics, dask/distributed#8370) and dask-top takes its
 * workers from workers.html and each worker's own /metrics; 2022.12.1 answers 200 and is read as is.
 * Either way the workers listed are the scheduler's (names, threads, memory limits).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {runCli, type CliResult} from './helpers/cli.js';
import {startCluster, type Cluster} from './helpers/cluster.js';
import {groundTruth, listedWorkers, truthWorkers, type GroundTruth} from './helpers/ground-truth.js';
import {DASK_RELEASES} from './helpers/python.js';
import {runWorkload, type Workload} from './helpers/workload.js';

/** identity.json's status a few times over a second: tasks complete between heartbeats, or not. */
async function identityStatuses(url: string): Promise<number[]> {
	const statuses: number[] = [];
	for (let i = 0; i < 4; i++) {
		const response = await fetch(`${url}json/identity.json`, {signal: AbortSignal.timeout(5000)});
		await response.arrayBuffer();
		statuses.push(response.status);
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	return statuses;
}

describe.each(DASK_RELEASES)('dask-top --once --json while tasks complete on Dask %s', (release) => {
	let cluster: Cluster | undefined;
	let workload: Workload | undefined;
	let statuses: number[];
	let truth: GroundTruth;
	let result: CliResult;
	let snapshot: Snapshot;
	let table: CliResult;

	beforeAll(async () => {
		cluster = await startCluster({dask: release});
		workload = await runWorkload(cluster, 'churn');
		statuses = await identityStatuses(cluster.httpUrl);
		truth = await groundTruth(cluster);
		result = await runCli(['--once', '--json', cluster.httpUrl]);
		if (result.code !== 0) throw new Error(`exit ${String(result.code)}: ${result.stderr}`);
		snapshot = JSON.parse(result.stdout) as Snapshot;
		table = await runCli(['--once', cluster.httpUrl]);
	}, 180_000);

	afterAll(async () => {
		await workload?.stop();
		await cluster?.stop();
	}, 60_000);

	it(`identity.json answers ${release === '2022.12.1' ? '200' : '500'} while tasks complete`, () => {
		if (release === '2022.12.1') expect(statuses).toEqual([200, 200, 200, 200]);
		else expect(statuses).toContain(500);
	});

	it("lists exactly the scheduler's workers, with their threads and memory limits", () => {
		expect(listedWorkers(snapshot)).toEqual(truthWorkers(truth));
	});

	it('says where the workers came from, and reads every worker’s memory', () => {
		// The CLI's one poll may land in a quiet moment of identity.json on 2026.7.1: either source is
		// right, as long as it says which and the figures are there.
		expect(['identity', 'workers_html']).toContain(snapshot.workers_source);
		if (release === '2022.12.1') expect(snapshot.workers_source).toBe('identity');
		for (const worker of snapshot.workers) expect(worker.memory_process_bytes).toBeGreaterThan(0);
		expect(snapshot.scheduler.tasks.processing).toBeGreaterThan(0);
	});

	it("shows every worker's CPU in --once's table too, as its --json does", () => {
		expect(table.code).toBe(0);
		const lines = table.stdout.split('\n');
		const heading = lines.findIndex((line) => line.startsWith('NAME '));
		const rows = lines.slice(heading + 1).filter((line) => line.trim() !== '');
		expect(rows).toHaveLength(snapshot.workers.length);
		// NAME ADDRESS STATUS THREADS CPU% …: the fifth cell is a number, never '-'.
		for (const row of rows) expect(row.split(/\s+/)[4], row).toMatch(/^\d+\.\d$/);
		for (const worker of snapshot.workers) expect(worker.cpu_percent, worker.name).toBeGreaterThanOrEqual(0);
	});
});
