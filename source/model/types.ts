/**
 * The model's public API: the state `reduce` keeps, the actions it takes, and the view-models the
 * sinks (TUI, --once text, --json) render. Pure data; no I/O, no clock (time always comes in).
 *
 * Naming rule: OPTIONS and STATE are TypeScript-side and camelCase. VIEW-MODELS (everything a view
 * function returns: WorkerRow, ProgressView, Alert, ModelEvent, AdaptiveView, StallView, TriageView)
 * are snake_case with units in the names, like the Snapshot, so `--json` can print them unchanged.
 * View times are epoch seconds and durations seconds, as in the Snapshot.
 */
import type {Snapshot, TaskState, WorkerSnapshot} from '../types/snapshot.js';
import type {SourceStatus} from '../types/scrape-source.js';
import type {Series} from './ring.js';

export type {Series} from './ring.js';

// ─── Actions ──────────────────────────────────────────────────────────────────────────────────

export type ModelAction =
	/** A new snapshot. `nowMs` is the monitor's clock when it was built (usually ≈ snapshot.time·1000). */
	| {readonly type: 'snapshot'; readonly snapshot: Snapshot; readonly nowMs: number}
	/** Start over (replay seek, another cluster): history, events and baselines are dropped. */
	| {readonly type: 'reset'}
	/** The source's connection state; feeds the stale/unreachable alert. `intervalMs`: poll interval in force. */
	| {readonly type: 'source-status'; readonly status: SourceStatus; readonly nowMs: number; readonly intervalMs?: number}
	/** Time passes with no new data: re-evaluates staleness and durations. */
	| {readonly type: 'tick'; readonly nowMs: number};

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
	/** Expected poll interval (default 2000); the source-status action can update it. */
	readonly intervalMs?: number;
	/** Stall after this long without a completion; default max(60 s, 3 × longest mean duration). */
	readonly stallAfterMs?: number;
	/** Target duration for the adaptive recomputation, seconds (default 5, Dask's default). */
	readonly targetDurationSeconds?: number;
	/** The user's Adaptive minimum / maximum (not visible over HTTP), when given. */
	readonly minimumWorkers?: number;
	readonly maximumWorkers?: number;
}

export interface ResolvedModelOptions {
	readonly thresholds: Thresholds;
	readonly clusterHistoryLength: number;
	readonly workerHistoryLength: number;
	readonly eventLogLength: number;
	readonly lostWorkersKept: number;
	readonly intervalMs: number;
	readonly stallAfterMs?: number;
	readonly targetDurationSeconds: number;
	readonly minimumWorkers?: number;
	readonly maximumWorkers?: number;
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
	| 'heartbeat_warning_x' // × the heartbeat interval for the cluster's size
	| 'heartbeat_critical_x'
	| 'stale_warning_polls' // missed polls
	| 'stale_critical_polls'
	| 'rising_window_s' // "rising" alerts (erred, spilling) stay open this long after the last rise
	| 'worker_lost_hold_s' // a lost worker is a critical alert for this long, then resolved (still listed)
	| 'stall_min_s' // stall detection: at least this many seconds without a completion
	| 'stall_duration_x' // … or this many × the longest mean task duration of the prefixes in flight
	| 'stall_cpu_percent'; // … and every worker holding tasks under this CPU %

export type Thresholds = Readonly<Record<ThresholdName, number>>;

// ─── State ────────────────────────────────────────────────────────────────────────────────────

/** Everything the model remembers about one worker, present or lost. */
export interface WorkerTrack {
	readonly address: string;
	/** The latest figures seen (a lost worker keeps its last ones). */
	readonly last: WorkerSnapshot;
	readonly firstSeenMs: number;
	/** Monitor time of the latest snapshot that listed it. */
	readonly lastSeenMs: number;
	/** Set when it disappeared from a fresh worker list. */
	readonly lostMs?: number;
	/** It was closing/retiring when last seen (a graceful exit, not a loss). */
	readonly retired?: boolean;
	readonly history: WorkerHistory;
}

export interface WorkerHistory {
	readonly cpuPercent: Series;
	readonly memoryProcessBytes: Series;
	/** Bytes on disk. (The limit rarely changes: read it from `last`.) */
	readonly memorySpilledBytes: Series;
}

export interface ClusterHistory {
	/** Epoch seconds of each point. */
	readonly time: Series;
	readonly tasksDonePerSecond: Series;
	readonly memoryProcessBytes: Series;
	readonly memoryLimitBytes: Series;
	readonly workers: Series;
}

/** Cumulative per-prefix counters as first seen (or after a counter reset): the progress baseline. */
export interface PrefixBaseline {
	readonly waiting: number;
	readonly processing: number;
	readonly queued: number;
	readonly memory: number;
	readonly erred: number;
	readonly computeSeconds?: number;
}

/** Rates from counter deltas between the two latest metric samples. */
export interface Rates {
	/** Tasks completed (into memory or erred) per second, cluster-wide; undefined until two samples. */
	readonly tasksDonePerSecond?: number;
	readonly tasksErredPerSecond?: number;
	readonly perPrefix: Readonly<Record<string, {readonly donePerSecond: number; readonly erredPerSecond: number}>>;
	/** Seconds the rates cover. */
	readonly windowSeconds?: number;
	/** The counters went backwards (scheduler restart): baselines were reset at this snapshot. */
	readonly resetAtS?: number;
}

export interface ClusterState {
	readonly options: ResolvedModelOptions;
	/** Latest snapshot (the last good data; kept while the source fails). */
	readonly snapshot?: Snapshot;
	/** The snapshot before it (for rates). */
	readonly previous?: Snapshot;
	/** Monitor time of the latest action. */
	readonly nowMs: number;
	/** Snapshots reduced since the start or the last reset. */
	readonly snapshotCount: number;
	/** Present and lost workers by address. */
	readonly workers: ReadonlyMap<string, WorkerTrack>;
	readonly history: ClusterHistory;
	readonly rates: Rates;
	readonly baselines: Readonly<Record<string, PrefixBaseline>>;
	readonly baselineAtS?: number;
	/** Monitor time of the latest snapshot in which a task completed (or of the baseline). */
	readonly lastCompletionMs?: number;
	readonly source: SourceTrack;
	/** Consecutive polls each worker has been a scale-down candidate (Adaptive's wait-count). */
	readonly closeCounts: ReadonlyMap<string, number>;
	/** Ongoing alerts by id. */
	readonly alerts: ReadonlyMap<string, Alert>;
	/** Newest first, bounded. */
	readonly events: readonly ModelEvent[];
	/** "Rising" marks (erred tasks, spilled bytes) by `kind|subject`, while their window is open. */
	readonly rises: ReadonlyMap<string, Rise>;
	/** Increments on every change; views memoize on it. */
	readonly revision: number;
}

/** Something kept rising (erred tasks, spilled bytes): when, by how much in total, and per part. */
export interface Rise {
	readonly firstMs: number;
	readonly lastMs: number;
	readonly amount: number;
	/** e.g. erred tasks per prefix. */
	readonly detail?: Readonly<Record<string, number>>;
}

export interface SourceTrack {
	readonly status?: SourceStatus;
	readonly intervalMs: number;
	/** Monitor ms of the first action (staleness counts from here until data arrives). */
	readonly startMs?: number;
	/** Monitor ms of the latest snapshot carrying a fresh answer. */
	readonly lastFreshMs?: number;
	/** Consecutive snapshots with no fresh answer. */
	readonly missedRounds: number;
}

// ─── Alerts and events (glances' model) ──────────────────────────────────────────────────────

export type Severity = 'info' | 'warning' | 'critical';

export type AlertKind =
	| 'memory' // process memory / limit
	| 'paused'
	| 'spilling'
	| 'unmanaged_memory'
	| 'event_loop'
	| 'heartbeat'
	| 'erred_rising'
	| 'worker_lost'
	| 'worker_retired' // left while closing gracefully (info, instantaneous)
	| 'worker_joined' // info, instantaneous
	| 'stale'
	| 'fallback_source'
	| 'stalled';

/** One alert: ongoing while its condition holds, then resolved with an end time. */
export interface Alert {
	/** `kind|subject`: the same condition later opens a new event with the same id. */
	readonly id: string;
	readonly kind: AlertKind;
	readonly severity: Severity;
	/** The worst severity it reached. */
	readonly peak_severity: Severity;
	/** Worker address, or 'cluster'. */
	readonly subject: string;
	/** Worker name (or 'cluster'). */
	readonly subject_name: string;
	/** One line for the screen. */
	readonly message: string;
	/** Epoch seconds. */
	readonly start_time: number;
	readonly end_time?: number;
	readonly duration_seconds: number;
	readonly state: 'ongoing' | 'resolved';
	/** Addresses of the workers it names (stall, many joins), when more than the subject. */
	readonly workers?: readonly string[];
}

/** An entry of the event log: an alert as it was opened, updated or resolved. */
export type ModelEvent = Alert;

export interface SeverityCounts {
	readonly info: number;
	readonly warning: number;
	readonly critical: number;
}

// ─── Worker rows ─────────────────────────────────────────────────────────────────────────────

export type SortColumn =
	| 'name'
	| 'address'
	| 'host'
	| 'status'
	| 'threads'
	| 'cpu'
	| 'memory' // process / limit
	| 'memory_bytes' // process bytes
	| 'managed'
	| 'unmanaged'
	| 'spilled'
	| 'executing'
	| 'ready'
	| 'in_memory'
	| 'processing'
	| 'transfers'
	| 'net_read'
	| 'net_write'
	| 'event_loop'
	| 'heartbeat'
	| 'severity';

export interface RowQuery {
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	/** Substring of name, address or host (case-insensitive); `/pattern/flags` is a regex. */
	readonly filter?: string;
	/** Include lost workers (default true). */
	readonly includeLost?: boolean;
}

export interface WorkerRow {
	readonly address: string;
	readonly name: string;
	readonly host?: string;
	/** Dask status, or 'lost' / 'retired' once gone. */
	readonly status: string;
	readonly present: boolean;
	readonly threads?: number;
	readonly cpu_percent?: number;
	readonly memory_process_bytes?: number;
	readonly memory_limit_bytes?: number;
	/** process / limit; undefined without a limit. */
	readonly memory_fraction?: number;
	readonly memory_managed_bytes?: number;
	readonly memory_unmanaged_bytes?: number;
	readonly memory_managed_fraction?: number;
	readonly memory_unmanaged_fraction?: number;
	readonly memory_spilled_bytes?: number;
	readonly tasks_executing?: number;
	readonly tasks_ready?: number;
	readonly tasks_in_memory?: number;
	readonly processing?: number;
	/** Open transfers, incoming + outgoing. */
	readonly transfers?: number;
	readonly transfer_incoming_count?: number;
	readonly transfer_outgoing_count?: number;
	readonly net_read_bps?: number;
	readonly net_write_bps?: number;
	readonly event_loop_interval_seconds?: number;
	readonly heartbeat_age_seconds?: number;
	/** Epoch seconds it was last listed (monitor clock). */
	readonly last_seen?: number;
	readonly lost_at?: number;
	/** Worst ongoing alert on this worker. */
	readonly severity?: Severity;
}

export interface WorkerRowsView {
	readonly rows: readonly WorkerRow[];
	/** Workers before filtering. */
	readonly total: number;
	/** A filter that could not be used (bad regex): rows are then unfiltered. */
	readonly error?: string;
}

// ─── Progress ─────────────────────────────────────────────────────────────────────────────────

export interface PrefixProgress {
	readonly prefix: string;
	/** Δ(memory) + Δ(erred) since the baseline. */
	readonly done: number;
	/** ≈ Δ(waiting) since the baseline (at least `done`). */
	readonly submitted: number;
	readonly in_flight: number;
	/** done / submitted in 0..1. */
	readonly fraction: number;
	readonly erred: number;
	readonly done_per_second?: number;
	/** Mean compute seconds per task (≥ 2023.1.1: compute_seconds_total / memory transitions). */
	readonly mean_duration_seconds?: number;
}

export interface ProgressView {
	/** Current tasks by state (cluster-wide, exact). */
	readonly tasks: Readonly<Partial<Record<TaskState, number>>>;
	readonly tasks_total?: number;
	readonly tasks_done_per_second?: number;
	/** Per prefix, approximate (cumulative counters since the baseline), busiest first. */
	readonly prefixes: readonly PrefixProgress[];
	/** Always true: per-prefix figures come from cumulative counters, not current states. */
	readonly approximate: true;
	/** Epoch seconds of the baseline (first snapshot or counter reset). */
	readonly baseline_time?: number;
}

// ─── Adaptive ─────────────────────────────────────────────────────────────────────────────────

export type AdaptiveFlavor =
	| 'legacy' // ≤ 2023.7: Q × 0.5 s, no-worker ignored, no division by threads
	| 'modern'; // ≥ 2023.8: per-prefix estimates of Q + U, divided by mean threads

export type ScaleDirection = 'up' | 'steady' | 'down';

export interface AdaptiveInput {
	readonly name: string;
	readonly value?: number;
	readonly status: 'exact' | 'estimated' | 'missing';
	/** Where it came from / why estimated or missing. */
	readonly note: string;
}

export interface AdaptiveView {
	readonly workers: number;
	/** The scheduler's own answer: desired_workers (metrics or counts.json). */
	readonly desired_workers?: number;
	/** /api/v1/adaptive_target when the api module is enabled. */
	readonly api_adaptive_target?: number;
	/** The scheduler's number clamped to the user's minimum/maximum (when given). */
	readonly target?: number;
	readonly direction?: ScaleDirection;
	readonly flavor: AdaptiveFlavor;
	/** How the flavor was decided (version hint or metrics label set). */
	readonly flavor_note: string;
	/** Legacy only: ≈ desired / mean threads per worker. */
	readonly approx_workers?: number;
	readonly approx_note?: string;
	readonly recomputed?: AdaptiveRecomputation;
	/** Recomputation ≠ scheduler's number. */
	readonly disagreement: boolean;
	readonly disagreement_note?: string;
	readonly scale_down: ScaleDownView;
	/** Fixed caveats (the live Adaptive's min/max/target are not visible over HTTP, …). */
	readonly notes: readonly string[];
}

export interface AdaptiveRecomputation {
	/** Set when an input is missing: no number, only the reason. */
	readonly target?: number;
	readonly cpu_term?: number;
	readonly memory_term?: number;
	readonly wins?: 'cpu' | 'memory' | 'tie' | 'scale_down';
	readonly target_duration_seconds: number;
	readonly occupancy_seconds?: number;
	readonly queued_occupancy_seconds?: number;
	readonly queued_task_duration_seconds?: number;
	/** Before dividing by threads (modern) = threads wanted. */
	readonly cpu_threads?: number;
	readonly inputs: readonly AdaptiveInput[];
	readonly estimated: boolean;
	readonly missing: readonly string[];
	/** Clamped to the user's minimum/maximum. */
	readonly clamped?: number;
	readonly explanation: readonly string[];
}

export interface ScaleDownView {
	/** Workers that would be retired now (candidates for ≥ 3 consecutive polls). */
	readonly retire: readonly string[];
	/** Candidates this poll, with their consecutive-poll count. */
	readonly candidates: ReadonlyArray<{readonly address: string; readonly name: string; readonly polls: number}>;
	readonly note: string;
}

// ─── Stall ────────────────────────────────────────────────────────────────────────────────────

export interface StallView {
	readonly stalled: boolean;
	/** Seconds since the latest completion (or the baseline). */
	readonly since_completion_seconds?: number;
	readonly threshold_seconds: number;
	readonly threshold_note: string;
	/** Addresses of the workers holding tasks (processing > 0 or executing > 0). */
	readonly workers: readonly string[];
	/** Their names, same order. */
	readonly worker_names: readonly string[];
	readonly message?: string;
}

// ─── Triage (shared by the TUI, --once and --json) ────────────────────────────────────────────

export interface TriageView {
	readonly time: number;
	/** Ongoing alerts, worst first then oldest first. */
	readonly alerts: readonly Alert[];
	/** Event log, newest first. */
	readonly events: readonly ModelEvent[];
	readonly counts: SeverityCounts;
	readonly adaptive: AdaptiveView;
	readonly stall: StallView;
	readonly data_age_seconds?: number;
	readonly missed_polls: number;
}

// ─── Function signatures (implemented in state.ts, rows.ts, progress.ts, …) ──────────────────

export type InitialState = (options?: ModelOptions) => ClusterState;
export type Reduce = (state: ClusterState, action: ModelAction) => ClusterState;
export type WorkerRowsFn = (state: ClusterState, query: RowQuery) => WorkerRowsView;
export type ProgressFn = (state: ClusterState) => ProgressView;
export type AdaptiveFn = (state: ClusterState) => AdaptiveView;
export type StallFn = (state: ClusterState) => StallView;
export type TriageFn = (state: ClusterState) => TriageView;
export type ParseThresholdOverride = (
	text: string,
) => {readonly name: ThresholdName; readonly value: number} | {readonly error: string};
