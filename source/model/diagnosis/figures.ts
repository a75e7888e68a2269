/**
 * What the rules share: evidence with its source and age, subjects, and small readings of a
 * snapshot (the work a worker holds, the version's abilities). Pure.
 */
import type {Snapshot, Source, WorkerSnapshot} from '../../types/snapshot.js';
import {secondsText} from '../text.js';
import type {Evidence, Subject} from './diagnosis-types.js';

const SCHEDULER_PATHS: Readonly<Partial<Record<Source, string>>> = {
	metrics: '/metrics',
	identity: '/json/identity.json',
	workers_html: '/info/main/workers.html',
	counts: '/json/counts.json',
};

/** Epoch seconds of each scheduler endpoint's latest good answer, and of each worker's own /metrics. */
interface AnswerTimes {
	readonly scheduler: ReadonlyMap<string, number>;
	readonly workers: ReadonlyMap<string, number>;
}

const timesCache = new WeakMap<Snapshot, AnswerTimes>();

function answerTimes(snapshot: Snapshot): AnswerTimes {
	let times = timesCache.get(snapshot);
	if (times) return times;
	const scheduler = new Map<string, number>();
	const workers = new Map<string, number>();
	for (const e of snapshot.endpoints) {
		if (e.last_ok === undefined) continue;
		if (e.target === undefined) scheduler.set(e.path, e.last_ok);
		else if (e.target.startsWith('worker:') && e.path === '/metrics') workers.set(e.target.slice(7), e.last_ok);
	}
	times = {scheduler, workers};
	timesCache.set(snapshot, times);
	return times;
}

/**
 * Epoch seconds of the answer a figure came from: its endpoint's latest good answer; the snapshot's
 * own time for derived figures, synthesized snapshots and answers the health list does not carry.
 */
export function answerAtS(snapshot: Snapshot, source: Source | undefined, worker?: WorkerSnapshot): number {
	if (source === undefined) return snapshot.time;
	const times = answerTimes(snapshot);
	if (source === 'worker_metrics' && worker) {
		const direct = times.workers.get(worker.address);
		if (direct !== undefined) return direct;
		const proxied =
			worker.host === undefined || worker.dashboard_port === undefined
				? undefined
				: times.scheduler.get(`/proxy/${worker.dashboard_port}/${worker.host}/metrics`);
		return proxied ?? snapshot.time;
	}
	const path = SCHEDULER_PATHS[source];
	return (path === undefined ? undefined : times.scheduler.get(path)) ?? snapshot.time;
}

/** One piece of evidence, aged at `nowMs`. */
export function evidence(
	figure: string,
	value: string,
	source: Evidence['source'],
	atS: number,
	nowMs: number,
): Evidence {
	return {figure, value, source, ageMs: Math.max(0, Math.round(nowMs - atS * 1000))};
}

/** Evidence of a worker's figure: its source and age from where the snapshot got it. */
export function workerEvidence(
	snapshot: Snapshot,
	w: WorkerSnapshot,
	field: keyof WorkerSnapshot,
	figure: string,
	value: string,
	nowMs: number,
): Evidence {
	const source = w.sources[field] ?? 'derived';
	return evidence(figure, value, source, answerAtS(snapshot, source, w), nowMs);
}

/** Evidence of a scheduler figure. */
export function schedulerEvidence(
	snapshot: Snapshot,
	field: string,
	figure: string,
	value: string,
	nowMs: number,
): Evidence {
	const source = snapshot.scheduler.sources[field] ?? 'derived';
	return evidence(figure, value, source, answerAtS(snapshot, source), nowMs);
}

export const CLUSTER: Subject = {kind: 'cluster', id: 'cluster'};

export function workerSubject(w: Pick<WorkerSnapshot, 'address' | 'name'>): Subject {
	return {kind: 'worker', id: w.address, name: w.name};
}

export function prefixSubject(prefix: string): Subject {
	return {kind: 'prefix', id: prefix};
}

/**
 * Where a worker's tasks on hand are read: the scheduler's processing count (workers.html, asked
 * every few seconds) unless the worker's executing + ready (identity.json every poll, or its own
 * /metrics) came from a newer answer. Both count the same tasks; an answer from before work
 * arrived, still current by its cadence, would show none for up to a cadence.
 */
export function workOnHandField(snapshot: Snapshot, w: WorkerSnapshot): 'processing' | 'tasks_ready' | undefined {
	const states = w.tasks_executing !== undefined || w.tasks_ready !== undefined;
	if (w.processing === undefined) return states ? 'tasks_ready' : undefined;
	if (!states) return 'processing';
	const statesAt = answerAtS(snapshot, w.sources['tasks_ready'] ?? w.sources['tasks_executing'], w);
	return statesAt > answerAtS(snapshot, w.sources['processing'], w) ? 'tasks_ready' : 'processing';
}

/** Tasks a worker has on hand, from the newer of its two readings (workOnHandField). */
export function workOnHand(snapshot: Snapshot, w: WorkerSnapshot): number | undefined {
	const field = workOnHandField(snapshot, w);
	if (field === undefined) return undefined;
	if (field === 'processing') return w.processing;
	return (w.tasks_executing ?? 0) + (w.tasks_ready ?? 0);
}

/** The worker has tasks to run (assigned or executing). */
export function busy(w: WorkerSnapshot): boolean {
	return (w.processing ?? 0) > 0 || (w.tasks_executing ?? 0) > 0;
}

/** Tasks in flight cluster-wide (processing, queued, waiting, no-worker), when /metrics says. */
export function tasksInFlight(snapshot: Snapshot): number | undefined {
	const t = snapshot.scheduler.tasks;
	if (t.processing === undefined) return undefined;
	return (t.processing ?? 0) + (t.queued ?? 0) + (t.waiting ?? 0) + (t['no-worker'] ?? 0);
}

/** "3.1×" */
export function timesText(ratio: number): string {
	return Number.isFinite(ratio) ? `${ratio >= 10 ? Math.round(ratio) : ratio.toFixed(1)}×` : '∞×';
}

/** "0.84 s/s" style shares: one decimal place as a percentage. */
export function shareText(fraction: number): string {
	return `${Math.round(fraction * 100)} %`;
}

/** A task's duration: "2 ms" under a second, else as secondsText writes it. */
export function taskTimeText(seconds: number): string {
	return seconds < 1 ? `${Math.max(0, Math.round(seconds * 1000))} ms` : secondsText(seconds);
}

/** "1 thread", "2 threads" */
export function threadsText(threads: number): string {
	return `${threads} thread${threads === 1 ? '' : 's'}`;
}

/** "1.2/s" */
export function perSecondText(rate: number): string {
	return `${rate >= 10 ? Math.round(rate) : Number(rate.toFixed(2))}/s`;
}

const SOURCES: ReadonlySet<string> = new Set<Source>([
	'metrics',
	'identity',
	'workers_html',
	'counts',
	'worker_metrics',
	'api',
	'derived',
	'inferred',
]);

/** A reading's endpoint as evidence names it ('derived' when the reading says none). */
export function sourceOf(src: string): Evidence['source'] {
	const bare = src.split(':')[0] ?? src;
	return SOURCES.has(bare) ? (bare as Source) : 'derived';
}
