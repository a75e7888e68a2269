/**
 * Unmanaged memory that has stayed: Dask's `unmanaged_old`, recomputed from the readings.
 *
 * Dask splits a worker's unmanaged memory (process − managed) into `unmanaged_recent` and
 * `unmanaged_old`: old is the least unmanaged memory seen over the last
 * `distributed.worker.memory.recent-to-old-time` (30 s), recent is the rest, which Dask itself
 * treats as transient (scheduler.py, MemoryState). Neither 2022.12.1 nor 2026.7.1 serves the split
 * over HTTP (only the Bokeh dashboard draws it), so dask-top keeps its own window of readings and
 * takes the same minimum. A blip such as the one right after a client left — the scheduler already
 * forgot the keys (managed 0) while the process has not yet given their memory back — never reaches
 * the minimum; memory that stays does, after the window.
 *
 * The window is anchored at the latest reading (time passing without one changes nothing) and is
 * known only once the readings span it: a worker first seen 5 s ago has no "old" figure yet.
 * Readings more than a window apart start a new run. Kept as a monotonic queue (readings whose
 * bytes are below every later one), so the front is the minimum; it holds a few entries.
 */

export interface UnmanagedReading {
	readonly atMs: number;
	readonly bytes: number;
}

export interface UnmanagedWindow {
	/** The first reading of this unbroken run of readings. */
	readonly sinceMs: number;
	/** The latest reading's time. */
	readonly lastMs: number;
	/** Oldest first, bytes increasing: each one is less than every reading after it. */
	readonly queue: readonly UnmanagedReading[];
}

/** The window with one more reading (`bytes` undefined: not reported, the window unchanged). */
export function stepUnmanaged(
	before: UnmanagedWindow | undefined,
	bytes: number | undefined,
	nowMs: number,
	windowMs: number,
): UnmanagedWindow | undefined {
	if (bytes === undefined) return before;
	if (before === undefined || nowMs - before.lastMs > windowMs || nowMs < before.lastMs)
		return {sinceMs: nowMs, lastMs: nowMs, queue: [{atMs: nowMs, bytes}]};
	const from = nowMs - windowMs;
	let start = 0;
	while (start < before.queue.length && before.queue[start]!.atMs < from) start++;
	let end = before.queue.length;
	while (end > start && before.queue[end - 1]!.bytes >= bytes) end--;
	const queue = before.queue.slice(start, end);
	queue.push({atMs: nowMs, bytes});
	return {sinceMs: before.sinceMs, lastMs: nowMs, queue};
}

/**
 * The least unmanaged memory over the window ending at the latest reading, once the readings span
 * the window; undefined before (or without readings).
 */
export function unmanagedOldBytes(window: UnmanagedWindow | undefined, windowMs: number): number | undefined {
	if (window === undefined || window.lastMs - window.sinceMs < windowMs) return undefined;
	return window.queue[0]?.bytes;
}
