/** A worker's window of readings: rates between readings of one endpoint only, counters that restart, busy runs. */
import {describe, expect, it} from 'vitest';
import {WorkerWindow} from '../../../source/model/diagnosis/worker-window.js';

function window(readings: ReadonlyArray<{at: number; busy?: boolean; held?: [number, string, number]}>): WorkerWindow {
	const w = new WorkerWindow();
	for (const r of readings) {
		w.begin(r.at, r.busy ?? true);
		if (r.held) w.set('held', r.held[0], r.held[1], r.held[2]);
	}
	return w;
}

describe("a worker's window of readings", () => {
	it('takes a rate between the oldest and newest readings of the same endpoint, by their answers’ times', () => {
		const w = window([
			{at: 100, held: [10, 'identity', 99.5]},
			{at: 102, held: [40, 'workers_html', 101.9]},
			{at: 104, held: [30, 'identity', 103.5]},
		]);
		expect(w.rate('held', false)).toMatchObject({perSecond: 5, spanS: 4, delta: 20, src: 'identity'});
	});

	it('gives no rate from one answer repeated by later polls (a cached figure)', () => {
		const w = window([
			{at: 100, held: [10, 'identity', 99.5]},
			{at: 102, held: [10, 'identity', 99.5]},
		]);
		expect(w.rate('held', false)).toBeUndefined();
	});

	it('reads a counter that went back as a restart, not as a rate', () => {
		const w = window([
			{at: 100, held: [100, 'worker_metrics', 100]},
			{at: 102, held: [3, 'worker_metrics', 102]},
		]);
		expect(w.rate('held', true)).toBeUndefined();
		expect(w.rate('held', false)?.perSecond).toBe(-48.5);
	});

	it('keeps the last six readings, and none older than 30 s', () => {
		const w = window(Array.from({length: 9}, (_, i) => ({at: 100 + i * 2, held: [i, 'identity', 100 + i * 2]})));
		expect(w.rate('held', false)).toMatchObject({spanS: 10, delta: 5});
		const gap = window([
			{at: 100, held: [0, 'identity', 100]},
			{at: 140, held: [50, 'identity', 140]},
		]);
		expect(gap.rate('held', false)).toBeUndefined();
	});

	it('knows since when the worker has been busy without a break, and counts only that run', () => {
		const w = window([
			{at: 100, busy: false, held: [0, 'identity', 100]},
			{at: 102, held: [0, 'identity', 102]},
			{at: 104, held: [20, 'identity', 104]},
		]);
		expect(w.busySince()).toBe(102);
		expect(w.rate('held', false, 102)).toMatchObject({perSecond: 10, spanS: 2});
		expect(w.busyThroughout(100)).toBe(false);
		expect(w.busyThroughout(102)).toBe(true);
	});
});
