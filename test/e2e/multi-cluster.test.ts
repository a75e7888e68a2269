/**
 * `dask-top URL1 URL2` against TWO real Dask 2022.12.1 clusters of its own (one worker each,
 * "north" on the first, "south" on the second): the built CLI's `--once --json` against each
 * scheduler's ground truth, a dead third URL, and the full-screen UI in tmux (the cluster bar,
 * `c` / `C` switching the screen between the clusters' workers, `q` restoring the terminal).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {ClustersDocument, JsonDocument} from '../../source/output/json-document.js';
import {CLI_PATH, runCli, type CliResult} from './helpers/cli.js';
import {startCluster, type Cluster} from './helpers/cluster.js';
import {groundTruth, type GroundTruth} from './helpers/ground-truth.js';
import {freePorts} from './helpers/ports.js';
import {TmuxSession} from './helpers/tmux.js';

const MARKER = 'BEFORE-THE-TUI';
const terminal = new TmuxSession({name: 'dask-top-multi', width: 120, height: 40});
const keys = (...names: string[]) => terminal.keys(...names);
const waitFor = (what: string, predicate: (text: string) => boolean, timeoutMs = 20_000) =>
	terminal.waitFor(what, predicate, timeoutMs);

function parseClusters(result: CliResult): ClustersDocument {
	const context = `exit ${String(result.code)}\nstderr:\n${result.stderr}\nstdout:\n${result.stdout.slice(0, 2000)}`;
	try {
		return JSON.parse(result.stdout) as ClustersDocument;
	} catch {
		throw new Error(`dask-top --once --json printed no JSON document: ${context}`);
	}
}

function workersOf(document: JsonDocument) {
	return document.workers.map((w) => ({
		address: w.address,
		name: w.name,
		nthreads: w.nthreads,
		memory_limit: w.memory_limit_bytes,
	}));
}

function truthWorkers(truth: GroundTruth) {
	return truth.workers.map((w) => ({
		address: w.address,
		name: w.name,
		nthreads: w.nthreads,
		memory_limit: w.memory_limit,
	}));
}

describe('dask-top following two real Dask clusters', () => {
	let north: Cluster;
	let south: Cluster;

	beforeAll(async () => {
		north = await startCluster({
			workers: [{name: 'north', nthreads: 1, memoryLimitBytes: 1_073_741_824, nanny: false}],
			api: false,
		});
		south = await startCluster({
			workers: [{name: 'south', nthreads: 2, memoryLimitBytes: 805_306_368, nanny: false}],
			api: false,
		});
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
	}, 180_000);

	afterAll(async () => {
		terminal.kill();
		await Promise.all([north?.stop(), south?.stop()]);
	}, 60_000);

	it('prints {"clusters": [...]} for --once --json URL1 URL2, ' +
		"each document matching that scheduler's ground truth", async () => {
		const before = await Promise.all([groundTruth(north), groundTruth(south)]);
		const result = await runCli(['--once', '--json', north.httpUrl, south.httpUrl]);
		const after = await Promise.all([groundTruth(north), groundTruth(south)]);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const {clusters} = parseClusters(result);
		expect(clusters).toHaveLength(2);
		[north, south].forEach((cluster, i) => {
			const document = clusters[i]!;
			expect(document.format).toBe(1);
			expect(document.url).toBe(cluster.httpUrl);
			expect(document.scheduler.address).toBe(cluster.schedulerAddress);
			expect(document.scheduler.workers.total).toBe(1);
			expect(workersOf(document)).toEqual(truthWorkers(before[i]!));
			expect(workersOf(document)).toEqual(truthWorkers(after[i]!));
			expect(document.scheduler.tasks.processing ?? 0).toBe(before[i]!.tasks.processing);
			expect(document.severity_counts).toBeDefined();
		});
	}, 60_000);

	it('prints the two clusters it can read and one error line for a dead third URL, exit 1', async () => {
		const [port] = await freePorts(1);
		const dead = `http://127.0.0.1:${port}/`;
		const result = await runCli(['--once', '--json', north.httpUrl, dead, south.httpUrl]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			`dask-top: nothing answers at ${dead} (connection refused): ` +
				`is the scheduler running, and is ${port} its dashboard port?\n`,
		);
		expect(parseClusters(result).clusters.map((d) => d.scheduler.address)).toEqual([
			north.schedulerAddress,
			south.schedulerAddress,
		]);
	}, 60_000);

	it('shows the cluster bar in a real terminal, ' +
		"c switches the screen to the other cluster's workers, C back, and q restores the terminal", async () => {
		keys('clear', 'Enter');
		keys(`echo ${MARKER}`, 'Enter');
		await waitFor('the marker', (t) => t.includes(`\n${MARKER}`));
		keys(`CI=true node ${CLI_PATH} ${north.httpUrl} ${south.httpUrl}; echo EXIT=$?`, 'Enter');
		const northName = `127.0.0.1:${north.httpPort}`;
		const southName = `127.0.0.1:${south.httpPort}`;
		const first = await waitFor(
			'the north cluster with the bar',
			(t) =>
				t.includes('dask-top │') &&
				/\bnorth +127\.0\.0\.1:\d+ +running/.test(t) &&
				t.includes(`→ ${northName} ● live 1 worker`),
		);
		expect(first).toContain(`dask-top │ ${north.httpUrl}`);
		expect(first).toMatch(new RegExp(`│ ${southName.replaceAll('.', '\\.')} ● live 1 worker ✗0`));
		expect(first).not.toMatch(/\bsouth +127/);
		expect(first).toContain('c/C cluster');

		keys('c');
		const second = await waitFor(
			'the south cluster',
			(t) => /\bsouth +127\.0\.0\.1:\d+ +running/.test(t) && t.includes(`→ ${southName}`),
		);
		expect(second).toContain(`dask-top │ ${south.httpUrl}`);
		expect(second).not.toMatch(/\bnorth +127/);

		keys('C');
		await waitFor(
			'the north cluster again',
			(t) => /\bnorth +127\.0\.0\.1:\d+ +running/.test(t) && t.includes(`→ ${northName}`),
		);

		keys('q');
		const after = await waitFor(
			'the shell restored',
			(t) => t.includes(MARKER) && t.includes('EXIT=0') && !t.includes('dask-top │'),
		);
		expect(after).toContain(`CI=true node ${CLI_PATH}`);
	}, 90_000);
});
