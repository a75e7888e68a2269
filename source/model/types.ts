/**
 * The model's public API: the state `reduce` keeps, the actions it takes, and the view-models the
 * sinks (TUI, --once text, --json) render. Pure data; no I/O, no clock (time always comes in).
 *
 * Naming rule: OPTIONS and STATE are TypeScript-side and camelCase. VIEW-MODELS (everything a view
 * function returns: WorkerRow, ProgressView, Alert, ModelEvent, AdaptiveView, StallView, TriageView)
 * are snake_case with units in the names, like the Snapshot, so `--json` can print them unchanged.
 * View times are epoch seconds and durations seconds, as in the Snapshot. The state lives in
 * state-types.ts and the view-models in view-types.ts and row-types.ts, all re-exported here: import everything from
 * this file.
 */
import type {Snapshot} from '../types/snapshot.js';
import type {SourceStatus} from '../types/scrape-source.js';
import type {OwnGap} from '../types/raw-scrape.js';

export type {Series} from './history/ring.js';
export type * from './state-types.js';
export type * from './rows/row-types.js';
export type * from './view-types.js';

// ─── Actions ──────────────────────────────────────────────────────────────────────────────────

export type ModelAction =
	/**
	 * A new snapshot. `nowMs` is when its round's answers were in (parse/round-time.ts: at or after
	 * snapshot.time·1000, the round's start; seconds after it when the scheduler was slow to answer);
	 * `source`: the source's state at that moment, told with the round (one reduction a round).
	 */
	| {
			readonly type: 'snapshot';
			readonly snapshot: Snapshot;
			readonly nowMs: number;
			readonly source?: SourceNow;
			/** The round's `gap`: dask-top itself did not run before it (recorded; own-gap.ts). */
			readonly gap?: OwnGap;
	  }
	/** Start over (replay seek, another cluster): history, events and progress are dropped. */
	| {readonly type: 'reset'}
	/** Time passes with no new data: re-evaluates staleness and durations (`source`: its state now, if told). */
	| {readonly type: 'tick'; readonly nowMs: number; readonly source?: SourceNow};

/**
 * The source's connection state (it feeds the stale/unreachable alert) and the poll interval in
 * force, told with a round or a tick.
 */
export interface SourceNow {
	/** Its `gap` (live): dask-top itself did not run for that stretch (own-gap.ts). */
	readonly status: SourceStatus;
	readonly intervalMs?: number;
}

// ─── Options ──────────────────────────────────────────────────────────────────────────────────

export interface ModelOptions {
	/** Threshold overrides by name (see THRESHOLDS in thresholds.ts). */
	readonly thresholds?: Partial<Thresholds>;
	/** Points kept per cluster series (default 300). */
	readonly clusterHistoryLength?: number;
	/** Points kept per worker series (default 300). */
	readonly workerHistoryLength?: number;
	/** Events kept in the log, newest first (default 500). */
	readonly eventLogLength?: number;
	/** Lost workers remembered (oldest forgotten first; default 500). */
	readonly lostWorkersKept?: number;
	/** Expected poll interval (default 2000); a round or a tick that tells the source's state can update it. */
	readonly intervalMs?: number;
	/** Stall after this long without a completion; default max(60 s, 3 × longest mean duration). */
	readonly stallAfterMs?: number;
	/** Target duration for the adaptive recomputation, seconds (default 5, Dask's default). */
	readonly targetDurationSeconds?: number;
	/** The user's Adaptive minimum / maximum (not visible over HTTP), when given. */
	readonly minimumWorkers?: number;
	readonly maximumWorkers?: number;
	/**
	 * Epoch ms → the time of day in alert messages ("since 13:37:07"). The model never reads the
	 * clock or the time zone: the caller passes local time (units/clock.ts); default UTC, saying so.
	 */
	readonly clockText?: (epochMs: number) => string;
}

export interface ResolvedModelOptions {
	readonly thresholds: Thresholds;
	readonly clusterHistoryLength: number;
	readonly workerHistoryLength: number;
	readonly eventLogLength: number;
	readonly lostWorkersKept: number;
	readonly intervalMs: number;
	readonly stallAfterMs?: number | undefined;
	readonly targetDurationSeconds: number;
	readonly minimumWorkers?: number | undefined;
	readonly maximumWorkers?: number | undefined;
	readonly clockText: (epochMs: number) => string;
}

// ─── Thresholds (one table of data; see thresholds.ts) ───────────────────────────────────────

export type ThresholdName =
	| 'memory_warning' // process / limit, Dask's spill threshold
	| 'memory_critical' // process / limit, Dask's pause threshold
	| 'memory_terminate' // process / limit, Dask's terminate threshold (critical too)
	| 'unmanaged_warning' // unmanaged / limit
	| 'unmanaged_critical'
	| 'event_loop_warning_s'
	| 'event_loop_critical_s'
	| 'memory_clear_margin' // hysteresis: a memory level is left only below its threshold − this (fraction of the limit)
	| 'unmanaged_clear_margin' // … an unmanaged-memory level (fraction of the limit)
	| 'event_loop_clear_margin_s' // … an event-loop level (seconds)
	| 'alert_clear_s' // … and those alerts (and heartbeat age) resolve only after staying clear (or unreported) this long
	| 'critical_after_s' // … and turn critical only after staying over the critical threshold this long (paused too)
	| 'unmanaged_recent_s' // unmanaged memory is judged on the least seen over this window (Dask's unmanaged_old)
	| 'heartbeat_warning_x' // × the heartbeat interval for the cluster's size
	| 'heartbeat_critical_x'
	// hysteresis: a heartbeat-age level is left only below its threshold − this (heartbeat intervals)
	| 'heartbeat_clear_margin_x'
	| 'stale_warning_polls' // missed polls
	| 'stale_critical_polls'
	| 'rising_window_s' // "rising" alerts (erred, spilling) stay open this long after the last rise
	| 'worker_lost_hold_s' // a lost worker is a critical alert for this long, then resolved (still listed)
	| 'stall_min_s' // stall detection: at least this many seconds without a completion
	| 'stall_duration_x' // … or this many × the longest mean task duration of the prefixes in flight
	| 'stall_cpu_percent'; // … and every worker holding tasks under this CPU %

export type Thresholds = Readonly<Record<ThresholdName, number>>;
