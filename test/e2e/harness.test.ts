/**
 * The end-to-end harness itself, against real Debian Dask 2022.12.1: the shared cluster's layout, the
 * worker PIDs, the workloads, and that a private cluster leaves no process behind.
 */
import {connect} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DEFAULT_WORKERS, logsOf, startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {groundTruth} from './helpers/ground-truth.js';
import {commandLine, isAlive, processesInGroups} from './helpers/processes.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {runWorkload} from './helpers/workload.js';

function refusesConnections(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({host: '127.0.0.1', port});
		socket.once('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.once('error', () => resolve(true));
	});
}

describe('the shared cluster', () => {
	const cluster = sharedCluster();

	it("runs alpha, beta and gamma with the fixtures' threads, memory limits and nannies", async () => {
		const truth = await groundTruth(cluster);
		const workers = [...truth.workers].sort((a, b) => a.name.localeCompare(b.name));
		expect(
			workers.map((worker) => [
				worker.name,
				worker.nthreads,
				worker.memory_limit,
				worker.status,
				worker.nanny !== null,
			]),
		).toEqual([
			['alpha', 2, 2_147_483_648, 'running', true],
			['beta', 1, 600_000_000, 'running', true],
			['gamma', 2, 1_073_741_824, 'running', false],
		]);
		expect(truth.scheduler.address).toBe(cluster.schedulerAddress);
		expect(truth.scheduler.dashboard_port).toBe(cluster.httpPort);
		for (const worker of cluster.workers) {
			expect(workers.find((entry) => entry.name === worker.name)?.dashboard_port, worker.name).toBe(worker.httpPort);
		}
	});

	it("serves /health, the /api/v1 module and every worker's /health on the ports it was given", async () => {
		expect(await (await fetch(`${cluster.httpUrl}health`)).text()).toBe('ok');
		const api = await fetch(`${cluster.httpUrl}api/v1/get_workers`);
		expect(api.status).toBe(200);
		expect(((await api.json()) as {num_workers: number}).num_workers).toBe(3);
		for (const worker of cluster.workers) expect(await (await fetch(`${worker.httpUrl}health`)).text()).toBe('ok');
	});

	it('records the PID of each worker process: the spawned child under a nanny, the dask_worker itself without', () => {
		for (const worker of cluster.workers) {
			expect(isAlive(worker.pid), worker.name).toBe(true);
			if (worker.nannyAddress === null) {
				expect(worker.pid).toBe(worker.processGroup);
				expect(commandLine(worker.pid)).toContain('distributed.cli.dask_worker');
			} else {
				expect(worker.pid).not.toBe(worker.processGroup);
				expect(commandLine(worker.pid)).toContain('multiprocessing');
			}
		}
	});

	it('holds the busy workload still: every thread processing, ' +
		'inc queued, errors settled, and lets go of all of it', async () => {
		const workload = await runWorkload(cluster, 'busy');
		try {
			const ready = workload.ready;
			if (ready.kind !== 'busy') throw new Error(`expected the busy workload, got ${ready.kind}`);
			const truth = await groundTruth(cluster);
			expect(ready.threads).toBe(5);
			expect(truth.processing).toBe(ready.processing);
			expect(truth.tasks.processing).toBe(ready.processing);
			expect(truth.queued).toBe(ready.queued);
			expect(truth.processing + truth.queued).toBe(5 + 200);
			expect(truth.queued).toBeGreaterThan(0);
			expect(truth.erred).toBe(6);
			expect(truth.tasks.memory).toBe(8);
			expect(truth.tasks.waiting).toBe(1);
			expect(truth.desired_workers).toBeGreaterThan(0);
		} finally {
			await workload.stop();
		}
		const after = await groundTruth(cluster);
		expect(after.tasks_total).toBe(0);
		expect(after.processing).toBe(0);
	}, 60_000);

	it('blocks one thread of alpha with the stall workload until stopped', async () => {
		const workload = await runWorkload(cluster, 'stall');
		try {
			const truth = await groundTruth(cluster);
			const alpha = truth.workers.find((worker) => worker.name === 'alpha');
			expect(alpha?.processing).toBe(1);
			expect(truth.tasks.processing).toBe(1);
		} finally {
			await workload.stop();
		}
		expect((await groundTruth(cluster)).tasks_total).toBe(0);
	}, 60_000);

	it('lets a workload stopped by SIGTERM release its tasks and exit cleanly', async () => {
		const workload = await runWorkload(cluster, 'stall', {worker: 'gamma'});
		expect((await groundTruth(cluster)).workers.find((worker) => worker.name === 'gamma')?.processing).toBe(1);
		process.kill(workload.pid, 'SIGTERM');
		await workload.stop();
		expect((await groundTruth(cluster)).tasks_total).toBe(0);
	}, 60_000);
});

describe('a private cluster', () => {
	let cluster: Cluster;

	beforeAll(async () => {
		cluster = await startCluster();
	}, 90_000);

	afterAll(async () => {
		await cluster?.stop();
	});

	it('starts on its own free ports, apart from the shared cluster', () => {
		const shared = sharedCluster();
		expect(cluster.httpPort).not.toBe(shared.httpPort);
		expect(cluster.workers.map((worker) => worker.name)).toEqual(DEFAULT_WORKERS.map((worker) => worker.name));
		expect(cluster.startMs).toBeLessThan(30_000);
	});

	it('fills beta until it spills to disk and pauses, and beta runs again after the stop', async () => {
		const workload = await runWorkload(cluster, 'fill-memory');
		try {
			expect(workload.ready.kind).toBe('fill-memory');
			const beta = (await groundTruth(cluster)).workers.find((worker) => worker.name === 'beta');
			expect(beta?.status, logsOf(cluster)).toBe('paused');
			expect(beta?.spilled_bytes).toBeGreaterThan(0);
		} finally {
			await workload.stop();
		}
		const deadline = Date.now() + 15_000;
		let status: string | undefined;
		while (status !== 'running' && Date.now() < deadline) {
			status = (await groundTruth(cluster)).workers.find((worker) => worker.name === 'beta')?.status;
		}
		expect(status).toBe('running');
		// The nanny did not restart beta: it is still the same process.
		expect(isAlive(workerNamed(cluster, 'beta').pid)).toBe(true);
	}, 90_000);

	it('stop() leaves no process of the cluster behind and frees its ports', async () => {
		const pids = [cluster.schedulerPid, ...cluster.workers.map((worker) => worker.pid)];
		expect(processesInGroups(cluster.processGroups).length).toBeGreaterThanOrEqual(pids.length);
		await cluster.stop();
		expect(processesInGroups(cluster.processGroups)).toEqual([]);
		expect(pids.filter((pid) => isAlive(pid))).toEqual([]);
		expect(await refusesConnections(cluster.httpPort)).toBe(true);
		for (const worker of cluster.workers) expect(await refusesConnections(worker.httpPort)).toBe(true);
	}, 30_000);
});
