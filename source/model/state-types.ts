/**
 * The state `reduce` keeps: what the model remembers about each worker, the cluster's history, the
 * progress and prefix tracks, rises, the source and the scheduler's epoch. TypeScript-side,
 * camelCase. Re-exported by types.ts.
 */
import type {SchedulerProcess} from '../parse/index.js';
import type {OwnGap} from '../types/raw-scrape.js';
import type {Snapshot, WorkerSnapshot} from '../types/snapshot.js';
import type {SourceStatus} from '../types/scrape-source.js';
import type {Departure, PendingDeparture} from './departures/departure.js';

/** A standing loss, held as an alert (state.heldLosses). */
export interface HeldLoss {
	readonly address: string;
	readonly name: string;
	readonly departure: Departure;
	/** Monitor time it was found gone: the hold counts from here, as a lost track's from its lostMs. */
	readonly sinceMs: number;
}
import type {RetireTrack} from './departures/retire-types.js';
import type {UnmanagedWindow} from './alerts/unmanaged-old.js';
import type {Series} from './history/ring.js';
import type {ResolvedModelOptions} from './option-types.js';
import type {AdaptiveFlavor, Alert, ModelEvent, ProgressBaseKind} from './view-types.js';
import type {DiagnosisState} from './diagnosis/diagnosis-types.js';
import type {TimeTrack} from './time/time-types.js';

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
	/** It left in an orderly way (a retire, a close): not a loss. */
	readonly retired?: boolean;
	/** Why it left and how sure that is (departure.ts); absent while that waits for the scheduler's log. */
	readonly departure?: Departure;
	/** When a process at this address was last judged killed for memory (kept across its nanny's restarts). */
	readonly memoryKilledMs?: number;
	readonly history: WorkerHistory;
	/** The latest reading of each spill figure, with its source: rises are measured against these. */
	readonly spillReadings?: SpillReadings;
	/** Its unmanaged memory over the last `unmanaged_recent_s`: what has stayed (unmanaged-old.ts). */
	readonly unmanaged?: UnmanagedWindow | undefined;
}

/** One reading of a figure: its value, which endpoint gave it, and when (monitor ms). */
export interface Reading {
	readonly value: number;
	readonly source: string;
	readonly atMs: number;
}

export type SpillReadings = Readonly<Partial<Record<'memory_spilled_bytes' | 'spill_write_bytes_total', Reading>>>;

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
	readonly memoryManagedBytes: Series;
	readonly memoryUnmanagedBytes: Series;
	/** Bytes on disk. */
	readonly memorySpilledBytes: Series;
	/** Tasks in the scheduler's processing and queued states. */
	readonly tasksProcessing: Series;
	readonly tasksQueued: Series;
	/** Mean CPU % of the workers that report it (100 = one core). */
	readonly cpuMeanPercent: Series;
	readonly workers: Series;
}

/** The cumulative per-prefix counters progress is counted from (transitions into each state). */
export interface PrefixCounts {
	readonly waiting: number;
	readonly memory: number;
	readonly erred: number;
	readonly released: number;
	readonly forgotten: number;
}

/** A count known to lie between two bounds (lo <= true <= hi); exact when they meet. */
export interface Bounds {
	readonly lo: number;
	readonly hi: number;
}

export interface PrefixTrack {
	/** Order first seen (stable row order). */
	readonly order: number;
	readonly kind: ProgressBaseKind;
	/** The counters at the base: done, erred, cancelled and the total are counted from them. */
	readonly base: PrefixCounts;
	/** Tasks in flight at the base (0 and 0 except for `first-sample`). */
	readonly baseFlight: Bounds;
	/** The counters at the latest sample and the tasks in flight then (progress-bounds.ts carries them on). */
	readonly anchor: PrefixCounts;
	readonly anchorFlight: Bounds;
	/** Epoch seconds of the sample the base was taken at. */
	readonly baseAtS: number;
	/** Epoch seconds from which every task of the prefix is counted (undefined: the scheduler's start, time unknown). */
	readonly sinceS?: number | undefined;
	/** Nothing was in flight at `sinceS` and every task submitted since is counted: the total is known. */
	readonly exactBase: boolean;
}

/** A polled moment with no task in flight cluster-wide, and every prefix's counters then. */
export interface ProgressEpoch {
	readonly timeS: number;
	readonly counts: Readonly<Record<string, PrefixCounts>>;
}

/** Per-prefix progress bookkeeping, moved on by every new /metrics sample. */
export interface ProgressTrack {
	readonly prefixes: ReadonlyMap<string, PrefixTrack>;
	readonly nextOrder: number;
	/** Epoch seconds of the latest sample. */
	readonly lastSampleS?: number | undefined;
	/** The latest epoch (no task in flight cluster-wide) and every prefix's counters then. */
	readonly lastEpoch?: ProgressEpoch;
	/**
	 * The epoch the current run started from: the latest one after which some prefix moved. The
	 * progress rows are this run's prefixes (those that moved since); undefined until a run is seen
	 * starting (dask-top started mid-run or idle): every counted prefix is shown.
	 */
	readonly run?: ProgressEpoch;
	/**
	 * Tasks in flight cluster-wide (processing + queued + waiting + no-worker) at the latest sample,
	 * when /metrics gave them.
	 */
	readonly active?: number;
	/** Tasks in memory cluster-wide at the latest sample, when /metrics gave them (each task once). */
	readonly inMemory?: number;
	/** Per prefix, the results in memory at the latest sample (progress-bounds.ts), when the count is known. */
	readonly held?: ReadonlyMap<string, Bounds>;
}

/** Rates from counter deltas between the two latest metric samples. */
export interface Rates {
	/** Tasks completed (into memory or erred) per second, cluster-wide; undefined until two samples. */
	readonly tasksDonePerSecond?: number;
	readonly tasksErredPerSecond?: number;
	readonly perPrefix: Readonly<Record<string, {readonly donePerSecond: number; readonly erredPerSecond: number}>>;
	/** Seconds the rates cover. */
	readonly windowSeconds?: number;
	/** The counters went backwards (scheduler restart): progress starts over at this snapshot. */
	readonly resetAtS?: number;
}

/**
 * What the moments that told the flavors apart said on an ambiguous version: how many times each
 * formula alone reproduced the scheduler's number, and the latest such moment.
 */
export interface LearnedFlavor {
	readonly flavor: AdaptiveFlavor;
	readonly votes: Readonly<Record<AdaptiveFlavor, number>>;
	readonly desired: number;
	readonly legacy: number;
	readonly modern: number;
}

export interface ClusterState {
	readonly options: ResolvedModelOptions;
	/** Latest snapshot (the last good data; kept while the source fails). */
	readonly snapshot?: Snapshot;
	/** The snapshot before it (for rates). */
	readonly previous?: Snapshot | undefined;
	/** Monitor time of the latest action. */
	readonly nowMs: number;
	/** Snapshots reduced since the start or the last reset. */
	readonly snapshotCount: number;
	/** Present and lost workers by address. */
	readonly workers: ReadonlyMap<string, WorkerTrack>;
	readonly history: ClusterHistory;
	readonly rates: Rates;
	/** Per-prefix progress bookkeeping (progress-track.ts). */
	readonly progress: ProgressTrack;
	/** Where the cluster's thread-seconds went, counted from each /metrics sample (time/time-track.ts). */
	readonly time?: TimeTrack;
	/** Epoch seconds of the first counter sample (or of the latest counter reset). */
	readonly baselineAtS?: number | undefined;
	/** Monitor time of the latest snapshot in which a task completed (or of the baseline). */
	readonly lastCompletionMs?: number;
	/**
	 * Monitor time of the latest snapshot in which work was seen to move: a task completed or went
	 * into processing, or processing went from none to some (or the baseline, a counter reset). The
	 * stall rule counts from here, so an idle spell before new work is not counted as a stall.
	 */
	readonly lastProgressMs?: number;
	readonly source: SourceTrack;
	/** The scheduler this state follows (set by the first snapshot that says). */
	readonly epoch?: SchedulerEpoch;
	/** Which adaptive_target formula reproduced the scheduler's number, on versions the answers cannot date. */
	readonly learnedFlavor?: LearnedFlavor | undefined;
	/** Consecutive polls each worker has been a scale-down candidate (Adaptive's wait-count). */
	readonly closeCounts: ReadonlyMap<string, number>;
	/** Ongoing alerts by id. */
	readonly alerts: ReadonlyMap<string, Alert>;
	/** Newest first, bounded. */
	readonly events: readonly ModelEvent[];
	/** "Rising" marks (erred tasks, spilled bytes) by `kind|subject`, while their window is open. */
	readonly rises: ReadonlyMap<string, Rise>;
	/** Erred tasks the first snapshot already held, until the scheduler holds none (erred-before.ts). */
	readonly erredBefore?: ErredBefore | undefined;
	/** Retires dask-top asked for and their outcomes, newest first (retire.ts); absent before the first. */
	readonly retires?: readonly RetireTrack[];
	/** Workers gone (or back as a new process) whose reason waits for the scheduler's log (departures.ts). */
	readonly departures?: readonly PendingDeparture[];
	/**
	 * Standing losses (departure.ts), each held as a critical alert for worker_lost_hold_s from when it
	 * was found gone — even once a new process has taken its address back (a nanny restarting the
	 * worker on a fixed port), when no lost track carries it any more.
	 */
	readonly heldLosses?: readonly HeldLoss[];
	/**
	 * The diagnosis: its findings (pending, active, ended) and its window of readings (diagnosis/);
	 * absent before the first snapshot.
	 */
	readonly diagnosis?: DiagnosisState;
	/** Increments on every change; views memoize on it. */
	readonly revision: number;
}

/** Tasks that had erred before the first snapshot: rising marks cannot see them. */
export interface ErredBefore {
	/** The scheduler's erred tasks at the first snapshot. */
	readonly count: number;
	/** Per prefix, when the counters prove them (their erred transitions add up to the count). */
	readonly byPrefix?: Readonly<Record<string, number>>;
	/** The first snapshot was the first of a restarted scheduler, not dask-top's first. */
	readonly restarted: boolean;
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
	readonly startMs?: number | undefined;
	/** Monitor ms of the latest snapshot carrying a fresh answer. */
	readonly lastFreshMs?: number | undefined;
	/** Consecutive snapshots with no fresh answer. */
	readonly missedRounds: number;
	/**
	 * Monitor ms until which the scheduler was not listening: it did not answer (missed polls) or
	 * its event loop was blocked (its own longest tick). Heartbeats could not arrive meanwhile, so a
	 * worker's heartbeat age counts against the worker only from here.
	 */
	readonly deafUntilMs?: number | undefined;
	/**
	 * The latest stretch in which dask-top itself did not run (suspended, the machine asleep, its
	 * process blocked), as the source told it: not the scheduler's doing. Missed polls and the stall
	 * clock count from its end.
	 */
	readonly ownGap?: OwnGap | undefined;
}

/** What identifies the scheduler the state describes; another one on the same port starts a new epoch. */
export interface SchedulerEpoch extends SchedulerProcess {
	/** Monitor ms of the epoch's first snapshot. */
	readonly sinceMs: number;
}
