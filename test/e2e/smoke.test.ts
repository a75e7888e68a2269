/**
 * The built CLI under the Node that runs the tests, end to end against the shared real Debian
 * Dask 2022.12.1 cluster: the first frame of the full-screen UI in tmux, and --once --json against
 * the scheduler's own worker list. CI runs this file under Node 20 with everything else, and again
 * under Node 24 with the unit tests (.ci/run), with DASK_TOP_EXPECT_NODE naming the Node it meant
 * to run, so a lane that silently ran another Node fails.
 */
import {describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {groundTruth} from './helpers/ground-truth.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {tmuxForBlock} from './helpers/tmux-block.js';

describe(`dask-top under Node ${process.version}`, () => {
	const cluster = sharedCluster();

	it('runs under the Node the lane asked for', () => {
		const expected = process.env['DASK_TOP_EXPECT_NODE'];
		expect(
			expected === undefined || process.version === expected,
			`ran ${process.version}, the lane asked for ${String(expected)}`,
		).toBe(true);
	});

	it("--once --json lists exactly the scheduler's workers", async () => {
		const before = await groundTruth(cluster);
		const result = await runCli(['--once', '--json', cluster.httpUrl]);
		expect(result.code, result.stderr).toBe(0);
		const snapshot = JSON.parse(result.stdout) as Snapshot;
		expect(snapshot.scheduler.address).toBe(cluster.schedulerAddress);
		const listed = snapshot.workers
			.map((worker) => ({name: worker.name, nthreads: worker.nthreads, memory_limit: worker.memory_limit_bytes}))
			.sort((a, b) => a.name.localeCompare(b.name));
		const expected = before.workers
			.map((worker) => ({name: worker.name, nthreads: worker.nthreads, memory_limit: worker.memory_limit}))
			.sort((a, b) => a.name.localeCompare(b.name));
		expect(listed).toEqual(expected);
	}, 60_000);

	describe('the full-screen UI in a real terminal (tmux)', () => {
		const terminal = tmuxForBlock({name: 'dask-top-smoke', width: 120, height: 40});

		it("draws the first frame with the cluster's workers, quits on q and exits 0", async () => {
			terminal.keys(`CI=true '${process.execPath}' '${CLI_PATH}' ${cluster.httpUrl}; echo EXIT=$?`, 'Enter');
			const frame = await terminal.waitFor(
				'the first frame',
				(text) =>
					text.includes('dask-top │') &&
					text.includes('NAME') &&
					['alpha', 'beta', 'gamma'].every((name) => text.includes(name)),
				20_000,
			);
			expect(frame).toContain(`127.0.0.1:${cluster.httpPort}`);
			terminal.keys('q');
			expect(await terminal.waitFor('the exit status', (text) => /EXIT=\d+/.test(text))).toContain('EXIT=0');
		});
	});
});
