/**
 * The scheduler's /metrics (Prometheus text) → scheduler-wide figures, for both label sets of
 * `dask_scheduler_workers`: 2022.12 prints `connected` (the total) with `idle` and `saturated` as
 * subsets; ≥2023.1.1 prints `idle`, `partially_saturated`, `saturated`, `paused`, `retiring`,
 * which add up to the total.
 */
import type {PrefixCounters, SchedulerSnapshot, TaskState, WorkerCounts} from '../types/snapshot.js';
import {hasFamily, sampleValue, valuesByLabel, type PromDocument} from './prometheus.js';

export const TASK_STATES: readonly TaskState[] = [
	'released',
	'waiting',
	'no-worker',
	'queued',
	'processing',
	'memory',
	'erred',
];

/** `connected` = 2022.12 overlapping subsets, `additive` = ≥2023.1.1 partition. */
export type WorkerLabelSet = 'connected' | 'additive';

/** The snapshot's scheduler figures that /metrics gives, under the snapshot's own names and types. */
type MetricsFigures = Pick<
	SchedulerSnapshot,
	| 'tasks_total'
	| 'clients'
	| 'desired_workers'
	| 'prefixes'
	| 'process_cpu_seconds_total'
	| 'process_rss_bytes'
	| 'process_open_fds'
	| 'process_start_time_seconds'
	| 'tick_duration_max_seconds'
	| 'tick_count_total'
	| 'gil_contention_seconds_total'
>;

export interface SchedulerMetrics extends MetricsFigures {
	/** Raw `dask_scheduler_workers{state}` values, and which label set they use. */
	readonly workerStates?: ReadonlyMap<string, number>;
	readonly workerLabels?: WorkerLabelSet;
	/** Undefined when the `dask_scheduler_tasks` family is absent; a declared family fills missing states with 0. */
	readonly tasks?: Readonly<Record<TaskState, number>>;
	readonly task_groups?: number;
	/** Families whose presence dates the Dask version (docs/endpoints.md, "Telling versions apart"). */
	readonly hasClientConnectionsAdded: boolean;
	readonly hasTaskGroups: boolean;
}

const P = 'dask_scheduler_';

/** Every name parseSchedulerMetrics reads (samples, and families whose presence it checks), each written once. */
const N = {
	workers: `${P}workers`,
	tasks: `${P}tasks`,
	prefixStateTotals: `${P}prefix_state_totals_total`,
	computeSeconds: `${P}tasks_compute_seconds_total`,
	transferSeconds: `${P}tasks_transfer_seconds_total`,
	outputBytes: `${P}tasks_output_bytes`,
	suspicious: `${P}tasks_suspicious_total`,
	clients: `${P}clients`,
	desiredWorkers: `${P}desired_workers`,
	cpuSeconds: 'process_cpu_seconds_total',
	rss: 'process_resident_memory_bytes',
	openFds: 'process_open_fds',
	startTime: 'process_start_time_seconds',
	tickMax: `${P}tick_duration_maximum_seconds`,
	tickCount: `${P}tick_count_total`,
	gil: `${P}gil_contention_seconds_total`,
	taskGroups: `${P}task_groups`,
	clientConnectionsAdded: `${P}client_connections_added_total`,
} as const;

/**
 * The names the /metrics parser keeps for the scheduler (work stealing's families alone print two
 * lines per worker and prefix).
 */
export const SCHEDULER_METRIC_NAMES: ReadonlySet<string> = new Set(Object.values(N));

type PrefixFigure = Exclude<keyof PrefixCounters, 'transitions'>;
type MutablePrefix = {transitions: Record<string, number>} & {-readonly [K in PrefixFigure]?: number};

function prefixTable(doc: PromDocument): Record<string, PrefixCounters> {
	const table: Record<string, MutablePrefix> = Object.create(null);
	const entry = (prefix: string) => (table[prefix] ??= {transitions: Object.create(null) as Record<string, number>});
	for (const s of doc.samples.get(N.prefixStateTotals) ?? []) {
		const prefix = s.labels?.['task_prefix_name'];
		const state = s.labels?.['state'];
		if (prefix === undefined || state === undefined) continue;
		const transitions = entry(prefix).transitions;
		transitions[state] = (transitions[state] ?? 0) + s.value;
	}
	const perPrefix: ReadonlyArray<readonly [string, PrefixFigure]> = [
		[N.computeSeconds, 'compute_seconds_total'],
		[N.transferSeconds, 'transfer_seconds_total'],
		[N.outputBytes, 'output_bytes'],
		[N.suspicious, 'suspicious_total'],
	];
	for (const [family, field] of perPrefix) {
		for (const s of doc.samples.get(family) ?? []) {
			const prefix = s.labels?.['task_prefix_name'];
			if (prefix !== undefined) entry(prefix)[field] = s.value;
		}
	}
	return table;
}

function taskTable(doc: PromDocument): {tasks?: Record<TaskState, number>; total?: number} {
	const byState = valuesByLabel(doc, N.tasks, 'state');
	if (!byState) return {};
	const tasks = {} as Record<TaskState, number>;
	for (const state of TASK_STATES) tasks[state] = byState.get(state) ?? 0;
	let total = 0;
	for (const value of byState.values()) total += value;
	return {tasks, total};
}

export function parseSchedulerMetrics(doc: PromDocument): SchedulerMetrics {
	const workerStates = valuesByLabel(doc, N.workers, 'state');
	const workerLabels: WorkerLabelSet | undefined = workerStates?.has('connected')
		? 'connected'
		: workerStates && workerStates.size > 0
			? 'additive'
			: undefined;
	const {tasks, total} = taskTable(doc);
	const figures: Record<string, number | undefined> = {
		clients: sampleValue(doc, N.clients),
		desired_workers: sampleValue(doc, N.desiredWorkers),
		process_cpu_seconds_total: sampleValue(doc, N.cpuSeconds),
		process_rss_bytes: sampleValue(doc, N.rss),
		process_open_fds: sampleValue(doc, N.openFds),
		process_start_time_seconds: sampleValue(doc, N.startTime),
		tick_duration_max_seconds: sampleValue(doc, N.tickMax),
		tick_count_total: sampleValue(doc, N.tickCount),
		gil_contention_seconds_total: sampleValue(doc, N.gil),
		task_groups: sampleValue(doc, N.taskGroups),
		tasks_total: total,
	};
	const defined: Record<string, number> = {};
	for (const [key, value] of Object.entries(figures)) if (value !== undefined) defined[key] = value;
	return {
		...defined,
		...(workerStates && workerLabels ? {workerStates, workerLabels} : {}),
		...(tasks ? {tasks} : {}),
		prefixes: prefixTable(doc),
		hasClientConnectionsAdded: hasFamily(doc, N.clientConnectionsAdded),
		hasTaskGroups: hasFamily(doc, N.taskGroups),
	};
}

/** Worker status tallies from a worker list (identity.json), used where /metrics cannot tell. */
export interface StatusTally {
	readonly paused: number;
	/** Neither running nor paused: closing_gracefully, init, … */
	readonly retiring: number;
}

export interface DerivedWorkerCounts {
	readonly counts: WorkerCounts;
	/** Fields computed by dask-top rather than read (partially_saturated on 2022.12). */
	readonly derived: readonly (keyof WorkerCounts)[];
	/** Fields taken from the status tally rather than /metrics. */
	readonly fromStatuses: readonly (keyof WorkerCounts)[];
}

/**
 * WorkerCounts from `dask_scheduler_workers`. Modern labels are read as they are and summed for the
 * total. 2022.12 labels give total, idle and saturated; paused/retiring come only from a status
 * tally when the worker list has statuses, and partially_saturated is the rest (never below 0).
 */
export function workerCountsFromMetrics(
	metrics: SchedulerMetrics,
	tally?: StatusTally,
): DerivedWorkerCounts | undefined {
	const states = metrics.workerStates;
	if (!states || !metrics.workerLabels) return undefined;
	if (metrics.workerLabels === 'additive') {
		const get = (s: string) => states.get(s) ?? 0;
		const counts: WorkerCounts = {
			idle: get('idle'),
			partially_saturated: get('partially_saturated'),
			saturated: get('saturated'),
			paused: get('paused'),
			retiring: get('retiring'),
		};
		let total = 0;
		for (const value of states.values()) total += value;
		return {counts: {total, ...counts}, derived: ['total'], fromStatuses: []};
	}
	const total = states.get('connected') ?? 0;
	const idle = states.get('idle') ?? 0;
	const saturated = states.get('saturated') ?? 0;
	const rest = total - idle - saturated - (tally ? tally.paused + tally.retiring : 0);
	return {
		counts: {
			total,
			idle,
			saturated,
			partially_saturated: Math.max(0, rest),
			...(tally ? {paused: tally.paused, retiring: tally.retiring} : {}),
		},
		derived: ['partially_saturated'],
		fromStatuses: tally ? ['paused', 'retiring'] : [],
	};
}
