/**
 * The model's view-models: what the view functions return and the sinks render (TUI, --once text,
 * --json). snake_case with units in the names, like the Snapshot, so --json prints them unchanged;
 * times are epoch seconds, durations seconds. Re-exported by types.ts.
 */
import type {TaskState} from '../types/snapshot.js';

// ─── Alerts and events (glances' model) ──────────────────────────────────────────────────────

/**
 * Where a prefix's progress is counted from (progress-track.ts):
 * - `epoch`: a polled moment with no task in flight on the whole cluster;
 * - `birth`: the prefix did not exist at the sample before (or the counters restarted since);
 * - `scheduler-start`: first seen, and no task of it was ever released or forgotten: its counters
 *   since the scheduler started are all still held;
 * - `held`: first seen, some tasks released but none forgotten and none left in flight (finished,
 *   or erred by blame): all its tasks, all still held;
 * - `first-sample`: first seen mid-run with tasks released or forgotten before: counted from that
 *   sample; what it had submitted before is not known, so neither is its total.
 */
export type ProgressBaseKind = 'epoch' | 'birth' | 'scheduler-start' | 'held' | 'first-sample';

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
	| 'retire' // what became of a retire dask-top asked for (instantaneous; warning when it did not happen)
	| 'scheduler_restarted' // another scheduler process answers on the same port (instantaneous)
	| 'stale'
	| 'fallback_source'
	| 'stalled'
	| 'no_workers' // tasks wait and no worker is connected: warning, critical after the stall time
	| 'suspended' // dask-top itself did not run for a while (info, instantaneous)
	| 'diagnosis'; // a finding of the diagnosis started or ended (instantaneous)

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
	/**
	 * Level alerts (memory, unmanaged memory, event loop) only: epoch seconds since which the figure
	 * has been back under its clear level (threshold − margin) or unreported. The alert stays ongoing,
	 * at its severity, until `alert_clear_s` has passed; it then resolves with this as its end time.
	 */
	readonly clearing_since?: number;
	/**
	 * A warning whose figure is at or over its critical threshold (or a paused worker): epoch seconds
	 * since when. It turns critical once that has lasted `critical_after_s`; a one-poll look (`--check`)
	 * counts it as critical.
	 */
	readonly critical_since?: number;
}

/** An entry of the event log: an alert as it was opened, updated or resolved. */
export type ModelEvent = Alert;

export interface SeverityCounts {
	readonly info: number;
	readonly warning: number;
	readonly critical: number;
}

// ─── Progress ─────────────────────────────────────────────────────────────────────────────────

/**
 * One row of the progress view and of `--json`'s `progress[]` (progress.ts, progress-track.ts). A
 * count known only between bounds has its proven lower bound in `x` and its upper one in `x_max`
 * (absent when they meet).
 */
export interface PrefixProgress {
	readonly prefix: string;
	/** Tasks that finished into memory since `since` (erred ones are not done). */
	readonly done: number;
	/**
	 * Tasks submitted since `since`: done + erred + cancelled + in flight. Absent when unknown (a row
	 * counted from dask-top's first sample mid-run: what was submitted before is not known).
	 */
	readonly total?: number;
	readonly erred: number;
	/** Tasks submitted since `since` and released unfinished: cancelled, a client gone, retried after a worker died. */
	readonly cancelled: number;
	readonly cancelled_max?: number;
	/**
	 * Tasks of the prefix waiting, queued, processing or without a worker now: proven in flight. The
	 * rows' figures never add up to more than the cluster's exact count.
	 */
	readonly in_flight: number;
	readonly in_flight_max?: number;
	/** The prefix's results in memory now, from before `since` too (absent when /metrics does not count tasks). */
	readonly held?: number;
	readonly held_max?: number;
	/** Bytes of the prefix's results the scheduler counts (`tasks_output_bytes`, ≥ 2023.1.1). */
	readonly bytes?: number;
	/**
	 * Epoch seconds from which every task of the prefix is counted; absent when that is the
	 * scheduler's start and its time is unknown.
	 */
	readonly since?: number;
	/** The total is known and in flight is proven: done/total/erred/cancelled/in_flight are exact counts. */
	readonly exact: boolean;
	/** How `since` was found: epoch, birth, scheduler-start, held, first-sample (docs/triage.md, "Task progress"). */
	readonly counted_from: ProgressBaseKind;
	/** Completions into memory per second over the latest step. */
	readonly done_per_second?: number;
	/** Mean compute seconds per task (≥ 2023.1.1: compute_seconds_total / memory transitions). */
	readonly mean_duration_seconds?: number;
}

export interface ProgressView {
	/** Current tasks by state (cluster-wide, exact). */
	readonly tasks: Readonly<Partial<Record<TaskState, number>>>;
	readonly tasks_total?: number | undefined;
	readonly tasks_done_per_second?: number | undefined;
	/** Per prefix: active first, then in the order first seen. */
	readonly prefixes: readonly PrefixProgress[];
	/** The latest sample had no task in flight (an epoch). */
	readonly epoch: boolean;
	/** Epoch seconds of the latest epoch seen. */
	readonly last_epoch_time?: number;
	/** Epoch seconds of the first counter sample (dask-top's start, or the latest counter reset). */
	readonly first_sample_time?: number;
}

// ─── Adaptive ─────────────────────────────────────────────────────────────────────────────────

export type AdaptiveFlavor =
	| 'legacy' // ≤ 2023.7: Q × 0.5 s, no-worker ignored, no division by threads
	| 'modern'; // ≥ 2023.8: per-prefix estimates of Q + U, divided by mean threads

export type ScaleDirection = 'up' | 'steady' | 'down';

export interface AdaptiveInput {
	readonly name: string;
	readonly value?: number | undefined;
	readonly status: 'exact' | 'estimated' | 'missing';
	/** Where it came from / why estimated or missing. */
	readonly note: string;
	/**
	 * Seconds by which the answer it came from is older than /metrics' (the queue, processing and
	 * the scheduler's own number); 0 when as fresh, absent when it does not come from an answer.
	 */
	readonly age_seconds?: number;
}

export interface AdaptiveView {
	readonly workers: number;
	/** The scheduler's own answer: desired_workers (metrics or counts.json). */
	readonly desired_workers?: number | undefined;
	/** /api/v1/adaptive_target when the api module is enabled. */
	readonly api_adaptive_target?: number | undefined;
	/**
	 * Seconds between its latest good answer and the snapshot (it is polled once a minute,
	 * desired_workers every round).
	 */
	readonly api_adaptive_target_age_seconds?: number | undefined;
	/** The scheduler's number clamped to the user's minimum/maximum (when given). */
	readonly target?: number | undefined;
	readonly direction?: ScaleDirection | undefined;
	readonly flavor: AdaptiveFlavor;
	/** How the flavor was decided (version hint or metrics label set). */
	readonly flavor_note: string;
	/** Legacy only: ≈ desired / mean threads per worker. */
	readonly approx_workers?: number;
	readonly approx_note?: string;
	readonly recomputed?: AdaptiveRecomputation;
	/** Recomputation ≠ scheduler's number. */
	readonly disagreement: boolean;
	readonly disagreement_note?: string | undefined;
	readonly scale_down: ScaleDownView;
	/** Fixed caveats (the live Adaptive's min/max/target are not visible over HTTP, …). */
	readonly notes: readonly string[];
}

export interface AdaptiveRecomputation {
	/** Set when an input is missing: no number, only the reason. */
	readonly target?: number;
	readonly cpu_term?: number | undefined;
	readonly memory_term?: number | undefined;
	readonly wins?: 'cpu' | 'memory' | 'tie' | 'scale_down';
	readonly target_duration_seconds: number;
	readonly occupancy_seconds?: number | undefined;
	readonly queued_occupancy_seconds?: number | undefined;
	readonly queued_task_duration_seconds?: number;
	/** Before dividing by threads (modern) = threads wanted. */
	readonly cpu_threads?: number | undefined;
	readonly inputs: readonly AdaptiveInput[];
	readonly estimated: boolean;
	readonly missing: readonly string[];
	/** Clamped to the user's minimum/maximum. */
	readonly clamped?: number;
	readonly explanation: readonly string[];
	/** The oldest input's age (AdaptiveInput.age_seconds): how much older than the scheduler's number. */
	readonly inputs_age_seconds?: number;
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
	readonly since_completion_seconds?: number | undefined;
	/**
	 * Seconds since work was last seen to move — a task completed or went into processing, processing
	 * went from none to some — (across a stretch in which dask-top itself did not run only once the
	 * counters were read after it): what the stall threshold is compared with.
	 */
	readonly since_progress_seconds?: number | undefined;
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
	readonly data_age_seconds?: number | undefined;
	readonly missed_polls: number;
}
