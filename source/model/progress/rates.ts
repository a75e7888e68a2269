/**
 * Rates from the scheduler's cumulative per-prefix transition counters
 * (`dask_scheduler_prefix_state_totals_total`): tasks completed per second = Σ Δ(transitions into
 * memory + erred) / Δt, cluster-wide and per prefix.
 *
 * - A counter sample is timed by the /metrics answer it came from (its `last_ok`), falling back to
 *   the snapshot time; a snapshot that brings no new /metrics answer is "no sample" and the previous
 *   rates are kept (never a made-up zero).
 * - Counters only grow while the scheduler lives. A counter that goes back, a prefix that vanishes,
 *   or another scheduler id / start time means the scheduler restarted: that is a reset, no rate is
 *   given for that step and the progress baseline starts over.
 * - A gap (missed polls) gives the mean rate over the gap: it is what the counters say.
 */
import type {PrefixCounters, Snapshot} from '../../types/snapshot.js';
import type {Rates} from '../state-types.js';

export interface CounterSample {
	/** Epoch seconds. */
	readonly timeS: number;
	readonly prefixes: Readonly<Record<string, PrefixCounters>>;
	/** Scheduler id + start time, when known. */
	readonly scheduler?: string | undefined;
}

export const EMPTY_RATES: Rates = Object.freeze({perPrefix: Object.freeze({})});

function metricsTimeS(snapshot: Snapshot): number | undefined {
	const health = snapshot.endpoints.find((e) => e.target === undefined && e.path === '/metrics');
	if (!health) return snapshot.time;
	return health.last_ok;
}

/** The counters a snapshot carries, or undefined when it holds no /metrics data at all. */
export function counterSample(snapshot: Snapshot): CounterSample | undefined {
	if (snapshot.scheduler.prometheus_available === false) return undefined;
	const timeS = metricsTimeS(snapshot);
	if (timeS === undefined) return undefined;
	const {id, started} = snapshot.scheduler;
	const scheduler = id === undefined && started === undefined ? undefined : `${id ?? ''}@${started ?? ''}`;
	return {timeS, prefixes: snapshot.scheduler.prefixes, scheduler};
}

export function transition(counters: PrefixCounters | undefined, state: string): number {
	return counters?.transitions[state] ?? 0;
}

/** Transitions into memory or erred: tasks that finished. */
export function doneCount(counters: PrefixCounters | undefined): number {
	return transition(counters, 'memory') + transition(counters, 'erred');
}

/** True when `next` cannot follow `prev` on the same scheduler (restart): counters went back. */
export function countersReset(prev: CounterSample, next: CounterSample): boolean {
	if (prev.scheduler !== undefined && next.scheduler !== undefined && prev.scheduler !== next.scheduler) return true;
	for (const [prefix, before] of Object.entries(prev.prefixes)) {
		const after = next.prefixes[prefix];
		if (!after) return true; // prefixes are never deleted on a living scheduler
		for (const [state, count] of Object.entries(before.transitions)) {
			if ((after.transitions[state] ?? 0) < count) return true;
		}
		if ((after.compute_seconds_total ?? 0) < (before.compute_seconds_total ?? 0)) return true;
	}
	return false;
}

export interface RateStep {
	readonly rates: Rates;
	/** Tasks finished between the two samples (0 on reset or no new sample). */
	readonly done: number;
	/** Tasks that went into processing between the two samples: work seen to start (0 on reset or no new sample). */
	readonly started: number;
	readonly erred: number;
	readonly erredByPrefix: Readonly<Record<string, number>>;
	readonly reset: boolean;
	/** The new snapshot brought a new counter sample. */
	readonly fresh: boolean;
}

/** Rates between the previous sample and the new one; `previousRates` are kept when nothing new came. */
export function stepRates(
	prev: CounterSample | undefined,
	next: CounterSample | undefined,
	previousRates: Rates,
): RateStep {
	const none = {done: 0, started: 0, erred: 0, erredByPrefix: {}};
	if (!next) return {rates: previousRates, ...none, reset: false, fresh: false};
	if (!prev) return {rates: EMPTY_RATES, ...none, reset: false, fresh: true};
	if (next.timeS <= prev.timeS) return {rates: previousRates, ...none, reset: false, fresh: false};
	if (countersReset(prev, next))
		return {rates: {perPrefix: {}, resetAtS: next.timeS}, ...none, reset: true, fresh: true};
	const dt = next.timeS - prev.timeS;
	let done = 0;
	let started = 0;
	let erred = 0;
	const perPrefix: Record<string, {donePerSecond: number; erredPerSecond: number}> = {};
	const erredByPrefix: Record<string, number> = {};
	for (const [prefix, after] of Object.entries(next.prefixes)) {
		const before = prev.prefixes[prefix]; // a new prefix started from zero
		started += transition(after, 'processing') - transition(before, 'processing');
		const dDone = doneCount(after) - doneCount(before);
		const dErred = transition(after, 'erred') - transition(before, 'erred');
		if (dDone === 0 && dErred === 0) continue;
		done += dDone;
		erred += dErred;
		if (dErred > 0) erredByPrefix[prefix] = dErred;
		perPrefix[prefix] = {donePerSecond: dDone / dt, erredPerSecond: dErred / dt};
	}
	return {
		rates: {tasksDonePerSecond: done / dt, tasksErredPerSecond: erred / dt, perPrefix, windowSeconds: dt},
		done,
		started,
		erred,
		erredByPrefix,
		reset: false,
		fresh: true,
	};
}
