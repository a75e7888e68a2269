/**
 * A worker's own /metrics (direct, or through the scheduler's /proxy) → that worker's figures.
 * 2022.12 prints a fixed set of task states with zeros (incl. `other`) and spill activities with
 * underscores; ≥2023.2/2023.3 print only non-zero states and activities, hyphenated. A declared
 * family that leaves a state out means 0.
 */
import {sampleValue, valuesByLabel, type PromDocument} from './prometheus.js';

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
	readonly latency_seconds?: number;
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
	latency: `${W}latency_seconds`,
} as const;

/** The names the /metrics parser keeps for a worker. */
export const WORKER_METRIC_NAMES: ReadonlySet<string> = new Set(Object.values(N));

/** `memory_read` (2022.12) and `memory-read` (≥2023.3.2) name the same activity. */
export function normaliseSpillActivity(activity: string): string {
	return activity.replaceAll('_', '-');
}

export function parseWorkerMetrics(doc: PromDocument): WorkerMetrics {
	const out: Record<string, unknown> = {};
	const put = (key: keyof WorkerMetrics, value: number | undefined) => {
		if (value !== undefined) out[key] = value;
	};

	const memory = valuesByLabel(doc, N.memory, 'type');
	if (memory && memory.size > 0) {
		const managed = memory.get('managed');
		const unmanaged = memory.get('unmanaged');
		put('memory_managed_bytes', managed);
		put('memory_unmanaged_bytes', unmanaged);
		put('memory_spilled_bytes', memory.get('spilled'));
		if (managed !== undefined && unmanaged !== undefined) put('memory_process_bytes', managed + unmanaged);
	}

	const tasks = valuesByLabel(doc, N.tasks, 'state');
	if (tasks) {
		const counts: Record<string, number> = {};
		for (const [state, value] of tasks) counts[state] = value;
		out['task_counts'] = counts;
		put('tasks_executing', tasks.get('executing') ?? 0);
		put('tasks_ready', tasks.get('ready') ?? 0);
		put('tasks_in_memory', (tasks.get('memory') ?? 0) + (tasks.get('disk') ?? 0));
	}

	put('nthreads', sampleValue(doc, N.threads));
	put('transfer_incoming_bytes', sampleValue(doc, N.incomingBytes));
	put('transfer_incoming_count', sampleValue(doc, N.incomingCount));
	put('transfer_incoming_count_total', sampleValue(doc, N.incomingCountTotal));
	put('transfer_outgoing_bytes', sampleValue(doc, N.outgoingBytes));
	put('transfer_outgoing_count', sampleValue(doc, N.outgoingCount));
	put('transfer_outgoing_count_total', sampleValue(doc, N.outgoingCountTotal));
	put('transfer_outgoing_bytes_total', sampleValue(doc, N.outgoingBytesTotal));

	const spill = valuesByLabel(doc, N.spill, 'activity');
	if (spill) {
		const byActivity: Record<string, number> = {};
		for (const [activity, value] of spill) {
			const key = normaliseSpillActivity(activity);
			byActivity[key] = (byActivity[key] ?? 0) + value;
		}
		out['spill_bytes'] = byActivity;
		put('spill_write_bytes_total', byActivity['disk-write'] ?? 0);
		put('spill_read_bytes_total', byActivity['disk-read'] ?? 0);
	}
	const spillTime = valuesByLabel(doc, N.spillTime, 'activity');
	if (spillTime) {
		let seconds = 0;
		for (const value of spillTime.values()) seconds += value;
		put('spill_time_seconds_total', seconds);
	}
	put('gil_contention_seconds_total', sampleValue(doc, N.gil));

	put('tick_duration_max_seconds', sampleValue(doc, N.tickMax));
	put('tick_count_total', sampleValue(doc, N.tickCount));
	put('process_rss_bytes', sampleValue(doc, N.rss));
	put('latency_seconds', sampleValue(doc, N.latency));
	return out as WorkerMetrics;
}
