/**
 * One normalised view of a cluster at one moment, whatever the Dask version and whatever endpoint
 * answered. This is also the `--once --json` document, so field names are snake_case and stable:
 * bytes are integers, durations are seconds, times are epoch seconds.
 *
 * Missing data is `undefined` (absent in JSON) — never a made-up zero. When an endpoint answered
 * and leaves a state out (modern Dask omits zero task states and zero spill activities) that state
 * is 0.
 */

/** Where a figure came from. */
export type Source =
	| 'metrics' // scheduler /metrics
	| 'identity' // /json/identity.json
	| 'workers_html' // /info/main/workers.html
	| 'counts' // /json/counts.json
	| 'worker_metrics' // a worker's own /metrics (direct or through the scheduler's /proxy)
	| 'api' // /api/v1/*
	| 'derived' // computed by dask-top from other figures
	| 'inferred'; // carried over from an older answer that a current count agrees with: a likely figure, not a read one

/** How an endpoint fared in its latest attempt. */
export type EndpointState =
	| 'ok'
	| 'unavailable' // 404, Prometheus stub, proxy hint page, api module not enabled: not coming back soon
	| 'failed'; // refused, timeout, HTTP 5xx, unparsable body: may come back

export interface EndpointHealth {
	/** Which process was asked (`worker:<comm address>`); absent for the scheduler. */
	readonly target?: string;
	readonly path: string;
	readonly state: EndpointState;
	/** One line saying what happened, for the screen. */
	readonly detail?: string;
	/** The HTTP status; absent when none came (refused, timed out). */
	readonly status?: number;
	/** Epoch seconds of the latest attempt and of the latest good answer. */
	readonly last_attempt?: number;
	readonly last_ok?: number;
	readonly latency_ms?: number;
	/**
	 * Figures of the latest answer that were not counts (NaN, ±Inf, negative: no Dask prints them),
	 * left unknown in this snapshot; `detail` names the first. Absent when every figure read was one.
	 */
	readonly unreadable?: number;
}

export type TaskState = 'released' | 'waiting' | 'no-worker' | 'queued' | 'processing' | 'memory' | 'erred';

export interface WorkerCounts {
	/** Total connected workers. */
	readonly total?: number;
	readonly idle?: number;
	/** Running, neither idle nor saturated (modern Dask; derived on 2022.12). */
	readonly partially_saturated?: number;
	readonly saturated?: number;
	readonly paused?: number;
	/** Closing gracefully, init, …: neither running nor paused. */
	readonly retiring?: number;
}

export interface PrefixCounters {
	/** Cumulative transitions into each scheduler state (`prefix_state_totals_total`); never decremented. */
	readonly transitions: Readonly<Record<string, number>>;
	readonly compute_seconds_total?: number; // ≥ 2023.1.1
	readonly transfer_seconds_total?: number; // ≥ 2023.1.1
	readonly output_bytes?: number; // ≥ 2023.1.1, current bytes in memory, no replicas
	readonly suspicious_total?: number;
}

export interface SchedulerSnapshot {
	readonly address?: string; // comm address, tcp://…:8786
	readonly id?: string;
	readonly started?: number; // epoch s
	/** When the scheduler's process started, epoch seconds (/metrics' process collector). */
	readonly process_start_time_seconds?: number;
	readonly dashboard_port?: number;
	readonly workers: WorkerCounts;
	readonly threads?: number;
	readonly memory_limit_bytes?: number; // Σ memory_limit (0 = no limit counts as 0)
	readonly memory_process_bytes?: number; // Σ worker process memory
	readonly memory_managed_bytes?: number;
	readonly memory_unmanaged_bytes?: number;
	readonly memory_spilled_bytes?: number;
	/** Σ nbytes of all keys (counts.json `bytes`: replicas and spilled data included). */
	readonly stored_bytes?: number;
	readonly tasks: Readonly<Partial<Record<TaskState, number>>>;
	readonly tasks_total?: number;
	readonly clients?: number;
	/** `Scheduler.adaptive_target()` as the scheduler reports it (metrics gauge or counts.json). */
	readonly desired_workers?: number;
	/** `/api/v1/adaptive_target` when the api module is enabled. */
	readonly adaptive_target?: number;
	readonly prefixes: Readonly<Record<string, PrefixCounters>>;
	readonly process_cpu_seconds_total?: number;
	readonly process_rss_bytes?: number;
	readonly process_open_fds?: number;
	readonly tick_duration_max_seconds?: number;
	readonly tick_count_total?: number;
	/** Seconds threads waited for the GIL (≥ 2023.4.0, only with gilknocker installed). */
	readonly gil_contention_seconds_total?: number;
	readonly api_enabled?: boolean;
	readonly prometheus_available?: boolean;
	readonly sources: Readonly<Record<string, Source>>;
}

export interface WorkerSnapshot {
	readonly address: string;
	readonly name: string;
	readonly host?: string;
	readonly status?: string; // running, paused, closing_gracefully, …; undefined = unknown
	readonly nthreads?: number;
	readonly memory_limit_bytes?: number; // 0 = no limit
	readonly memory_process_bytes?: number;
	readonly memory_managed_bytes?: number;
	readonly memory_unmanaged_bytes?: number;
	readonly memory_spilled_bytes?: number; // on disk
	readonly cpu_percent?: number; // 100 = one core
	/** Worker-side task states (executing, ready, memory, waiting, fetch, flight, …). */
	readonly task_counts?: Readonly<Record<string, number>>;
	readonly tasks_executing?: number;
	readonly tasks_ready?: number;
	readonly tasks_in_memory?: number;
	/** Scheduler-side (workers.html): tasks assigned, and their estimated seconds of work. */
	readonly processing?: number;
	readonly occupancy_seconds?: number;
	/** Keys held (scheduler's has_what, workers.html "In-memory"). */
	readonly keys_in_memory?: number;
	readonly transfer_incoming_bytes?: number;
	readonly transfer_incoming_count?: number;
	readonly transfer_outgoing_bytes?: number;
	readonly transfer_outgoing_count?: number;
	readonly transfer_incoming_count_total?: number;
	readonly transfer_outgoing_count_total?: number;
	readonly net_read_bps?: number;
	readonly net_write_bps?: number;
	readonly disk_read_bps?: number;
	readonly disk_write_bps?: number;
	readonly event_loop_interval_seconds?: number;
	readonly last_seen?: number; // epoch s (scheduler clock)
	readonly heartbeat_age_seconds?: number;
	readonly spill_write_bytes_total?: number; // worker /metrics spill activity
	readonly spill_read_bytes_total?: number;
	/** Seconds spent spilling and unspilling, every activity (worker /metrics). */
	readonly spill_time_seconds_total?: number;
	/** Longest event-loop tick since the previous scrape of the worker's /metrics. */
	readonly tick_duration_max_seconds?: number;
	/** Fraction of time waiting for the GIL, 0..1 (identity, ≥ 2023.4.0 with gilknocker). */
	readonly gil_contention_fraction?: number;
	/** Seconds waited for the GIL (worker /metrics, ≥ 2023.4.0 with gilknocker). */
	readonly gil_contention_seconds_total?: number;
	/** Abstract resources the worker offers (`--resources GPU=1`), identity.json. */
	readonly resources?: Readonly<Record<string, number>>;
	readonly nanny?: string | null;
	readonly dashboard_port?: number;
	readonly num_fds?: number;
	/**
	 * The worker process's scratch directory (identity.json): a random name per process, so a new
	 * one at the same address is a new process (its nanny restarted it).
	 */
	readonly local_directory?: string;
	/** Which endpoint each figure above came from (field name → source). */
	readonly sources: Readonly<Record<string, Source>>;
}

/** The scheduler's route that retires workers (its api module), the one action dask-top sends. */
export const RETIRE_PATH = '/api/v1/retire_workers';

/** A request dask-top sent to act on the cluster (a retire), as the round after it carried it. */
export interface SnapshotAction {
	readonly method: 'POST';
	/** e.g. `/api/v1/retire_workers`. */
	readonly path: string;
	/** The JSON body sent. */
	readonly request?: string;
	/** Epoch seconds the request was sent: a pending action and its answer share it. */
	readonly sent: number;
	/** Still waiting for the answer when the round ended (the answer comes in a later round). */
	readonly pending?: boolean;
	/** HTTP status of the answer, null when there was none (see error). */
	readonly status?: number | null;
	/** The answer's body (its first 2000 characters). */
	readonly answer?: string;
	/** Why there was no HTTP answer. */
	readonly error?: string;
	readonly latency_ms?: number;
}

/** What the scheduler's log says ended a worker's latest stay (parse/scheduler-log.ts). */
export type RemovalCause =
	| 'retired' // Scheduler.retire_workers: its keys were moved first
	| 'restart' // Client.restart: its nanny restarts it (one without a nanny is shut down)
	| 'no-heartbeat' // worker-ttl: the scheduler removed it for missing heartbeats
	| 'unexplained'; // its connection ended: closed (SIGTERM, a nanny stopping) or lost (kill -9, crash)

export interface WorkerRemoval {
	readonly address: string;
	readonly name?: string;
	readonly cause: RemovalCause;
	/** The removal's stimulus_id (2023.x and later), without its time. */
	readonly stimulus?: string;
	/** A worker registered at this address, or under this name, after the removal. */
	readonly rejoined: boolean;
}

/** The scheduler's log (/info/main/logs.html), asked only after a worker left unexplained. */
export interface SchedulerLogSnapshot {
	/** Epoch seconds the answer was asked for. */
	readonly time: number;
	/** Each address's latest removal, oldest first. */
	readonly removals: readonly WorkerRemoval[];
}

export interface Snapshot {
	/** Snapshot format version, bumped on incompatible change. */
	readonly format: 1;
	/** The scheduler's HTTP base URL. */
	readonly url: string;
	/** Epoch seconds of the poll round this snapshot describes. */
	readonly time: number;
	/** What the answers' shape says of the Dask version (e.g. ">=2025.4", "<=2022.12"), when known. */
	readonly dask_version_hint?: string;
	/** Where the worker list came from this round. */
	readonly workers_source?: 'identity' | 'workers_html' | 'api';
	readonly scheduler: SchedulerSnapshot;
	readonly workers: readonly WorkerSnapshot[];
	readonly endpoints: readonly EndpointHealth[];
	/** Requests dask-top sent to act on the cluster, carried by this round (absent when none). */
	readonly actions?: readonly SnapshotAction[];
	/** The latest good answer of the scheduler's log, once one was asked (a worker left unexplained). */
	readonly scheduler_log?: SchedulerLogSnapshot;
}
