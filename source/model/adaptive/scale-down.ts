/**
 * `Scheduler.workers_to_close()` as `adaptive_target()` calls it (no n, memory_ratio = 2; docs/endpoints.md,
 * "Adaptive target"), from what HTTP shows:
 *
 * - if every worker is processing something, nobody is closed;
 * - idle workers holding the least data go first (Dask sorts by (is_idle, −nbytes) and pops from
 *   the end); the loop stops at the first worker still processing;
 * - a worker is closed while the remaining Σ memory_limit ≥ 2 × Σ nbytes (counts.json `bytes`).
 *
 * Estimated parts: per-worker nbytes is not exposed (managed + spilled bytes stand in, or the count
 * of keys held); "idle" is workers.html's Processing = 0 (else executing + ready = 0). Long-running
 * tasks and plugin vetoes (newer Dask) are not visible.
 */
import type {WorkerSnapshot} from '../../types/snapshot.js';

export interface WorkersToClose {
	/** Addresses in Dask's closing order. */
	readonly addresses: readonly string[];
	readonly estimated: readonly string[];
	readonly missing: readonly string[];
}

export function workerIdle(w: WorkerSnapshot): boolean | undefined {
	if (w.processing !== undefined) return w.processing === 0;
	if (w.tasks_executing !== undefined || w.tasks_ready !== undefined)
		return (w.tasks_executing ?? 0) + (w.tasks_ready ?? 0) === 0;
	return undefined;
}

function dataSize(w: WorkerSnapshot, byBytes: boolean): number {
	if (byBytes) return (w.memory_managed_bytes ?? 0) + (w.memory_spilled_bytes ?? 0);
	return w.keys_in_memory ?? w.tasks_in_memory ?? 0;
}

export function workersToClose(
	workers: readonly WorkerSnapshot[],
	storedBytes: number | undefined,
	memoryRatio = 2,
): WorkersToClose {
	const estimated = ['which workers hold the least data (per-worker nbytes is not exposed)'];
	const missing: string[] = [];
	if (workers.length === 0) return {addresses: [], estimated: [], missing};
	const idle = new Map<string, boolean>();
	let idleGuessed = false;
	for (const w of workers) {
		const v = workerIdle(w);
		if (v === undefined) {
			missing.push(`whether ${w.name} is idle`);
			return {addresses: [], estimated, missing};
		}
		if (w.processing === undefined) idleGuessed = true;
		idle.set(w.address, v);
	}
	if (idleGuessed) estimated.push('idle workers (no workers.html Processing count: executing + ready = 0 used)');
	if (![...idle.values()].some(Boolean)) return {addresses: [], estimated, missing};
	const byBytes = workers.every((w) => w.memory_managed_bytes !== undefined);
	let total = storedBytes;
	if (total === undefined) {
		total = workers.reduce((n, w) => n + (w.memory_managed_bytes ?? 0) + (w.memory_spilled_bytes ?? 0), 0);
		estimated.push('stored bytes (counts.json not fetched yet: summed managed + spilled used)');
	}
	// Closing order, as Dask: its workers dict is sorted by address (Python string order), a stable
	// sort by (is_idle, −nbytes) keeps that order among equals, and it pops from the end — so idle
	// before busy, least data first, and among equals the HIGHEST address string first.
	const order = [...workers].sort((a, b) => {
		const ia = idle.get(a.address) ? 0 : 1;
		const ib = idle.get(b.address) ? 0 : 1;
		return (
			ia - ib ||
			dataSize(a, byBytes) - dataSize(b, byBytes) ||
			(a.address > b.address ? -1 : a.address < b.address ? 1 : 0)
		);
	});
	let limit = workers.reduce((n, w) => n + (w.memory_limit_bytes ?? 0), 0);
	const out: string[] = [];
	for (const w of order) {
		if (!idle.get(w.address)) break;
		limit -= w.memory_limit_bytes ?? 0;
		if (limit >= memoryRatio * total) out.push(w.address);
		else break;
	}
	return {addresses: out, estimated, missing};
}
