import {describe, expect, it} from 'vitest';
import {prefixProgress, progressView} from '../../source/model/progress.js';
import {initialState, reduce} from '../../source/model/state.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {fixtureSnapshot, prefix} from '../helpers/snapshots.js';

const T0 = 1_800_000_000_000;

/** The same scheduler a few seconds later, with some prefixes' counters moved on (synthesized). */
function later(snap: Snapshot, seconds: number, moves: Record<string, Record<string, number>>): Snapshot {
	const prefixes = {...snap.scheduler.prefixes};
	for (const [name, add] of Object.entries(moves)) {
		const old = prefixes[name] ?? {transitions: {}};
		const transitions = {...old.transitions};
		for (const [state, n] of Object.entries(add)) transitions[state] = (transitions[state] ?? 0) + n;
		prefixes[name] = {...old, transitions};
	}
	const time = snap.time + seconds;
	return {...snap, time, scheduler: {...snap.scheduler, prefixes}, endpoints: snap.endpoints.map((e) => ({...e, last_ok: e.last_ok === undefined ? undefined : time}))};
}

describe('per-prefix progress (approximate, from cumulative counters)', () => {
	it('puts the work outstanding at the first snapshot on the bar (2022.12.1 busy)', () => {
		const state = reduce(initialState(), {type: 'snapshot', snapshot: fixtureSnapshot('2022.12.1', 'busy', T0), nowMs: T0});
		const view = progressView(state);
		expect(view.approximate).toBe(true);
		expect(view.tasks).toMatchObject({queued: 214, processing: 24, memory: 5, waiting: 56});
		const inc = view.prefixes.find((p) => p.prefix === 'inc');
		// waiting 200 − (memory 5 + erred 0) outstanding at the baseline, none done since
		expect(inc).toMatchObject({done: 0, submitted: 195, in_flight: 195, fraction: 0, erred: 0});
		expect(inc?.done_per_second).toBeUndefined();
		expect(inc?.mean_duration_seconds).toBeUndefined(); // no compute seconds before 2023.1.1
	});

	it('counts completions and submissions since the baseline, with a rate per prefix', () => {
		const first = fixtureSnapshot('2022.12.1', 'busy', T0);
		let state = reduce(initialState(), {type: 'snapshot', snapshot: first, nowMs: T0});
		state = reduce(state, {type: 'snapshot', snapshot: later(first, 10, {inc: {memory: 40}, explode: {waiting: 6, erred: 6}}), nowMs: T0 + 10_000});
		const view = progressView(state);
		expect(view.tasks_done_per_second).toBe(4.6);
		expect(view.prefixes.find((p) => p.prefix === 'inc')).toMatchObject({done: 40, submitted: 195, in_flight: 155, done_per_second: 4});
		expect(view.prefixes.find((p) => p.prefix === 'explode')).toMatchObject({done: 6, submitted: 6, in_flight: 0, fraction: 1, erred: 6, done_per_second: 0.6});
		expect(view.prefixes.find((p) => p.prefix === 'load-csv')).toMatchObject({done: 0, done_per_second: 0});
		expect(view.prefixes[0]?.prefix).toBe('inc'); // busiest first
	});

	it('gives mean task durations where compute seconds exist (2026.7.1 busy)', () => {
		const state = reduce(initialState(), {type: 'snapshot', snapshot: fixtureSnapshot('2026.7.1', 'busy', T0), nowMs: T0});
		const inc = progressView(state).prefixes.find((p) => p.prefix === 'inc');
		expect(inc?.mean_duration_seconds).toBeCloseTo(1.511677 / 6, 6);
	});

	it('raises submitted to done when data was scattered straight into memory', () => {
		expect(prefixProgress('scatter', prefix({memory: 8}), undefined)).toMatchObject({done: 8, submitted: 8, fraction: 1});
	});
});
