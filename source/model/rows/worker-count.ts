/**
 * How many workers a snapshot says there are: the scheduler's count (parse gives it from the worker
 * list when /metrics and counts.json do not), else the workers listed when there are any. Undefined
 * when nothing said — a snapshot without a worker list has no workers to count, not zero of them.
 */
import type {Snapshot} from '../../types/snapshot.js';

export function workerCount(snapshot: Snapshot): number | undefined {
	const total = snapshot.scheduler.workers.total;
	if (total !== undefined) return total;
	return snapshot.workers_source !== undefined || snapshot.workers.length > 0 ? snapshot.workers.length : undefined;
}
