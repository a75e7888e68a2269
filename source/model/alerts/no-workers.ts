/**
 * No workers while tasks wait: the scheduler holds tasks (queued, waiting, no-worker, processing)
 * and no worker is connected, so nothing can run. A warning at once; critical once it has lasted the
 * stall time (stall.ts: `--stall-after`, else max(stall_min_s, …)) — as long as a stall of a cluster
 * that has workers takes to be named. No workers and no task (an adaptive cluster scaled to zero
 * between runs) is routine: no alert.
 *
 * The worker count is the scheduler's own (/metrics), else the length of a fresh worker list; task
 * counts come from /metrics. Without either nothing is judged.
 */
import type {Snapshot, TaskState} from '../../types/snapshot.js';
import {alertId, type Condition, condition} from './alerts.js';
import {workerListFresh} from '../freshness.js';
import {alertHold, onsetDue} from '../hold.js';
import {countsText, secondsText} from '../text.js';
import type {Alert} from '../view-types.js';

const WAITING_STATES: readonly TaskState[] = ['queued', 'no-worker', 'waiting', 'processing'];

/** Connected workers as the scheduler counts them, else as a fresh worker list lists them. */
function workerCount(snapshot: Snapshot): number | undefined {
	const total = snapshot.scheduler.workers.total;
	if (total !== undefined) return total;
	return workerListFresh(snapshot) ? snapshot.workers.length : undefined;
}

export interface NoWorkersContext {
	readonly snapshot?: Snapshot | undefined;
	readonly nowMs: number;
	/** The ongoing alerts by id (when the rule's alert opened). */
	readonly alerts?: ReadonlyMap<string, Alert> | undefined;
	/** The stall time, seconds: after it the alert is critical. */
	readonly criticalAfterSeconds: number;
	readonly clockText: (epochMs: number) => string;
}

export function noWorkersCondition(ctx: NoWorkersContext): Condition | undefined {
	const snapshot = ctx.snapshot;
	if (snapshot === undefined || workerCount(snapshot) !== 0) return undefined;
	const byState: Record<string, number> = {};
	let waiting = 0;
	for (const state of WAITING_STATES) {
		const count = snapshot.scheduler.tasks[state];
		if (count === undefined || !(count > 0)) continue;
		byState[state] = count;
		waiting += count;
	}
	if (waiting === 0) return undefined;
	const previous = ctx.alerts?.get(alertId('no_workers', 'cluster'));
	const nowS = ctx.nowMs / 1000;
	const sinceS = previous?.start_time ?? nowS;
	const critical =
		previous?.severity === 'critical' || onsetDue(alertHold(ctx.criticalAfterSeconds), 1, sinceS * 1000, ctx.nowMs)
			? 'critical'
			: 'warning';
	const what = `${waiting} task${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''}`;
	const message =
		`no workers while ${what} (${countsText(byState)}) since ${ctx.clockText(sinceS * 1000)}: ` +
		(critical === 'critical'
			? `nothing has run for ${secondsText(ctx.criticalAfterSeconds)} or more`
			: `nothing can run until a worker joins`);
	return condition('no_workers', critical, 'cluster', 'cluster', message);
}
