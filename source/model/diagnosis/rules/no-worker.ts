/**
 * no-worker: tasks that no worker can run — they ask for resources or workers none of the connected
 * workers offers, or every worker is gone. The scheduler counts them (`no-worker` in /metrics on
 * every version, `unrunnable` in counts.json); the workers' resources come from identity.json (a
 * task's own restrictions are not served over HTTP). Critical: they never run without a change.
 *
 * The subject is what is wrong: the one prefix whose tasks went no-worker while workers are
 * connected (its tasks ask for what no worker offers; the cluster is fine for the rest), else the
 * cluster (no worker at all, several prefixes, or a release whose /metrics has no per-prefix states).
 *
 * A paused worker is connected but takes no task: the scheduler places tasks on its *running*
 * workers only (`Scheduler.valid_workers` intersects a task's restrictions with `running`, on both
 * 2022.12 and 2026.7), so tasks pinned to a worker paused by memory (`workers=`), or asking for a
 * resource only a paused worker offers, go no-worker. Then the pause is the cause — Dask pauses a
 * worker at `distributed.worker.memory.pause` (0.8 of its limit) — and the finding says which worker,
 * its memory against that threshold, and that memory is the next step. The task's own restrictions
 * are not served over HTTP: when a paused worker offers nothing the running ones lack, the finding
 * names the pause first and the missing restriction as the other possibility.
 */
import type {Snapshot, WorkerSnapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import type {Thresholds} from '../../alerts/thresholds.js';
import {listText, percentText, UNKNOWN} from '../../text.js';
import {progressView} from '../../progress/progress.js';
import {CLUSTER, evidence, prefixSubject, schedulerEvidence, workerEvidence} from '../figures.js';
import type {Rule} from '../rule.js';
import {findingText} from '../rule.js';
import type {Evidence} from '../diagnosis-types.js';

/** Workers joining at start-up leave tasks without a worker for a moment: three seconds at least. */
export const NO_WORKER_START_MS = 3000;

/**
 * The workers paused by memory: by their status (identity.json), or — while it fails and the
 * scheduler's /metrics counts paused workers — those whose memory is at the pause threshold.
 */
function pausedWorkers(snapshot: Snapshot, t: Thresholds): WorkerSnapshot[] {
	const byStatus = snapshot.workers.filter((w) => w.status === 'paused');
	if (byStatus.length > 0) return byStatus;
	const count = snapshot.scheduler.workers.paused ?? 0;
	if (count <= 0) return [];
	return snapshot.workers.filter(
		(w) =>
			w.status === undefined &&
			w.memory_limit_bytes !== undefined &&
			w.memory_limit_bytes > 0 &&
			(w.memory_process_bytes ?? 0) / w.memory_limit_bytes >= t.memory_critical,
	);
}

/** "beta at 86 % of its 762.9 MiB limit" */
function pausedText(w: WorkerSnapshot): string {
	const limit = w.memory_limit_bytes;
	const process = w.memory_process_bytes;
	if (limit === undefined || limit <= 0 || process === undefined) return w.name;
	return `${w.name} at ${percentText(process / limit)} of its ${bytesText(limit, UNKNOWN)} limit`;
}

/** Resources offered by paused workers and by none of the others, each with the paused workers offering it. */
function onlyPausedOffer(snapshot: Snapshot, paused: readonly WorkerSnapshot[]): Map<string, string[]> {
	const pausedSet = new Set(paused);
	const out = new Map<string, string[]>();
	for (const w of paused)
		for (const [name, amount] of Object.entries(w.resources ?? {})) {
			if (!(amount > 0)) continue;
			const list = out.get(name) ?? [];
			list.push(w.name);
			out.set(name, list);
		}
	for (const w of snapshot.workers) {
		if (pausedSet.has(w)) continue;
		for (const [name, amount] of Object.entries(w.resources ?? {})) if (amount > 0) out.delete(name);
	}
	return out;
}

export const noWorker: Rule = {
	id: 'no-worker',
	kind: 'finding',
	inputs: [
		'snapshot.scheduler.tasks',
		'snapshot.scheduler.prefixes',
		'snapshot.scheduler.workers',
		'snapshot.workers',
		'state.options.thresholds',
		'nowMs',
	],
	text: findingText,
	hold: {onsetPolls: 2, onsetMs: NO_WORKER_START_MS, clearPolls: 2, clearMs: 0},
	onePoll: true,
	judge({state, snapshot, nowMs}) {
		const count = snapshot.scheduler.tasks['no-worker'];
		if (count === undefined || count <= 0) return [];
		const t = state.options.thresholds;
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
		const paused = workers === 0 ? [] : pausedWorkers(snapshot, t);
		for (const w of paused.slice(0, 3)) {
			ev.push(
				w.status === 'paused'
					? workerEvidence(snapshot, w, 'status', `${w.name}'s status`, 'paused', nowMs)
					: schedulerEvidence(
							snapshot,
							'workers',
							'paused workers (cluster)',
							String(snapshot.scheduler.workers.paused ?? '?'),
							nowMs,
						),
			);
			const limit = w.memory_limit_bytes;
			if (limit !== undefined && limit > 0 && w.memory_process_bytes !== undefined)
				ev.push(
					workerEvidence(
						snapshot,
						w,
						'memory_process_bytes',
						`${w.name}'s process memory / limit`,
						`${bytesText(w.memory_process_bytes, UNKNOWN)} / ${bytesText(limit, UNKNOWN)} ` +
							`(${percentText(w.memory_process_bytes / limit)}; Dask pauses at ${percentText(t.memory_critical)})`,
						nowMs,
					),
				);
		}
		const prefixes: string[] = [];
		for (const row of progressView(state).prefixes) {
			if (row.in_flight <= 0) continue;
			if ((snapshot.scheduler.prefixes[row.prefix]?.transitions['no-worker'] ?? 0) > 0) prefixes.push(row.prefix);
		}
		if (prefixes.length > 0)
			ev.push(evidence('prefixes that went no-worker', listText(prefixes, 4), 'metrics', snapshot.time, nowMs));
		const of = prefixes.length > 0 ? ` (${listText(prefixes, 2)})` : '';
		const tasks = `${count} task${count === 1 ? '' : 's'}${of}`;
		const subject = workers > 0 && prefixes.length === 1 ? prefixSubject(prefixes[0]!) : CLUSTER;
		if (paused.length > 0) {
			const names = listText(
				paused.map((w) => w.name),
				3,
			);
			const who = listText(
				paused.map((w) => pausedText(w)),
				2,
			);
			const only = onlyPausedOffer(snapshot, paused);
			const onlyText = [...only].map(([name, list]) => `${name} (${listText(list, 2)})`).join(', ');
			const why =
				paused.length === workers
					? `every worker is paused by memory (${who}; Dask pauses at ${percentText(t.memory_critical)})`
					: only.size > 0
						? `the only worker${only.size === 1 && (only.values().next().value?.length ?? 0) === 1 ? '' : 's'} ` +
							`offering ${onlyText} ${paused.length === 1 ? 'is' : 'are'} paused by memory (${who}; ` +
							`Dask pauses at ${percentText(t.memory_critical)})`
						: `${names} ${paused.length === 1 ? 'is' : 'are'} paused by memory (${who}; Dask pauses at ` +
							`${percentText(t.memory_critical)}): tasks restricted to ${paused.length === 1 ? 'it' : 'them'} ` +
							`(workers=) wait until ${paused.length === 1 ? 'it resumes' : 'they resume'}, ` +
							'unless they ask for what no connected worker offers';
			const first = paused[0]!.name;
			return [
				{
					cause: 'no-worker',
					severity: 'critical',
					subject,
					evidence: ev,
					summary: `${tasks} no running worker can run: ${why}`,
					next:
						`the pause is the cause: free memory on ${first} (Enter on ${first} shows its memory over time) — ` +
						'release futures, persist less, or give workers more memory (--memory-limit); a paused worker ' +
						'takes no task until its memory falls below distributed.worker.memory.pause',
				},
			];
		}
		const summary =
			workers === 0
				? `${tasks} wait with no worker connected`
				: `${tasks} no worker can run: they ask for resources or workers none of the connected ones offers`;
		return [
			{
				cause: 'no-worker',
				severity: 'critical',
				subject,
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
