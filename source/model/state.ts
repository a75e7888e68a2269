/**
 * The model's state and its reducer. `reduce(state, action)` is pure in the sense that matters:
 * no I/O, no clock (time comes in the action), the same inputs give the same outputs. For speed at
 * 10,000 workers it appends to the history rings it is given (see ring.ts): read history from the
 * latest state.
 *
 * Decisions worth knowing:
 * - The first snapshot (and the first after a reset) is the BASELINE: its workers did not "join",
 *   its erred tasks and spilled bytes are not "rising", its /metrics counters start the task
 *   progress (progress-track.ts).
 * - A snapshot is fresh when at least one endpoint answered in its round (or it carries no endpoint
 *   health at all, as synthesized test snapshots do). Missed polls = consecutive stale snapshots, or
 *   the time since fresh data in poll intervals (minus half an interval of slack), whichever is more.
 * - A snapshot with no fresh scheduler answer does not replace the last good one: it only counts
 *   as a missed poll (the state keeps the last good figures, history and alerts).
 * - Workers are only declared lost from a fresh worker list (identity.json / workers.html answered
 *   this round), never because a failing endpoint left the list stale.
 * - The state follows one scheduler process (its epoch): another one answering on the same port
 *   starts the state over with a "scheduler restarted" event (epoch.ts).
 */
import {utcClockText} from './text.js';
import {mergeEpoch, otherScheduler, restartEvent} from './epoch.js';
import {evaluateAlerts} from './alerts/evaluate.js';
import {newClusterHistory} from './history/cluster-history.js';
import {applyConditions, prependEvents} from './alerts/events.js';
import {snapshotFresh} from './freshness.js';
import {stepOwnGap} from './own-gap.js';
import type {Snapshot} from '../types/snapshot.js';
import {reduceSnapshot} from './reduce-snapshot.js';
import {endAllEvents} from './diagnosis/diagnose.js';
import {DEFAULT_TARGET_DURATION_S} from './defaults.js';
import {DEFAULT_THRESHOLDS} from './alerts/thresholds.js';
import {EMPTY_RATES} from './progress/rates.js';
import {EMPTY_PROGRESS} from './progress/progress-track.js';
import type {ClusterState} from './state-types.js';
import type {ModelAction, SourceNow} from './action-types.js';
import type {ModelOptions, ResolvedModelOptions} from './option-types.js';
import {DEFAULT_INTERVAL_MS} from '../types/poll-interval.js';

export const DEFAULT_HISTORY_LENGTH = 300;
export const DEFAULT_EVENT_LOG_LENGTH = 500;
export const DEFAULT_LOST_WORKERS_KEPT = 500;

/** The default time of day in messages: UTC, named (a caller passes local time). */
function utcClockLabel(epochMs: number): string {
	return `${utcClockText(epochMs)} UTC`;
}

function positiveInt(value: number | undefined, fallback: number): number {
	return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export function resolveModelOptions(options: ModelOptions = {}): ResolvedModelOptions {
	return {
		thresholds: {...DEFAULT_THRESHOLDS, ...options.thresholds},
		clusterHistoryLength: positiveInt(options.clusterHistoryLength, DEFAULT_HISTORY_LENGTH),
		workerHistoryLength: positiveInt(options.workerHistoryLength, DEFAULT_HISTORY_LENGTH),
		eventLogLength: positiveInt(options.eventLogLength, DEFAULT_EVENT_LOG_LENGTH),
		lostWorkersKept:
			options.lostWorkersKept !== undefined && options.lostWorkersKept >= 0
				? Math.floor(options.lostWorkersKept)
				: DEFAULT_LOST_WORKERS_KEPT,
		intervalMs: positiveInt(options.intervalMs, DEFAULT_INTERVAL_MS),
		stallAfterMs: options.stallAfterMs,
		targetDurationSeconds:
			options.targetDurationSeconds !== undefined && options.targetDurationSeconds > 0
				? options.targetDurationSeconds
				: DEFAULT_TARGET_DURATION_S,
		minimumWorkers: options.minimumWorkers,
		maximumWorkers: options.maximumWorkers,
		clockText: options.clockText ?? utcClockLabel,
	};
}

function fromResolved(options: ResolvedModelOptions, intervalMs = options.intervalMs): ClusterState {
	return {
		options,
		nowMs: 0,
		snapshotCount: 0,
		workers: new Map(),
		history: newClusterHistory(options.clusterHistoryLength),
		rates: EMPTY_RATES,
		progress: EMPTY_PROGRESS,
		source: {intervalMs, missedRounds: 0},
		closeCounts: new Map(),
		alerts: new Map(),
		events: [],
		rises: new Map(),
		revision: 0,
	};
}

export function initialState(options: ModelOptions = {}): ClusterState {
	return fromResolved(resolveModelOptions(options));
}

export function reduce(state: ClusterState, action: ModelAction): ClusterState {
	switch (action.type) {
		case 'snapshot': {
			const started = withStart(stepOwnGap(told(state, action.source), action.gap), action.nowMs);
			const fresh = snapshotFresh(action.snapshot);
			if (fresh && otherScheduler(started.epoch, action.snapshot))
				return reduceSnapshot(newEpoch(started, action.snapshot, action.nowMs), action.snapshot, action.nowMs, true);
			return reduceSnapshot(
				fresh ? {...started, epoch: mergeEpoch(started.epoch, action.snapshot, action.nowMs)} : started,
				action.snapshot,
				action.nowMs,
				false,
			);
		}
		case 'reset':
			return {
				...fromResolved(state.options, state.source.intervalMs),
				source: {...state.source, startMs: undefined, lastFreshMs: undefined, deafUntilMs: undefined, missedRounds: 0},
				revision: state.revision + 1,
			};
		case 'tick': {
			const started = withStart(told(state, action.source), action.nowMs);
			return evaluateAlerts({
				...started,
				nowMs: Math.max(state.nowMs, action.nowMs),
				revision: state.revision + 1,
			});
		}
		default: {
			const never: never = action;
			return never;
		}
	}
}

/**
 * Another scheduler answers on the same port: the previous cluster's alerts resolve and its workers
 * close with it (epoch.ts), one "scheduler restarted" event is logged, and the state starts over
 * from this snapshot (history, baselines, workers) keeping the event log and the source's health.
 */
function newEpoch(state: ClusterState, snapshot: Snapshot, nowMs: number): ClusterState {
	const o = state.options;
	const closed = applyConditions(state.alerts, [], nowMs, state.events, o.eventLogLength);
	const ended = prependEvents(closed.events, endAllEvents(state, nowMs), o.eventLogLength);
	const events = prependEvents(ended, [restartEvent(state, snapshot, nowMs)], o.eventLogLength);
	return {
		...fromResolved(o, state.source.intervalMs),
		source: state.source,
		nowMs: state.nowMs,
		events,
		epoch: mergeEpoch(undefined, snapshot, nowMs),
		revision: state.revision + 1,
	};
}

/**
 * The state with the source's connection state and interval as told, and a gap in dask-top's own
 * time it tells (own-gap.ts); unchanged when nothing is told.
 */
function told(state: ClusterState, now: SourceNow | undefined): ClusterState {
	if (!now) return state;
	const source = {...state.source, status: now.status, intervalMs: now.intervalMs ?? state.source.intervalMs};
	return stepOwnGap({...state, source}, now.status.gap);
}

function withStart(state: ClusterState, nowMs: number): ClusterState {
	return state.source.startMs === undefined ? {...state, source: {...state.source, startMs: nowMs}} : state;
}
