/**
 * What the poller's plan needs from the latest snapshot (counts, the workers' HTTP addresses) and
 * from the model (whether a departure waits for the scheduler's log, which workers spill now). Pure.
 */
import type {ClusterState} from '../model/types.js';
import type {Snapshot} from '../types/snapshot.js';
import {spillWatch} from '../model/diagnosis/spill-watch.js';
import {workerCount} from '../model/rows/worker-count.js';
import type {PlanHints} from '../scrape/poller-config.js';

export function planHints(snapshot: Snapshot | undefined, state?: ClusterState): PlanHints {
	if (snapshot === undefined) return {workers: []};
	const departuresPending = (state?.departures?.length ?? 0) > 0;
	const {scheduler} = snapshot;
	const states = Object.values(scheduler.tasks).filter((n): n is number => typeof n === 'number');
	const taskCount = scheduler.tasks_total ?? (states.length === 0 ? undefined : states.reduce((sum, n) => sum + n, 0));
	const workers = workerCount(snapshot);
	// From /metrics only: the snapshot gives idle workers zero occupancy from /metrics alone
	// (snapshot-workers.ts), and counts.json's count can be 30 s old.
	const processingCount = scheduler.sources['tasks'] === 'metrics' ? scheduler.tasks.processing : undefined;
	const spilling = state === undefined ? [] : spillWatch(state);
	return {
		...(workers === undefined ? {} : {workerCount: workers}),
		...(taskCount === undefined ? {} : {taskCount}),
		...(typeof processingCount === 'number' ? {processingCount} : {}),
		...(departuresPending ? {departuresPending} : {}),
		...(spilling.length > 0 ? {spilling} : {}),
		workers: snapshot.workers.map((w) => ({
			address: w.address,
			...(w.host === undefined ? {} : {host: w.host}),
			...(w.dashboard_port === undefined ? {} : {dashboardPort: w.dashboard_port}),
		})),
	};
}
