/** The cluster's workers by state, for the header (and whoever counts them). Pure. */
import type {Snapshot, WorkerCounts} from '../../types/snapshot.js';
import {defined} from '../../units/defined.js';

const statesCache = new WeakMap<Snapshot, WorkerCounts>();

/**
 * Workers by state; what the scheduler's gauge leaves out (2022.12 has no paused / retiring) is
 * counted from the worker list when every listed worker has a status. A state nothing tells is
 * unknown (shown as —), never 0: a snapshot without a worker list knows no statuses.
 */
export function workerStates(snapshot: Snapshot): WorkerCounts {
	const cached = statesCache.get(snapshot);
	if (cached) return cached;
	const states = countStates(snapshot);
	statesCache.set(snapshot, states);
	return states;
}

function countStates(snapshot: Snapshot): WorkerCounts {
	const counts = snapshot.scheduler.workers;
	const statuses = snapshot.workers.map((w) => w.status);
	const known = snapshot.workers_source !== undefined && statuses.every((s) => s !== undefined);
	const count = (match: (s: string | undefined) => boolean) => (known ? statuses.filter(match).length : undefined);
	// The snapshot's total comes from the worker list when nothing else gives it (parse/snapshot-scheduler.ts).
	const {total, idle, saturated} = counts;
	const paused = counts.paused ?? count((s) => s === 'paused');
	const retiring = counts.retiring ?? count((s) => s !== undefined && s !== 'running' && s !== 'paused');
	const partially =
		counts.partially_saturated ??
		(total === undefined ||
		idle === undefined ||
		saturated === undefined ||
		paused === undefined ||
		retiring === undefined
			? undefined
			: Math.max(0, total - idle - saturated - paused - retiring));
	return defined({total, idle, partially_saturated: partially, saturated, paused, retiring});
}
