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
 * finished = Δ memory, erred = Δ erred, between two moments. What is in flight now, and what is
 * held in memory, are known between bounds (progress-bounds.ts), carried from sample to sample
 * and held to the cluster's exact counts. What left in flight without finishing (cancelled, a
 * client gone, retried after a worker died) is what the counters submitted less what finished,
 * erred and is still in flight. EPOCHS — polled moments with no task in flight cluster-wide — pin
 * every prefix's in-flight figure to 0; a prefix that moves after an epoch is counted from it, and
 * its total (what was submitted since) is exact.
 *
 * Before any epoch (dask-top started mid-run), each prefix is counted from the best moment its
 * counters allow (see ProgressBaseKind in types.ts): its whole life when none of its tasks was
 * ever released or forgotten (or none forgotten and none left in flight), else the first sample,
 * with its total unknown.
 */
import type {PrefixCounters, Snapshot} from '../../types/snapshot.js';
import {EXACT_ZERO, type FlightInput, flightBounds, heldBounds, isExact} from './progress-bounds.js';
import {transition} from './rates.js';
import type {Bounds, PrefixCounts, PrefixTrack, ProgressTrack} from '../state-types.js';

export const EMPTY_PROGRESS: ProgressTrack = Object.freeze({prefixes: new Map<string, PrefixTrack>(), nextOrder: 0});

const ZERO: PrefixCounts = Object.freeze({waiting: 0, memory: 0, erred: 0, released: 0, forgotten: 0});

export function countsOf(counters: PrefixCounters | undefined): PrefixCounts {
	return {
		waiting: transition(counters, 'waiting'),
		memory: transition(counters, 'memory'),
		erred: transition(counters, 'erred'),
		released: transition(counters, 'released'),
		forgotten: transition(counters, 'forgotten'),
	};
}

/**
 * Tasks in flight cluster-wide, from /metrics' task gauge: processing + queued + waiting +
 * no-worker (every state between submitted and finished, erred or released; 2022.12 and 2026.7
 * alike). counts.json has no `queued`, so it cannot say.
 */
export function activeTasks(snapshot: Snapshot): number | undefined {
	const {tasks, sources} = snapshot.scheduler;
	if (sources['tasks'] === 'counts') return undefined;
	const states = [tasks.processing, tasks.queued, tasks.waiting, tasks['no-worker']];
	if (states.some((n) => n === undefined)) return undefined;
	return states.reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** Tasks in memory cluster-wide, each once, from /metrics' task gauge (counts.json counts replicas). */
export function memoryTasks(snapshot: Snapshot): number | undefined {
	const {tasks, sources} = snapshot.scheduler;
	return sources['tasks'] === 'counts' ? undefined : tasks.memory;
}

export interface ProgressSample {
	/** Epoch seconds of the /metrics answer. */
	readonly timeS: number;
	readonly prefixes: Readonly<Record<string, PrefixCounters>>;
	/** Cluster-wide tasks in flight in the same answer. */
	readonly active?: number | undefined;
	/** Cluster-wide tasks in memory in the same answer (each once). */
	readonly inMemory?: number | undefined;
	/** The scheduler's start, epoch seconds, when known. */
	readonly schedulerStartS?: number | undefined;
	/** The scheduler's erred tasks now (cluster-wide), when known. */
	readonly erred?: number | undefined;
}

/** What a prefix's counters leave in flight since its base: submitted less finished and erred. */
export function submittedUnfinished(track: PrefixTrack, now: PrefixCounts): Bounds {
	const b = track.base;
	const d = now.waiting - b.waiting - (now.memory - b.memory) - (now.erred - b.erred);
	return {lo: track.baseFlight.lo + d, hi: track.baseFlight.hi + d};
}

function firstSeen(
	order: number,
	now: PrefixCounts,
	sample: ProgressSample,
	previousS: number | undefined,
	erredProven: boolean,
	flight: Bounds,
): Omit<PrefixTrack, 'anchor' | 'anchorFlight'> {
	const common = {order, baseAtS: sample.timeS, baseFlight: EXACT_ZERO};
	// Born after the sample before: all its counters are this run's.
	if (previousS !== undefined)
		return {...common, kind: 'birth', base: ZERO, baseAtS: previousS, sinceS: previousS, exactBase: true};
	if (now.released === 0 && now.forgotten === 0)
		return {...common, kind: 'scheduler-start', base: ZERO, sinceS: sample.schedulerStartS, exactBase: true};
	// Some released, none forgotten, none left in flight: every task it ever had is still held, finished
	// or erred (erred by blame goes through released). Counted whole; a retried task counts twice.
	if (now.forgotten === 0 && now.waiting - now.memory - now.erred <= 0)
		return {...common, kind: 'held', base: ZERO, sinceS: sample.timeS, exactBase: false};
	// Its erred transitions are erred tasks held now (all prefixes' add up to the scheduler's count):
	// counted with the row's erred tasks, from before this sample.
	if (erredProven && now.erred > 0) {
		const base = {...now, waiting: now.waiting - now.erred, erred: 0};
		return {...common, kind: 'first-sample', base, baseFlight: flight, sinceS: sample.timeS, exactBase: false};
	}
	// Nothing in flight anywhere: counted from now, exactly (what it holds is shown apart).
	if (sample.active === 0) return {...common, kind: 'epoch', base: now, sinceS: sample.timeS, exactBase: true};
	// Its tasks in flight at first sight proven (the cluster's exact count pins them, as when it is the
	// only prefix in flight: progress-bounds.ts): counted from now, exactly — those, and what comes after.
	return {
		...common,
		kind: 'first-sample',
		base: now,
		baseFlight: flight,
		sinceS: sample.timeS,
		exactBase: isExact(flight),
	};
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
	const counts = new Map<string, PrefixCounts>();
	for (const [name, counters] of Object.entries(sample.prefixes)) counts.set(name, countsOf(counters));
	// In flight now, from each prefix's latest bounds (a new one: from the scheduler's start, nothing in flight).
	const inputs = new Map<string, FlightInput>();
	for (const [name, now] of counts) {
		const old = t.prefixes.get(name);
		inputs.set(name, {
			now,
			anchor: old?.anchor ?? ZERO,
			anchorFlight: old?.anchorFlight ?? EXACT_ZERO,
		});
	}
	const flight = flightBounds(inputs, sample.active);
	const erredProven = sample.erred !== undefined && sample.erred === erredTransitions(counts);
	const prefixes = new Map(t.prefixes);
	let nextOrder = t.nextOrder;
	const epoch = t.lastEpoch;
	let run = t.run;
	for (const [name, now] of counts) {
		const inFlight = flight.get(name) ?? EXACT_ZERO;
		// Anything moved since the latest epoch: the current run started from it.
		if (epoch && run?.timeS !== epoch.timeS && moved(epoch.counts[name] ?? ZERO, now)) run = epoch;
		const old = prefixes.get(name);
		const anchored = {anchor: now, anchorFlight: inFlight};
		if (!old) {
			const first = firstSeen(nextOrder++, now, sample, t.lastSampleS, erredProven, inFlight);
			prefixes.set(name, {...first, ...anchored});
			continue;
		}
		// Moved since the latest epoch, counted from before it: a new run, counted from that epoch.
		const atEpoch = epoch?.counts[name];
		if (epoch && atEpoch && epoch.timeS > old.baseAtS && moved(atEpoch, now)) {
			prefixes.set(name, {
				order: old.order,
				kind: 'epoch',
				base: atEpoch,
				baseFlight: EXACT_ZERO,
				baseAtS: epoch.timeS,
				sinceS: epoch.timeS,
				exactBase: true,
				...anchored,
			});
			continue;
		}
		prefixes.set(name, {...old, ...anchored});
	}
	const lastEpoch = sample.active === 0 ? {timeS: sample.timeS, counts: Object.fromEntries(counts)} : t.lastEpoch;
	const held = heldBounds(counts, flight, sample.inMemory);
	return {
		prefixes,
		nextOrder,
		lastSampleS: sample.timeS,
		...(lastEpoch ? {lastEpoch} : {}),
		...(run ? {run} : {}),
		...(sample.active === undefined ? {} : {active: sample.active}),
		...(sample.inMemory === undefined ? {} : {inMemory: sample.inMemory}),
		...(held ? {held} : {}),
	};
}

function erredTransitions(counts: ReadonlyMap<string, PrefixCounts>): number {
	let sum = 0;
	for (const c of counts.values()) sum += c.erred;
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
