/**
 * The cluster series the overview graphs draw: from the recorded fixtures through the real parser
 * (2022.12.1, 2026.7.1), and from synthesized snapshots where only they show a case
 * (figures missing, workers without CPU), as each test says.
 */
import {describe, expect, it} from 'vitest';
import {clusterPoint} from '../../../source/model/history/cluster-history.js';
import {initialState, reduce} from '../../../source/model/index.js';
import {fixtureSnapshot, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_700_000_000_000;

describe('clusterPoint from the recorded fixtures', () => {
	for (const version of ['2022.12.1', '2026.7.1'] as const) {
		it(`${version}: memory parts add up to the process memory, tasks and mean CPU are read`, () => {
			const snap = fixtureSnapshot(version, 'busy');
			const p = clusterPoint(snap);
			expect(p.memoryProcessBytes).toBeGreaterThan(0);
			expect(p.memoryLimitBytes).toBeGreaterThan(p.memoryProcessBytes!);
			expect(p.memoryManagedBytes).toBeGreaterThanOrEqual(0);
			expect(p.memoryUnmanagedBytes).toBeGreaterThan(0);
			// managed + unmanaged = process (Dask's own split; within a byte of rounding)
			expect(Math.abs(p.memoryManagedBytes! + p.memoryUnmanagedBytes! - p.memoryProcessBytes!)).toBeLessThan(
				1024 * 1024,
			);
			expect(p.memorySpilledBytes).toBeGreaterThanOrEqual(0);
			expect(p.tasksProcessing).toBe(snap.scheduler.tasks.processing);
			const cpus = snap.workers.map((w) => w.cpu_percent).filter((c): c is number => c !== undefined);
			expect(cpus.length).toBeGreaterThan(0);
			expect(p.cpuMeanPercent).toBeCloseTo(cpus.reduce((a, b) => a + b, 0) / cpus.length, 6);
		});
	}
});

describe('clusterPoint on synthesized snapshots (cases the fixtures do not hold)', () => {
	it('sums worker figures when the scheduler gives no total, and derives unmanaged from process − managed', () => {
		const p = clusterPoint(
			snapshot(1, [
				worker('tcp://a:1', {
					memory_process_bytes: 100,
					memory_managed_bytes: 30,
					memory_limit_bytes: 1000,
					memory_spilled_bytes: 5,
					cpu_percent: 50,
				}),
				worker('tcp://b:1', {
					memory_process_bytes: 200,
					memory_managed_bytes: 50,
					memory_limit_bytes: 1000,
					cpu_percent: 150,
				}),
				worker('tcp://c:1', {}),
			]),
		);
		expect(p).toEqual({
			memoryProcessBytes: 300,
			memoryLimitBytes: 2000,
			memoryManagedBytes: 80,
			memoryUnmanagedBytes: 220,
			memorySpilledBytes: 5,
			cpuMeanPercent: 100,
		});
	});

	it('leaves out what nobody reports (a gap on the graph, never a zero)', () => {
		expect(clusterPoint(snapshot(1, [worker('tcp://a:1')]))).toEqual({});
		expect(clusterPoint(snapshot(1, [], {tasks: {processing: 4, queued: 9}}))).toEqual({
			tasksProcessing: 4,
			tasksQueued: 9,
		});
	});
});

describe('cluster history in the state', () => {
	it('keeps one bounded point per snapshot of every series; a missing figure is NaN', () => {
		let state = initialState({clusterHistoryLength: 3});
		for (let i = 0; i < 5; i++) {
			const w = worker('tcp://a:1', {
				cpu_percent: i * 10,
				memory_process_bytes: 100 + i,
				memory_managed_bytes: i,
				memory_limit_bytes: 1000,
			});
			state = reduce(state, {
				type: 'snapshot',
				snapshot: snapshot(T0 / 1000 + i, [w], {tasks: {processing: i, ...(i === 4 ? {} : {queued: 2 * i})}}),
				nowMs: T0 + i * 1000,
			});
		}
		const h = state.history;
		expect(h.cpuMeanPercent.values()).toEqual([20, 30, 40]);
		expect(h.memoryManagedBytes.values()).toEqual([2, 3, 4]);
		expect(h.memoryUnmanagedBytes.values()).toEqual([100, 100, 100]);
		expect(h.tasksProcessing.values()).toEqual([2, 3, 4]);
		expect(h.tasksQueued.values()).toEqual([4, 6, Number.NaN]);
		expect(h.memorySpilledBytes.values()).toEqual([Number.NaN, Number.NaN, Number.NaN]);
	});
});
