/**
 * straggler: a worker finishes its tasks far slower than the same tasks take elsewhere — measured
 * by slow-workers.ts (its pace against its peers' per thread and against its tasks' mean durations).
 *
 * Visible on every version: occupancy and processing from workers.html, keys held from
 * identity.json's task counts or workers.html.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {secondsText} from '../../text.js';
import {evidence, perSecondText, sourceOf, threadsText, timesText, workerEvidence, workerSubject} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';
import {type Judged, slowWorkers, UNKNOWN_TASK_DURATION_S} from './slow-workers.js';

/** How much slower, in words. */
export function slowText(j: Judged, peers: number): string {
	return j.perThread > 0
		? `${timesText(peers / j.perThread)} slower than its peers`
		: `no task finished there in ${secondsText(j.spanS)} while its peers finished ${perSecondText(peers)} a thread`;
}

/** The figures that show it slow: its pace and its peers', over the window. */
export function slowEvidence(j: Judged, peers: number, input: RuleInput): Evidence[] {
	const {nowMs} = input;
	return [
		evidence('tasks finished per thread', perSecondText(j.perThread), sourceOf(j.source), j.at, nowMs),
		evidence("its peers' median per thread", perSecondText(peers), 'derived', j.at, nowMs),
		evidence('over', secondsText(j.spanS), 'derived', j.at, nowMs),
	];
}

/** Its CPU as read, with its threads ("97 % of a core, 4 threads"). */
export function cpuEvidence(w: WorkerSnapshot, input: RuleInput): Evidence | undefined {
	if (w.cpu_percent === undefined) return undefined;
	return workerEvidence(
		input.snapshot,
		w,
		'cpu_percent',
		'CPU (100 % = one core)',
		`${Math.round(w.cpu_percent)} % with ${threadsText(w.nthreads ?? 1)}`,
		input.nowMs,
	);
}

function candidate(j: Judged, peers: number, prefix: string | undefined, input: RuleInput): Candidate {
	const {snapshot, nowMs} = input;
	const w = j.worker;
	const name = w.name;
	const on = prefix ? ` on ${prefix}` : '';
	const how = slowText(j, peers);
	const shown = slowEvidence(j, peers, input);
	const cpu = cpuEvidence(w, input);
	if (cpu) shown.push(cpu);
	if (j.meanUnknown)
		shown.push(
			workerEvidence(
				snapshot,
				w,
				'occupancy_seconds',
				"expected at its tasks' mean durations",
				`unknown: the scheduler dropped the mean (a task ran past twice it; ${w.processing} processing at ` +
					`its ${UNKNOWN_TASK_DURATION_S} s default)`,
				nowMs,
			),
		);
	else if (j.expected !== undefined)
		shown.push(
			workerEvidence(
				snapshot,
				w,
				'occupancy_seconds',
				"expected at its tasks' mean durations",
				`${perSecondText(j.expected)} (${w.processing} processing, ${secondsText(w.occupancy_seconds)} of work)`,
				nowMs,
			),
		);
	return {
		cause: 'straggler',
		severity: 'warning',
		subject: workerSubject(w),
		evidence: shown,
		summary: `${name} is a straggler${on}, ${how}`,
		next:
			`Enter on ${name} shows its CPU and memory: look at its host (other load, a slower machine or disk); ` +
			'work stealing moves queued tasks off it, retire it (F9/K) if it stays slow',
	};
}

export const straggler: Rule = {
	id: 'straggler',
	kind: 'finding',
	inputs: ['snapshot.workers', 'snapshot.scheduler.prometheus', 'window.workers', 'nowMs'],
	text: findingText,
	hold: FINDING_HOLD,
	// A worker paused, spilling or with a blocked loop is slow for that reason.
	explainedBy: ['memory-pressure', 'spilling', 'event-loop-blocked', 'gil-contention'],
	onePoll: false,
	judge(input) {
		return slowWorkers(input).map(({judged, peers, prefix}) => candidate(judged, peers, prefix, input));
	},
	blind(snapshot) {
		if (snapshot.scheduler.prometheus_available === false)
			return "not visible: the scheduler's /metrics (task completions) is unavailable: install prometheus_client";
		if (snapshot.workers.length > 0 && snapshot.workers.every((w) => w.occupancy_seconds === undefined))
			return 'not visible now: the per-worker occupancy comes from /info/main/workers.html, which did not answer';
		return undefined;
	},
};
