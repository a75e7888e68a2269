/**
 * Hysteresis of the level alerts (process memory, unmanaged memory, event loop, heartbeat age),
 * through the real reducer poll by poll. SYNTHESIZED workers: no fixture hovers at a threshold for
 * 20 polls. Polls every 2 s; defaults: margins 0.05 / 0.05 / 0.2 s / 0.5 × heartbeat, alert_clear_s 10 s.
 */
import {describe, expect, it} from 'vitest';
import {heldSeverity} from '../../../source/model/hold.js';
import {initialState, reduce} from '../../../source/model/state.js';
import {resolveThresholds} from '../../../source/model/alerts/threshold-overrides.js';
import {triageView} from '../../../source/model/alerts/triage.js';
import type {
	AlertKind,
	ClusterState,
	ModelEvent,
	Severity,
	ThresholdName,
	Thresholds,
} from '../../../source/model/types.js';
import type {WorkerSnapshot} from '../../../source/types/snapshot.js';
import {schedulerLog, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const POLL_MS = 2000;
const LIMIT = 100 * 1024 ** 3;
const ADDRESS = 'tcp://10.0.0.1:1';

interface Case {
	readonly kind: AlertKind;
	/** The worker's figures for a value of the rule's figure (undefined: not reported). */
	readonly figures: (value: number | undefined) => Partial<WorkerSnapshot>;
	/** Its margin's name in the threshold table. */
	readonly margin: ThresholdName;
	readonly below: number; // just under the warning threshold
	readonly above: number; // just over it
	readonly held: number; // under the threshold, not yet under threshold − margin
	readonly clear: number; // under threshold − margin
	readonly critical: number;
	readonly heldCritical: number; // under critical, not yet under critical − margin
	readonly warning: number; // well inside the warning band (under critical − margin)
	readonly heldText: RegExp;
	readonly clearingText: RegExp;
	/** Thresholds the case needs besides the defaults. */
	readonly thresholds?: Partial<Thresholds>;
}

const CASES: readonly Case[] = [
	{
		kind: 'memory',
		figures: (v) => ({memory_limit_bytes: LIMIT, ...(v === undefined ? {} : {memory_process_bytes: v * LIMIT})}),
		margin: 'memory_clear_margin',
		below: 0.69,
		above: 0.71,
		held: 0.66,
		clear: 0.64,
		critical: 0.85,
		heldCritical: 0.77,
		warning: 0.72,
		heldText:
			/^10\.0\.0\.1:1: process memory 66 % of 100\.0 GiB, under Dask's spill threshold \(70 %\) but not yet below 65 %$/,
		clearingText: new RegExp(
			/^10\.0\.0\.1:1: process memory 71 % of 100\.0 GiB, over Dask's /.source +
				/spill threshold \(70 %\); back under 65 % since \d\d:\d\d:\d\d UTC$/.source,
		),
	},
	{
		kind: 'unmanaged_memory',
		figures: (v) => ({memory_limit_bytes: LIMIT, ...(v === undefined ? {} : {memory_unmanaged_bytes: v * LIMIT})}),
		margin: 'unmanaged_clear_margin',
		below: 0.29,
		above: 0.31,
		held: 0.26,
		clear: 0.24,
		critical: 0.55,
		heldCritical: 0.47,
		warning: 0.35,
		heldText: new RegExp(
			/^10\.0\.0\.1:1: unmanaged memory 26\.0 GiB \(26 % of the limit\), /.source +
				/under the warning threshold \(30 %\) but not yet below 25 %$/.source,
		),
		clearingText:
			/^10\.0\.0\.1:1: unmanaged memory 31\.0 GiB \(31 % of the limit\); back under 25 % since \d\d:\d\d:\d\d UTC$/,
		// Each reading judged as it comes: what stays over 30 s (unmanaged_old) is unmanaged-old.test.ts's.
		thresholds: {unmanaged_recent_s: 0},
	},
	{
		kind: 'event_loop',
		figures: (v) => (v === undefined ? {} : {event_loop_interval_seconds: v}),
		margin: 'event_loop_clear_margin_s',
		below: 0.95,
		above: 1.05,
		held: 0.85,
		clear: 0.79,
		critical: 3.5,
		heldCritical: 2.9,
		warning: 1.5,
		heldText:
			/^10\.0\.0\.1:1: event loop interval 0\.85 s, under the warning threshold \(1 s\) but not yet below 0\.8 s$/,
		clearingText: new RegExp(
			/^10\.0\.0\.1:1: event loop interval 1\.05 s \(nominal 0\.02 s\): /.source +
				/the worker is blocked; back under 0\.8 s since \d\d:\d\d:\d\d UTC$/.source,
		),
	},
	{
		// One worker: Dask's heartbeat interval is 0.5 s, so the warning is at 1.5 s (3 ×), clear below 1.25 s (2.5 ×).
		kind: 'heartbeat',
		figures: (v) => (v === undefined ? {} : {heartbeat_age_seconds: v}),
		margin: 'heartbeat_clear_margin_x',
		below: 1.4,
		above: 1.6,
		held: 1.3,
		clear: 1.2,
		critical: 5.5,
		heldCritical: 4.8,
		warning: 2.5,
		heldText: new RegExp(
			/^10\.0\.0\.1:1: no heartbeat for 1\.3 s \(expected every 0\.5 s\), under /.source +
				/the warning threshold \(3 x 0\.5 s\) but not yet below 2\.5 x 0\.5 s$/.source,
		),
		clearingText: new RegExp(
			/^10\.0\.0\.1:1: no heartbeat for 1\.6 s \(expected every /.source +
				/0\.5 s\); back under 2\.5 x 0\.5 s since \d\d:\d\d:\d\d UTC$/.source,
		),
	},
];

/** One poll per value, every 2 s from T0 (or from where `start` left off). */
function polls(
	values: ReadonlyArray<number | undefined>,
	c: Case,
	start?: ClusterState,
	thresholds?: Thresholds,
): ClusterState {
	let state = start ?? initialState({intervalMs: POLL_MS, thresholds: {...thresholds, ...c.thresholds}});
	for (const value of values) {
		const nowMs = T0 + state.snapshotCount * POLL_MS;
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(nowMs / 1000, [worker(ADDRESS, {status: 'running', ...c.figures(value)})]),
			nowMs,
		});
	}
	return state;
}

const repeat = <T>(value: T, n: number): T[] => Array.from({length: n}, () => value);
const oscillating = (c: Case, n: number) => Array.from({length: n}, (_, i) => (i % 2 ? c.above : c.below));
/** Poll i happens at this epoch second. */
const at = (i: number) => (T0 + i * POLL_MS) / 1000;

function eventsOf(state: ClusterState, kind: AlertKind): ModelEvent[] {
	return triageView(state).events.filter((e) => e.kind === kind);
}

function ongoingSeverity(state: ClusterState, kind: AlertKind): Severity | 'none' {
	return triageView(state).alerts.find((a) => a.kind === kind)?.severity ?? 'none';
}

describe('heldSeverity (process memory defaults: 0.70 / 0.80, margin 0.05)', () => {
	it.each([
		[0.69, undefined, undefined],
		[0.7, undefined, 'warning'],
		[0.8, undefined, 'critical'],
		[0.69, 'warning', 'warning'],
		[0.65, 'warning', 'warning'], // exactly threshold − margin still holds
		[0.64, 'warning', undefined],
		[0.8, 'warning', 'critical'],
		[0.79, 'critical', 'critical'],
		[0.75, 'critical', 'critical'],
		[0.74, 'critical', 'warning'],
		[0.66, 'critical', 'warning'],
		[0.64, 'critical', undefined],
	] as const)('%s with %s ongoing → %s', (value, ongoing, expected) => {
		expect(heldSeverity(value, 0.7, 0.8, 0.05, ongoing)).toBe(expected);
	});
});

describe.each(CASES)('$kind alert hysteresis', (c) => {
	it('keeps exactly one event while the figure oscillates around the warning threshold for 20 polls', () => {
		const state = polls(oscillating(c, 20), c);
		const events = eventsOf(state, c.kind);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({state: 'ongoing', severity: 'warning', start_time: at(1)});
	});

	it('flaps (one event per crossing) with its margin and alert_clear_s overridden to 0', () => {
		const thresholds = resolveThresholds({[c.margin]: 0, alert_clear_s: 0});
		if ('error' in thresholds) throw new Error(thresholds.error);
		expect(eventsOf(polls(oscillating(c, 20), c, undefined, thresholds), c.kind)).toHaveLength(10);
	});

	it('holds the level between threshold − margin and the threshold, saying so', () => {
		const state = polls([c.above, c.held, c.held], c);
		expect(ongoingSeverity(state, c.kind)).toBe('warning');
		expect(triageView(state).alerts.find((a) => a.kind === c.kind)?.message).toMatch(c.heldText);
		expect(eventsOf(state, c.kind)).toHaveLength(1);
	});

	it('resolves once below threshold − margin for alert_clear_s, ending when it went clear', () => {
		let state = polls([...oscillating(c, 20), c.clear], c); // poll 20 is the first clear one
		const clearing = state.alerts.get(`${c.kind}|${ADDRESS}`);
		expect(clearing).toMatchObject({state: 'ongoing', severity: 'warning', clearing_since: at(20)});
		expect(clearing?.message).toMatch(c.clearingText);
		state = polls(repeat(c.clear, 4), c, state); // polls 21–24: 8 s clear
		// unchanged while it clears: no new objects, no churn
		expect(state.alerts.get(`${c.kind}|${ADDRESS}`)).toBe(clearing);
		state = polls([c.clear], c, state); // poll 25: 10 s clear
		expect(ongoingSeverity(state, c.kind)).toBe('none');
		const events = eventsOf(state, c.kind);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({
			state: 'resolved',
			start_time: at(1),
			end_time: at(20),
			duration_seconds: at(20) - at(1),
		});
		expect(events[0]?.message).toMatch(c.clearingText); // what the incident was, and when it cleared
		expect(events[0]).not.toHaveProperty('clearing_since');
	});

	it('resolves at the first poll below threshold − margin with alert_clear_s = 0', () => {
		const thresholds = resolveThresholds({alert_clear_s: 0});
		if ('error' in thresholds) throw new Error(thresholds.error);
		const state = polls([...oscillating(c, 20), c.clear], c, undefined, thresholds);
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'resolved', end_time: at(20)}]);
	});

	it('continues the same event when the figure comes back over while clearing', () => {
		const state = polls([c.above, c.clear, c.clear, c.above, c.clear], c);
		const events = eventsOf(state, c.kind);
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({state: 'ongoing', start_time: at(0), clearing_since: at(4)}); // the clock restarted
	});

	it('makes warning → critical → warning one event that records the peak severity', () => {
		let state = polls([...repeat(c.above, 3), ...repeat(c.critical, 5)], c); // over critical from poll 3, 8 s
		expect(ongoingSeverity(state, c.kind)).toBe('warning'); // not yet critical_after_s (10 s)
		expect(state.alerts.get(`${c.kind}|${ADDRESS}`)?.critical_since).toBe(at(3));
		state = polls([c.critical, c.heldCritical], c, state); // poll 8: 10 s over; poll 9 under, not under − margin
		expect(ongoingSeverity(state, c.kind)).toBe('critical');
		expect(state.alerts.get(`${c.kind}|${ADDRESS}`)).not.toHaveProperty('critical_since');
		state = polls(repeat(c.warning, 3), c, state);
		expect(ongoingSeverity(state, c.kind)).toBe('warning');
		const logged = state.events.filter((e) => e.kind === c.kind); // the log itself, not only the view
		expect(logged).toHaveLength(1);
		expect(logged[0]).toMatchObject({state: 'ongoing', severity: 'warning', peak_severity: 'critical'});
		state = polls(repeat(c.clear, 6), c, state);
		expect(eventsOf(state, c.kind)).toMatchObject([
			{state: 'resolved', severity: 'warning', peak_severity: 'critical', start_time: at(0), end_time: at(13)},
		]);
	});

	it('never turns critical on spikes over the critical threshold shorter than critical_after_s', () => {
		// over critical for one poll, then for four (8 s): each a warning, the wait starting again each time
		const state = polls([c.above, c.critical, c.warning, ...repeat(c.critical, 4), c.warning, c.warning], c);
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'ongoing', severity: 'warning', peak_severity: 'warning'}]);
		expect(state.alerts.get(`${c.kind}|${ADDRESS}`)).not.toHaveProperty('critical_since');
	});

	it('holds the alert over polls that do not report the figure (identity.json failing every other poll)', () => {
		let state = polls([c.above, undefined, c.above, undefined, c.above, undefined, c.above], c);
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'ongoing', severity: 'warning', start_time: at(0)}]);
		state = polls(repeat(undefined, 6), c, state); // unreported from poll 7 on: resolves 10 s later
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'resolved', end_time: at(7)}]);
		expect(eventsOf(state, c.kind)[0]?.message).toMatch(/; not reported since \d\d:\d\d:\d\d UTC$/);
	});

	it('resolves at once when the worker is gone (its departure says why)', () => {
		let state = polls([c.critical], c);
		const nowMs = T0 + POLL_MS;
		const gone = snapshot(nowMs / 1000, [], {}, schedulerLog(nowMs / 1000, [[ADDRESS, 'unexplained']]));
		state = reduce(state, {type: 'snapshot', snapshot: gone, nowMs});
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'resolved', end_time: at(1)}]);
		// Not heard from for the critical level before it went: lost for no heartbeat (ongoing). Else it
		// held no work: gone for a reason HTTP cannot tell, a warning in the log (departure.ts).
		if (c.kind === 'heartbeat') expect(ongoingSeverity(state, 'worker_lost')).toBe('critical');
		else expect(eventsOf(state, 'worker_lost')).toMatchObject([{severity: 'warning', state: 'resolved'}]);
	});

	it('resolves on a tick once the clear time has passed without new data', () => {
		let state = polls([c.above, c.clear], c);
		state = reduce(state, {type: 'tick', nowMs: T0 + POLL_MS + 9000});
		expect(ongoingSeverity(state, c.kind)).toBe('warning');
		state = reduce(state, {type: 'tick', nowMs: T0 + POLL_MS + 10_000});
		expect(eventsOf(state, c.kind)).toMatchObject([{state: 'resolved', end_time: at(1)}]);
	});
});
