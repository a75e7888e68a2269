/**
 * Per-prefix progress bookkeeping from the scheduler's /metrics, moved on by each new sample.
 *
 * What Dask gives (both metric dialects, 2022.12 to 2026.7): `prefix_state_totals` counts, per
 * prefix, the transitions INTO each state (`TaskState.state`'s setter; a task's creation state is
 * not counted, scattered data is counted once into memory). The counters never go down and a
 * prefix never disappears while the scheduler lives; `Client.restart()` and a new scheduler clear
 * them all (rates.ts calls that a reset). `dask_scheduler_tasks{state}`, from the same answer, is
 * the exact number of tasks in each state now, cluster-wide only.
 *
 * So per prefix: tasks submitted = Δ waiting (every scheduled task enters waiting once per run),
 * finished = Δ memory, erred = Δ erred — exact between two moments at which the prefix had nothing
 * in flight. What is in flight is waiting − memory − erred, except for tasks that left through
 * `released` (cancelled, a client gone, a worker lost mid-task): the counters cannot tell those
 * from results released after use. Hence EPOCHS: a polled moment with no task in flight
 * cluster-wide (processing + queued + waiting + no-worker = 0 in the same /metrics answer). At an
 * epoch nothing is in flight (what the counters still leave in flight was released unfinished);
 * a prefix that moves after an epoch is counted from it, exactly.
 *
 * Before any epoch (dask-top started mid-run), each prefix is counted from the best moment its
 * counters allow (see ProgressBaseKind in types.ts): its whole life when none of its tasks was
 * ever released or forgotten, the tasks still held when some were only forgotten, else the
 * sample itself with what the counters leave in flight then (an upper bound).
 */
import type {PrefixCounters, Snapshot} from '../types/snapshot.js';
import {transition} from './rates.js';
import type {PrefixCounts, PrefixTrack, ProgressTrack} from './types.js';

export const EMPTY_PROGRESS: ProgressTrack = Object.freeze({prefixes: new Map<string, PrefixTrack>(), nextOrder: 0});

const ZERO: PrefixCounts = Object.freeze({waiting: 0, memory: 0, erred: 0, released: 0});

export function countsOf(counters: PrefixCounters | undefined): PrefixCounts {
	return {
		waiting: transition(counters, 'waiting'),
		memory: transition(counters, 'memory'),
		erred: transition(counters, 'erred'),
		released: transition(counters, 'released'),
	};
}

/** Tasks in flight cluster-wide, from /metrics' task gauge (counts.json has no `queued`, so it cannot say). */
export function activeTasks(snapshot: Snapshot): number | undefined {
	const {tasks, sources} = snapshot.scheduler;
	if (sources['tasks'] === 'counts') return undefined;
	const states = [tasks.processing, tasks.queued, tasks.waiting, tasks['no-worker']];
	if (states.some((n) => n === undefined)) return undefined;
	return states.reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export interface ProgressSample {
	/** Epoch seconds of the /metrics answer. */
	readonly timeS: number;
	readonly prefixes: Readonly<Record<string, PrefixCounters>>;
	/** Cluster-wide tasks in flight in the same answer. */
	readonly active?: number | undefined;
	/** The scheduler's start, epoch seconds, when known. */
	readonly schedulerStartS?: number | undefined;
	/** The scheduler's erred tasks now (cluster-wide), when known. */
	readonly erred?: number | undefined;
}

/** What the counters leave in flight for a prefix counted from `track` (may be below 0 with scattered data). */
export function countedInFlight(track: PrefixTrack, now: PrefixCounts): number {
	const b = track.base;
	return (
		track.inFlightAtBase + (now.waiting - b.waiting) - (now.memory - b.memory) - (now.erred - b.erred) - track.leftover
	);
}

function firstSeen(
	order: number,
	counters: PrefixCounters,
	sample: ProgressSample,
	previousS: number | undefined,
	erredProven: boolean,
): PrefixTrack {
	const now = countsOf(counters);
	const forgotten = transition(counters, 'forgotten');
	const common = {order, leftover: 0, baseAtS: sample.timeS};
	// Born after the sample before: all its counters are this run's.
	if (previousS !== undefined)
		return {
			...common,
			kind: 'birth',
			base: ZERO,
			inFlightAtBase: 0,
			baseAtS: previousS,
			sinceS: previousS,
			exactBase: true,
		};
	if (now.released === 0 && forgotten === 0) {
		return {
			...common,
			kind: 'scheduler-start',
			base: ZERO,
			inFlightAtBase: 0,
			sinceS: sample.schedulerStartS,
			exactBase: true,
		};
	}
	if (now.released === 0) {
		// Nothing ever left through `released`: the forgotten tasks went straight from memory, each
		// after entering waiting once.
		const base = {
			waiting: Math.min(forgotten, now.waiting),
			memory: Math.min(forgotten, now.memory),
			erred: 0,
			released: 0,
		};
		const nothingHeld = base.waiting === now.waiting && base.memory === now.memory && now.erred === 0;
		if (sample.active === 0 && nothingHeld)
			return {...common, kind: 'epoch', base: now, inFlightAtBase: 0, sinceS: sample.timeS, exactBase: true};
		return {...common, kind: 'held', base, inFlightAtBase: 0, sinceS: sample.timeS, exactBase: false};
	}
	const counted = Math.max(0, now.waiting - now.memory - now.erred);
	// Some released, none forgotten, none left in flight: every task it ever had is still held, finished
	// or erred (erred by blame goes through released). Counted whole; a retried task counts twice.
	if (forgotten === 0 && counted === 0)
		return {...common, kind: 'held', base: ZERO, inFlightAtBase: 0, sinceS: sample.timeS, exactBase: false};
	const inFlight = sample.active === 0 ? 0 : sample.active === undefined ? counted : Math.min(counted, sample.active);
	// Its erred transitions are erred tasks held now (all prefixes' add up to the scheduler's count):
	// counted with what is in flight, what it finished before is not known.
	if (erredProven && now.erred > 0) {
		const base = {...now, waiting: now.waiting - now.erred, erred: 0};
		return {...common, kind: 'held', base, inFlightAtBase: inFlight, sinceS: sample.timeS, exactBase: false};
	}
	if (sample.active === 0)
		return {...common, kind: 'epoch', base: now, inFlightAtBase: 0, sinceS: sample.timeS, exactBase: true};
	return {...common, kind: 'in-flight', base: now, inFlightAtBase: inFlight, sinceS: sample.timeS, exactBase: false};
}

export function moved(before: PrefixCounts, now: PrefixCounts): boolean {
	return now.waiting > before.waiting || now.memory > before.memory || now.erred > before.erred;
}

/**
 * The bookkeeping after one new /metrics sample. `reset`: the counters restarted (new scheduler,
 * `Client.restart()`); what came before is dropped and every prefix is counted from its birth.
 */
export function trackProgress(track: ProgressTrack, sample: ProgressSample, reset = false): ProgressTrack {
	const t: ProgressTrack = reset ? {...EMPTY_PROGRESS, lastSampleS: track.lastSampleS} : track;
	const prefixes = new Map(t.prefixes);
	let nextOrder = t.nextOrder;
	const epoch = t.lastEpoch;
	const erredProven = sample.erred !== undefined && sample.erred === erredTransitions(sample.prefixes);
	let run = t.run;
	for (const [name, counters] of Object.entries(sample.prefixes)) {
		const now = countsOf(counters);
		// Anything moved since the latest epoch: the current run started from it.
		if (epoch && run?.timeS !== epoch.timeS && moved(epoch.counts[name] ?? ZERO, now)) run = epoch;
		const old = prefixes.get(name);
		if (!old) {
			prefixes.set(name, firstSeen(nextOrder++, counters, sample, t.lastSampleS, erredProven));
			continue;
		}
		// Moved since the latest epoch, counted from before it: a new run, counted from that epoch.
		const atEpoch = epoch?.counts[name];
		if (epoch && atEpoch && epoch.timeS > old.baseAtS && moved(atEpoch, now)) {
			prefixes.set(name, {
				order: old.order,
				kind: 'epoch',
				base: atEpoch,
				inFlightAtBase: 0,
				leftover: 0,
				baseAtS: epoch.timeS,
				sinceS: epoch.timeS,
				exactBase: true,
			});
		}
	}
	let lastEpoch = t.lastEpoch;
	if (sample.active === 0) {
		// Nothing is in flight: what the counters still leave in flight was released unfinished.
		const counts: Record<string, PrefixCounts> = {};
		for (const [name, counters] of Object.entries(sample.prefixes)) {
			const now = countsOf(counters);
			counts[name] = now;
			const p = prefixes.get(name);
			const left = p ? countedInFlight(p, now) : 0;
			if (p && left > 0) prefixes.set(name, {...p, leftover: p.leftover + left});
		}
		lastEpoch = {timeS: sample.timeS, counts};
	}
	return {
		prefixes,
		nextOrder,
		lastSampleS: sample.timeS,
		...(lastEpoch ? {lastEpoch} : {}),
		...(run ? {run} : {}),
		...(sample.active === undefined ? {} : {active: sample.active}),
	};
}

function erredTransitions(prefixes: Readonly<Record<string, PrefixCounters>>): number {
	let sum = 0;
	for (const counters of Object.values(prefixes)) sum += transition(counters, 'erred');
	return sum;
}

/**
 * Whether a prefix's row belongs to the current run: once a run was seen starting from an epoch,
 * only prefixes that moved since (or still have tasks in flight) do; earlier runs' prefixes drop out.
 */
export function inCurrentRun(track: ProgressTrack, name: string, now: PrefixCounts): boolean {
	const run = track.run;
	return run === undefined || moved(run.counts[name] ?? ZERO, now);
}
