/**
 * Where the cluster's thread-seconds went: the state the time track keeps (camelCase) and the
 * split it gives for a window (snake_case, printed by `--json` unchanged). Re-exported by types.ts.
 */

/** Which window a split covers: the last minute, since the latest idle moment, since the scheduler started. */
export type TimeWindowKind = 'minute' | 'run' | 'start';

/** Compute and transfer seconds of one task prefix. */
export interface PrefixSeconds {
	readonly compute: number;
	readonly transfer: number;
}

/**
 * Totals counted from the track's first sample to one sample (every counter step added, a counter
 * that went back counted from zero), so a window is the difference of two readings.
 */
export interface TimeOdometer {
	/** Epoch seconds of the /metrics answer. */
	readonly timeS: number;
	/** Σ threads × seconds over the steps whose threads were known. */
	readonly threadSeconds: number;
	/** Seconds of steps whose threads were not known (the capacity of a window that holds one is not). */
	readonly threadGapS: number;
	readonly compute: number;
	readonly transfer: number;
	/** Seconds of steps whose per-prefix seconds the scheduler did not give (Dask before 2023.1.1). */
	readonly computeGapS: number;
	readonly prefixes: ReadonlyMap<string, PrefixSeconds>;
	/** Spill and GC seconds of the workers whose own /metrics were read at both ends of a step. */
	readonly spill: number;
	readonly gc: number;
}

/** One worker's latest counters from its own /metrics, and when a step of each was last counted. */
export interface WorkerTimeReading {
	readonly spill?: number;
	readonly gc?: number;
	/** Epoch seconds of the latest sample whose step counted this worker's spill (or GC) time. */
	readonly spillStepS?: number;
	readonly gcStepS?: number;
}

export interface TimeTrack {
	/** The first sample: its time and threads (the scheduler's time before it is assumed at those threads). */
	readonly firstS?: number;
	readonly firstThreads?: number;
	/** The latest sample: threads, the raw per-prefix counters, whether they carried seconds. */
	readonly lastThreads?: number;
	readonly lastCounters?: ReadonlyMap<string, PrefixSeconds>;
	readonly lastPerPrefix?: boolean;
	readonly odometer?: TimeOdometer;
	/** Readings of the last few minutes, oldest first (the last-minute window's start). */
	readonly recent: readonly TimeOdometer[];
	/** The reading at the latest idle moment (no task in flight) and at the one the current run started from. */
	readonly idleOdometer?: TimeOdometer;
	readonly runOdometer?: TimeOdometer;
	readonly workers: ReadonlyMap<string, WorkerTimeReading>;
}

/** One prefix's row of the split. */
export interface PrefixTime {
	readonly prefix: string;
	readonly compute: number;
	readonly transfer: number;
}

/**
 * The cluster's thread-seconds over a window (model/time/time-split.ts). Seconds throughout; a part
 * that is not known is absent, never 0.
 */
export interface TimeSplit {
	readonly window: TimeWindowKind;
	/** Epoch seconds the window starts and ends (the latest /metrics answer). */
	readonly from: number;
	readonly to: number;
	readonly window_seconds: number;
	/** Threads × wall seconds. */
	readonly thread_seconds?: number;
	/** Seconds at the window's start before dask-top's first poll, taken at the threads of that poll. */
	readonly thread_seconds_assumed_seconds?: number;
	/** Σ compute seconds of tasks that ended in the window (counted at a task's end). */
	readonly compute?: number;
	/** Σ seconds tasks waited for their inputs to arrive, counted at a task's end. */
	readonly transfer?: number;
	/** Spill and GC seconds of the workers whose own /metrics were read (`workers_read` of `workers`). */
	readonly spill?: number;
	readonly gc?: number;
	/** Capacity less compute, transfer, and the spill and GC read (never below 0). */
	readonly idle?: number;
	/** Workers whose own /metrics gave a spill (or GC) step in the window, and workers now. */
	readonly workers_read: number;
	readonly workers: number;
	/** Per prefix, biggest first; empty when the scheduler gives no per-prefix seconds. */
	readonly prefixes: readonly PrefixTime[];
	/** Why a part is missing or partial, one line each. */
	readonly notes: readonly string[];
}
