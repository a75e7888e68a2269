/**
 * A worker's own /metrics (direct, or through the scheduler's /proxy) → that worker's figures.
 * 2022.12 prints a fixed set of task states with zeros (incl. `other`) and spill activities with
 * underscores; ≥2023.2/2023.3 print only non-zero states and activities, hyphenated. A declared
 * family that leaves a state out means 0; a sample that is not a count is unknown (prom-counts.ts).
 */
import {CountReader, stateCount, sumOf, type Unreadable} from './prom-counts.js';
import type {PromDocument} from './prometheus.js';

export interface WorkerMetrics {
	readonly memory_managed_bytes?: number;
	readonly memory_unmanaged_bytes?: number;
	readonly memory_spilled_bytes?: number;
	/** managed + unmanaged, i.e. the RSS the worker measured for its memory breakdown. */
	readonly memory_process_bytes?: number;
	/** Worker task states as printed (`memory` in RAM and `disk` spilled are separate here). */
	readonly task_counts?: Readonly<Record<string, number>>;
	readonly tasks_executing?: number;
	readonly tasks_ready?: number;
	/** memory + disk: every key the worker holds, like identity's task_counts.memory. */
	readonly tasks_in_memory?: number;
	readonly nthreads?: number;
	readonly transfer_incoming_bytes?: number;
	readonly transfer_incoming_count?: number;
	readonly transfer_incoming_count_total?: number;
	readonly transfer_outgoing_bytes?: number;
	readonly transfer_outgoing_count?: number;
	readonly transfer_outgoing_count_total?: number;
	readonly transfer_outgoing_bytes_total?: number;
	/** Spill bytes by activity, labels normalised to the hyphenated spelling (`disk-write`). */
	readonly spill_bytes?: Readonly<Record<string, number>>;
	readonly spill_write_bytes_total?: number;
	readonly spill_read_bytes_total?: number;
	/** Seconds of spill work, every activity summed (disk read/write, (de)serialise, (de)compress). */
	readonly spill_time_seconds_total?: number;
	/** ≥ 2023.4.0, only with gilknocker installed. */
	readonly gil_contention_seconds_total?: number;
	readonly tick_duration_max_seconds?: number;
	readonly tick_count_total?: number;
	readonly process_rss_bytes?: number;
	/** The worker process's CPU time (user + system), a counter: its rate between two answers is the CPU use. */
	readonly process_cpu_seconds_total?: number;
	/** When the worker process started (epoch s): a new value means a new process, whose counters began again. */
	readonly process_start_time_seconds?: number;
	readonly latency_seconds?: number;
	/** Samples of the figures above that were not counts (NaN, ±Inf, negative): read as unknown. */
	readonly unreadable?: Unreadable;
}

const W = 'dask_worker_';

/** Every name parseWorkerMetrics reads, each written once. */
const N = {
	memory: `${W}memory_bytes`,
	tasks: `${W}tasks`,
	threads: `${W}threads`,
	incomingBytes: `${W}transfer_incoming_bytes`,
	incomingCount: `${W}transfer_incoming_count`,
	incomingCountTotal: `${W}transfer_incoming_count_total`,
	outgoingBytes: `${W}transfer_outgoing_bytes`,
	outgoingCount: `${W}transfer_outgoing_count`,
	outgoingCountTotal: `${W}transfer_outgoing_count_total`,
	outgoingBytesTotal: `${W}transfer_outgoing_bytes_total`,
	spill: `${W}spill_bytes_total`,
	spillTime: `${W}spill_time_seconds_total`,
	gil: `${W}gil_contention_seconds_total`,
	tickMax: `${W}tick_duration_maximum_seconds`,
	tickCount: `${W}tick_count_total`,
	rss: 'process_resident_memory_bytes',
	cpuSeconds: 'process_cpu_seconds_total',
	startTime: 'process_start_time_seconds',
	latency: `${W}latency_seconds`,
} as const;

/** The names the /metrics parser keeps for a worker. */
export const WORKER_METRIC_NAMES: ReadonlySet<string> = new Set(Object.values(N));

/** `memory_read` (2022.12) and `memory-read` (≥2023.3.2) name the same activity. */
export function normaliseSpillActivity(activity: string): string {
	return activity.replaceAll('_', '-');
}

export function parseWorkerMetrics(doc: PromDocument): WorkerMetrics {
	const read = new CountReader(doc);
	const out: Record<string, unknown> = {};
	const put = (key: keyof WorkerMetrics, value: number | undefined) => {
		if (value !== undefined) out[key] = value;
	};

	const memory = read.byLabel(N.memory, 'type');
	if (memory && memory.size > 0) {
		const managed = memory.get('managed');
		const unmanaged = memory.get('unmanaged');
		put('memory_managed_bytes', managed);
		put('memory_unmanaged_bytes', unmanaged);
		put('memory_spilled_bytes', memory.get('spilled'));
		if (managed !== undefined && unmanaged !== undefined) put('memory_process_bytes', managed + unmanaged);
	}

	const tasks = read.byLabel(N.tasks, 'state');
	if (tasks) {
		// A state left out reads as 0: the table is given only when every state it has is known.
		if (sumOf(tasks) !== undefined) out['task_counts'] = Object.fromEntries(tasks);
		put('tasks_executing', stateCount(tasks, 'executing'));
		put('tasks_ready', stateCount(tasks, 'ready'));
		const inMemory = stateCount(tasks, 'memory');
		const onDisk = stateCount(tasks, 'disk');
		put('tasks_in_memory', inMemory === undefined || onDisk === undefined ? undefined : inMemory + onDisk);
	}

	put('nthreads', read.value(N.threads));
	put('transfer_incoming_bytes', read.value(N.incomingBytes));
	put('transfer_incoming_count', read.value(N.incomingCount));
	put('transfer_incoming_count_total', read.value(N.incomingCountTotal));
	put('transfer_outgoing_bytes', read.value(N.outgoingBytes));
	put('transfer_outgoing_count', read.value(N.outgoingCount));
	put('transfer_outgoing_count_total', read.value(N.outgoingCountTotal));
	put('transfer_outgoing_bytes_total', read.value(N.outgoingBytesTotal));

	const spill = read.byLabel(N.spill, 'activity');
	if (spill) {
		const byActivity = new Map<string, number | undefined>();
		for (const [activity, value] of spill) {
			const key = normaliseSpillActivity(activity);
			const before = byActivity.has(key) ? byActivity.get(key) : 0;
			byActivity.set(key, before === undefined || value === undefined ? undefined : before + value);
		}
		if (sumOf(byActivity) !== undefined) out['spill_bytes'] = Object.fromEntries(byActivity);
		put('spill_write_bytes_total', stateCount(byActivity, 'disk-write'));
		put('spill_read_bytes_total', stateCount(byActivity, 'disk-read'));
	}
	const spillTime = read.byLabel(N.spillTime, 'activity');
	if (spillTime) put('spill_time_seconds_total', sumOf(spillTime));
	put('gil_contention_seconds_total', read.value(N.gil));

	put('tick_duration_max_seconds', read.value(N.tickMax));
	put('tick_count_total', read.value(N.tickCount));
	put('process_rss_bytes', read.value(N.rss));
	put('process_cpu_seconds_total', read.value(N.cpuSeconds));
	put('process_start_time_seconds', read.value(N.startTime));
	put('latency_seconds', read.value(N.latency));
	const unreadable = read.unreadable();
	if (unreadable) out['unreadable'] = unreadable;
	return out as WorkerMetrics;
}
