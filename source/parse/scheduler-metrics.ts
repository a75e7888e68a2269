/**
 * The scheduler's /metrics (Prometheus text) → scheduler-wide figures, for both label sets of
 * `dask_scheduler_workers`: 2022.12 prints `connected` (the total) with `idle` and `saturated` as
 * subsets; ≥2023.1.1 prints `idle`, `partially_saturated`, `saturated`, `paused`, `retiring`,
 * which add up to the total.
 */
import type {PrefixCounters, SchedulerSnapshot, TaskState, WorkerCounts} from '../types/snapshot.js';
import {CountReader, stateCount, sumOf, type LabelCounts, type Unreadable} from './prom-counts.js';
import {defined} from '../units/defined.js';
import {hasFamily, type PromDocument} from './prometheus.js';

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
	/** Raw `dask_scheduler_workers{state}` values (undefined: not a count), and which label set they use. */
	readonly workerStates?: LabelCounts;
	readonly workerLabels?: WorkerLabelSet;
	/**
	 * Undefined when the `dask_scheduler_tasks` family is absent; a declared family fills missing
	 * states with 0, and leaves out a state whose value is not a count (unknown).
	 */
	readonly tasks?: Readonly<Partial<Record<TaskState, number>>>;
	readonly task_groups?: number;
	/** Families whose presence dates the Dask version (docs/endpoints.md, "Telling versions apart"). */
	readonly hasClientConnectionsAdded: boolean;
	readonly hasTaskGroups: boolean;
	/** Samples of the figures above that were not counts (NaN, ±Inf, negative): read as unknown. */
	readonly unreadable?: Unreadable;
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

/**
 * Per-prefix counters. A prefix with a transition count that is not a count is left out whole: its
 * progress cannot be told from the rest of its counters (a missing transition would read as 0).
 */
function prefixTable(read: CountReader): Record<string, PrefixCounters> {
	const table: Record<string, MutablePrefix> = Object.create(null);
	const broken = new Set<string>();
	const entry = (prefix: string) => (table[prefix] ??= {transitions: Object.create(null) as Record<string, number>});
	for (const s of read.samples(N.prefixStateTotals)) {
		const prefix = s.labels?.['task_prefix_name'];
		const state = s.labels?.['state'];
		if (prefix === undefined || state === undefined) continue;
		const value = read.read(s);
		if (value === undefined) broken.add(prefix);
		const transitions = entry(prefix).transitions;
		transitions[state] = (transitions[state] ?? 0) + (value ?? 0);
	}
	const perPrefix: ReadonlyArray<readonly [string, PrefixFigure]> = [
		[N.computeSeconds, 'compute_seconds_total'],
		[N.transferSeconds, 'transfer_seconds_total'],
		[N.outputBytes, 'output_bytes'],
		[N.suspicious, 'suspicious_total'],
	];
	for (const [family, field] of perPrefix) {
		for (const s of read.samples(family)) {
			const prefix = s.labels?.['task_prefix_name'];
			const value = read.read(s);
			if (prefix !== undefined && value !== undefined) entry(prefix)[field] = value;
		}
	}
	for (const prefix of broken) delete table[prefix];
	return table;
}

function taskTable(read: CountReader): {tasks?: Partial<Record<TaskState, number>>; total?: number} {
	const byState = read.byLabel(N.tasks, 'state');
	if (!byState) return {};
	const tasks: Partial<Record<TaskState, number>> = {};
	for (const state of TASK_STATES) {
		const count = stateCount(byState, state);
		if (count !== undefined) tasks[state] = count;
	}
	const total = sumOf(byState);
	return total === undefined ? {tasks} : {tasks, total};
}

export function parseSchedulerMetrics(doc: PromDocument): SchedulerMetrics {
	const read = new CountReader(doc);
	const workerStates = read.byLabel(N.workers, 'state');
	const workerLabels: WorkerLabelSet | undefined = workerStates?.has('connected')
		? 'connected'
		: workerStates && workerStates.size > 0
			? 'additive'
			: undefined;
	const {tasks, total} = taskTable(read);
	const figures = defined({
		clients: read.value(N.clients),
		desired_workers: read.value(N.desiredWorkers),
		process_cpu_seconds_total: read.value(N.cpuSeconds),
		process_rss_bytes: read.value(N.rss),
		process_open_fds: read.value(N.openFds),
		process_start_time_seconds: read.value(N.startTime),
		tick_duration_max_seconds: read.value(N.tickMax),
		tick_count_total: read.value(N.tickCount),
		gil_contention_seconds_total: read.value(N.gil),
		task_groups: read.value(N.taskGroups),
		tasks_total: total,
	});
	const prefixes = prefixTable(read);
	const unreadable = read.unreadable();
	return {
		...figures,
		...(workerStates && workerLabels ? {workerStates, workerLabels} : {}),
		...(tasks ? {tasks} : {}),
		prefixes,
		hasClientConnectionsAdded: hasFamily(doc, N.clientConnectionsAdded),
		hasTaskGroups: hasFamily(doc, N.taskGroups),
		...(unreadable ? {unreadable} : {}),
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
 * A state whose value is not a count is unknown, and so is every figure summed or derived from it.
 */
export function workerCountsFromMetrics(
	metrics: SchedulerMetrics,
	tally?: StatusTally,
): DerivedWorkerCounts | undefined {
	const states = metrics.workerStates;
	if (!states || !metrics.workerLabels) return undefined;
	const get = (state: string) => stateCount(states, state);
	if (metrics.workerLabels === 'additive') {
		const counts = defined({
			total: sumOf(states),
			idle: get('idle'),
			partially_saturated: get('partially_saturated'),
			saturated: get('saturated'),
			paused: get('paused'),
			retiring: get('retiring'),
		});
		return {counts, derived: ['total'], fromStatuses: []};
	}
	const total = states.get('connected');
	const idle = get('idle');
	const saturated = get('saturated');
	const partially =
		total === undefined || idle === undefined || saturated === undefined
			? undefined
			: Math.max(0, total - idle - saturated - (tally ? tally.paused + tally.retiring : 0));
	return {
		counts: defined({
			total,
			idle,
			saturated,
			partially_saturated: partially,
			...(tally ? {paused: tally.paused, retiring: tally.retiring} : {}),
		}),
		derived: partially === undefined ? [] : ['partially_saturated'],
		fromStatuses: tally ? ['paused', 'retiring'] : [],
	};
}
