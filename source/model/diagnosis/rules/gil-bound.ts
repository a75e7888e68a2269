/**
 * A slow worker held back by its own GIL, told by its CPU alone (every Dask version): its threads run
 * tasks while its process uses about one core. gil-contention names such workers; straggler leaves
 * them to it.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';

/** Its process uses about one core at most while its threads (two or more) run tasks: held back by the GIL. */
export const GIL_ONE_CORE_PERCENT = 115;
/** …and at least this much (a worker at 10 % waits on I/O or sleeps, which releases the GIL). */
export const GIL_BUSY_MIN_PERCENT = 60;

/** A slow worker's threads share one core: two or more run tasks while its CPU is about one core. */
export function gilBound(w: WorkerSnapshot): boolean {
	const threads = w.nthreads ?? 1;
	const cpu = w.cpu_percent;
	const running = Math.min(threads, w.tasks_executing ?? w.processing ?? 0);
	return (
		threads >= 2 && running >= 2 && cpu !== undefined && cpu >= GIL_BUSY_MIN_PERCENT && cpu <= GIL_ONE_CORE_PERCENT
	);
}
