/**
 * A scheduler restarted on the same port is a new cluster. The state follows one scheduler (its
 * epoch: identity.json's id, /metrics' process start, its comm address, as far as they are known);
 * a snapshot whose scheduler differs in any of them that both know starts a new epoch (state.ts):
 * one "scheduler restarted" event, the previous cluster's alerts resolved and its workers closed
 * with it (they leave no "lost" alerts), history and baselines started over, the new workers
 * announced as joined.
 */
import {otherProcess} from '../parse/index.js';
import type {Snapshot} from '../types/snapshot.js';
import {alertId} from './alerts/alerts.js';
import {instantEvent} from './alerts/events.js';
import {listText} from './text.js';
import type {ClusterState, SchedulerEpoch} from './state-types.js';
import type {ModelEvent} from './view-types.js';

/** What a snapshot says of its scheduler. */
function said(snapshot: Snapshot): Omit<SchedulerEpoch, 'sinceMs'> {
	const s = snapshot.scheduler;
	return {
		...(s.id === undefined ? {} : {id: s.id}),
		...(s.process_start_time_seconds === undefined ? {} : {startSeconds: s.process_start_time_seconds}),
		...(s.address === undefined ? {} : {address: s.address}),
	};
}

/** Whether the snapshot's scheduler is another one than the epoch's (a figure both know differs). */
export function otherScheduler(epoch: SchedulerEpoch | undefined, snapshot: Snapshot): boolean {
	return epoch !== undefined && otherProcess(epoch, said(snapshot));
}

/** The epoch with what this snapshot adds (figures it did not know yet). */
export function mergeEpoch(epoch: SchedulerEpoch | undefined, snapshot: Snapshot, nowMs: number): SchedulerEpoch {
	const now = said(snapshot);
	if (epoch === undefined) return {...now, sinceMs: nowMs};
	if (
		(epoch.id !== undefined || now.id === undefined) &&
		(epoch.startSeconds !== undefined || now.startSeconds === undefined) &&
		(epoch.address !== undefined || now.address === undefined)
	)
		return epoch;
	return {...now, ...epoch};
}

/** The "scheduler restarted" event: which scheduler answers now and which workers closed with the previous one. */
export function restartEvent(previous: ClusterState, snapshot: Snapshot, nowMs: number): ModelEvent {
	const closed = [...previous.workers.values()].filter((t) => t.lostMs === undefined);
	const was = previous.epoch?.address;
	const now = snapshot.scheduler.address;
	const which =
		now === undefined
			? 'another scheduler process answers on this port'
			: `${now} answers on this port${was !== undefined && was !== now ? ` (was ${was})` : ''}`;
	const names = closed.map((t) => t.last.name).sort();
	const workers =
		names.length === 0
			? 'no workers were connected to the previous one'
			: `the previous cluster's ${names.length === 1 ? 'worker' : `${names.length} workers`} ` +
				`(${listText(names)}) closed with it`;
	return instantEvent(
		{
			id: alertId('scheduler_restarted', 'cluster'),
			kind: 'scheduler_restarted',
			severity: 'warning',
			subject: 'cluster',
			subject_name: 'cluster',
			message: `scheduler restarted: ${which}; a new cluster from here, ${workers}`,
			...(closed.length > 0 ? {workers: closed.map((t) => t.address)} : {}),
		},
		nowMs,
	);
}
