/**
 * Worker bookkeeping on each snapshot: present workers get their latest figures and a history
 * point; workers missing from a FRESH worker list become lost (keeping their last memory, status,
 * tasks and last-seen time) or retired (they were closing gracefully); returning workers rejoin.
 * Lost workers are remembered up to a bound, oldest loss forgotten first.
 */
import type {WorkerSnapshot} from '../types/snapshot.js';
import {Ring} from './ring.js';
import type {WorkerHistory, WorkerTrack} from './types.js';

/** Statuses of a worker on its way out: vanishing afterwards is a retirement, not a loss. */
const LEAVING = new Set(['closing_gracefully', 'closing', 'closed', 'retiring']);

export function newWorkerHistory(capacity: number): WorkerHistory {
	return {cpuPercent: new Ring(capacity, 'f32'), memoryProcessBytes: new Ring(capacity, 'f32'), memorySpilledBytes: new Ring(capacity, 'f32')};
}

function pushHistory(history: WorkerHistory, w: WorkerSnapshot, stamp: number): void {
	(history.cpuPercent as Ring).push(w.cpu_percent, stamp);
	(history.memoryProcessBytes as Ring).push(w.memory_process_bytes, stamp);
	(history.memorySpilledBytes as Ring).push(w.memory_spilled_bytes, stamp);
}

/** Bytes newly spilled to disk between two readings of a worker (0 when not rising or unknown). */
export function spilledIncrease(before: WorkerSnapshot, after: WorkerSnapshot): number {
	const disk = before.memory_spilled_bytes !== undefined && after.memory_spilled_bytes !== undefined ? after.memory_spilled_bytes - before.memory_spilled_bytes : 0;
	const writes = before.spill_write_bytes_total !== undefined && after.spill_write_bytes_total !== undefined ? after.spill_write_bytes_total - before.spill_write_bytes_total : 0;
	return Math.max(0, disk, writes);
}

export interface TrackStep {
	readonly workers: Map<string, WorkerTrack>;
	readonly joined: readonly WorkerSnapshot[];
	readonly lost: readonly WorkerTrack[];
	readonly retired: readonly WorkerTrack[];
	/** Address → bytes newly spilled since the previous reading. */
	readonly spilled: ReadonlyMap<string, number>;
}

export interface TrackOptions {
	readonly nowMs: number;
	readonly stamp: number;
	readonly historyLength: number;
	readonly lostWorkersKept: number;
	/** The worker list is fresh: absent workers are lost. */
	readonly listFresh: boolean;
	/** The first snapshot: everyone is a baseline, nobody "joined". */
	readonly baseline: boolean;
	/** Workers dask-top asked the scheduler to retire: vanishing is their retirement. */
	readonly retiring?: ReadonlySet<string>;
}

export function trackWorkers(previous: ReadonlyMap<string, WorkerTrack>, workers: readonly WorkerSnapshot[], o: TrackOptions): TrackStep {
	const tracks = new Map(previous);
	const listed = new Set<string>();
	const joined: WorkerSnapshot[] = [];
	const spilled = new Map<string, number>();
	for (const w of workers) {
		listed.add(w.address);
		const old = previous.get(w.address);
		const returning = old === undefined || old.lostMs !== undefined;
		if (returning && !o.baseline) joined.push(w);
		if (old && !returning) {
			const more = spilledIncrease(old.last, w);
			if (more > 0) spilled.set(w.address, more);
		}
		const history = old?.history ?? newWorkerHistory(o.historyLength);
		pushHistory(history, w, o.stamp);
		tracks.set(w.address, {address: w.address, last: w, firstSeenMs: returning ? o.nowMs : old.firstSeenMs, lastSeenMs: o.nowMs, history});
	}
	const lost: WorkerTrack[] = [];
	const retired: WorkerTrack[] = [];
	if (o.listFresh) {
		for (const [address, t] of previous) {
			if (t.lostMs !== undefined || listed.has(address)) continue;
			const gone: WorkerTrack = {...t, lostMs: o.nowMs, retired: LEAVING.has(t.last.status ?? '') || o.retiring?.has(address) === true};
			tracks.set(address, gone);
			(gone.retired ? retired : lost).push(gone);
		}
	}
	forgetOldestLost(tracks, o.lostWorkersKept);
	return {workers: tracks, joined, lost, retired, spilled};
}

function forgetOldestLost(tracks: Map<string, WorkerTrack>, keep: number): void {
	const gone: WorkerTrack[] = [];
	for (const t of tracks.values()) if (t.lostMs !== undefined) gone.push(t);
	if (gone.length <= keep) return;
	gone.sort((a, b) => (a.lostMs ?? 0) - (b.lostMs ?? 0) || (a.address < b.address ? -1 : 1));
	for (const t of gone.slice(0, gone.length - keep)) tracks.delete(t.address);
}
