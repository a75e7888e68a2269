/**
 * skew: work or data concentrated on few workers while others idle. Work: one worker has at least
 * SKEW_BACKLOG_X × its threads (and SKEW_MIN_BACKLOG) of tasks on hand and SKEW_WORK_SHARE of all
 * of them. Data: one worker holds SKEW_DATA_SHARE of the managed bytes (at least SKEW_DATA_MIN_BYTES,
 * SKEW_DATA_X × the others' mean, SKEW_DATA_LIMIT_SHARE of its own memory limit) and has tasks.
 * Either only while some running worker has no task at all and work remains in the cluster.
 *
 * Visible on every version: tasks on hand from workers.html (processing) or the workers' task
 * counts (executing + ready), whichever answered last (workers.html is asked every few seconds,
 * identity.json every poll); managed bytes from identity.json or a worker's own /metrics.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {listText, percentText, UNKNOWN} from '../../text.js';
import {
	evidence,
	tasksInFlight,
	threadsText,
	workerEvidence,
	workerSubject,
	workOnHand,
	workOnHandField,
} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';

/** Tasks on hand at least this many times the worker's threads (a backlog it cannot run at once)… */
export const SKEW_BACKLOG_X = 2;
/** …and at least this many (a few pinned tasks are no backlog)… */
export const SKEW_MIN_BACKLOG = 8;
/** …and at least this share of all the tasks on hand. */
export const SKEW_WORK_SHARE = 0.5;
/** Data: at least this share of the managed bytes on one worker… */
export const SKEW_DATA_SHARE = 0.6;
/** …at least this many times the mean of the others… */
export const SKEW_DATA_X = 4;
/** …this much data in all… */
export const SKEW_DATA_MIN_BYTES = 64 * 2 ** 20;
/** …and at least this share of that worker's memory limit (when it has one): enough to matter to it. */
export const SKEW_DATA_LIMIT_SHARE = 0.25;

export const skew: Rule = {
	id: 'skew',
	kind: 'finding',
	inputs: ['snapshot.workers', 'snapshot.time', 'nowMs'],
	text: findingText,
	hold: FINDING_HOLD,
	// A worker slow on its share, or paused, holds the work for that reason.
	explainedBy: ['straggler', 'memory-pressure', 'spilling', 'event-loop-blocked'],
	onePoll: true,
	judge({snapshot, nowMs}) {
		const running = snapshot.workers.filter((w) => w.status === undefined || w.status === 'running');
		if (running.length < 2) return [];
		const inFlight = tasksInFlight(snapshot);
		if (inFlight !== undefined && inFlight <= 0) return [];
		const idle: WorkerSnapshot[] = [];
		let total = 0;
		let top: {w: WorkerSnapshot; load: number} | undefined;
		let managedTotal = 0;
		let dataTop: WorkerSnapshot | undefined;
		for (const w of running) {
			const load = workOnHand(snapshot, w);
			if (load !== undefined) {
				total += load;
				if (load === 0) idle.push(w);
				if (!top || load > top.load) top = {w, load};
			}
			const managed = w.memory_managed_bytes ?? 0;
			managedTotal += managed;
			if (!dataTop || managed > (dataTop.memory_managed_bytes ?? 0)) dataTop = w;
		}
		if (idle.length === 0 || !top || top.load === 0) return [];
		const idleNames = listText(
			idle.map((w) => w.name),
			3,
		);
		const threads = top.w.nthreads ?? 1;
		const workSkew =
			top.load >= Math.max(SKEW_MIN_BACKLOG, SKEW_BACKLOG_X * threads) && top.load >= SKEW_WORK_SHARE * total;
		const topData = dataTop?.memory_managed_bytes ?? 0;
		const othersMean = running.length > 1 ? (managedTotal - topData) / (running.length - 1) : 0;
		const dataSkew =
			dataTop !== undefined &&
			(workOnHand(snapshot, dataTop) ?? 0) > 0 &&
			managedTotal >= SKEW_DATA_MIN_BYTES &&
			topData >= SKEW_DATA_SHARE * managedTotal &&
			topData >= SKEW_DATA_X * othersMean &&
			topData >= SKEW_DATA_LIMIT_SHARE * (dataTop.memory_limit_bytes || 0);
		if (!workSkew && !dataSkew) return [];
		const subject = workSkew ? top.w : dataTop!;
		const field = workOnHandField(snapshot, subject) ?? 'processing';
		const ev: Evidence[] = [
			workerEvidence(
				snapshot,
				subject,
				field,
				'tasks on hand',
				`${workOnHand(snapshot, subject) ?? 0} for ${subject.nthreads ?? '?'} threads`,
				nowMs,
			),
			evidence('idle workers', `${idle.length} of ${running.length} (${idleNames})`, 'derived', snapshot.time, nowMs),
		];
		if (dataSkew && dataTop)
			ev.push(
				workerEvidence(
					snapshot,
					dataTop,
					'memory_managed_bytes',
					'share of the data held',
					`${percentText(topData / managedTotal)} of ${bytesText(managedTotal, UNKNOWN)}`,
					nowMs,
				),
			);
		const summary = workSkew
			? `work piles up on ${subject.name}: ${top.load} tasks for ${threadsText(threads)} while ${idleNames} idle`
			: `data sits on ${subject.name} (${percentText(topData / managedTotal)} of ${bytesText(managedTotal, UNKNOWN)}) ` +
				`while ${idleNames} idle`;
		const out: Candidate[] = [
			{
				cause: 'skew',
				severity: 'warning',
				subject: workerSubject(subject),
				evidence: ev,
				summary,
				next:
					'tasks run where their data or restrictions put them: spread the inputs (persist or scatter without ' +
					'workers=, client.rebalance()), or loosen workers=/resources= so work stealing can move them',
			},
		];
		return out;
	},
};
