/**
 * Unmanaged memory that stayed (Dask's unmanaged_old, recomputed: neither 2022.12.1 nor 2026.7.1
 * serves it over HTTP). The window alone, then through the reducer poll by poll: the blip a real
 * 2022.12.1 worker showed right after a client holding 300 MiB on it left (process 348 MiB, managed
 * 0 for one identity.json answer: 61 % of beta's 572 MiB, then 8 %) opens nothing; memory that stays
 * opens the alert once it has stayed 30 s. SYNTHESIZED snapshots with those figures: the fixtures
 * are single moments, not 30 s of polls.
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../../source/model/state.js';
import {triageView} from '../../../source/model/alerts/triage.js';
import type {ClusterState} from '../../../source/model/types.js';
import {stepUnmanaged, type UnmanagedWindow, unmanagedOldBytes} from '../../../source/model/alerts/unmanaged-old.js';
import {snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const MiB = 1024 ** 2;
const LIMIT = 572 * MiB;

function readings(values: ReadonlyArray<number | undefined>, everyMs = 2000, windowMs = 30_000) {
	let window: UnmanagedWindow | undefined;
	values.forEach((bytes, i) => {
		window = stepUnmanaged(window, bytes, T0 + i * everyMs, windowMs);
	});
	return window;
}

describe('the window of unmanaged-memory readings', () => {
	it('gives the least reading of the last 30 s, once the readings span 30 s', () => {
		expect(unmanagedOldBytes(readings([50, 40, 60]), 30_000)).toBeUndefined(); // 4 s of readings
		const full = readings([50, 40, ...Array.from({length: 14}, () => 60)]); // 0 … 30 s
		expect(unmanagedOldBytes(full, 30_000)).toBe(40);
		// at 32 s the 40 read at 2 s is exactly 30 s old: still in; at 34 s it has left, the least is then 60
		expect(unmanagedOldBytes(stepUnmanaged(full, 70, T0 + 32_000, 30_000), 30_000)).toBe(40);
		expect(unmanagedOldBytes(stepUnmanaged(full, 70, T0 + 34_000, 30_000), 30_000)).toBe(60);
	});

	it('keeps only readings that can still be the least (a few entries, not one per poll)', () => {
		const rising = readings(Array.from({length: 16}, (_, i) => 100 - i));
		expect(rising?.queue).toEqual([{atMs: T0 + 30_000, bytes: 85}]);
		expect(unmanagedOldBytes(rising, 30_000)).toBe(85);
	});

	it('keeps the window over polls that do not report the figure, and starts over after a gap longer than it', () => {
		const held = readings([80, undefined, 80, undefined, ...Array.from({length: 12}, () => 80)]);
		expect(unmanagedOldBytes(held, 30_000)).toBe(80);
		const after = stepUnmanaged(held, 90, T0 + 30_000 + 31_000, 30_000);
		expect(after).toEqual({sinceMs: T0 + 61_000, lastMs: T0 + 61_000, queue: [{atMs: T0 + 61_000, bytes: 90}]});
		expect(unmanagedOldBytes(after, 30_000)).toBeUndefined();
	});

	it('is the latest reading with a window of 0', () => {
		expect(unmanagedOldBytes(readings([50, 90], 2000, 0), 0)).toBe(90);
	});
});

describe('the unmanaged-memory alert, poll by poll (one worker, beta: 572 MiB)', () => {
	function polls(unmanagedMiB: readonly number[], start?: ClusterState): ClusterState {
		let state = start ?? initialState({intervalMs: 2000});
		for (const mib of unmanagedMiB) {
			const nowMs = T0 + state.snapshotCount * 2000;
			const beta = worker('tcp://127.0.0.1:1', {
				name: 'beta',
				memory_limit_bytes: LIMIT,
				memory_process_bytes: mib * MiB,
				memory_unmanaged_bytes: mib * MiB,
			});
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(nowMs / 1000, [beta]), nowMs});
		}
		return state;
	}
	const unmanaged = (state: ClusterState) => triageView(state).events.filter((e) => e.kind === 'unmanaged_memory');
	const steady = (mib: number, n: number) => Array.from({length: n}, () => mib);

	it('opens nothing for the blip right after a client left (348 MiB for one poll, then 48 MiB)', () => {
		const state = polls([...steady(48, 20), 348, ...steady(48, 20)]);
		expect(unmanaged(state)).toEqual([]);
	});

	it('opens nothing while a worker that just appeared has not been watched for 30 s', () => {
		expect(unmanaged(polls(steady(348, 15)))).toEqual([]); // 0 … 28 s
	});

	it('opens the alert once memory Dask does not manage has stayed 30 s, saying so', () => {
		const state = polls([...steady(48, 20), ...steady(200, 16)]);
		expect(unmanaged(state)).toMatchObject([{state: 'ongoing', severity: 'warning', subject_name: 'beta'}]);
		expect(unmanaged(state)[0]?.message).toBe(
			'beta: unmanaged memory at least 200.0 MiB (35 % of the limit) over the last 30 s',
		);
	});
});
