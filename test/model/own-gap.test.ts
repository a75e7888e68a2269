/**
 * A stretch in which dask-top itself did not run (Ctrl-Z, the machine asleep): told by the source
 * with a round or with time passing, it is not the scheduler's doing — no missed polls, no stall
 * counted across it, one info event. SYNTHESIZED snapshots: what matters is the timing.
 */
import {describe, expect, it} from 'vitest';
import {missedPolls} from '../../source/model/freshness.js';
import {stallView} from '../../source/model/alerts/stall.js';
import {initialState, reduce} from '../../source/model/state.js';
import {triageView} from '../../source/model/alerts/triage.js';
import type {ClusterState} from '../../source/model/types.js';
import type {OwnGap} from '../../source/types/raw-scrape.js';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import {prefix, snapshot, worker} from '../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const live = (gap?: OwnGap): SourceStatus => ({
	state: 'live',
	requestsPerSecond: 1,
	bytesPerSecond: 100,
	...(gap ? {gap} : {}),
});
const kinds = (state: ClusterState) => triageView(state).alerts.map((a) => `${a.kind}:${a.severity}`);
const suspended = (state: ClusterState) => state.events.filter((e) => e.kind === 'suspended');

/** Fresh rounds every 2 s up to `untilS`, as the poller delivers them (told the status). */
function polled(untilS: number, tasks = {}, state = initialState({intervalMs: 2000})): ClusterState {
	const busy = [worker('tcp://a:1', {name: 'a', processing: 5, cpu_percent: 0.5})];
	for (let s = 0; s <= untilS; s += 2) {
		const snap = snapshot(T0 / 1000 + s, busy, {
			tasks: {processing: 5},
			prefixes: {p: prefix({processing: 5})},
			...tasks,
		});
		state = reduce(state, {type: 'snapshot', snapshot: snap, nowMs: T0 + s * 1000, source: {status: live()}});
	}
	return state;
}

describe('a gap in dask-top’s own time', () => {
	// dask-top stopped right after its round at 4 s and ran again at 19 s (Ctrl-Z, then fg)
	const gap = {fromMs: T0 + 4000, toMs: T0 + 19_000};

	it('is not a missed poll: time passed when it runs again raises no stale alert', () => {
		const state = reduce(polled(4), {type: 'tick', nowMs: T0 + 19_000, source: {status: live(gap)}});
		expect(missedPolls(state)).toBe(0);
		expect(kinds(state)).toEqual([]);
		// the same 15 s without dask-top saying it did not run: the scheduler did not answer, critical
		const blamed = reduce(polled(4), {type: 'tick', nowMs: T0 + 19_000, source: {status: live()}});
		expect(kinds(blamed)).toEqual(['stale:critical']);
	});

	it('is logged once, as an info event saying how long dask-top was suspended', () => {
		let state = reduce(polled(4), {type: 'tick', nowMs: T0 + 19_000, source: {status: live(gap)}});
		// told again with the next round (the round carries it, the status still does)
		const snap = snapshot(T0 / 1000 + 19, [], {tasks: {}});
		state = reduce(state, {type: 'snapshot', snapshot: snap, nowMs: T0 + 19_050, source: {status: live(gap)}, gap});
		expect(suspended(state)).toMatchObject([{severity: 'info', state: 'resolved', start_time: (T0 + 19_000) / 1000}]);
		expect(suspended(state)[0]?.message).toBe(
			'dask-top was suspended 15 s (08:00:04 UTC to 08:00:19 UTC): ' +
				"nothing was polled then, which is not the scheduler's doing",
		);
	});

	it('counts missed polls again from its end when the scheduler then does not answer', () => {
		let state = reduce(polled(4), {type: 'tick', nowMs: T0 + 19_000, source: {status: live(gap)}});
		state = reduce(state, {type: 'tick', nowMs: T0 + 24_000, source: {status: live(gap)}});
		expect(missedPolls(state)).toBe(2);
		expect(kinds(state)).toEqual(['stale:warning']);
	});

	it('counts toward a stall only once the counters were read after it', () => {
		// 5 tasks quiet from 0 s; dask-top asleep from 50 s to 110 s; time passed at 111 s, before a round
		const sleep = {fromMs: T0 + 50_000, toMs: T0 + 110_000};
		let state = reduce(polled(50), {type: 'tick', nowMs: T0 + 111_000, source: {status: live(sleep)}});
		expect(stallView(state)).toMatchObject({stalled: false, since_progress_seconds: 50});
		expect(kinds(state)).toEqual([]);
		const watched = reduce(polled(50), {type: 'tick', nowMs: T0 + 111_000, source: {status: live()}});
		expect(stallView(watched)).toMatchObject({stalled: true, since_progress_seconds: 111});
		// the round after it: the counters say whether anything moved meanwhile
		const round = (counters: Record<string, number>) =>
			reduce(state, {
				type: 'snapshot',
				snapshot: snapshot(T0 / 1000 + 111, [worker('tcp://a:1', {name: 'a', processing: 5, cpu_percent: 0.5})], {
					tasks: {processing: 5},
					prefixes: {p: prefix(counters)},
				}),
				nowMs: T0 + 111_000,
				source: {status: live(sleep)},
				gap: sleep,
			});
		expect(stallView(round({processing: 9, memory: 4}))).toMatchObject({stalled: false, since_progress_seconds: 0});
		state = round({processing: 5});
		expect(stallView(state)).toMatchObject({stalled: true, since_progress_seconds: 111});
	});
});
