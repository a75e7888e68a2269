/**
 * One snapshot into the state: freshness, counter rates and task progress, worker tracking and
 * history, why workers left, "rising" marks (erred tasks, spilled bytes), scale-down wait counts,
 * then the alerts.
 */
import type {Snapshot} from '../types/snapshot.js';
import {scaleDownCandidates} from './adaptive/adaptive.js';
import {learnFlavor} from './adaptive/adaptive-flavor.js';
import {alertId} from './alerts/alerts.js';
import {evaluateAlerts} from './alerts/evaluate.js';
import {stepErredBefore} from './alerts/erred-before.js';
import {prependEvents} from './alerts/events.js';
import {departureEvent, joinEvents, retireEvent} from './worker-events.js';
import {pushClusterHistory} from './history/cluster-history.js';
import {activeTasks, memoryTasks, trackProgress} from './progress/progress-track.js';
import {counterSample, stepRates} from './progress/rates.js';
import {snapshotFresh, workerListFresh} from './freshness.js';
import {heartbeatIntervalSeconds} from './alerts/thresholds.js';
import type {ClusterState, Rise} from './state-types.js';
import type {ModelEvent} from './view-types.js';
import {departureOf, stepDepartures} from './departures/departures.js';
import {stepRetires} from './departures/retire.js';
import {trackWorkers} from './history/worker-tracks.js';
import {diagnose} from './diagnosis/diagnose.js';
import {EMPTY_TIME, stepTime} from './time/time-track.js';

/**
 * Spill rises are measured between two readings of the same source at most this far apart: a
 * counter grown over a longer gap (an outage, a fallback that stopped and came back later) says
 * nothing about whether the worker is spilling now.
 */
const SPILL_READINGS_MAX_GAP_MS = 60_000;

function addRise(
	rises: Map<string, Rise>,
	key: string,
	amount: number,
	nowMs: number,
	windowMs: number,
	detail?: Readonly<Record<string, number>>,
): void {
	const old = rises.get(key);
	if (old && nowMs - old.lastMs <= windowMs) {
		const merged: Record<string, number> = {...old.detail};
		for (const [k, v] of Object.entries(detail ?? {})) merged[k] = (merged[k] ?? 0) + v;
		rises.set(key, {
			firstMs: old.firstMs,
			lastMs: nowMs,
			amount: old.amount + amount,
			...(detail || old.detail ? {detail: merged} : {}),
		});
	} else {
		rises.set(key, {firstMs: nowMs, lastMs: nowMs, amount, ...(detail ? {detail} : {})});
	}
}

/**
 * The scheduler could not hear its workers until this fresh snapshot: the polls before it went
 * unanswered (or none came for two intervals), or its event loop was blocked for longer than a
 * heartbeat interval (its own longest tick since the last scrape, e.g. a frozen process resumed).
 */
function schedulerWasDeaf(state: ClusterState, snapshot: Snapshot, nowMs: number): boolean {
	const {missedRounds, lastFreshMs, intervalMs} = state.source;
	if (missedRounds > 0 || (lastFreshMs !== undefined && nowMs - lastFreshMs > 2 * intervalMs)) return true;
	const tick = snapshot.scheduler.tick_duration_max_seconds;
	return tick !== undefined && tick >= heartbeatIntervalSeconds(snapshot.workers.length);
}

/**
 * `restarted`: the snapshot is the first of a new scheduler (state.ts started over): a baseline for
 * counters, but its workers did join.
 */
export function reduceSnapshot(
	state: ClusterState,
	snapshot: Snapshot,
	nowMs: number,
	restarted = false,
): ClusterState {
	const o = state.options;
	const baseline = state.snapshot === undefined;
	const stamp = state.snapshotCount + 1;
	const fresh = snapshotFresh(snapshot);
	const source = fresh
		? {
				...state.source,
				lastFreshMs: nowMs,
				missedRounds: 0,
				...(schedulerWasDeaf(state, snapshot, nowMs) ? {deafUntilMs: nowMs} : {}),
			}
		: {...state.source, missedRounds: state.source.missedRounds + 1};
	// No scheduler endpoint answered this round (down, refused, timing out, every answer an error):
	// it carries no new figures, only degraded leftovers of the cache. The last good snapshot stays
	// — its workers, history, rates and alerts — and only staleness moves (failures are data: the
	// stale alert and the header say how old and why). Workers are never lost in such a round, and
	// before any good data it is no baseline: the first answer will be.
	if (!fresh) {
		// A retire's request or answer may still ride in such a round: it is kept (no outcome without a fresh list).
		const pending = stepRetires({
			retires: state.retires ?? [],
			snapshot,
			workers: state.workers,
			listFresh: false,
			nowMs,
		});
		return evaluateAlerts({
			...state,
			nowMs: Math.max(state.nowMs, nowMs),
			source,
			...(pending.retires.length === 0 ? {} : {retires: pending.retires}),
			revision: state.revision + 1,
		});
	}

	// Counters: rates, task progress, last completion.
	const prevSample = state.snapshot ? counterSample(state.snapshot) : undefined;
	const nextSample = counterSample(snapshot);
	const step = stepRates(prevSample, nextSample, state.rates);
	let baselineAtS = state.baselineAtS;
	if (nextSample && (baselineAtS === undefined || step.reset)) baselineAtS = nextSample.timeS;
	// Only a new /metrics answer moves progress (a cached one says nothing new); at a restart the
	// counters began from zero: every prefix is counted from its birth.
	const progress =
		nextSample && step.fresh
			? trackProgress(
					state.progress,
					{
						timeS: nextSample.timeS,
						prefixes: nextSample.prefixes,
						active: activeTasks(snapshot),
						inMemory: memoryTasks(snapshot),
						schedulerStartS: snapshot.scheduler.started,
						erred: snapshot.scheduler.tasks.erred,
					},
					step.reset,
				)
			: state.progress;
	// Where the thread-seconds went (time/): moved on by a new /metrics sample only, like progress.
	const time =
		nextSample && step.fresh
			? stepTime(state.time ?? EMPTY_TIME, {
					timeS: nextSample.timeS,
					snapshot,
					idle: activeTasks(snapshot) === 0,
					runFromS: progress.run?.timeS,
					reset: step.reset,
				})
			: state.time;
	const lastCompletionMs =
		baseline || step.done > 0 || step.reset || state.lastCompletionMs === undefined ? nowMs : state.lastCompletionMs;
	// Work seen to move (the stall clock): a completion, a task into processing, or processing from none to some.
	const processingBefore = state.snapshot?.scheduler.tasks.processing ?? 0;
	const processingNow = snapshot.scheduler.tasks.processing ?? 0;
	const lastProgressMs =
		lastCompletionMs === nowMs || step.started > 0 || (processingBefore <= 0 && processingNow > 0)
			? nowMs
			: (state.lastProgressMs ?? nowMs);

	// Rising marks: expire closed windows, then add this poll's rises.
	const windowMs = o.thresholds.rising_window_s * 1000;
	const rises = new Map<string, Rise>();
	for (const [key, rise] of state.rises) if (nowMs - rise.lastMs <= windowMs) rises.set(key, rise);
	let erred = step.erred;
	let erredDetail: Readonly<Record<string, number>> | undefined = step.erred > 0 ? step.erredByPrefix : undefined;
	if (!baseline && erred === 0 && Object.keys(snapshot.scheduler.prefixes).length === 0) {
		const before = state.snapshot?.scheduler.tasks.erred;
		const after = snapshot.scheduler.tasks.erred;
		if (before !== undefined && after !== undefined && after > before) {
			erred = after - before;
			erredDetail = undefined;
		}
	}
	if (!baseline && erred > 0) addRise(rises, alertId('erred_rising', 'cluster'), erred, nowMs, windowMs, erredDetail);
	// Erred tasks already there at the baseline cannot rise: noted apart, until the scheduler holds none.
	const erredBefore = stepErredBefore(state.erredBefore, snapshot, baseline, restarted);

	if (snapshot.workers_source !== undefined && snapshot.workers_source !== 'identity') {
		addRise(rises, alertId('fallback_source', 'cluster'), 1, nowMs, windowMs, {[snapshot.workers_source]: 1});
	}

	// Workers.
	const listFresh = workerListFresh(snapshot);
	// Retires dask-top asked for: a worker leaving after one is retired, not lost (retire.ts).
	const retire = stepRetires({retires: state.retires ?? [], snapshot, workers: state.workers, listFresh, nowMs});
	const tracked = trackWorkers(state.workers, snapshot.workers, {
		retiring: retire.retiring,
		nowMs,
		stamp,
		historyLength: o.workerHistoryLength,
		lostWorkersKept: o.lostWorkersKept,
		listFresh,
		baseline: baseline && !restarted,
		spillGapMs: SPILL_READINGS_MAX_GAP_MS,
		unmanagedWindowMs: o.thresholds.unmanaged_recent_s * 1000,
	});
	for (const [address, bytes] of tracked.spilled) addRise(rises, alertId('spilling', address), bytes, nowMs, windowMs);

	// Instantaneous events: joins (coalesced when many) and departures that hold no ongoing alert.
	const instant: ModelEvent[] = [];
	instant.push(...joinEvents(tracked.joined, nowMs));
	// Why workers left (departure.ts): routine leaves are info, losses critical, the unknown said so.
	const departures = stepDepartures(
		state.departures ?? [],
		[
			...tracked.lost.map((t) => departureOf(t, nowMs)),
			...tracked.restarted.map((t) => departureOf(t, nowMs, t.address)),
		],
		snapshot.workers,
		{snapshot, thresholds: o.thresholds, nowMs, clock: o.clockText},
	);
	const holdMs = o.thresholds.worker_lost_hold_s * 1000;
	const held = (state.heldLosses ?? []).filter((loss) => nowMs - loss.sinceMs < holdMs);
	for (const {pending, departure} of departures.decided) {
		if (departure.memory === true) {
			// Its next process at this address keeps the reason: a later kill may come between two polls.
			const current = tracked.workers.get(pending.address);
			if (current) tracked.workers.set(pending.address, {...current, memoryKilledMs: nowMs});
		}
		const track = tracked.workers.get(pending.address);
		if (track?.lostMs !== undefined && track.departure === undefined)
			tracked.workers.set(pending.address, {
				...track,
				departure,
				...(departure.verdict === 'left' ? {retired: true} : {}),
			});
		// Held apart from its track: a new process may take the address back before the hold is over.
		if (departure.standing)
			held.push({address: pending.address, name: pending.last.name, departure, sinceMs: pending.detectedMs});
		if (departure.standing) continue; // an ongoing worker_lost alert (worker-alerts.ts)
		instant.push(departureEvent(pending, departure, nowMs));
	}

	for (const r of retire.events) instant.push(retireEvent(r, nowMs));

	// Cluster history.
	pushClusterHistory(state.history, snapshot, step.fresh ? step.rates.tasksDonePerSecond : undefined, stamp);

	// Scale-down wait counts (consecutive fresh polls as a candidate).
	let closeCounts = state.closeCounts;
	if (listFresh) {
		const next = new Map<string, number>();
		for (const address of scaleDownCandidates(snapshot, o.minimumWorkers))
			next.set(address, (state.closeCounts.get(address) ?? 0) + 1);
		closeCounts = next;
	}

	return diagnose(
		evaluateAlerts({
			...state,
			snapshot,
			previous: state.snapshot,
			nowMs: Math.max(state.nowMs, nowMs),
			snapshotCount: stamp,
			workers: tracked.workers,
			rates: step.rates,
			progress,
			...(time ? {time} : {}),
			baselineAtS,
			lastCompletionMs,
			lastProgressMs,
			source,
			closeCounts,
			...(retire.retires.length === 0 ? {} : {retires: retire.retires}),
			...(departures.pending.length === 0 && state.departures === undefined ? {} : {departures: departures.pending}),
			...(held.length === 0 && state.heldLosses === undefined ? {} : {heldLosses: held}),
			learnedFlavor: learnFlavor(snapshot, o, state.learnedFlavor),
			rises,
			erredBefore,
			events: prependEvents(state.events, instant, o.eventLogLength),
			revision: state.revision + 1,
		}),
	);
}
