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
	readonly tick_duration_max_seconds?: number;
	readonly tick_count_total?: number;
	readonly process_rss_bytes?: number;
	readonly latency_seconds?: number;
}

const W = 'dask_worker_';

/** Every name parseWorkerMetrics reads: the parser keeps these only. */
export const WORKER_METRIC_NAMES: ReadonlySet<string> = new Set([
	`${W}memory_bytes`,
	`${W}tasks`,
	`${W}threads`,
	`${W}transfer_incoming_bytes`,
	`${W}transfer_incoming_count`,
	`${W}transfer_incoming_count_total`,
	`${W}transfer_outgoing_bytes`,
	`${W}transfer_outgoing_count`,
	`${W}transfer_outgoing_count_total`,
	`${W}transfer_outgoing_bytes_total`,
	`${W}spill_bytes_total`,
	`${W}tick_duration_maximum_seconds`,
	`${W}tick_count_total`,
	'process_resident_memory_bytes',
	`${W}latency_seconds`,
]);

/** `memory_read` (2022.12) and `memory-read` (≥2023.3.2) name the same activity. */
export function normaliseSpillActivity(activity: string): string {
	return activity.replaceAll('_', '-');
}

export function parseWorkerMetrics(doc: PromDocument): WorkerMetrics {
	const out: Record<string, unknown> = {};
	const put = (key: keyof WorkerMetrics, value: number | undefined) => {
		if (value !== undefined) out[key] = value;
	};

	const memory = valuesByLabel(doc, `${W}memory_bytes`, 'type');
	if (memory && memory.size > 0) {
		const managed = memory.get('managed');
		const unmanaged = memory.get('unmanaged');
		put('memory_managed_bytes', managed);
		put('memory_unmanaged_bytes', unmanaged);
		put('memory_spilled_bytes', memory.get('spilled'));
		if (managed !== undefined && unmanaged !== undefined) put('memory_process_bytes', managed + unmanaged);
	}

	const tasks = valuesByLabel(doc, `${W}tasks`, 'state');
	if (tasks) {
		const counts: Record<string, number> = {};
		for (const [state, value] of tasks) counts[state] = value;
		out['task_counts'] = counts;
		put('tasks_executing', tasks.get('executing') ?? 0);
		put('tasks_ready', tasks.get('ready') ?? 0);
		put('tasks_in_memory', (tasks.get('memory') ?? 0) + (tasks.get('disk') ?? 0));
	}

	put('nthreads', sampleValue(doc, `${W}threads`));
	put('transfer_incoming_bytes', sampleValue(doc, `${W}transfer_incoming_bytes`));
	put('transfer_incoming_count', sampleValue(doc, `${W}transfer_incoming_count`));
	put('transfer_incoming_count_total', sampleValue(doc, `${W}transfer_incoming_count_total`));
	put('transfer_outgoing_bytes', sampleValue(doc, `${W}transfer_outgoing_bytes`));
	put('transfer_outgoing_count', sampleValue(doc, `${W}transfer_outgoing_count`));
	put('transfer_outgoing_count_total', sampleValue(doc, `${W}transfer_outgoing_count_total`));
	put('transfer_outgoing_bytes_total', sampleValue(doc, `${W}transfer_outgoing_bytes_total`));

	const spill = valuesByLabel(doc, `${W}spill_bytes_total`, 'activity');
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

	put('tick_duration_max_seconds', sampleValue(doc, `${W}tick_duration_maximum_seconds`));
	put('tick_count_total', sampleValue(doc, `${W}tick_count_total`));
	put('process_rss_bytes', sampleValue(doc, 'process_resident_memory_bytes'));
	put('latency_seconds', sampleValue(doc, `${W}latency_seconds`));
	return out as WorkerMetrics;
}
