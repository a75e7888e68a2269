/**
 * What a progress row can know: done since it is counted, in flight now (never adding up to more
 * than the cluster's exact count), whether its total is known, what was cancelled, and the results
 * it holds. The counters in the synthesized samples are those a real Debian Dask 2022.12.1 gave
 * for each case (noted beside each); the recorded fixtures cover the rest.
 */
import {describe, expect, it} from 'vitest';
import {progressView} from '../../source/model/progress/progress.js';
import {initialState, reduce} from '../../source/model/state.js';
import type {ClusterState, PrefixProgress} from '../../source/model/types.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {SCENARIOS, type FixtureVersion} from '../helpers/fixtures.js';
import {fixtureSnapshot, prefix, snapshot} from '../helpers/snapshots.js';

interface Tasks {
	readonly processing?: number;
	readonly queued?: number;
	readonly waiting?: number;
	readonly memory?: number;
	readonly erred?: number;
	readonly released?: number;
}

function sample(timeS: number, prefixes: Record<string, Record<string, number>>, tasks: Tasks): Snapshot {
	return snapshot(timeS, [], {
		tasks: {processing: 0, queued: 0, waiting: 0, 'no-worker': 0, memory: 0, erred: 0, released: 0, ...tasks},
		prefixes: Object.fromEntries(Object.entries(prefixes).map(([name, t]) => [name, prefix(t)])),
		sources: {tasks: 'metrics'},
	});
}

function feed(snapshots: readonly Snapshot[]): ClusterState {
	let state = initialState();
	for (const s of snapshots) state = reduce(state, {type: 'snapshot', snapshot: s, nowMs: s.time * 1000});
	return state;
}

function rows(state: ClusterState): Record<string, PrefixProgress> {
	return Object.fromEntries(progressView(state).prefixes.map((p) => [p.prefix, p]));
}

// 100 `sleepy` tasks, 65 cancelled mid-run (59 of them released unfinished, 6 finished just before),
// 35 kept; later the client lets 15 go and holds 20 (all measured on Debian Dask 2022.12.1).
const SLEEPY_CANCELLED = {waiting: 100, processing: 66, queued: 94, memory: 41, released: 59, forgotten: 65};
const SLEEPY_HELD = {...SLEEPY_CANCELLED, forgotten: 80};
// Earlier runs a long-lived scheduler remembers: results forgotten straight from memory, and
// intermediates released by their dependents, then forgotten.
const OLD_RUNS = {
	load: {waiting: 20, processing: 20, memory: 20, forgotten: 20},
	double: {waiting: 50, processing: 50, memory: 50, released: 50, forgotten: 50},
};

describe('a progress row says what can be known', () => {
	it('shows a prefix whose results an earlier client holds, with nothing in flight, and how many it holds', () => {
		const state = feed([sample(100, {...OLD_RUNS, sleepy: SLEEPY_HELD}, {memory: 20})]);
		// Upper bounds: sleepy 41 − (80 forgotten − 59 released) = 20; the old runs 0. The cluster holds 20.
		expect(rows(state)['sleepy']).toMatchObject({held: 20, in_flight: 0, done: 0, cancelled: 0});
		expect(rows(state)['sleepy']).not.toHaveProperty('held_max');
		expect(Object.keys(rows(state))).toEqual(['sleepy']);
	});

	it("never lets the rows' in flight add up to more than the cluster's tasks in flight", () => {
		// Started while a graph of 100 inc → nap → one total runs, after the sleepy run was cancelled
		// and forgotten whole: 43 waiting, 39 queued, 6 processing (measured together).
		const state = feed([
			sample(
				100,
				{
					sleepy: {...SLEEPY_CANCELLED, forgotten: 100},
					inc: {waiting: 200, processing: 161, queued: 188, memory: 158, released: 155, forgotten: 100},
					nap: {waiting: 200, processing: 158, memory: 155, released: 100, forgotten: 100},
					total: {waiting: 2, processing: 1, memory: 1, forgotten: 1},
				},
				{waiting: 43, queued: 39, processing: 6, memory: 58, released: 55},
			),
		]);
		const view = progressView(state);
		expect(view.prefixes.reduce((n, p) => n + p.in_flight, 0)).toBeLessThanOrEqual(88);
		// The cancelled run is all forgotten: nothing of it in flight (it showed 88 before). The others'
		// upper bounds then add up to exactly 88, so each is proven.
		const r = rows(state);
		expect(r['sleepy']).toBeUndefined();
		expect([r['inc']?.in_flight, r['nap']?.in_flight, r['total']?.in_flight]).toEqual([42, 45, 1]);
		expect(view.prefixes.every((p) => p.in_flight_max === undefined)).toBe(true);
	});

	it('started mid-run on a graph that releases intermediates: done, in flight and total since then', () => {
		const inc = {waiting: 200, processing: 161, queued: 188, memory: 158, released: 155, forgotten: 100};
		const state = feed([
			sample(100, {inc}, {queued: 40, processing: 2}),
			sample(102, {inc: {...inc, processing: 170, memory: 167, released: 164}}, {queued: 31, processing: 2}),
		]);
		const row = rows(state)['inc'];
		// The only prefix in flight: the cluster's exact count (queued 40 + processing 2) pins its tasks in
		// flight at first sight, so its total since then is known: those 42 and none submitted since.
		// Not 158/200: an earlier run is in the counters.
		expect(row).toMatchObject({
			done: 9,
			in_flight: 33,
			total: 42,
			exact: true,
			counted_from: 'first-sample',
			since: 100,
		});
	});

	it('after a cancel, says what was released unfinished apart from done and in flight', () => {
		const state = feed([
			sample(100, {}, {}),
			sample(102, {sleepy: {waiting: 100, processing: 30, queued: 94, memory: 20}}, {processing: 4, queued: 76}),
			sample(104, {sleepy: SLEEPY_CANCELLED}, {memory: 35}),
		]);
		expect(rows(state)['sleepy']).toMatchObject({
			done: 41,
			total: 100,
			cancelled: 59,
			in_flight: 0,
			held: 35,
			exact: true,
			counted_from: 'birth',
		});
	});

	it('gives a range, not a guess, when the counters and the cluster cannot tell which prefix a task belongs to', () => {
		// Both prefixes had tasks released since the last poll: after use (results freed) or unfinished
		// (cancelled)? The counters cannot say, and the cluster's 12 in flight only narrows it.
		const state = feed([
			sample(100, {}, {}),
			sample(102, {a: {waiting: 20, memory: 10}, b: {waiting: 10, memory: 5}}, {processing: 15}),
			sample(
				104,
				{a: {waiting: 20, memory: 10, released: 5}, b: {waiting: 10, memory: 5, released: 3}},
				{processing: 12},
			),
		]);
		const r = rows(state);
		expect(r['a']).toMatchObject({in_flight: 7, in_flight_max: 10, cancelled: 0, cancelled_max: 3, exact: false});
		expect(r['b']).toMatchObject({in_flight: 2, in_flight_max: 5, cancelled: 0, cancelled_max: 3, exact: false});
		expect(r['a']!.in_flight + r['b']!.in_flight).toBeLessThanOrEqual(12);
	});
});

describe.each(['2022.12.1', '2026.7.1'] as const)('the recorded Dask %s, from every start', (version) => {
	it.each(SCENARIOS.map((_, i) => i))(
		"started at scenario %i: the rows' in flight and held never add up to more than the cluster's",
		(start) => {
			let state = initialState();
			SCENARIOS.slice(start).forEach((scenario, i) => {
				const at = 1_800_000_000_000 + i * 10_000;
				const s = fixtureSnapshot(version as FixtureVersion, scenario, at);
				state = reduce(state, {type: 'snapshot', snapshot: s, nowMs: at});
				const view = progressView(state);
				const t = view.tasks;
				const active = (t.processing ?? 0) + (t.queued ?? 0) + (t.waiting ?? 0) + (t['no-worker'] ?? 0);
				const sum = (f: (p: PrefixProgress) => number) => view.prefixes.reduce((n, p) => n + f(p), 0);
				expect(
					sum((p) => p.in_flight),
					scenario,
				).toBeLessThanOrEqual(active);
				expect(
					sum((p) => p.held ?? 0),
					scenario,
				).toBeLessThanOrEqual(t.memory ?? 0);
				for (const p of view.prefixes) {
					expect(p.in_flight_max ?? p.in_flight).toBeLessThanOrEqual(active);
					if (p.total !== undefined)
						expect(p.done + p.erred + p.cancelled + p.in_flight, `${scenario} ${p.prefix}`).toBeLessThanOrEqual(
							p.total,
						);
				}
			});
		},
	);
});
