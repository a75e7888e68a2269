/**
 * Worker bookkeeping on each snapshot: present workers get their latest figures and a history
 * point; workers missing from a FRESH worker list are gone (keeping their last memory, status,
 * tasks and last-seen time; why they went is departure.ts's to say, except for a retire dask-top
 * asked for); returning workers rejoin, and so does a new process at a known address (a new scratch
 * directory: its nanny restarted it between two polls). Gone workers are remembered up to a bound,
 * oldest loss forgotten first.
 */
import type {WorkerSnapshot} from '../../types/snapshot.js';
import {Ring} from './ring.js';
import type {Reading, SpillReadings, WorkerHistory, WorkerTrack} from '../state-types.js';
import {stepUnmanaged} from '../alerts/unmanaged-old.js';

export function newWorkerHistory(capacity: number): WorkerHistory {
	return {
		cpuPercent: new Ring(capacity, 'f32'),
		memoryProcessBytes: new Ring(capacity, 'f32'),
		memorySpilledBytes: new Ring(capacity, 'f32'),
	};
}

function pushHistory(history: WorkerHistory, w: WorkerSnapshot, stamp: number): void {
	(history.cpuPercent as Ring).push(w.cpu_percent, stamp);
	(history.memoryProcessBytes as Ring).push(w.memory_process_bytes, stamp);
	(history.memorySpilledBytes as Ring).push(w.memory_spilled_bytes, stamp);
}

const SPILL_FIGURES = ['memory_spilled_bytes', 'spill_write_bytes_total'] as const;

/**
 * Bytes newly spilled to disk since the previous readings of a worker's spill figures (bytes on
 * disk, the cumulative disk-write counter), and the readings to keep. A rise is measured only
 * between two readings of the SAME source at most `maxGapMs` apart: figures from different
 * endpoints are not comparable, and a counter grown over a long gap says nothing about now. A
 * figure missing from this snapshot keeps its previous reading.
 */
export function spillStep(
	before: SpillReadings | undefined,
	w: WorkerSnapshot,
	nowMs: number,
	maxGapMs: number,
): {readonly increase: number; readonly readings: SpillReadings} {
	let increase = 0;
	const readings: {-readonly [K in keyof SpillReadings]: SpillReadings[K]} = {...before};
	for (let i = 0; i < SPILL_FIGURES.length; i++) {
		const figure = SPILL_FIGURES[i]!;
		const value = w[figure];
		if (value === undefined) continue;
		const source = w.sources[figure] ?? 'unknown'; // synthesized snapshots say no source
		const old: Reading | undefined = before?.[figure];
		if (old && old.source === source && nowMs - old.atMs <= maxGapMs) increase = Math.max(increase, value - old.value);
		readings[figure] = {value, source, atMs: nowMs};
	}
	return {increase, readings};
}

export interface TrackStep {
	readonly workers: Map<string, WorkerTrack>;
	readonly joined: readonly WorkerSnapshot[];
	/** Gone from the list (but for dask-top's own retires): departures to explain. */
	readonly lost: readonly WorkerTrack[];
	/** Listed again at the same address as a new process: each its track before (departures to explain). */
	readonly restarted: readonly WorkerTrack[];
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
	/** Spill rises are measured between readings of the same source at most this far apart. */
	readonly spillGapMs: number;
	/** Unmanaged memory is judged on the least seen over this window (unmanaged-old.ts). */
	readonly unmanagedWindowMs: number;
	/** Workers dask-top asked the scheduler to retire: vanishing is their retirement. */
	readonly retiring?: ReadonlySet<string>;
}

export function trackWorkers(
	previous: ReadonlyMap<string, WorkerTrack>,
	workers: readonly WorkerSnapshot[],
	o: TrackOptions,
): TrackStep {
	const tracks = new Map(previous);
	const listed = new Set<string>();
	const joined: WorkerSnapshot[] = [];
	const restarted: WorkerTrack[] = [];
	const spilled = new Map<string, number>();
	// Loops by index, for every worker of every snapshot (docs/performance-log.md, "Loops by index").
	for (let i = 0; i < workers.length; i++) {
		const w = workers[i]!;
		listed.add(w.address);
		const old = previous.get(w.address);
		const newProcess =
			old !== undefined &&
			old.lostMs === undefined &&
			old.last.local_directory !== undefined &&
			w.local_directory !== undefined &&
			old.last.local_directory !== w.local_directory;
		if (newProcess) restarted.push(old);
		const returning = old === undefined || old.lostMs !== undefined || newProcess;
		if (returning && !o.baseline) joined.push(w);
		const spill = spillStep(returning ? undefined : old.spillReadings, w, o.nowMs, o.spillGapMs);
		if (spill.increase > 0) spilled.set(w.address, spill.increase);
		const history = old?.history ?? newWorkerHistory(o.historyLength);
		pushHistory(history, w, o.stamp);
		tracks.set(w.address, {
			address: w.address,
			last: w,
			firstSeenMs: returning ? o.nowMs : old.firstSeenMs,
			lastSeenMs: o.nowMs,
			...(old?.memoryKilledMs === undefined ? {} : {memoryKilledMs: old.memoryKilledMs}),
			history,
			spillReadings: spill.readings,
			unmanaged: stepUnmanaged(
				returning ? undefined : old.unmanaged,
				w.memory_unmanaged_bytes,
				o.nowMs,
				o.unmanagedWindowMs,
			),
		});
	}
	const lost: WorkerTrack[] = [];
	if (o.listFresh) {
		previous.forEach((t, address) => {
			if (t.lostMs !== undefined || listed.has(address)) return;
			const retired = o.retiring?.has(address) === true;
			const gone: WorkerTrack = {...t, lostMs: o.nowMs, ...(retired ? {retired} : {})};
			tracks.set(address, gone);
			if (!retired) lost.push(gone);
		});
	}
	forgetOldestLost(tracks, o.lostWorkersKept);
	return {workers: tracks, joined, lost, restarted, spilled};
}

function forgetOldestLost(tracks: Map<string, WorkerTrack>, keep: number): void {
	const gone: WorkerTrack[] = [];
	tracks.forEach((t) => {
		if (t.lostMs !== undefined) gone.push(t);
	});
	if (gone.length <= keep) return;
	gone.sort((a, b) => (a.lostMs ?? 0) - (b.lostMs ?? 0) || (a.address < b.address ? -1 : 1));
	for (const t of gone.slice(0, gone.length - keep)) tracks.delete(t.address);
}
