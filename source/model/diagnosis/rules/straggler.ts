/**
 * straggler: a worker finishes its tasks far slower than the same tasks take elsewhere.
 *
 * The scheduler knows how long a worker's tasks should take: its occupancy (workers.html) is the
 * sum, over the tasks it is processing, of their prefix's mean duration across the cluster. So a
 * worker busy with B threads should finish about B × processing / occupancy tasks a second. What it
 * does finish is read from the keys it holds (HTTP serves no per-worker completion counter): their
 * growth over the window, less the keys it received from other workers. A worker finishing
 * STRAGGLER_RATIO times fewer than expected, and STRAGGLER_RATIO times fewer per thread than its
 * peers' median, is a straggler. Measuring against its own tasks' means keeps a worker busy with a
 * few long tasks from looking slow; against its peers, a mean the scheduler has wrong.
 *
 * The scheduler has no mean duration for a prefix none of whose tasks has finished yet (it assumes
 * half a second): while such tasks run, a worker busy with them would look slow, so the rule does
 * not judge then.
 *
 * Held keys measure completions while results stay where they were computed (maps, persisted
 * collections); when results are consumed and released (reductions) they do not, so the rule judges
 * only while the workers' growth accounts for STRAGGLER_ACCOUNTED_MIN…MAX of the completions the
 * scheduler counts (/metrics), and only a worker whose keys never fell over the window.
 *
 * Visible on every version: occupancy and processing from workers.html, keys held from
 * identity.json's task counts or workers.html.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {secondsText} from '../../text.js';
import {evidence, perSecondText, sourceOf, timesText, workerEvidence, workerSubject} from '../figures.js';
import {DEFAULT_HYSTERESIS, type Rule, type RuleInput} from '../rule.js';
import type {Candidate} from '../types.js';
import {clusterSpan} from '../window.js';
import type {Rate, WorkerWindow} from '../worker-window.js';

/** It finishes at least this many times fewer tasks than its tasks' mean durations allow. */
export const STRAGGLER_RATIO = 2.5;
/** Rates over at least this many seconds. */
export const STRAGGLER_MIN_SPAN_S = 3;
/** At the expected pace it would have finished at least this many tasks over the window. */
export const STRAGGLER_MIN_EXPECTED_TASKS = 4;
/** The workers' growth in keys held must account for this share of the scheduler's completions… */
export const STRAGGLER_ACCOUNTED_MIN = 0.75;
/** …and not much more (keys copied between workers). */
export const STRAGGLER_ACCOUNTED_MAX = 1.33;
/** The prefix named when it makes at least this share of the completions. */
export const STRAGGLER_PREFIX_SHARE = 0.8;

interface Judged {
	readonly worker: WorkerSnapshot;
	/** Tasks it finished per second, and the pace its tasks' mean durations allow. */
	readonly actual: number;
	readonly perThread: number;
	/** Its keys never fell over the window (results stay where computed). */
	readonly keeps: boolean;
	readonly expected: number;
	readonly spanS: number;
	readonly at: number;
	readonly source: string;
}

function judgeWorker(w: WorkerSnapshot, readings: WorkerWindow, held: Rate): Judged | undefined {
	if (w.status === 'paused' || w.nthreads === undefined || w.nthreads <= 0) return undefined;
	const processing = w.processing;
	const occupancy = w.occupancy_seconds;
	if (processing === undefined || occupancy === undefined || processing <= 0 || occupancy <= 0) return undefined;
	if (!readings.busyThroughout(held.lastAt - held.spanS)) return undefined;
	const incoming = readings.rate('incoming', true);
	const actual = Math.max(0, held.perSecond - (incoming?.perSecond ?? 0));
	const expected = (Math.min(processing, w.nthreads) * processing) / occupancy;
	const keeps = readings.neverFell('held', held.src);
	return {
		worker: w,
		actual,
		perThread: actual / w.nthreads,
		keeps,
		expected,
		spanS: held.spanS,
		at: held.lastAt,
		source: held.src,
	};
}

/** Completions per second the scheduler counted over the cluster window, and the prefix that made most of them. */
function clusterCompletions(input: RuleInput): {perSecond: number; prefix?: string} | undefined {
	const span = clusterSpan(input.window, STRAGGLER_MIN_SPAN_S);
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

function median(values: readonly number[]): number {
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

export const straggler: Rule = {
	cause: 'straggler',
	hysteresis: DEFAULT_HYSTERESIS,
	// A worker paused, spilling or with a blocked loop is slow for that reason.
	explainedBy: ['memory-pressure', 'spilling', 'event-loop-blocked', 'gil-contention'],
	onePoll: false,
	judge(input) {
		const {snapshot, window, nowMs} = input;
		const cluster = clusterCompletions(input);
		if (!cluster || unknownDurations(input)) return [];
		const judged: Judged[] = [];
		let growth = 0;
		for (const w of snapshot.workers) {
			const readings = window.workers.get(w.address);
			const held = readings?.rate('held', false);
			if (!readings || !held || held.spanS < STRAGGLER_MIN_SPAN_S) continue;
			growth += Math.max(0, held.perSecond);
			const j = judgeWorker(w, readings, held);
			if (j) judged.push(j);
		}
		if (judged.length === 0) return [];
		const accounted = growth / cluster.perSecond;
		if (accounted < STRAGGLER_ACCOUNTED_MIN || accounted > STRAGGLER_ACCOUNTED_MAX) return [];
		const out: Candidate[] = [];
		for (const j of judged) {
			if (!j.keeps || j.actual * STRAGGLER_RATIO > j.expected || j.expected * j.spanS < STRAGGLER_MIN_EXPECTED_TASKS)
				continue;
			const peers = judged.filter((p) => p !== j).map((p) => p.perThread);
			if (peers.length === 0 || j.perThread * STRAGGLER_RATIO > median(peers)) continue;
			const w = j.worker;
			const name = w.name;
			const on = cluster.prefix ? ` on ${cluster.prefix}` : '';
			const how =
				j.actual > 0
					? `${timesText(j.expected / j.actual)} slower than its peers`
					: `no task finished there in ${secondsText(j.spanS)}, ${perSecondText(j.expected)} expected`;
			out.push({
				cause: 'straggler',
				severity: 'warning',
				subject: workerSubject(w),
				evidence: [
					evidence('tasks finished', perSecondText(j.actual), sourceOf(j.source), j.at, nowMs),
					workerEvidence(
						snapshot,
						w,
						'occupancy_seconds',
						"expected at its tasks' mean durations",
						`${perSecondText(j.expected)} (${w.processing} processing, ${secondsText(w.occupancy_seconds)} of work)`,
						nowMs,
					),
					evidence('over', secondsText(j.spanS), 'derived', j.at, nowMs),
				],
				summary: `${name} is a straggler${on}, ${how}`,
				next:
					`Enter on ${name} shows its CPU and memory: look at its host (other load, a slower machine or disk); ` +
					'work stealing moves queued tasks off it, retire it (F9/K) if it stays slow',
			});
		}
		return out;
	},
	blind(snapshot) {
		if (snapshot.scheduler.prometheus_available === false)
			return "not visible: the scheduler's /metrics (task completions) is unavailable: install prometheus_client";
		if (snapshot.workers.length > 0 && snapshot.workers.every((w) => w.occupancy_seconds === undefined))
			return 'not visible now: the per-worker occupancy comes from /info/main/workers.html, which did not answer';
		return undefined;
	},
};
