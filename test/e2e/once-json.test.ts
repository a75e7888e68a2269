/**
 * Ground truth for `dask-top --once --json`: the built CLI against a real cluster of each Dask
 * release (the shared Debian 2022.12.1 one, a private 2026.7.1 one) holding the 'busy' workload,
 * compared with the scheduler's own state (ground_truth.py) taken right before and right after the
 * CLI ran.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {runCli, type CliResult} from './helpers/cli.js';
import {startCluster, type Cluster, type ClusterInfo} from './helpers/cluster.js';
import {groundTruth, listedWorkers, truthWorkers, type GroundTruth} from './helpers/ground-truth.js';
import {DASK_RELEASES} from './helpers/python.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {runWorkload, type Workload} from './helpers/workload.js';

function parseSnapshot(result: CliResult): Snapshot {
	const context =
		'exit ' +
		`${String(result.code)}${result.timedOut ? ' (timed out)' : ''}\nstderr:\n` +
		`${result.stderr}\nstdout:\n${result.stdout.slice(0, 2000)}`;
	if (result.code !== 0) throw new Error(`dask-top --once --json failed: ${context}`);
	try {
		return JSON.parse(result.stdout) as Snapshot;
	} catch {
		throw new Error(`dask-top --once --json printed no JSON document: ${context}`);
	}
}

function between(value: number | undefined, a: number, b: number): boolean {
	return value !== undefined && value >= Math.min(a, b) && value <= Math.max(a, b);
}

describe.each(DASK_RELEASES)('dask-top --once --json on a busy Dask %s cluster', (release) => {
	let cluster: ClusterInfo;
	let own: Cluster | undefined;
	let workload: Workload | undefined;
	let before: GroundTruth;
	let after: GroundTruth;
	let json: CliResult;
	let text: CliResult;

	beforeAll(async () => {
		if (release !== '2022.12.1') own = await startCluster({dask: release});
		cluster = own ?? sharedCluster();
		workload = await runWorkload(cluster, 'busy');
		before = await groundTruth(cluster);
		json = await runCli(['--once', '--json', cluster.httpUrl]);
		after = await groundTruth(cluster);
		text = await runCli(['--once', cluster.httpUrl]);
	}, 120_000);

	afterAll(async () => {
		await workload?.stop();
		await own?.stop();
	}, 60_000);

	it('prints one Snapshot document for the scheduler it was given', () => {
		const snapshot = parseSnapshot(json);
		expect(snapshot.format).toBe(1);
		expect(snapshot.url).toContain(`127.0.0.1:${cluster.httpPort}`);
		expect(snapshot.scheduler.address).toBe(cluster.schedulerAddress);
	});

	it("lists exactly the scheduler's workers with their names, threads and memory limits", () => {
		const snapshot = parseSnapshot(json);
		const listed = listedWorkers(snapshot);
		for (const truth of [before, after]) {
			const expected = truthWorkers(truth);
			expect(listed).toEqual(expected);
		}
		expect(snapshot.scheduler.workers.total).toBe(before.workers.length);
	});

	it("counts processing and queued tasks within the scheduler's counts around the run, processing above zero", () => {
		const {tasks} = parseSnapshot(json).scheduler;
		expect(before.processing).toBeGreaterThan(0);
		expect(tasks.processing).toBeGreaterThan(0);
		expect(
			between(tasks.processing, before.processing, after.processing),
			`processing ${String(tasks.processing)} vs ${before.processing}..${after.processing}`,
		).toBe(true);
		expect(
			between(tasks.queued, before.queued, after.queued),
			`queued ${String(tasks.queued)} vs ${before.queued}..${after.queued}`,
		).toBe(true);
	});

	it('reports the erred count the scheduler holds once the failing tasks have failed', () => {
		const {tasks} = parseSnapshot(json).scheduler;
		expect(workload?.ready.kind === 'busy' && workload.ready.erred).toBe(before.erred);
		expect(after.erred).toBe(before.erred);
		expect(tasks.erred).toBe(before.erred);
	});

	it("reports the scheduler's desired_workers (adaptive_target)", () => {
		const {desired_workers} = parseSnapshot(json).scheduler;
		expect(typeof desired_workers).toBe('number');
		expect(
			between(desired_workers, before.desired_workers, after.desired_workers),
			`desired_workers ${String(desired_workers)} vs ${before.desired_workers}..${after.desired_workers}`,
		).toBe(true);
	});

	it('names every worker in the text --once output', () => {
		expect(text.code, `exit ${String(text.code)}\n${text.stderr}`).toBe(0);
		for (const worker of before.workers) expect(text.stdout).toContain(worker.name);
	});

	// The everyday case of the rule that a figure which is not a count is unknown: a real cluster's
	// figures all are counts, and none of them turns unknown.
	it('reads every figure of the real cluster as a count: workers by state and tasks all known', () => {
		const snapshot = parseSnapshot(json);
		expect(snapshot.endpoints.filter((e) => e.unreadable !== undefined)).toEqual([]);
		const {total, idle, partially_saturated: partially, saturated} = snapshot.scheduler.workers;
		expect(total).toBe(before.workers.length);
		expect([idle, partially, saturated].map((n) => typeof n)).toEqual(['number', 'number', 'number']);
		expect(between(snapshot.scheduler.tasks_total, before.tasks_total, after.tasks_total)).toBe(true);
		expect(text.stdout).toMatch(/^Workers {3}3: \d+ idle, \d+ partially saturated, \d+ saturated/m);
		expect(text.stdout).not.toMatch(/^Tasks {5}-/m);
	});
});
