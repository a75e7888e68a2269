/**
 * Task progress (docs/endpoints.md, "Progress"): the cluster's tasks by state (exact, current gauges), then
 * one row per task prefix from the bookkeeping in progress-track.ts:
 *
 *   done      = Δ memory since the row's base (erred tasks are not done)
 *   erred     = Δ erred
 *   in flight = what the counters leave in flight, capped by the cluster's tasks in flight, 0 at an epoch
 *   total     = the tasks in flight at the base + Δ waiting (at least done + erred + in flight)
 *
 * A row is `exact` when its base had nothing in flight and nothing from before it (epoch, birth,
 * scheduler start) and its in-flight figure is proven: at an epoch, when none of its tasks went
 * through `released` since the base (so none was cancelled), or when the counters' in-flight
 * figures of all prefixes add up to the cluster's exact count.
 */
import type {PrefixCounters, Snapshot} from '../types/snapshot.js';
import {countedInFlight, countsOf, inCurrentRun} from './progress-track.js';
import {transition} from './rates.js';
import type {ClusterState, PrefixProgress, ProgressTrack, ProgressView, Rates} from './types.js';

/** Mean compute seconds per task of a prefix over the scheduler's life (≥ 2023.1.1 only). */
export function meanDurationSeconds(counters: PrefixCounters | undefined): number | undefined {
	const seconds = counters?.compute_seconds_total;
	const memory = transition(counters, 'memory');
	if (seconds === undefined || memory <= 0) return undefined;
	return seconds / memory;
}

/** Prefixes with tasks in flight first, then those with erred tasks, then the finished ones. */
function standing(row: PrefixProgress): number {
	return row.in_flight > 0 ? 0 : row.erred > 0 ? 1 : 2;
}

function byStandingThenOrder(a: {row: PrefixProgress; order: number}, b: {row: PrefixProgress; order: number}): number {
	return standing(a.row) - standing(b.row) || a.order - b.order;
}

/**
 * The rows of the progress view: the current run's prefixes with anything counted (progress-track.ts
 * `inCurrentRun`: earlier runs' prefixes drop out once a new one starts, unless their erred tasks
 * are proven still held), active first, then those with erred tasks, then the finished ones, each
 * in the order first seen.
 */
export function prefixesProgress(
	snapshot: Snapshot | undefined,
	track: ProgressTrack,
	rates?: Rates,
): PrefixProgress[] {
	if (!snapshot) return [];
	const active = track.active;
	const epoch = active === 0;
	const rows: Array<{row: PrefixProgress; order: number}> = [];
	const counted = new Map<string, number>();
	let countedSum = 0;
	for (const [name, p] of track.prefixes) {
		const counters = snapshot.scheduler.prefixes[name];
		if (!counters) continue; // not in this snapshot's /metrics: nothing to count it from
		const n = Math.max(0, countedInFlight(p, countsOf(counters)));
		counted.set(name, n);
		countedSum += n;
	}
	// Each prefix's counted in-flight figure is at least its true one, so when they add up to the
	// exact total, each is exact.
	const allAddUp = active !== undefined && countedSum === active;
	// Each prefix's erred transitions are at least its erred tasks now: equal sums prove each is held.
	const erredNow = snapshot.scheduler.tasks.erred;
	let erredSum = 0;
	for (const counters of Object.values(snapshot.scheduler.prefixes)) erredSum += transition(counters, 'erred');
	const erredHeld = erredNow !== undefined && erredNow > 0 && erredSum === erredNow;
	for (const [name, p] of track.prefixes) {
		const counters = snapshot.scheduler.prefixes[name];
		if (!counters) continue;
		const now = countsOf(counters);
		const done = Math.max(0, now.memory - p.base.memory);
		const erred = Math.max(0, now.erred - p.base.erred);
		const raw = counted.get(name) ?? 0;
		const in_flight = epoch ? 0 : Math.min(raw, active ?? raw);
		const total = Math.max(p.inFlightAtBase + now.waiting - p.base.waiting, done + erred + in_flight);
		if (total === 0 && done === 0 && erred === 0) continue;
		// An earlier run's prefix stays while its erred tasks are proven still held (the header counts them).
		if (in_flight === 0 && !inCurrentRun(track, name, now) && !(erredHeld && erred > 0)) continue;
		const noneReleased = now.released === p.base.released && p.kind !== 'in-flight';
		const inFlightExact = epoch || raw === 0 || noneReleased || allAddUp;
		const perPrefix = rates?.tasksDonePerSecond === undefined ? undefined : rates.perPrefix[name];
		const bytes = counters?.output_bytes;
		const mean = meanDurationSeconds(counters);
		rows.push({
			order: p.order,
			row: {
				prefix: name,
				done,
				total,
				erred,
				in_flight,
				...(bytes === undefined ? {} : {bytes}),
				...(p.sinceS === undefined ? {} : {since: p.sinceS}),
				exact: p.exactBase && inFlightExact,
				counted_from: p.kind,
				// No rate until two samples; then a prefix absent from the latest step finished nothing: 0.
				...(rates?.tasksDonePerSecond === undefined
					? {}
					: {done_per_second: perPrefix ? Math.max(0, perPrefix.donePerSecond - perPrefix.erredPerSecond) : 0}),
				...(mean === undefined ? {} : {mean_duration_seconds: mean}),
			},
		});
	}
	return rows.sort(byStandingThenOrder).map((r) => r.row);
}

interface Memo {
	readonly snapshot: ClusterState['snapshot'];
	readonly rates: ClusterState['rates'];
	readonly baselineAtS: ClusterState['baselineAtS'];
	readonly view: ProgressView;
}

const cache = new WeakMap<ClusterState['progress'], Memo>();

/**
 * Memoized on what it reads (the snapshot, the progress track, the rates, the baseline's time):
 * a round's state and every tick's after it (time moved, alerts evaluated) share one view.
 */
export function progressView(state: ClusterState): ProgressView {
	const {snapshot, progress: track, rates, baselineAtS} = state;
	const cached = cache.get(track);
	if (cached && cached.snapshot === snapshot && cached.rates === rates && cached.baselineAtS === baselineAtS)
		return cached.view;
	const view: ProgressView = {
		tasks: snapshot?.scheduler.tasks ?? {},
		tasks_total: snapshot?.scheduler.tasks_total,
		tasks_done_per_second: rates.tasksDonePerSecond,
		prefixes: prefixesProgress(snapshot, track, rates),
		epoch: track.active === 0,
		...(track.lastEpoch ? {last_epoch_time: track.lastEpoch.timeS} : {}),
		...(baselineAtS === undefined ? {} : {first_sample_time: baselineAtS}),
	};
	cache.set(track, {snapshot, rates, baselineAtS, view});
	return view;
}
