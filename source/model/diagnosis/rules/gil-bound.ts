/**
 * A slow worker held back by its own GIL, told by its CPU alone (every Dask version): its threads run
 * tasks while its process uses about one core — or, on a host too busy to give anyone a core, no more
 * than one thread of its peers gets. gil-contention names such workers; straggler leaves them to it.
 *
 * Python runs one thread of a process at a time under the GIL ("Worker Resources: threads vs
 * processes" in Dask's docs: `--nworkers N --nthreads 1` for pure-Python work), so a process whose
 * threads run pure Python uses one core at most, and on a loaded host what one thread gets there. A
 * worker starved by its own host gets less than its peers' threads; one whose threads wait on I/O
 * (which releases the GIL) uses a few percent.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import type {SlowBar} from './slow-workers.js';

/** Its process uses about one core at most while its threads (two or more) run tasks: held back by the GIL. */
export const GIL_ONE_CORE_PERCENT = 115;
/** …and at least this much (a worker at 10 % waits on I/O or sleeps, which releases the GIL). */
export const GIL_BUSY_MIN_PERCENT = 60;
/**
 * Under GIL_BUSY_MIN_PERCENT (a loaded host): at least this share of what one running thread of its
 * peers gets (the median)…
 */
export const GIL_PEER_THREAD_SHARE = 0.6;
/** …while its peers' threads compute (this much each at least: threads waiting on I/O use a few percent). */
export const GIL_PEER_BUSY_MIN_PERCENT = 15;

/** Threads running tasks on a worker, as last read. */
function runningThreads(w: WorkerSnapshot): number {
	return Math.min(w.nthreads ?? 1, w.tasks_executing ?? w.processing ?? 0);
}

/** The median CPU one running thread of the other workers gets (100 % = one core); undefined: none runs. */
export function peerThreadCpu(w: WorkerSnapshot, workers: readonly WorkerSnapshot[]): number | undefined {
	const perThread = workers
		.filter((p) => p.address !== w.address && p.cpu_percent !== undefined && runningThreads(p) > 0)
		.map((p) => p.cpu_percent! / runningThreads(p))
		.sort((a, b) => a - b);
	if (perThread.length === 0) return undefined;
	const mid = Math.floor(perThread.length / 2);
	return perThread.length % 2 === 1 ? perThread[mid]! : (perThread[mid - 1]! + perThread[mid]!) / 2;
}

/**
 * A slow worker's threads share one core: two or more run tasks while its CPU is about one core, or
 * (a loaded host) about what one computing thread of its peers gets.
 */
export function gilBound(w: WorkerSnapshot, workers: readonly WorkerSnapshot[]): boolean {
	const cpu = w.cpu_percent;
	if ((w.nthreads ?? 1) < 2 || runningThreads(w) < 2 || cpu === undefined || cpu > GIL_ONE_CORE_PERCENT) return false;
	if (cpu >= GIL_BUSY_MIN_PERCENT) return true;
	const peer = peerThreadCpu(w, workers);
	return peer !== undefined && peer >= GIL_PEER_BUSY_MIN_PERCENT && cpu >= GIL_PEER_THREAD_SHARE * peer;
}

/**
 * How much slower than its peers a worker whose CPU shows its GIL must be: its threads finish 1.5 ×
 * fewer tasks than a peer's thread (straggler asks 2.5 ×, with nothing but the pace to go on). N threads
 * sharing one core finish 1/N of a free thread's pace, but on a loaded host the OS favours threads that
 * wait (for the GIL) over those that never do, so four threads held by their GIL read only 1.8–3.5 ×
 * slower than single-threaded peers from poll to poll (the gil-bound scenario at a load of 10). And no more
 * than its tasks' own means allow: those count its slow runs, most of the prefix's when it has the most
 * threads.
 */
export const GIL_SLOW_BAR: SlowBar = {ratio: 1.5, expectedRatio: 1};
