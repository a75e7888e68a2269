/**
 * buildSnapshot: the one entry point of parse. Everything it needs is in the cache (latest
 * answer of every endpoint, already classified and parsed); time comes in as nowMs.
 */
import type {EndpointHealth, SchedulerLogSnapshot, Snapshot} from '../types/snapshot.js';
import {entryOf, type CacheEntry, type ScrapeCache} from './cache.js';
import type {Unreadable} from './prom-counts.js';
import {buildScheduler} from './snapshot-scheduler.js';
import {buildWorkers, type WorkersSource} from './snapshot-workers.js';
import {daskVersionHint} from './version-hint.js';

const FALLBACK_NOTE: Readonly<Record<WorkersSource, string>> = {
	identity: '',
	workers_html: 'worker list from workers.html',
	api: 'worker list from /api/v1/get_workers',
};

/** Samples of a good /metrics answer that were not counts (prom-counts.ts). */
function unreadableOf(entry: CacheEntry): Unreadable | undefined {
	const parsed = entry.latest.parsed;
	return parsed?.kind === 'scheduler-metrics' || parsed?.kind === 'worker-metrics'
		? parsed.value.unreadable
		: undefined;
}

function unreadableDetail({count, named}: Unreadable): string {
	const more = count > named.length ? `, +${count - named.length} more` : '';
	return `${count} figure${count === 1 ? ' is' : 's are'} not a count, shown as unknown: ${named.join(', ')}${more}`;
}

function health(entry: CacheEntry, workersSource: WorkersSource | undefined): EndpointHealth {
	const latest = entry.latest;
	let detail = latest.detail;
	if (entry.kind === 'identity' && latest.state !== 'ok' && workersSource && workersSource !== 'identity') {
		detail = `${detail ?? 'failed'}; ${FALLBACK_NOTE[workersSource]}`;
	}
	const unreadable = unreadableOf(entry);
	if (unreadable)
		detail = detail === undefined ? unreadableDetail(unreadable) : `${detail}; ${unreadableDetail(unreadable)}`;
	return {
		...(entry.target === 'scheduler' ? {} : {target: entry.target}),
		path: entry.path,
		state: latest.state,
		...(detail === undefined ? {} : {detail}),
		// No HTTP status (refused, timed out): left out, as every unknown figure is.
		...(latest.result.status === null ? {} : {status: latest.result.status}),
		last_attempt: latest.result.startedMs / 1000,
		...(entry.lastOk ? {last_ok: entry.lastOk.result.startedMs / 1000} : {}),
		latency_ms: latest.result.latencyMs,
		...(unreadable ? {unreadable: unreadable.count} : {}),
	};
}

/** Scheduler endpoints first, then workers', each by target and path, so the list never reorders. */
function endpointOrder(a: CacheEntry, b: CacheEntry): number {
	const sa = a.target === 'scheduler' ? 0 : 1;
	const sb = b.target === 'scheduler' ? 0 : 1;
	if (sa !== sb) return sa - sb;
	if (a.target !== b.target) return a.target < b.target ? -1 : 1;
	return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

export const SCHEDULER_LOG_PATH = '/info/main/logs.html';

/** The latest good answer of the scheduler's log, when its latest answer is one. */
function schedulerLog(cache: ScrapeCache): SchedulerLogSnapshot | undefined {
	const latest = entryOf(cache, 'scheduler', SCHEDULER_LOG_PATH)?.latest;
	if (latest?.state !== 'ok' || latest.parsed?.kind !== 'scheduler-log') return undefined;
	return {time: latest.result.startedMs / 1000, removals: latest.parsed.value.removals};
}

export function buildSnapshot(cache: ScrapeCache, nowMs: number): Snapshot {
	const list = buildWorkers(cache, nowMs);
	const scheduler = buildScheduler(cache, list);
	const hint = daskVersionHint(cache);
	const log = schedulerLog(cache);
	return {
		format: 1,
		url: cache.base,
		time: nowMs / 1000,
		...(hint ? {dask_version_hint: hint} : {}),
		...(list.source ? {workers_source: list.source} : {}),
		scheduler,
		workers: list.workers,
		endpoints: [...cache.entries.values()].sort(endpointOrder).map((entry) => health(entry, list.source)),
		...(log ? {scheduler_log: log} : {}),
	};
}
