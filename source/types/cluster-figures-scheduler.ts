/**
 * The cluster figures' table (cluster-figures.ts), the scheduler's own figures: one descriptor per
 * figure of the snapshot's `scheduler` that is a value (its counts by state are in
 * cluster-figures-states.ts), in the order of its fields. The type asks for every one.
 */
import type {ClusterFigure} from './cluster-figure-types.js';
import type {SchedulerSnapshot} from './snapshot.js';
import type {FigureSource} from './worker-figure-types.js';

/** The scheduler's fields that are one value each (not a record of counts, nor the sources). */
export type SchedulerValueField = Exclude<keyof SchedulerSnapshot, 'workers' | 'tasks' | 'prefixes' | 'sources'>;

const from = (source: FigureSource['from'], reads: string, more: Partial<FigureSource> = {}): FigureSource => ({
	from: source,
	reads,
	...more,
});
/** A sum over the workers, given only when every worker has the figure. */
const sum = (field: string): FigureSource => from('derived', `Σ workers' ${field}`, {computed: true});

/** A figure of the scheduler's that neither the header nor --once shows: --json carries it. */
function jsonOnly(field: SchedulerValueField, unit: ClusterFigure['unit'], sources: FigureSource[]): ClusterFigure {
	return {unit, sources, header: null, once: null, json: `scheduler.${field}`};
}

export const SCHEDULER_FIGURES: {readonly [K in SchedulerValueField]-?: ClusterFigure} = {
	address: jsonOnly('address', 'text', [from('identity', 'scheduler.address'), from('workers_html', 'the address')]),
	id: jsonOnly('id', 'text', [from('identity', 'scheduler.id')]),
	started: jsonOnly('started', 'epoch_seconds', [from('identity', 'scheduler.started')]),
	process_start_time_seconds: jsonOnly('process_start_time_seconds', 'epoch_seconds', [
		from('metrics', 'process_start_time_seconds'),
	]),
	dashboard_port: jsonOnly('dashboard_port', 'port', [from('identity', 'scheduler.dashboard_port')]),
	threads: {
		unit: 'count',
		sources: [from('identity', 'scheduler.total_threads'), sum('nthreads'), from('counts', 'cores')],
		header: {line: 'workers', label: 'threads', position: 6, priority: 1},
		once: {line: 'threads', label: '', position: 0},
		json: 'scheduler.threads',
	},
	memory_limit_bytes: {
		unit: 'bytes',
		sources: [from('identity', 'scheduler.total_memory'), sum('memory_limit_bytes')],
		header: {line: 'memory', label: '/', position: 1, priority: 0},
		once: {line: 'memory', label: 'limit', position: 1},
		json: 'scheduler.memory_limit_bytes',
	},
	memory_process_bytes: {
		unit: 'bytes',
		sources: [sum('memory_process_bytes')],
		header: {line: 'memory', label: '', position: 0, priority: 0},
		once: {line: 'memory', label: 'used', position: 0},
		json: 'scheduler.memory_process_bytes',
	},
	memory_managed_bytes: {
		unit: 'bytes',
		sources: [sum('memory_managed_bytes')],
		header: {line: 'memory', label: 'managed', position: 2, priority: 2},
		once: null,
		json: 'scheduler.memory_managed_bytes',
	},
	memory_unmanaged_bytes: {
		unit: 'bytes',
		sources: [sum('memory_unmanaged_bytes')],
		header: {line: 'memory', label: 'unmanaged', position: 3, priority: 2},
		once: null,
		json: 'scheduler.memory_unmanaged_bytes',
	},
	memory_spilled_bytes: {
		unit: 'bytes',
		sources: [sum('memory_spilled_bytes')],
		header: {line: 'memory', label: 'spilled', position: 4, priority: 1},
		once: {line: 'memory', label: 'spilled', position: 2},
		json: 'scheduler.memory_spilled_bytes',
	},
	stored_bytes: jsonOnly('stored_bytes', 'bytes', [from('counts', 'bytes')]),
	tasks_total: {
		unit: 'count',
		sources: [from('metrics', 'Σ dask_scheduler_tasks', {computed: true}), from('counts', 'tasks')],
		header: {line: 'tasks', label: '', position: 0, priority: 0},
		once: {line: 'tasks', label: '', position: 0},
		json: 'scheduler.tasks_total',
	},
	clients: {
		unit: 'count',
		sources: [from('metrics', 'dask_scheduler_clients'), from('counts', 'clients − 1', {computed: true})],
		header: {line: 'workers', label: 'clients', position: 8, priority: 3},
		once: null,
		json: 'scheduler.clients',
	},
	desired_workers: {
		unit: 'count',
		sources: [from('metrics', 'dask_scheduler_desired_workers'), from('counts', 'desired_workers')],
		header: {line: 'workers', label: 'desired', position: 7, priority: 1},
		once: null,
		json: 'scheduler.desired_workers',
	},
	adaptive_target: jsonOnly('adaptive_target', 'count', [from('api', '/api/v1/adaptive_target')]),
	process_cpu_seconds_total: jsonOnly('process_cpu_seconds_total', 'seconds', [
		from('metrics', 'process_cpu_seconds_total'),
	]),
	process_rss_bytes: jsonOnly('process_rss_bytes', 'bytes', [from('metrics', 'process_resident_memory_bytes')]),
	process_open_fds: jsonOnly('process_open_fds', 'count', [from('metrics', 'process_open_fds')]),
	tick_duration_max_seconds: jsonOnly('tick_duration_max_seconds', 'seconds', [
		from('metrics', 'dask_scheduler_tick_duration_maximum_seconds'),
	]),
	tick_count_total: jsonOnly('tick_count_total', 'count', [from('metrics', 'dask_scheduler_tick_count_total')]),
	gil_contention_seconds_total: jsonOnly('gil_contention_seconds_total', 'seconds', [
		from('metrics', 'dask_scheduler_gil_contention_seconds_total', {dask: '>= 2023.4.0, with gilknocker'}),
	]),
	api_enabled: jsonOnly('api_enabled', 'text', [
		from('api', '/api/v1 answering'),
		from('workers_html', 'Close buttons', {dask: '>= 2024.7.1'}),
	]),
	prometheus_available: jsonOnly('prometheus_available', 'text', [from('metrics', '/metrics answering')]),
};
