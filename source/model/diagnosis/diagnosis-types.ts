/**
 * The diagnosis' words: a finding (what is wrong, about what, since when, the figures that show it,
 * one next step), the rules that make findings, and what the model keeps between polls.
 *
 * A Finding is also `--json`'s `diagnosis[]` entry, so its shape is stable: `since` and `until` are
 * epoch MILLISECONDS and evidence ages are milliseconds (`ageMs`), as the diagnosis was specified;
 * the rest of the document keeps its epoch seconds.
 */
import type {PrefixCounters, Source} from '../../types/snapshot.js';
import type {HoldTrack} from '../hold.js';
import type {WorkerWindow} from './worker-window.js';

/** The causes, with the names `--json` uses. */
export type Cause =
	| 'memory-pressure'
	| 'spilling'
	| 'event-loop-blocked'
	| 'gil-contention'
	| 'transfer-bound'
	| 'straggler'
	| 'skew'
	| 'no-worker'
	| 'scheduler-bound'
	| 'hung'
	| 'worker-lost';

export type FindingSeverity = 'warning' | 'critical';

export interface Subject {
	readonly kind: 'cluster' | 'worker' | 'prefix';
	/** 'cluster', a worker's address, or a task prefix. */
	readonly id: string;
	/** A worker's name. */
	readonly name?: string;
}

/** One figure that shows the cause: what it is, its value as read, where it came from and how old it was. */
export interface Evidence {
	readonly figure: string;
	/** The value with its unit, as a user reads it ("83 % of 600 MiB", "3.1×"). */
	readonly value: string;
	/** The endpoint (or 'derived': computed by dask-top from other figures; 'alerts': an alert rule's verdict). */
	readonly source: Source | 'alerts';
	/** Milliseconds between the figure's answer and the finding's latest evaluation. */
	readonly ageMs: number;
}

export interface Finding {
	readonly cause: Cause;
	readonly severity: FindingSeverity;
	readonly subject: Subject;
	/** Epoch ms since which the condition has held (its first poll, before its hold confirmed it). */
	readonly since: number;
	readonly evidence: readonly Evidence[];
	/** One step the user can take: a key in dask-top, a Dask setting, a page of the dashboard. */
	readonly next: string;
	/** One line: "beta is a straggler on slow-process, 3.1× slower than its peers". */
	readonly summary: string;
}

/** A finding that ended: when its condition last held (epoch ms). */
export interface EndedFinding extends Finding {
	readonly until: number;
}

/** A cause this cluster's Dask version (or setup) cannot show, and what would. */
export interface BlindSpot {
	readonly cause: Cause;
	/** "not visible on this version: needs Dask ≥ 2023.4.0 with gilknocker installed". */
	readonly note: string;
}

/**
 * What a rule says this poll: the findings its condition holds for now. `heldMs`: how long the
 * candidate's own figures show the condition has held (a heartbeat silent for 3 s is a stall of
 * 3 s, not an instant): at least its rule's `provenMs`, it needs no further polls to start.
 */
export type Candidate = Omit<Finding, 'since'> & {readonly heldMs?: number};

/** A finding being tracked through its rule's hold (hold.ts): pending, active, or clearing. */
export interface Track extends HoldTrack {
	readonly candidate: Candidate;
}

/** One poll's scheduler counters the rate rules read, kept for a few polls (window.ts). */
export interface ClusterReading {
	/** Epoch seconds of the /metrics answer the counters came from. */
	readonly at: number;
	readonly cpuSeconds?: number;
	readonly gilSeconds?: number;
	/** Clients connected and tasks the scheduler holds (what a frozen scheduler loop was doing). */
	readonly clients?: number;
	readonly tasksTotal?: number;
	readonly prefixes: Readonly<Record<string, PrefixCounters>>;
}

/**
 * One poll's sums of the workers' task states (identity.json: the scheduler's copy of each worker's
 * last heartbeat), kept for a few polls (window.ts): a sample of the cluster at that instant.
 */
export interface TaskReading {
	/** Epoch seconds of the answer the task states came from. */
	readonly at: number;
	/** Threads of the workers whose task states are known. */
	readonly threads: number;
	/** Tasks executing (and long-running). */
	readonly executing: number;
	/** Tasks waiting for their data (worker state `waiting`). */
	readonly waiting: number;
	/** Incoming transfers (gather_dep calls) in flight: at least one on a worker with keys in flight. */
	readonly transfers: number;
	/** Bytes those transfers move. */
	readonly transferBytes: number;
}

/** A prefix's completions as /metrics counted them: when they last moved, and since when they are counted. */
export interface PrefixDone {
	/** Its `memory` transitions at the latest reading. */
	readonly done: number;
	/** Answer time (epoch s) of the reading its completions last grew at (or were first read). */
	readonly changedAtS: number;
	/** The first reading it was seen in, and its completions then. */
	readonly firstAtS: number;
	readonly firstDone: number;
}

export interface DiagnosisWindow {
	/** Newest last, at most WINDOW_POLLS. */
	readonly cluster: readonly ClusterReading[];
	/** Newest last, at most WINDOW_READINGS. */
	readonly tasks: readonly TaskReading[];
	/** Per worker address, written in place (worker-window.ts). */
	readonly workers: Map<string, WorkerWindow>;
	/** Per task prefix, written in place: when its completions last grew (the hung rule's tail). */
	readonly prefixDone: Map<string, PrefixDone>;
}

export interface DiagnosisState {
	/** By `cause|kind|id`. */
	readonly tracks: ReadonlyMap<string, Track>;
	/** Ended findings, newest first, bounded. */
	readonly ended: readonly EndedFinding[];
	readonly window: DiagnosisWindow;
}
