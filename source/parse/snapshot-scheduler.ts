/**
 * The scheduler-wide part of a snapshot: /metrics first (cheap, rich), counts.json and the
 * worker list where /metrics is missing, /api/v1 for what only it says. Sums over workers are
 * given only when every worker has the figure.
 */
import type {SchedulerSnapshot, Source, TaskState, WorkerCounts, WorkerSnapshot} from '../types/snapshot.js';
import {entryOf, lastOk, latestOk, type ScrapeCache} from './cache.js';
import {workerCountsFromMetrics, type StatusTally} from './scheduler-metrics.js';
import type {WorkerList} from './snapshot-workers.js';

type Mutable = {-readonly [K in keyof SchedulerSnapshot]?: SchedulerSnapshot[K]};

function statusTally(workers: readonly WorkerSnapshot[]): StatusTally | undefined {
	let paused = 0;
	let retiring = 0;
	for (const w of workers) {
		if (w.status === undefined) return undefined;
		if (w.status === 'paused') paused++;
		else if (w.status !== 'running') retiring++;
	}
	return {paused, retiring};
}

/** Σ of one figure over the workers, only when every worker has it. */
function sumOver(
	workers: readonly WorkerSnapshot[],
	key:
		| 'nthreads'
		| 'memory_limit_bytes'
		| 'memory_process_bytes'
		| 'memory_managed_bytes'
		| 'memory_unmanaged_bytes'
		| 'memory_spilled_bytes',
): number | undefined {
	let total = 0;
	for (let i = 0; i < workers.length; i++) {
		const value = workers[i]![key];
		if (value === undefined) return undefined;
		total += value;
	}
	return total;
}

/** Whether an endpoint's latest answer says the feature is there (true), is not (false), or cannot tell. */
function availability(cache: ScrapeCache, path: string): boolean | undefined {
	const state = entryOf(cache, 'scheduler', path)?.latest.state;
	return state === 'ok' ? true : state === 'unavailable' ? false : undefined;
}

export function buildScheduler(cache: ScrapeCache, list: WorkerList): SchedulerSnapshot {
	const s: Mutable = {};
	const sources: Record<string, Source> = {};
	const put = <K extends keyof Mutable>(key: K, value: Mutable[K] | undefined, source: Source | undefined) => {
		if (value === undefined || source === undefined || s[key] !== undefined) return;
		s[key] = value;
		sources[key] = source;
	};
	const metrics = latestOk(cache, '/metrics', 'scheduler-metrics');
	const counts = latestOk(cache, '/json/counts.json', 'counts');
	const identity = latestOk(cache, '/json/identity.json', 'identity');
	// The scheduler's own identity does not change while it lives: the last good answer will do (the
	// cache forgets a previous scheduler's answers when a new one answers on the same port).
	const lastIdentity = lastOk(cache, '/json/identity.json', 'identity');
	const html = latestOk(cache, '/info/main/workers.html', 'workers-html');
	const workers = list.workers;

	put('address', lastIdentity?.scheduler.address, 'identity');
	put('address', html?.scheduler_address, 'workers_html');
	put('id', lastIdentity?.scheduler.id, 'identity');
	put('started', lastIdentity?.scheduler.started, 'identity');
	put('process_start_time_seconds', metrics?.process_start_time_seconds, 'metrics');
	put('dashboard_port', lastIdentity?.scheduler.dashboard_port, 'identity');

	// Workers by state.
	const tally = list.source === 'identity' ? statusTally(workers) : undefined;
	const fromMetrics = metrics ? workerCountsFromMetrics(metrics, tally) : undefined;
	let workerCounts: WorkerCounts = {};
	if (fromMetrics) {
		workerCounts = fromMetrics.counts;
		sources['workers'] = 'metrics';
		for (const key of fromMetrics.derived) if (key !== 'total') sources[`workers.${key}`] = 'derived';
		for (const key of fromMetrics.fromStatuses) sources[`workers.${key}`] = 'identity';
	} else if (counts?.workers !== undefined) {
		workerCounts = {
			total: counts.workers,
			...(counts.idle === undefined ? {} : {idle: counts.idle}),
			...(counts.saturated === undefined ? {} : {saturated: counts.saturated}),
		};
		sources['workers'] = 'counts';
	} else if (list.source) {
		workerCounts = {total: workers.length, ...(tally ?? {})};
		sources['workers'] = list.source;
	}
	// /metrics' gauge was not a count: the worker list still says how many there are.
	if (workerCounts.total === undefined && list.source) {
		workerCounts = {...workerCounts, total: workers.length};
		sources['workers.total'] = list.source;
	}

	// Tasks by state.
	let tasks: Partial<Record<TaskState, number>> = {};
	if (metrics?.tasks) {
		tasks = metrics.tasks;
		sources['tasks'] = 'metrics';
		put('tasks_total', metrics.tasks_total, 'metrics');
	} else if (counts) {
		// Only the counts.json keys that mean the same as a scheduler task state.
		const fromCounts: Partial<Record<TaskState, number | undefined>> = {
			processing: counts.processing,
			'no-worker': counts.unrunnable,
			erred: counts.erred,
			released: counts.released,
		};
		tasks = Object.fromEntries(Object.entries(fromCounts).filter(([, v]) => v !== undefined)) as Partial<
			Record<TaskState, number>
		>;
		sources['tasks'] = 'counts';
		put('tasks_total', counts.tasks, 'counts');
	}

	put('clients', metrics?.clients, 'metrics');
	// counts.json counts the internal fire-and-forget client too.
	put('clients', counts?.clients === undefined ? undefined : Math.max(0, counts.clients - 1), 'counts');
	put('desired_workers', metrics?.desired_workers, 'metrics');
	put('desired_workers', counts?.desired_workers, 'counts');
	put('adaptive_target', latestOk(cache, '/api/v1/adaptive_target', 'api-adaptive-target'), 'api');
	put('process_cpu_seconds_total', metrics?.process_cpu_seconds_total, 'metrics');
	put('process_rss_bytes', metrics?.process_rss_bytes, 'metrics');
	put('process_open_fds', metrics?.process_open_fds, 'metrics');
	put('tick_duration_max_seconds', metrics?.tick_duration_max_seconds, 'metrics');
	put('tick_count_total', metrics?.tick_count_total, 'metrics');
	put('gil_contention_seconds_total', metrics?.gil_contention_seconds_total, 'metrics');

	const apiRoot = availability(cache, '/api/v1');
	const apiAnswered = ['/api/v1/adaptive_target', '/api/v1/get_workers', '/api/v1/check_idle'].some(
		(p) => availability(cache, p) === true,
	);
	if (apiRoot !== undefined) put('api_enabled', apiRoot, 'api');
	else if (apiAnswered) put('api_enabled', true, 'api');
	// ≥2024.7.1 shows Close buttons only with the api
	else if (html?.hasCloseButtons) put('api_enabled', true, 'workers_html');
	put('prometheus_available', availability(cache, '/metrics'), 'metrics');

	const haveList = list.source !== undefined;
	put('threads', identity?.scheduler.total_threads, 'identity');
	put('threads', haveList ? sumOver(workers, 'nthreads') : undefined, 'derived');
	put('threads', counts?.cores, 'counts');
	put('memory_limit_bytes', identity?.scheduler.total_memory, 'identity');
	put('memory_limit_bytes', haveList ? sumOver(workers, 'memory_limit_bytes') : undefined, 'derived');
	if (haveList) {
		put('memory_process_bytes', sumOver(workers, 'memory_process_bytes'), 'derived');
		put('memory_managed_bytes', sumOver(workers, 'memory_managed_bytes'), 'derived');
		put('memory_unmanaged_bytes', sumOver(workers, 'memory_unmanaged_bytes'), 'derived');
		put('memory_spilled_bytes', sumOver(workers, 'memory_spilled_bytes'), 'derived');
	}
	put('stored_bytes', counts?.bytes, 'counts');

	if (metrics) sources['prefixes'] = 'metrics';
	return {
		...s,
		workers: workerCounts,
		tasks,
		prefixes: metrics?.prefixes ?? {},
		sources,
	} as SchedulerSnapshot;
}
