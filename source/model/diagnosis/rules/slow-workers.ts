/**
 * How slow a worker is: the measure straggler and gil-contention judge by.
 *
 *
 * The scheduler knows how long a worker's tasks should take: its occupancy (workers.html) is the
 * sum, over the tasks it is processing, of their prefix's mean duration across the cluster. So a
 * worker busy with B threads should finish about B × processing / occupancy tasks a second. What it
 * does finish is read from the keys it holds (HTTP serves no per-worker completion counter): their
 * growth over the window, less the keys it received from other workers. A worker finishing
 * STRAGGLER_EXPECTED_RATIO times fewer than expected, and STRAGGLER_RATIO times fewer per thread than its
 * peers' median, is a straggler. Measuring against its own tasks' means keeps a worker busy with a
 * few long tasks from looking slow; against its peers, a mean the scheduler has wrong.
 *
 * The scheduler has no mean duration for a prefix none of whose tasks has finished yet (it assumes
 * half a second): while such tasks run, a worker busy with them would look slow, so the rule does
 * not judge then.
 *
 * The scheduler also forgets a prefix's mean while a task of it runs past twice the mean
 * (`TaskPrefix.add_exec_time` sets `duration_average` to −1 from the workers' heartbeats): a
 * straggler's own slow tasks do that, and its occupancy is then read at
 * `distributed.scheduler.unknown-task-duration` (0.5 s) a task — 10 s for 20 tasks where the mean
 * says 1 s. An occupancy of exactly that default per task is no measure of the pace the tasks allow,
 * so the occupancy guard is left out then, and the worker must still finish tasks of the one prefix
 * making most completions (slowly: a worker busy with a few long tasks finishes none).
 *
 * The scheduler's mean moves halfway to each new duration, and on 2022.12.1 workers.html carries an
 * occupancy seconds old: its error is shared by every worker running the same tasks. A worker whose
 * tasks the scheduler expects to take what its peers' take (occupancy per task within SAME_MIX_TOLERANCE
 * of their median) is measured against its peers alone; the means judge only a worker with other tasks.
 *
 * A worker of several threads whose process uses about one core (CPU ≤ GIL_ONE_CORE_PERCENT; on a loaded
 * host, what one thread of its peers gets) while they run tasks is slowed by its own GIL, not its host:
 * pure-Python tasks run one thread at a time (gil-bound.ts).
 * That is gil-contention (its rule takes such workers from `slowWorkers`, and explains this away).
 *
 * Held keys measure completions while results stay where they were computed (maps, persisted
 * collections); when results are consumed and released (reductions) they do not, so the rule judges
 * only while the workers' growth accounts for STRAGGLER_ACCOUNTED_MIN…MAX of the completions the
 * scheduler counts (/metrics), and only a worker whose keys never fell over the window.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import type {RuleInput} from '../rule.js';
import {clusterSpan} from '../window.js';
import type {WorkerWindow} from '../worker-window.js';

/** It finishes at least this many times fewer tasks per thread than its peers' median. */
export const STRAGGLER_RATIO = 2.5;
/**
 * …and at least this many times fewer than its tasks' mean durations allow. Lower than against its
 * peers: the scheduler's mean duration of a prefix counts the straggler's own slow runs, so a worker
 * f times slower than its n − 1 peers finishes only ((n − 1)·f + 1) / n times fewer than the mean
 * allows (7/3 for a worker 3× slower than two peers) — and less while its own slow task has just
 * finished: the scheduler's mean moves halfway to each new duration (`TaskPrefix.add_duration`), and
 * a 3× straggler read at 2.0× then 1.4× of it on a loaded head node. This guard only keeps a worker
 * busy with a few long tasks from looking slow (it then finishes about what its tasks' means allow).
 */
export const STRAGGLER_EXPECTED_RATIO = 1.5;
/**
 * Rates over at least this many seconds: one poll apart at the default 2 s, less the jitter of the
 * answers' times (1.99 s between two answers of a loaded head node missed a whole poll at 2).
 */
export const STRAGGLER_MIN_SPAN_S = 1.5;
/** At the expected pace it would have finished at least this many tasks over the window. */
export const STRAGGLER_MIN_EXPECTED_TASKS = 4;
/** The workers' growth in keys held must account for this share of the scheduler's completions… */
export const STRAGGLER_ACCOUNTED_MIN = 0.75;
/** …and not much more (keys copied between workers). */
export const STRAGGLER_ACCOUNTED_MAX = 1.33;
/** The prefix named when it makes at least this share of the completions. */
export const STRAGGLER_PREFIX_SHARE = 0.8;
/** Dask's `distributed.scheduler.unknown-task-duration` (500ms on 2022.12 and 2026.7): a task's estimate, no mean. */
export const UNKNOWN_TASK_DURATION_S = 0.5;
/** Occupancy per task within this fraction of UNKNOWN_TASK_DURATION_S: the scheduler has no mean for them. */
const UNKNOWN_TOLERANCE = 0.02;
/** Occupancy per task within this fraction of its peers' median: the same tasks, so the same error in their means. */
export const SAME_MIX_TOLERANCE = 0.1;

export interface Judged {
	readonly worker: WorkerSnapshot;
	/** Tasks it finished per second, and per thread. */
	readonly actual: number;
	readonly perThread: number;
	/** The pace its tasks' mean durations allow (occupancy), when workers.html gave them. */
	readonly expected?: number;
	/** Its occupancy per processing task: the mean duration the scheduler expects of its tasks. */
	readonly perTask?: number;
	/** Its occupancy is the scheduler's default per task: it has no mean for them (a task ran past twice it). */
	readonly meanUnknown: boolean;
	/** Its keys never fell over the window (results stay where computed). */
	readonly keeps: boolean;
	readonly sinceS: number;
	readonly spanS: number;
	readonly at: number;
	readonly source: string;
}

/** A busy worker's completions over its latest busy run, when the window has them. */
function judgeWorker(w: WorkerSnapshot, readings: WorkerWindow): Judged | undefined {
	if (w.status === 'paused' || w.nthreads === undefined || w.nthreads <= 0) return undefined;
	const sinceS = readings.busySince();
	if (sinceS === undefined) return undefined;
	const held = readings.rate('held', false, sinceS);
	if (!held || held.spanS < STRAGGLER_MIN_SPAN_S) return undefined;
	const incoming = readings.rate('incoming', true, sinceS);
	const actual = Math.max(0, held.perSecond - (incoming?.perSecond ?? 0));
	const {processing, occupancy_seconds: occupancy} = w;
	const expected =
		processing !== undefined && occupancy !== undefined && processing > 0 && occupancy > 0
			? (Math.min(processing, w.nthreads) * processing) / occupancy
			: undefined;
	const perTask = expected === undefined ? undefined : occupancy! / processing!;
	const meanUnknown =
		perTask !== undefined && Math.abs(perTask - UNKNOWN_TASK_DURATION_S) <= UNKNOWN_TOLERANCE * UNKNOWN_TASK_DURATION_S;
	return {
		worker: w,
		actual,
		perThread: actual / w.nthreads,
		meanUnknown,
		...(expected === undefined ? {} : {expected}),
		...(perTask === undefined ? {} : {perTask}),
		keeps: readings.neverFell('held', held.src),
		sinceS,
		spanS: held.spanS,
		at: held.lastAt,
		source: held.src,
	};
}

/** Completions per second the scheduler counted since `sinceS`, and the prefix that made most of them. */
function clusterCompletions(input: RuleInput, sinceS: number): {perSecond: number; prefix?: string} | undefined {
	const span = clusterSpan(input.window, STRAGGLER_MIN_SPAN_S, sinceS);
	if (!span) return undefined;
	let total = 0;
	let top: {prefix: string; done: number} | undefined;
	for (const [prefix, after] of Object.entries(span.last.prefixes)) {
		const done = (after.transitions['memory'] ?? 0) - (span.first.prefixes[prefix]?.transitions['memory'] ?? 0);
		if (done <= 0) continue;
		total += done;
		if (!top || done > top.done) top = {prefix, done};
	}
	if (total <= 0) return undefined;
	const named = top && top.done >= STRAGGLER_PREFIX_SHARE * total ? top.prefix : undefined;
	return {perSecond: total / span.spanS, ...(named ? {prefix: named} : {})};
}

function median(values: readonly number[]): number | undefined {
	if (values.length === 0) return undefined;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A prefix has tasks that started and none that finished: the scheduler cannot know its durations yet. */
function unknownDurations(input: RuleInput): boolean {
	for (const p of Object.values(input.snapshot.scheduler.prefixes)) {
		const t = p.transitions;
		if ((t['processing'] ?? 0) > 0 && (t['memory'] ?? 0) + (t['erred'] ?? 0) === 0) return true;
	}
	return false;
}

/** How much slower a worker must be: per thread than its peers' median, and than its tasks' means allow. */
export type SlowBar = {readonly ratio: number; readonly expectedRatio: number};
const STRAGGLER_BAR: SlowBar = {ratio: STRAGGLER_RATIO, expectedRatio: STRAGGLER_EXPECTED_RATIO};

/** Its tasks are its peers' (the same expected duration each): an error in their means is theirs too. */
function sameMix(j: Judged, peersPerTask: number | undefined): boolean {
	if (j.perTask === undefined || peersPerTask === undefined || peersPerTask <= 0) return false;
	return Math.abs(j.perTask / peersPerTask - 1) <= SAME_MIX_TOLERANCE;
}

/**
 * It finishes `bar.ratio` times fewer than its peers per thread and `bar.expectedRatio` times fewer than
 * its tasks' means allow (or, with no mean for them, still finishes tasks of the one prefix most are;
 * or, running its peers' tasks, the means' error is theirs too and the peers alone measure it).
 */
function slow(
	j: Judged,
	peers: number,
	peersPerTask: number | undefined,
	prefix: string | undefined,
	bar: SlowBar,
): boolean {
	if (!j.keeps || peers <= 0 || j.perThread * bar.ratio > peers) return false;
	if (peers * (j.worker.nthreads ?? 1) * j.spanS < STRAGGLER_MIN_EXPECTED_TASKS) return false;
	if (j.meanUnknown) return prefix !== undefined && j.actual > 0;
	if (j.expected === undefined || sameMix(j, peersPerTask)) return true;
	// At its tasks' means it would have finished one at least over the window (not one 180 s task).
	return j.expected * j.spanS >= 1 && j.actual * bar.expectedRatio <= j.expected;
}

export interface SlowWorker {
	readonly judged: Judged;
	/** Its peers' median tasks finished per thread per second. */
	readonly peers: number;
	readonly prefix: string | undefined;
}

/** The workers finishing far fewer tasks than their peers (straggler's bar, or another rule's), with their figures. */
export function slowWorkers(input: RuleInput, bar: SlowBar = STRAGGLER_BAR): SlowWorker[] {
	const {snapshot, window} = input;
	if (unknownDurations(input)) return [];
	const judged: Judged[] = [];
	for (const w of snapshot.workers) {
		const readings = window.workers.get(w.address);
		const j = readings ? judgeWorker(w, readings) : undefined;
		if (j) judged.push(j);
	}
	if (judged.length < 2) return [];
	const cluster = clusterCompletions(input, Math.min(...judged.map((j) => j.sinceS)));
	if (!cluster) return [];
	const accounted = judged.reduce((n, j) => n + j.actual, 0) / cluster.perSecond;
	if (accounted < STRAGGLER_ACCOUNTED_MIN || accounted > STRAGGLER_ACCOUNTED_MAX) return [];
	const out: SlowWorker[] = [];
	for (const j of judged) {
		const others = judged.filter((p) => p !== j);
		const peers = median(others.map((p) => p.perThread)) ?? 0;
		const peersPerTask = median(others.flatMap((p) => (p.perTask === undefined ? [] : [p.perTask])));
		if (slow(j, peers, peersPerTask, cluster.prefix, bar)) out.push({judged: j, peers, prefix: cluster.prefix});
	}
	return out;
}
