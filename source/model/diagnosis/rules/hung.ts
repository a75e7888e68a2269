/**
 * hung: work is processing but nothing completes. The stall rule (stall.ts) judges it — no
 * completion for a while, every worker holding tasks under a few % CPU — and the diagnosis follows
 * its `stalled` alert (its input, read below), adding where to look: the scheduler's call-stack page of
 * the worker holding the tasks shows what its threads run.
 *
 * Before the cluster stalls, a prefix's own tail is evidence too: a few of its tasks still running
 * (handed to workers, no more than the threads) after at least HUNG_TAIL_PEERS of them completed,
 * with none completing for HUNG_TAIL_FACTOR × its tasks' mean time and at least HUNG_TAIL_MIN_S.
 * The mean is the scheduler's compute seconds per completion (/metrics ≥ 2023.1.1), or, before,
 * the most it can be: the threads × the time its completions took / their count (no thread runs two
 * tasks at once). Two tasks of a lock hang while 200 of their prefix complete are then named about
 * ten seconds after the last completion, not after the stall time once everything else is done.
 *
 * Visible wherever /metrics counts completions (every version with prometheus_client).
 */
import type {PrefixCounters, Snapshot} from '../../../types/snapshot.js';
import {alertId} from '../../alerts/alerts.js';
import type {ClusterState} from '../../state-types.js';
import type {Alert} from '../../view-types.js';
import {meanDurationSeconds, progressView} from '../../progress/progress.js';
import {listText, secondsText} from '../../text.js';
import {
	answerAtS,
	CLUSTER,
	evidence,
	prefixSubject,
	taskTimeText,
	timesText,
	workerEvidence,
	workerSubject,
} from '../figures.js';
import {AT_ONCE} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence, PrefixDone} from '../diagnosis-types.js';

const STALLED_ID = alertId('stalled', 'cluster');

interface StallReport {
	readonly alert: Alert;
	/** Addresses of the workers holding tasks (the alert's `workers`). */
	readonly workers: readonly string[];
	/** Epoch ms the stall alert started. */
	readonly sinceMs: number;
}

/** The ongoing stall, when the stall rule sees one. */
function stallReport(state: ClusterState): StallReport | undefined {
	const alert = state.alerts.get(STALLED_ID);
	if (alert?.state !== 'ongoing') return undefined;
	return {alert, workers: alert.workers ?? [], sinceMs: alert.start_time * 1000};
}

function callStacksUrl(snapshot: Snapshot, address: string): string {
	const base = snapshot.url.endsWith('/') ? snapshot.url : `${snapshot.url}/`;
	return `${base}info/call-stacks/${encodeURIComponent(address)}.html`;
}

/** A prefix's tail: at least this many of its tasks completed (peers to compare with)… */
export const HUNG_TAIL_PEERS = 10;
/** …none for this many times its tasks' mean time… */
export const HUNG_TAIL_FACTOR = 20;
/** …and for this long at least. */
export const HUNG_TAIL_MIN_S = 10;

/** The mean seconds a task of the prefix took: the scheduler's, else the most it can be. */
function meanTaskSeconds(input: RuleInput, counters: PrefixCounters, done: PrefixDone): number | undefined {
	const mean = meanDurationSeconds(counters);
	if (mean !== undefined) return mean;
	const threads = input.snapshot.scheduler.threads;
	const count = done.done - done.firstDone;
	if (threads === undefined || threads <= 0 || count < HUNG_TAIL_PEERS) return undefined;
	return (threads * (done.changedAtS - done.firstAtS)) / count;
}

/** Prefixes whose last few tasks run far past their peers' time, while the cluster has not stalled. */
function tails(input: RuleInput): Candidate[] {
	const {state, snapshot, window, nowMs} = input;
	const threads = snapshot.scheduler.threads;
	if (threads === undefined || threads <= 0) return [];
	const processingNow = snapshot.scheduler.tasks.processing ?? 0;
	const at = answerAtS(snapshot, 'metrics');
	const out: Candidate[] = [];
	for (const row of progressView(state).prefixes) {
		const running = row.in_flight;
		if (running <= 0 || running > threads || running > processingNow) continue;
		const counters = snapshot.scheduler.prefixes[row.prefix];
		const done = window.prefixDone.get(row.prefix);
		if (!counters || !done || done.done < HUNG_TAIL_PEERS) continue;
		const t = counters.transitions;
		// Every one of them was handed to a worker (not waiting for its inputs).
		if ((t['processing'] ?? 0) - (t['memory'] ?? 0) - (t['erred'] ?? 0) < running) continue;
		const mean = meanTaskSeconds(input, counters, done);
		if (mean === undefined) continue;
		const silentS = at - done.changedAtS;
		if (silentS < Math.max(HUNG_TAIL_MIN_S, HUNG_TAIL_FACTOR * mean)) continue;
		const holders = snapshot.workers.filter((w) => (w.processing ?? w.tasks_executing ?? 0) > 0);
		const where =
			holders.length === 1
				? `see what its threads run: ${callStacksUrl(snapshot, holders[0]!.address)} (a lock, a sleep, a remote call)`
				: "the scheduler's info/call-stacks/<worker>.html pages show what each worker's threads run" +
					(holders.length > 0 && holders.length <= 3 ? ` (${listText(holders.map((w) => w.name))})` : '');
		const tasks = `${running} task${running === 1 ? '' : 's'}`;
		out.push({
			cause: 'hung',
			severity: 'warning',
			// One worker holds them: it is the place to look, and the subject the stall's finding names (a
			// stall alert that lapses for a poll then changes no subject).
			subject: holders.length === 1 ? workerSubject(holders[0]!) : prefixSubject(row.prefix),
			evidence: [
				evidence('tasks of it still running', String(running), 'metrics', at, nowMs),
				evidence('completed', String(done.done), 'metrics', at, nowMs),
				evidence('none completed for', secondsText(silentS), 'metrics', at, nowMs),
				evidence(
					meanDurationSeconds(counters) === undefined ? 'its mean task time, at most' : 'its mean task time',
					taskTimeText(mean),
					meanDurationSeconds(counters) === undefined ? 'derived' : 'metrics',
					at,
					nowMs,
				),
			],
			summary:
				`${tasks} of ${row.prefix} ${running === 1 ? 'has' : 'have'} run ${secondsText(silentS)} past its last ` +
				`completion, ${timesText(silentS / mean)} its mean task time (${taskTimeText(mean)}), while ${done.done} ` +
				'completed: hung, or far slower than the rest',
			next: where,
		});
	}
	return out;
}

export const hung: Rule = {
	id: 'hung',
	kind: 'finding',
	inputs: [
		'snapshot.scheduler.tasks',
		'snapshot.scheduler.prefixes',
		'snapshot.scheduler.threads',
		'snapshot.workers',
		'state.alerts',
		'window.prefixDone',
		'nowMs',
	],
	text: findingText,
	// The stall rule has already waited (a minute or more): follow it as it is.
	hold: AT_ONCE,
	onePoll: false,
	judge(input) {
		const {state, snapshot, nowMs} = input;
		const stall = stallReport(state);
		if (!stall) return tails(input);
		const holders = snapshot.workers.filter((w) => stall.workers.includes(w.address));
		const ev: Evidence[] = [evidence('stall detection', stall.alert.message, 'alerts', nowMs / 1000, nowMs)];
		for (const w of holders.slice(0, 3)) {
			if (w.cpu_percent !== undefined)
				ev.push(workerEvidence(snapshot, w, 'cpu_percent', `${w.name} CPU`, `${Math.round(w.cpu_percent)} %`, nowMs));
		}
		const one = holders.length === 1 ? holders[0] : undefined;
		const processing = snapshot.scheduler.tasks.processing;
		const tasks = processing === undefined ? 'tasks' : `${processing} task${processing === 1 ? '' : 's'}`;
		return [
			{
				cause: 'hung',
				severity: 'warning',
				subject: one ? workerSubject(one) : CLUSTER,
				evidence: ev,
				summary: one
					? `${one.name} holds ${tasks} that make no progress (nothing completes, its CPU is idle)`
					: `${tasks} make no progress on ${listText(
							holders.map((w) => w.name),
							3,
						)} (nothing completes, their CPU is idle)`,
				next: one
					? `see what its threads run: ${callStacksUrl(snapshot, one.address)} (a lock, a sleep, a remote call)`
					: "the scheduler's info/call-stacks/<worker>.html pages show what each worker's threads run",
			},
		];
	},
	blind(snapshot) {
		if (snapshot.scheduler.prometheus_available === false)
			return "not visible: without the scheduler's /metrics no completion is seen (install prometheus_client)";
		return undefined;
	},
};
