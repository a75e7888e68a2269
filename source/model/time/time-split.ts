/**
 * The split of the cluster's thread-seconds over a window, from the time track (time-track.ts):
 * capacity (threads × wall), compute, transfer, spill, GC, and idle (what is left), per prefix
 * for compute and transfer. What the cluster's Dask or dask-top's polling cannot give is absent
 * and a note says why — never a silent 0.
 *
 * Windows: `minute`, the last minute (from the oldest reading at most a minute old); `run`, since
 * the idle moment the current run started from (or dask-top's first poll, when it has seen none);
 * `start`, since the scheduler's process started: the counters' totals, and the time before
 * dask-top's first poll taken at the threads of that poll.
 */
import {zeroOdometer} from './time-track.js';
import type {PrefixTime, TimeOdometer, TimeSplit, TimeTrack, TimeWindowKind} from './time-types.js';

export const TIME_WINDOWS: readonly TimeWindowKind[] = ['minute', 'run', 'start'];
export const MINUTE_S = 60;

/** The window after this one (the time view's w). */
export function nextTimeWindow(window: TimeWindowKind): TimeWindowKind {
	return TIME_WINDOWS[(TIME_WINDOWS.indexOf(window) + 1) % TIME_WINDOWS.length]!;
}

/** What each note says, written once. */
export const TIME_NOTES = {
	atEnd: 'compute and transfer are counted when a task ends: a long task shows once it finishes',
	noPerPrefix: 'this Dask gives no per-prefix compute or transfer seconds (they came in 2023.1.1)',
	noWorkers: "spill and GC need the workers' own /metrics, not read in this window",
	partWorkers: (read: number, of: number) =>
		`spill/GC from ${read} of ${of} workers (the ones whose /metrics were read)`,
	noGc: 'GC seconds need Dask 2024.8 or later on the workers',
	threadsUnknown: "the workers' threads were not known throughout: no capacity, no idle",
	assumed: (seconds: number) =>
		`the first ${Math.round(seconds)} s, before dask-top's first poll, counted at the threads of that poll`,
	over: 'more was counted than the window held: tasks that started before it ended in it',
	noIdleMoment: "no idle moment seen yet: since dask-top's first poll",
} as const;

interface Totals {
	readonly threadSeconds?: number;
	readonly compute?: number;
	readonly transfer?: number;
	readonly prefixes: readonly PrefixTime[];
}

function sortedPrefixes(entries: Iterable<[string, {compute: number; transfer: number}]>): PrefixTime[] {
	const rows: PrefixTime[] = [];
	for (const [prefix, s] of entries) if (s.compute > 0 || s.transfer > 0) rows.push({prefix, ...s});
	return rows.sort(
		(a, b) =>
			b.compute + b.transfer - (a.compute + a.transfer) || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0),
	);
}

/** The counters' growth between two readings. */
function between(from: TimeOdometer, to: TimeOdometer): Totals {
	const threadsKnown = to.threadGapS - from.threadGapS === 0;
	const computeKnown = to.computeGapS - from.computeGapS === 0;
	const rows: Array<[string, {compute: number; transfer: number}]> = [];
	if (computeKnown && to.prefixes !== from.prefixes) {
		for (const [prefix, now] of to.prefixes) {
			const before = from.prefixes.get(prefix);
			rows.push([
				prefix,
				{compute: now.compute - (before?.compute ?? 0), transfer: now.transfer - (before?.transfer ?? 0)},
			]);
		}
	}
	return {
		...(threadsKnown ? {threadSeconds: to.threadSeconds - from.threadSeconds} : {}),
		...(computeKnown ? {compute: to.compute - from.compute, transfer: to.transfer - from.transfer} : {}),
		prefixes: computeKnown ? sortedPrefixes(rows) : [],
	};
}

/** The reading a window starts from. */
function startReading(track: TimeTrack, window: 'minute' | 'run', to: TimeOdometer): TimeOdometer {
	if (window === 'run') return track.runOdometer ?? zeroOdometer(track.firstS ?? to.timeS);
	for (const o of track.recent) if (to.timeS - o.timeS <= MINUTE_S) return o;
	return to;
}

function workerCoverage(track: TimeTrack, fromS: number, all: boolean) {
	let spillRead = 0;
	let gcRead = 0;
	for (const w of track.workers.values()) {
		if (all ? w.spill !== undefined : w.spillStepS !== undefined && w.spillStepS > fromS) spillRead++;
		if (all ? w.gc !== undefined : w.gcStepS !== undefined && w.gcStepS > fromS) gcRead++;
	}
	return {spillRead, gcRead, workers: track.workers.size};
}

/**
 * The split for a window, or undefined before the first /metrics sample. `startS`: the
 * scheduler's process start (epoch seconds), for the `start` window.
 */
export function timeSplit(track: TimeTrack, window: TimeWindowKind, startS?: number): TimeSplit | undefined {
	const to = track.odometer;
	if (to === undefined || track.lastCounters === undefined) return undefined;
	const notes: string[] = [];
	let from: number;
	let totals: Totals;
	let spill: number | undefined;
	let gc: number | undefined;
	let assumedS: number | undefined;
	const fromStart = window === 'start';
	if (fromStart) {
		from = startS !== undefined && startS <= (track.firstS ?? to.timeS) ? startS : (track.firstS ?? to.timeS);
		assumedS = (track.firstS ?? to.timeS) - from;
		const before = assumedS > 0 ? (track.firstThreads === undefined ? undefined : track.firstThreads * assumedS) : 0;
		let compute = 0;
		let transfer = 0;
		for (const s of track.lastCounters.values()) {
			compute += s.compute;
			transfer += s.transfer;
		}
		const perPrefix = track.lastPerPrefix === true;
		totals = {
			...(before === undefined || to.threadGapS > 0 ? {} : {threadSeconds: before + to.threadSeconds}),
			...(perPrefix ? {compute, transfer} : {}),
			prefixes: perPrefix ? sortedPrefixes(track.lastCounters) : [],
		};
		for (const w of track.workers.values()) {
			if (w.spill !== undefined) spill = (spill ?? 0) + w.spill;
			if (w.gc !== undefined) gc = (gc ?? 0) + w.gc;
		}
	} else {
		const start = startReading(track, window, to);
		if (window === 'run' && track.runOdometer === undefined) notes.push(TIME_NOTES.noIdleMoment);
		from = start.timeS;
		totals = between(start, to);
		const coverage = workerCoverage(track, from, false);
		if (coverage.spillRead > 0) spill = to.spill - start.spill;
		if (coverage.gcRead > 0) gc = to.gc - start.gc;
	}
	const coverage = workerCoverage(track, from, fromStart);
	const windowSeconds = to.timeS - from;
	if (totals.compute === undefined) notes.push(TIME_NOTES.noPerPrefix);
	else notes.push(TIME_NOTES.atEnd);
	if (totals.threadSeconds === undefined) notes.push(TIME_NOTES.threadsUnknown);
	if (assumedS !== undefined && assumedS > 0 && totals.threadSeconds !== undefined)
		notes.push(TIME_NOTES.assumed(assumedS));
	if (coverage.spillRead === 0) notes.push(TIME_NOTES.noWorkers);
	else if (coverage.spillRead < coverage.workers)
		notes.push(TIME_NOTES.partWorkers(coverage.spillRead, coverage.workers));
	if (coverage.spillRead > 0 && coverage.gcRead === 0) notes.push(TIME_NOTES.noGc);
	let idle: number | undefined;
	if (totals.threadSeconds !== undefined && totals.compute !== undefined && totals.transfer !== undefined) {
		const used = totals.compute + totals.transfer + (spill ?? 0) + (gc ?? 0);
		if (used > totals.threadSeconds) notes.push(TIME_NOTES.over);
		idle = Math.max(0, totals.threadSeconds - used);
	}
	return {
		window,
		from,
		to: to.timeS,
		window_seconds: windowSeconds,
		...(totals.threadSeconds === undefined ? {} : {thread_seconds: totals.threadSeconds}),
		...(assumedS !== undefined && assumedS > 0 ? {thread_seconds_assumed_seconds: assumedS} : {}),
		...(totals.compute === undefined ? {} : {compute: totals.compute}),
		...(totals.transfer === undefined ? {} : {transfer: totals.transfer}),
		...(spill === undefined ? {} : {spill}),
		...(gc === undefined ? {} : {gc}),
		...(idle === undefined ? {} : {idle}),
		workers_read: coverage.spillRead,
		workers: coverage.workers,
		prefixes: totals.prefixes,
		notes,
	};
}

/** Shares of the capacity, percent (absent when the capacity or the part is not known, or capacity is 0). */
export function sharePercent(split: TimeSplit, part: number | undefined): number | undefined {
	const capacity = split.thread_seconds;
	if (capacity === undefined || part === undefined || capacity <= 0) return undefined;
	return (part / capacity) * 100;
}
