/**
 * The instantaneous events of a snapshot about workers: joins (coalesced when many join at once),
 * departures that hold no ongoing alert (departure.ts says why a worker left), and what became of a
 * retire dask-top asked for.
 */
import type {WorkerSnapshot} from '../types/snapshot.js';
import {alertId} from './alerts/alerts.js';
import {instantEvent} from './alerts/events.js';
import type {Departure, PendingDeparture} from './departures/departure.js';
import type {RetireEvent} from './departures/retire.js';
import {listText} from './text.js';
import type {ModelEvent} from './view-types.js';

/** More joins than this in one poll make one cluster event instead of one per worker. */
const JOINS_PER_WORKER_EVENT = 5;

export function joinEvents(joined: readonly WorkerSnapshot[], nowMs: number): ModelEvent[] {
	if (joined.length > JOINS_PER_WORKER_EVENT) {
		const names = joined.map((w) => w.name);
		return [
			instantEvent(
				{
					id: alertId('worker_joined', 'cluster'),
					kind: 'worker_joined',
					severity: 'info',
					subject: 'cluster',
					subject_name: 'cluster',
					message: `${names.length} workers joined: ${listText(names)}`,
					workers: joined.map((w) => w.address),
				},
				nowMs,
			),
		];
	}
	return joined.map((w) => {
		const threads = w.nthreads === undefined ? '' : `, ${w.nthreads} thread${w.nthreads === 1 ? '' : 's'}`;
		return instantEvent(
			{
				id: alertId('worker_joined', w.address),
				kind: 'worker_joined',
				severity: 'info',
				subject: w.address,
				subject_name: w.name,
				message: `worker ${w.name} joined (${w.address}${threads})`,
			},
			nowMs,
		);
	});
}

/** A departure decided and not standing (a standing loss is an ongoing alert instead: worker-alerts.ts). */
export function departureEvent(pending: PendingDeparture, departure: Departure, nowMs: number): ModelEvent {
	const kind = departure.verdict === 'left' ? 'worker_retired' : 'worker_lost';
	return instantEvent(
		{
			id: alertId(kind, pending.address),
			kind,
			severity: departure.severity,
			subject: pending.address,
			subject_name: pending.last.name,
			message: departure.message,
		},
		nowMs,
	);
}

export function retireEvent(r: RetireEvent, nowMs: number): ModelEvent {
	return instantEvent(
		{
			id: alertId('retire', r.address),
			kind: 'retire',
			severity: r.severity,
			subject: r.address,
			subject_name: r.name,
			message: r.message,
		},
		nowMs,
	);
}
