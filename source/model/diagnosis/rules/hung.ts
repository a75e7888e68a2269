/**
 * hung: work is processing but nothing completes. The stall rule (stall.ts) judges it — no
 * completion for a while, every worker holding tasks under a few % CPU — and the diagnosis follows
 * its `stalled` alert (alert-adapter.ts), adding where to look: the scheduler's call-stack page of
 * the worker holding the tasks shows what its threads run.
 *
 * Visible wherever /metrics counts completions (every version with prometheus_client).
 */
import type {Snapshot} from '../../../types/snapshot.js';
import {listText} from '../../text.js';
import {stallReport} from '../alert-adapter.js';
import {CLUSTER, evidence, workerEvidence, workerSubject} from '../figures.js';
import type {Rule} from '../rule.js';
import type {Evidence} from '../types.js';

function callStacksUrl(snapshot: Snapshot, address: string): string {
	const base = snapshot.url.endsWith('/') ? snapshot.url : `${snapshot.url}/`;
	return `${base}info/call-stacks/${encodeURIComponent(address)}.html`;
}

export const hung: Rule = {
	cause: 'hung',
	// The stall rule has already waited (a minute or more): follow it as it is.
	hysteresis: {startPolls: 1, startMs: 0, endPolls: 1},
	onePoll: false,
	judge({state, snapshot, nowMs}) {
		const stall = stallReport(state);
		if (!stall) return [];
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
