/**
 * Task progress (docs/triage.md, "Task progress"): the cluster's tasks by state (exact, current
 * gauges), then one row per task prefix from the bookkeeping in progress-track.ts:
 *
 *   done      = Δ memory since the row's base (erred tasks are not done)
 *   erred     = Δ erred
 *   in flight = between bounds (progress-bounds.ts); the rows' lower bounds never add up to more
 *               than the cluster's exact count, and meet the upper ones when the counters prove it
 *   cancelled = submitted since the base, less done, erred and in flight: released unfinished
 *               (cancelled, a client gone, retried after a worker died)
 *   held      = its results in memory now, between bounds (also those from before the base)
 *   total     = submitted since the base (at least done + erred + cancelled + in flight); unknown
 *               for a row counted from dask-top's first sample mid-run
 *
 * A row is `exact` when its base had nothing in flight (its total is known) and its in-flight
 * figure is proven.
 */
import type {PrefixCounters, Snapshot} from '../../types/snapshot.js';
import {EXACT_ZERO, isExact} from './progress-bounds.js';
import {countsOf, inCurrentRun, submittedUnfinished} from './progress-track.js';
import {transition} from './rates.js';
import type {Bounds, ClusterState, ProgressTrack, Rates} from '../state-types.js';
import type {PrefixProgress, ProgressView} from '../view-types.js';

/** Mean compute seconds per task of a prefix over the scheduler's life (≥ 2023.1.1 only). */
export function meanDurationSeconds(counters: PrefixCounters | undefined): number | undefined {
	const seconds = counters?.compute_seconds_total;
	const memory = transition(counters, 'memory');
	if (seconds === undefined || memory <= 0) return undefined;
	return seconds / memory;
}

/** Prefixes with tasks (maybe) in flight first, then those with erred tasks, then holding results, then the rest. */
function standing(row: PrefixProgress): number {
	if ((row.in_flight_max ?? row.in_flight) > 0) return 0;
	if (row.erred > 0) return 1;
	return (row.held ?? 0) > 0 ? 2 : 3;
}

function byStandingThenOrder(a: {row: PrefixProgress; order: number}, b: {row: PrefixProgress; order: number}): number {
	return standing(a.row) - standing(b.row) || a.order - b.order;
}

/** `name` and `name_max` of a count between bounds: the upper one only when it differs. */
function bounded<K extends string>(name: K, b: Bounds): Record<K, number> & Partial<Record<`${K}_max`, number>> {
	const out: Record<string, number> = {[name]: b.lo};
	if (b.hi !== b.lo) out[`${name}_max`] = b.hi;
	return out as Record<K, number> & Partial<Record<`${K}_max`, number>>;
}

/**
 * The rows of the progress view: the current run's prefixes with anything counted (progress-track.ts
 * `inCurrentRun`: earlier runs' prefixes drop out once a new one starts, unless their erred tasks
 * are proven still held or they hold results), active first, then those with erred tasks, then
 * those holding results, then the finished ones, each in the order first seen.
 */
export function prefixesProgress(
	snapshot: Snapshot | undefined,
	track: ProgressTrack,
	rates?: Rates,
): PrefixProgress[] {
	if (!snapshot) return [];
	const rows: Array<{row: PrefixProgress; order: number}> = [];
	// Each prefix's erred transitions are at least its erred tasks now: equal sums prove each is held.
	const erredNow = snapshot.scheduler.tasks.erred;
	let erredSum = 0;
	for (const counters of Object.values(snapshot.scheduler.prefixes)) erredSum += transition(counters, 'erred');
	const erredHeld = erredNow !== undefined && erredNow > 0 && erredSum === erredNow;
	for (const [name, p] of track.prefixes) {
		const counters = snapshot.scheduler.prefixes[name];
		if (!counters) continue; // not in this snapshot's /metrics: nothing to count it from
		const now = countsOf(counters);
		const done = Math.max(0, now.memory - p.base.memory);
		const erred = Math.max(0, now.erred - p.base.erred);
		const flight = p.anchorFlight;
		const held = track.held?.get(name);
		const unfinished = submittedUnfinished(p, now);
		const releasedSince = Math.max(0, now.released - p.base.released);
		const cancelled = {
			lo: Math.min(releasedSince, Math.max(0, unfinished.lo - flight.hi)),
			hi: Math.min(releasedSince, Math.max(0, unfinished.hi - flight.lo)),
		};
		const accounted = done + erred + cancelled.lo + flight.lo;
		// Submitted since the base: those in flight then (a first sight's, proven) and those entered waiting since.
		const submitted = p.baseFlight.lo + now.waiting - p.base.waiting;
		const total = p.exactBase || p.kind === 'held' ? Math.max(submitted, accounted) : undefined;
		const holding = (held?.lo ?? 0) > 0;
		if (done === 0 && erred === 0 && cancelled.hi === 0 && flight.hi === 0 && !holding && !total) continue;
		// An earlier run's prefix stays while its erred tasks are proven still held (the header counts
		// them) or it holds results.
		if (flight.hi === 0 && !inCurrentRun(track, name, now) && !(erredHeld && erred > 0) && !holding) continue;
		const perPrefix = rates?.tasksDonePerSecond === undefined ? undefined : rates.perPrefix[name];
		const bytes = counters?.output_bytes;
		const mean = meanDurationSeconds(counters);
		rows.push({
			order: p.order,
			row: {
				prefix: name,
				done,
				...(total === undefined ? {} : {total}),
				erred,
				...bounded('cancelled', cancelled),
				...bounded('in_flight', flight),
				...(held ? bounded('held', held) : {}),
				...(bytes === undefined ? {} : {bytes}),
				...(p.sinceS === undefined ? {} : {since: p.sinceS}),
				exact: p.exactBase && isExact(flight ?? EXACT_ZERO),
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
