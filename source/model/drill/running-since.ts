/**
 * How long dask-top has seen each task a worker is processing: from the worker's /info/worker
 * page, read every few seconds while its detail is open. A key seen at the first reading was
 * already running then: its time is a lower bound ("≥"). A key gone from a reading is forgotten.
 * Pure.
 */

export interface SeenRunning {
	readonly key: string;
	/** When dask-top first saw it processing, epoch ms. */
	readonly sinceMs: number;
	/** It was already processing at the first reading: it runs longer than that. */
	readonly atFirstSight: boolean;
}

export interface RunningMemory {
	readonly address: string;
	/** The reading these are of (the page's fetch time). */
	readonly readMs: number;
	readonly byKey: ReadonlyMap<string, SeenRunning>;
}

/** The memory after a reading of `address`'s page at `readMs` listing `keys`. */
export function seeRunning(
	before: RunningMemory | undefined,
	address: string,
	keys: readonly string[],
	readMs: number,
): RunningMemory {
	const same = before?.address === address ? before : undefined;
	if (same !== undefined && same.readMs === readMs) return same;
	const byKey = new Map<string, SeenRunning>();
	for (const key of keys)
		byKey.set(key, same?.byKey.get(key) ?? {key, sinceMs: readMs, atFirstSight: same === undefined});
	return {address, readMs, byKey};
}

/** Longest seen first (ties: the page's order). */
export function longestFirst(memory: RunningMemory): SeenRunning[] {
	return [...memory.byKey.values()].sort((a, b) => a.sinceMs - b.sinceMs);
}
