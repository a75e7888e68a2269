/**
 * Task progress (docs/endpoints.md, "Progress"). Cluster tasks by state are exact (current gauges). Per
 * prefix, Dask exposes no current state over HTTP, only cumulative transition counters, so each bar
 * is APPROXIMATE, counted from a baseline (the first snapshot the monitor saw, or a counter reset):
 *
 *   done      = Δ(memory) + Δ(erred)
 *   submitted ≈ Δ(waiting) + the tasks still outstanding at the baseline (waiting − memory − erred
 *               then), so work already in flight when the monitor started is on the bar too
 *   in flight = submitted − done
 *
 * Scattered data goes straight to memory (done without waiting: submitted is raised to done), and
 * tasks recomputed after a worker loss count twice.
 */
import type {PrefixCounters, Snapshot} from '../types/snapshot.js';
import {doneCount, transition} from './rates.js';
import type {ClusterState, PrefixBaseline, PrefixProgress, ProgressView} from './types.js';

export function baselineOf(counters: PrefixCounters | undefined): PrefixBaseline {
	return {
		waiting: transition(counters, 'waiting'),
		processing: transition(counters, 'processing'),
		queued: transition(counters, 'queued'),
		memory: transition(counters, 'memory'),
		erred: transition(counters, 'erred'),
		computeSeconds: counters?.compute_seconds_total,
	};
}

export function baselinesOf(prefixes: Readonly<Record<string, PrefixCounters>>): Record<string, PrefixBaseline> {
	const out: Record<string, PrefixBaseline> = {};
	for (const [prefix, counters] of Object.entries(prefixes)) out[prefix] = baselineOf(counters);
	return out;
}

const ZERO: PrefixBaseline = {waiting: 0, processing: 0, queued: 0, memory: 0, erred: 0};

/** Mean compute seconds per task of a prefix over the scheduler's life (≥ 2023.1.1 only). */
export function meanDurationSeconds(counters: PrefixCounters | undefined): number | undefined {
	const seconds = counters?.compute_seconds_total;
	const memory = transition(counters, 'memory');
	if (seconds === undefined || memory <= 0) return undefined;
	return seconds / memory;
}

export function prefixProgress(prefix: string, counters: PrefixCounters, baseline: PrefixBaseline | undefined, donePerSecond?: number): PrefixProgress {
	const b = baseline ?? ZERO;
	const outstandingAtBaseline = Math.max(0, b.waiting - b.memory - b.erred);
	const done = doneCount(counters) - b.memory - b.erred;
	const submitted = Math.max(done, transition(counters, 'waiting') - b.waiting + outstandingAtBaseline);
	const erred = transition(counters, 'erred') - b.erred;
	return {
		prefix,
		done,
		submitted,
		in_flight: submitted - done,
		fraction: submitted > 0 ? done / submitted : 0,
		erred,
		done_per_second: donePerSecond,
		mean_duration_seconds: meanDurationSeconds(counters),
	};
}

function byActivity(a: PrefixProgress, b: PrefixProgress): number {
	return b.in_flight - a.in_flight || b.done - a.done || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0);
}

/** Prefixes with anything submitted or done since the baseline, busiest first. */
export function prefixesProgress(
	snapshot: Snapshot | undefined,
	baselines: Readonly<Record<string, PrefixBaseline>>,
	perPrefixDone?: Readonly<Record<string, {readonly donePerSecond: number}>>,
): PrefixProgress[] {
	if (!snapshot) return [];
	const out: PrefixProgress[] = [];
	for (const [prefix, counters] of Object.entries(snapshot.scheduler.prefixes)) {
		// No rate until two samples; then a prefix absent from the latest step finished nothing: 0.
		const rate = perPrefixDone ? (perPrefixDone[prefix]?.donePerSecond ?? 0) : undefined;
		const p = prefixProgress(prefix, counters, baselines[prefix], rate);
		if (p.submitted > 0 || p.done > 0) out.push(p);
	}
	return out.sort(byActivity);
}

const cache = new WeakMap<ClusterState, ProgressView>();

/** Memoized per state (states are immutable). */
export function progressView(state: ClusterState): ProgressView {
	const cached = cache.get(state);
	if (cached) return cached;
	const snapshot = state.snapshot;
	const view: ProgressView = {
		tasks: snapshot?.scheduler.tasks ?? {},
		tasks_total: snapshot?.scheduler.tasks_total,
		tasks_done_per_second: state.rates.tasksDonePerSecond,
		prefixes: prefixesProgress(snapshot, state.baselines, state.rates.tasksDonePerSecond === undefined ? undefined : state.rates.perPrefix),
		approximate: true,
		baseline_time: state.baselineAtS,
	};
	cache.set(state, view);
	return view;
}
