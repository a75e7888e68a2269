/**
 * The cluster's own series, one point per fresh snapshot: memory (process, managed, unmanaged,
 * spilled, limit), tasks processing and queued, completions per second, mean worker CPU and the
 * number of workers. The overview's graphs draw these. A figure the scheduler does not give is
 * summed over the workers when they carry it; a figure nobody gives is NaN (a gap), never zero.
 */
import type {Snapshot, WorkerSnapshot} from '../../types/snapshot.js';
import {Ring} from './ring.js';
import type {ClusterHistory} from '../state-types.js';

export function newClusterHistory(capacity: number): ClusterHistory {
	return {
		time: new Ring(capacity),
		tasksDonePerSecond: new Ring(capacity),
		memoryProcessBytes: new Ring(capacity),
		memoryLimitBytes: new Ring(capacity),
		memoryManagedBytes: new Ring(capacity),
		memoryUnmanagedBytes: new Ring(capacity),
		memorySpilledBytes: new Ring(capacity),
		tasksProcessing: new Ring(capacity),
		tasksQueued: new Ring(capacity),
		cpuMeanPercent: new Ring(capacity),
		workers: new Ring(capacity),
	};
}

/** Σ of a worker figure over the workers that report it; undefined when none does. */
function sumWorkers(
	workers: readonly WorkerSnapshot[],
	pick: (w: WorkerSnapshot) => number | undefined,
): number | undefined {
	let total: number | undefined;
	for (const w of workers) {
		const v = pick(w);
		if (v !== undefined && Number.isFinite(v)) total = (total ?? 0) + v;
	}
	return total;
}

/** The cluster-wide figures of one snapshot, as the history keeps them. */
export interface ClusterPoint {
	readonly memoryProcessBytes?: number;
	readonly memoryLimitBytes?: number;
	readonly memoryManagedBytes?: number;
	readonly memoryUnmanagedBytes?: number;
	readonly memorySpilledBytes?: number;
	readonly tasksProcessing?: number;
	readonly tasksQueued?: number;
	/** Mean CPU % of the workers that report it (100 = one core). */
	readonly cpuMeanPercent?: number;
}

export function clusterPoint(snapshot: Snapshot): ClusterPoint {
	const s = snapshot.scheduler;
	const workers = snapshot.workers;
	const process = s.memory_process_bytes ?? sumWorkers(workers, (w) => w.memory_process_bytes);
	const limit = s.memory_limit_bytes ?? sumWorkers(workers, (w) => w.memory_limit_bytes);
	const managed = s.memory_managed_bytes ?? sumWorkers(workers, (w) => w.memory_managed_bytes);
	let unmanaged = s.memory_unmanaged_bytes ?? sumWorkers(workers, (w) => w.memory_unmanaged_bytes);
	if (unmanaged === undefined && process !== undefined && managed !== undefined)
		unmanaged = Math.max(0, process - managed);
	const spilled = s.memory_spilled_bytes ?? sumWorkers(workers, (w) => w.memory_spilled_bytes);
	let cpuTotal = 0;
	let cpuCount = 0;
	for (const w of workers) {
		if (w.cpu_percent === undefined || !Number.isFinite(w.cpu_percent)) continue;
		cpuTotal += w.cpu_percent;
		cpuCount++;
	}
	const out: {-readonly [K in keyof ClusterPoint]: ClusterPoint[K]} = {};
	if (process !== undefined) out.memoryProcessBytes = process;
	if (limit !== undefined) out.memoryLimitBytes = limit;
	if (managed !== undefined) out.memoryManagedBytes = managed;
	if (unmanaged !== undefined) out.memoryUnmanagedBytes = unmanaged;
	if (spilled !== undefined) out.memorySpilledBytes = spilled;
	if (s.tasks.processing !== undefined) out.tasksProcessing = s.tasks.processing;
	if (s.tasks.queued !== undefined) out.tasksQueued = s.tasks.queued;
	if (cpuCount > 0) out.cpuMeanPercent = cpuTotal / cpuCount;
	return out;
}

/** Appends one snapshot's point (`donePerSecond` undefined: no new counter sample this round). */
export function pushClusterHistory(
	h: ClusterHistory,
	snapshot: Snapshot,
	donePerSecond: number | undefined,
	stamp: number,
): void {
	const p = clusterPoint(snapshot);
	(h.time as Ring).push(snapshot.time, stamp);
	(h.tasksDonePerSecond as Ring).push(donePerSecond, stamp);
	(h.memoryProcessBytes as Ring).push(p.memoryProcessBytes, stamp);
	(h.memoryLimitBytes as Ring).push(p.memoryLimitBytes, stamp);
	(h.memoryManagedBytes as Ring).push(p.memoryManagedBytes, stamp);
	(h.memoryUnmanagedBytes as Ring).push(p.memoryUnmanagedBytes, stamp);
	(h.memorySpilledBytes as Ring).push(p.memorySpilledBytes, stamp);
	(h.tasksProcessing as Ring).push(p.tasksProcessing, stamp);
	(h.tasksQueued as Ring).push(p.tasksQueued, stamp);
	(h.cpuMeanPercent as Ring).push(p.cpuMeanPercent, stamp);
	(h.workers as Ring).push(snapshot.workers.length, stamp);
}
