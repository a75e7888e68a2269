/**
 * What changed between two snapshots of one cluster (`--diff T1,T2`): workers added and lost,
 * memory and spilled deltas per worker, per-prefix progress from the cumulative transition
 * counters, tasks by state and erred. Pure: snapshot → snapshot → diff; also the JSON document.
 */
import {TASK_STATES} from '../parse/index.js';
import {workerCount} from '../model/rows/worker-count.js';
import type {Snapshot, TaskState, WorkerSnapshot} from '../types/snapshot.js';

/** A figure at both moments; delta only when both are known. */
export interface Change {
	readonly from?: number;
	readonly to?: number;
	readonly delta?: number;
}

export interface WorkerRef {
	readonly address: string;
	readonly name: string;
}

export interface WorkerChange extends WorkerRef {
	readonly memory_process_bytes: Change;
	readonly memory_managed_bytes: Change;
	readonly memory_spilled_bytes: Change;
	readonly tasks_in_memory: Change;
}

export interface PrefixChange {
	readonly prefix: string;
	/** Δ transitions into memory: tasks of this prefix finished between the two moments. */
	readonly memory: number;
	/** Δ transitions into erred. */
	readonly erred: number;
	/** Δ transitions into every state that moved (memory and erred included). */
	readonly transitions: Readonly<Record<string, number>>;
	readonly compute_seconds?: number;
}

export interface SnapshotDiff {
	readonly format: 1;
	readonly kind: 'diff';
	readonly url: string;
	/** Epoch seconds of the two snapshots, and the seconds between them. */
	readonly from: number;
	readonly to: number;
	readonly seconds: number;
	/** The scheduler restarted in between: cumulative counters started over. */
	readonly scheduler_restarted: boolean;
	readonly workers_total: Change;
	readonly workers_added: readonly WorkerRef[];
	readonly workers_lost: readonly WorkerRef[];
	/** Workers present at both moments, by name then address. */
	readonly workers: readonly WorkerChange[];
	readonly memory_process_bytes: Change;
	readonly memory_spilled_bytes: Change;
	readonly tasks: Readonly<Partial<Record<TaskState, Change>>>;
	readonly erred: Change;
	/** Prefixes whose counters moved, most finished first. */
	readonly prefixes: readonly PrefixChange[];
}

export function change(from: number | undefined, to: number | undefined): Change {
	return {
		...(from === undefined ? {} : {from}),
		...(to === undefined ? {} : {to}),
		...(from !== undefined && to !== undefined ? {delta: to - from} : {}),
	};
}

function byNameThenAddress(a: WorkerRef, b: WorkerRef): number {
	return a.name < b.name ? -1 : a.name > b.name ? 1 : a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
}

function ref(worker: WorkerSnapshot): WorkerRef {
	return {address: worker.address, name: worker.name};
}

function schedulerRestarted(a: Snapshot, b: Snapshot): boolean {
	const idChanged = a.scheduler.id !== undefined && b.scheduler.id !== undefined && a.scheduler.id !== b.scheduler.id;
	const startChanged =
		a.scheduler.started !== undefined &&
		b.scheduler.started !== undefined &&
		a.scheduler.started !== b.scheduler.started;
	return idChanged || startChanged;
}

/** A cumulative counter's growth; a counter that went down started over, so its new value is the growth. */
function counterDelta(from: number | undefined, to: number | undefined, restarted: boolean): number {
	if (to === undefined) return 0;
	// New since the first moment (a prefix born in between), or started over: all of it is growth.
	if (from === undefined || restarted || to < from) return to;
	return to - from;
}

function prefixChanges(a: Snapshot, b: Snapshot, restarted: boolean): PrefixChange[] {
	const changes: PrefixChange[] = [];
	for (const [prefix, counters] of Object.entries(b.scheduler.prefixes)) {
		const before = a.scheduler.prefixes[prefix];
		const transitions: Record<string, number> = {};
		for (const [state, total] of Object.entries(counters.transitions)) {
			const delta = counterDelta(before?.transitions[state], total, restarted);
			if (delta !== 0) transitions[state] = delta;
		}
		if (Object.keys(transitions).length === 0) continue;
		const compute = counters.compute_seconds_total;
		changes.push({
			prefix,
			memory: transitions['memory'] ?? 0,
			erred: transitions['erred'] ?? 0,
			transitions,
			...(compute === undefined
				? {}
				: {compute_seconds: counterDelta(before?.compute_seconds_total, compute, restarted)}),
		});
	}
	return changes.sort(
		(x, y) => y.memory - x.memory || y.erred - x.erred || (x.prefix < y.prefix ? -1 : x.prefix > y.prefix ? 1 : 0),
	);
}

export function diffSnapshots(a: Snapshot, b: Snapshot): SnapshotDiff {
	const before = new Map(a.workers.map((worker) => [worker.address, worker]));
	const after = new Map(b.workers.map((worker) => [worker.address, worker]));
	const workers: WorkerChange[] = [];
	for (const [address, worker] of after) {
		const old = before.get(address);
		if (!old) continue;
		workers.push({
			...ref(worker),
			memory_process_bytes: change(old.memory_process_bytes, worker.memory_process_bytes),
			memory_managed_bytes: change(old.memory_managed_bytes, worker.memory_managed_bytes),
			memory_spilled_bytes: change(old.memory_spilled_bytes, worker.memory_spilled_bytes),
			tasks_in_memory: change(old.tasks_in_memory, worker.tasks_in_memory),
		});
	}
	const tasks: Partial<Record<TaskState, Change>> = {};
	for (const state of TASK_STATES) {
		const from = a.scheduler.tasks[state];
		const to = b.scheduler.tasks[state];
		if (from !== undefined || to !== undefined) tasks[state] = change(from, to);
	}
	const restarted = schedulerRestarted(a, b);
	return {
		format: 1,
		kind: 'diff',
		url: b.url,
		from: a.time,
		to: b.time,
		seconds: Math.round((b.time - a.time) * 1000) / 1000,
		scheduler_restarted: restarted,
		workers_total: change(workerCount(a), workerCount(b)),
		workers_added: b.workers
			.filter((worker) => !before.has(worker.address))
			.map(ref)
			.sort(byNameThenAddress),
		workers_lost: a.workers
			.filter((worker) => !after.has(worker.address))
			.map(ref)
			.sort(byNameThenAddress),
		workers: workers.sort(byNameThenAddress),
		memory_process_bytes: change(a.scheduler.memory_process_bytes, b.scheduler.memory_process_bytes),
		memory_spilled_bytes: change(a.scheduler.memory_spilled_bytes, b.scheduler.memory_spilled_bytes),
		tasks,
		erred: change(a.scheduler.tasks.erred, b.scheduler.tasks.erred),
		prefixes: prefixChanges(a, b, restarted),
	};
}
