/**
 * The time track: each new /metrics sample moves an odometer of the cluster's thread-seconds on
 * (threads × wall), of the scheduler's per-prefix compute and transfer seconds
 * (`dask_scheduler_tasks_{compute,transfer}_seconds_total`, ≥ 2023.1.1, added when a task ends),
 * and of the spill and GC seconds of the workers whose own /metrics were read at both ends of a
 * step (`dask_worker_spill_time_seconds_total`, `dask_worker_gc_collection_seconds_total`).
 *
 * A window is the difference of two readings (time-split.ts). A counter that goes back (its
 * process restarted) counts from zero; a prefix or worker first seen is a baseline, except that a
 * prefix born after the first sample started from zero (prefixes are never deleted). Readings of
 * the last few minutes are kept, and the ones at the latest idle moment and at the current run's
 * start.
 */
import type {Snapshot} from '../../types/snapshot.js';
import type {PrefixSeconds, TimeOdometer, TimeTrack, WorkerTimeReading} from './time-types.js';

export const EMPTY_TIME: TimeTrack = Object.freeze({recent: Object.freeze([]), workers: new Map()});

/** How far back the recent readings go: the last minute's start with room for slow polls. */
export const RECENT_KEEP_S = 180;

/** What one sample of the snapshot gives the track. */
export interface TimeSample {
	/** Epoch seconds of the /metrics answer. */
	readonly timeS: number;
	readonly snapshot: Snapshot;
	/** The sample is an idle moment (no task in flight cluster-wide). */
	readonly idle: boolean;
	/** Epoch seconds of the idle moment the current run started from, when one was seen. */
	readonly runFromS?: number | undefined;
	/** The counters went back (a restart of the scheduler's state): everything starts over. */
	readonly reset: boolean;
}

/** The cluster's threads: the scheduler's figure, else the sum over workers when each says. */
export function clusterThreads(snapshot: Snapshot): number | undefined {
	if (snapshot.scheduler.threads !== undefined) return snapshot.scheduler.threads;
	if (snapshot.workers.length === 0) return 0;
	let sum = 0;
	for (const w of snapshot.workers) {
		if (w.nthreads === undefined) return undefined;
		sum += w.nthreads;
	}
	return sum;
}

/**
 * The per-prefix seconds of the snapshot; `perPrefix` false when some prefix lacks them (Dask
 * before 2023.1.1 prints no such counters). No prefix at all: nothing ever ran, 0 is exact.
 */
export function prefixSeconds(snapshot: Snapshot): {counters: Map<string, PrefixSeconds>; perPrefix: boolean} {
	const counters = new Map<string, PrefixSeconds>();
	let perPrefix = true;
	for (const [prefix, c] of Object.entries(snapshot.scheduler.prefixes)) {
		if (c.compute_seconds_total === undefined || c.transfer_seconds_total === undefined) {
			perPrefix = false;
			continue;
		}
		counters.set(prefix, {compute: c.compute_seconds_total, transfer: c.transfer_seconds_total});
	}
	return {counters, perPrefix};
}

/** How much a counter grew: `after` itself when it went back (its process started over). */
export function counterStep(before: number, after: number): number {
	return after >= before ? after - before : after;
}

/** The reading at the track's first sample: every total 0. */
export function zeroOdometer(timeS: number): TimeOdometer {
	return {
		timeS,
		threadSeconds: 0,
		threadGapS: 0,
		compute: 0,
		transfer: 0,
		computeGapS: 0,
		prefixes: new Map(),
		spill: 0,
		gc: 0,
	};
}

interface WorkerStep {
	readonly workers: Map<string, WorkerTimeReading>;
	readonly spill: number;
	readonly gc: number;
}

/** Each listed worker's counters; a step is counted for a worker read now and at its previous reading. */
function stepWorkers(before: ReadonlyMap<string, WorkerTimeReading>, snapshot: Snapshot, timeS: number): WorkerStep {
	const workers = new Map<string, WorkerTimeReading>();
	let spill = 0;
	let gc = 0;
	for (const w of snapshot.workers) {
		const old = before.get(w.address);
		const spillNow =
			w.sources['spill_time_seconds_total'] === 'worker_metrics' ? w.spill_time_seconds_total : undefined;
		const gcNow = w.gc_collection_seconds_total;
		let spillStepS = old?.spillStepS;
		let gcStepS = old?.gcStepS;
		if (spillNow !== undefined && old?.spill !== undefined) {
			spill += counterStep(old.spill, spillNow);
			spillStepS = timeS;
		}
		if (gcNow !== undefined && old?.gc !== undefined) {
			gc += counterStep(old.gc, gcNow);
			gcStepS = timeS;
		}
		const spillKept = spillNow ?? old?.spill;
		const gcKept = gcNow ?? old?.gc;
		workers.set(w.address, {
			...(spillKept === undefined ? {} : {spill: spillKept}),
			...(gcKept === undefined ? {} : {gc: gcKept}),
			...(spillStepS === undefined ? {} : {spillStepS}),
			...(gcStepS === undefined ? {} : {gcStepS}),
		});
	}
	return {workers, spill, gc};
}

/** The track moved on by one new /metrics sample. */
export function stepTime(track: TimeTrack, sample: TimeSample): TimeTrack {
	const {timeS, snapshot} = sample;
	const base = sample.reset ? EMPTY_TIME : track;
	const threads = clusterThreads(snapshot);
	const {counters, perPrefix} = prefixSeconds(snapshot);
	const workerStep = stepWorkers(base.workers, snapshot, timeS);
	const previous = base.odometer;
	if (previous === undefined || base.lastCounters === undefined || timeS <= previous.timeS) {
		if (previous !== undefined && timeS <= previous.timeS) return track;
		const odometer = zeroOdometer(timeS);
		return {
			firstS: timeS,
			...(threads === undefined ? {} : {firstThreads: threads, lastThreads: threads}),
			lastCounters: counters,
			lastPerPrefix: perPrefix,
			odometer,
			recent: [odometer],
			...(sample.idle ? {idleOdometer: odometer} : {}),
			workers: workerStep.workers,
		};
	}
	const dt = timeS - previous.timeS;
	const threadsBefore = base.lastThreads;
	const known = threadsBefore !== undefined && threads !== undefined;
	let compute = 0;
	let transfer = 0;
	let prefixes = previous.prefixes;
	const stepKnown = perPrefix && base.lastPerPrefix === true;
	if (stepKnown) {
		let copied: Map<string, PrefixSeconds> | undefined;
		for (const [prefix, now] of counters) {
			const before = base.lastCounters.get(prefix) ?? {compute: 0, transfer: 0};
			const dc = counterStep(before.compute, now.compute);
			const dx = counterStep(before.transfer, now.transfer);
			if (dc === 0 && dx === 0) continue;
			compute += dc;
			transfer += dx;
			copied ??= new Map(prefixes);
			const sum = copied.get(prefix) ?? {compute: 0, transfer: 0};
			copied.set(prefix, {compute: sum.compute + dc, transfer: sum.transfer + dx});
		}
		if (copied) prefixes = copied;
	}
	const odometer: TimeOdometer = {
		timeS,
		threadSeconds: previous.threadSeconds + (known ? ((threadsBefore + threads) / 2) * dt : 0),
		threadGapS: previous.threadGapS + (known ? 0 : dt),
		compute: previous.compute + compute,
		transfer: previous.transfer + transfer,
		computeGapS: previous.computeGapS + (stepKnown ? 0 : dt),
		prefixes,
		spill: previous.spill + workerStep.spill,
		gc: previous.gc + workerStep.gc,
	};
	const recent = [...base.recent.filter((o) => timeS - o.timeS <= RECENT_KEEP_S), odometer];
	const idleOdometer = sample.idle ? odometer : base.idleOdometer;
	const runOdometer =
		sample.runFromS === undefined
			? undefined
			: base.runOdometer?.timeS === sample.runFromS
				? base.runOdometer
				: idleOdometer?.timeS === sample.runFromS
					? idleOdometer
					: undefined;
	return {
		...(base.firstS === undefined ? {} : {firstS: base.firstS}),
		...(base.firstThreads === undefined ? {} : {firstThreads: base.firstThreads}),
		...(threads === undefined ? {} : {lastThreads: threads}),
		lastCounters: counters,
		lastPerPrefix: perPrefix,
		odometer,
		recent,
		...(idleOdometer ? {idleOdometer} : {}),
		...(runOdometer ? {runOdometer} : {}),
		workers: workerStep.workers,
	};
}
