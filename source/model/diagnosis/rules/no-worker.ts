/**
 * no-worker: tasks that no worker can run — they ask for resources or workers none of the connected
 * workers offers, or every worker is gone. The scheduler counts them (`no-worker` in /metrics on
 * every version, `unrunnable` in counts.json); the workers' resources come from identity.json (a
 * task's own restrictions are not served over HTTP). Critical: they never run without a change.
 *
 * The subject is what is wrong: the one prefix whose tasks went no-worker while workers are
 * connected (its tasks ask for what no worker offers; the cluster is fine for the rest), else the
 * cluster (no worker at all, several prefixes, or a release whose /metrics has no per-prefix states).
 */
import {listText} from '../../text.js';
import {progressView} from '../../progress/progress.js';
import {CLUSTER, evidence, prefixSubject, schedulerEvidence, workerEvidence} from '../figures.js';
import type {Rule} from '../rule.js';
import type {Evidence} from '../types.js';

/** Workers joining at start-up leave tasks without a worker for a moment: three seconds at least. */
export const NO_WORKER_START_MS = 3000;

export const noWorker: Rule = {
	cause: 'no-worker',
	hysteresis: {startPolls: 2, startMs: NO_WORKER_START_MS, endPolls: 2},
	onePoll: true,
	judge({state, snapshot, nowMs}) {
		const count = snapshot.scheduler.tasks['no-worker'];
		if (count === undefined || count <= 0) return [];
		const workers = snapshot.workers.length;
		const ev: Evidence[] = [
			schedulerEvidence(snapshot, 'tasks', 'tasks with no worker', String(count), nowMs),
			schedulerEvidence(
				snapshot,
				'workers',
				'workers connected',
				String(snapshot.scheduler.workers.total ?? workers),
				nowMs,
			),
		];
		const offers = new Map<string, string[]>();
		let resourcesKnown = false;
		for (const w of snapshot.workers) {
			if (w.resources === undefined) continue;
			resourcesKnown = true;
			for (const [name, amount] of Object.entries(w.resources)) {
				const list = offers.get(name) ?? [];
				list.push(`${w.name} ${amount}`);
				offers.set(name, list);
			}
		}
		if (resourcesKnown) {
			const first = snapshot.workers.find((w) => w.resources !== undefined)!;
			const text =
				offers.size === 0 ? 'none' : [...offers].map(([name, list]) => `${name} (${listText(list, 3)})`).join(', ');
			ev.push(workerEvidence(snapshot, first, 'resources', 'resources the workers offer', text, nowMs));
		}
		const prefixes: string[] = [];
		for (const row of progressView(state).prefixes) {
			if (row.in_flight <= 0) continue;
			if ((snapshot.scheduler.prefixes[row.prefix]?.transitions['no-worker'] ?? 0) > 0) prefixes.push(row.prefix);
		}
		if (prefixes.length > 0)
			ev.push(evidence('prefixes that went no-worker', listText(prefixes, 4), 'metrics', snapshot.time, nowMs));
		const of = prefixes.length > 0 ? ` (${listText(prefixes, 2)})` : '';
		const summary =
			workers === 0
				? `${count} task${count === 1 ? '' : 's'}${of} wait with no worker connected`
				: `${count} task${count === 1 ? '' : 's'}${of} no worker can run: ` +
					'they ask for resources or workers none of the connected ones offers';
		return [
			{
				cause: 'no-worker',
				severity: 'critical',
				subject: workers > 0 && prefixes.length === 1 ? prefixSubject(prefixes[0]!) : CLUSTER,
				evidence: ev,
				summary,
				next:
					workers === 0
						? 'start workers (or check why they left: the events view, 3)'
						: "compare the tasks' resources= / workers= with what the workers offer: start a worker that offers " +
							'them (dask worker --resources "GPU=1") or drop the restriction',
			},
		];
	},
	blind(snapshot) {
		if (snapshot.scheduler.tasks['no-worker'] !== undefined) return undefined;
		return "not visible: neither the scheduler's /metrics nor counts.json answered with task states";
	},
};
