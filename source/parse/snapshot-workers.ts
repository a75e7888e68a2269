/**
 * The per-worker part of a snapshot. The list comes from identity.json when its latest answer is
 * ok, else from workers.html, else from /api/v1/get_workers. workers.html always adds occupancy,
 * processing and keys held (while /metrics counts no task processing, occupancy and processing are
 * zero without it); each worker's own /metrics fills in the live memory breakdown, task
 * states and spill/transfer counters (over identity's gaps only, or over workers.html's).
 *
 * Per-source freshness (currency.ts): workers.html and the workers' /metrics are used only while
 * their answer is current (no older than their cadence). A figure is the figure of its answer's
 * moment: the heartbeat age is the age the answer gave (workers.html), or its answer's time (when its
 * headers arrived, round-time.ts answerTimeMs) minus last_seen (identity.json) — never an old
 * answer's age plus the time since.
 */
import type {WorkerSnapshot} from '../types/snapshot.js';
import type {WorkerFigure} from '../types/worker-figure-types.js';
import {WORKER_FIGURES} from '../types/worker-figures.js';
import {entryOf, lastOk, latestOk, type ScrapeCache} from './cache.js';
import {IDENTITY_CARRY_MS, isCurrent, workerMetricsCurrentMs, workersHtmlCurrentMs} from './currency.js';
import {proxyParts} from './endpoint-kind.js';
import {IDENTITY_FIELDS, type IdentityWorker} from './identity.js';
import type {WorkerMetrics} from './worker-metrics.js';
import type {WorkersHtmlRow} from './workers-html.js';
import {answerTimeMs} from './round-time.js';
import {WorkerBuilder} from './worker-builder.js';
import {cpuPercentBetween} from './worker-cpu.js';
import {workerStatuses} from './worker-status.js';

export type WorkersSource = 'identity' | 'workers_html' | 'api';

type Field = Exclude<keyof WorkerSnapshot, 'sources'>;

/**
 * What a worker's own /metrics gives over workers.html (and over nothing else): the figures whose
 * sources in the figures' table (types/worker-figures.ts) name worker_metrics as read, not computed
 * here, before any workers.html. The CPU is computed between two answers (worker-cpu.ts); the
 * threads are workers.html's first.
 */
const METRICS_FIELDS = (Object.values(WORKER_FIGURES) as WorkerFigure[]).flatMap((figure) => {
	const own = figure.sources.findIndex((s) => s.from === 'worker_metrics' && s.computed !== true);
	const html = figure.sources.findIndex((s) => s.from === 'workers_html');
	return figure.json !== null && own >= 0 && (html < 0 || own < html)
		? [figure.json as keyof WorkerMetrics & Field]
		: [];
});

/** `answerSeconds`: when identity.json answered (answerTimeMs); the heartbeat age is as of that answer. */
function fromIdentity(w: IdentityWorker, answerSeconds: number): WorkerBuilder {
	const b = new WorkerBuilder(w.address, w.name);
	// One call for the whole list: its field indexes are looked up once (worker-builder.ts).
	b.setEach(IDENTITY_FIELDS, w, 'identity', true);
	if (w.last_seen !== undefined)
		b.set('heartbeat_age_seconds', Math.max(0, answerSeconds - w.last_seen), 'identity', true);
	return b;
}

/** A worker's figures that are zero while no task is processing anywhere (by /metrics). */
function idleFigures(b: WorkerBuilder): void {
	b.set('occupancy_seconds', 0, 'metrics', true);
	b.set('processing', 0, 'metrics', true);
}

function fromHtmlRow(b: WorkerBuilder, row: WorkersHtmlRow, override: boolean): void {
	b.set('occupancy_seconds', row.occupancy_seconds, 'workers_html', true);
	b.set('processing', row.processing, 'workers_html', true);
	b.set('keys_in_memory', row.keys_in_memory, 'workers_html', true);
	b.set('nthreads', row.nthreads, 'workers_html', override);
	b.set('memory_limit_bytes', row.memory_limit_bytes, 'workers_html', override);
	b.set('memory_process_bytes', row.memory_process_bytes, 'workers_html', override);
	b.set('host', row.host, 'workers_html', override);
	b.set('dashboard_port', row.dashboard_port, 'workers_html', override);
	b.set('heartbeat_age_seconds', row.last_seen_age_seconds, 'workers_html', override);
}

interface Timed {
	readonly atMs: number;
	readonly value: WorkerMetrics;
	/** The process's CPU between this answer and the one before (worker-cpu.ts). */
	readonly cpuPercent?: number;
}

/** Current good worker /metrics answers by worker address (own target) and by `host:port` (scheduler /proxy route). */
function indexWorkerMetrics(
	cache: ScrapeCache,
	nowMs: number,
	currentForMs: number,
): {byAddress: Map<string, Timed>; byHostPort: Map<string, Timed>} {
	const byAddress = new Map<string, Timed>();
	const byHostPort = new Map<string, Timed>();
	const keep = (map: Map<string, Timed>, key: string, item: Timed) => {
		const current = map.get(key);
		if (!current || item.atMs > current.atMs) map.set(key, item);
	};
	for (const entry of cache.entries.values()) {
		const latest = entry.latest;
		if (entry.kind !== 'worker-metrics' || latest.state !== 'ok' || latest.parsed?.kind !== 'worker-metrics') continue;
		if (!isCurrent(latest.result.startedMs, nowMs, currentForMs)) continue;
		const cpuPercent = cpuPercentBetween(entry.previousOk, latest, 2 * currentForMs);
		const item = {
			atMs: latest.result.startedMs,
			value: latest.parsed.value,
			...(cpuPercent === undefined ? {} : {cpuPercent}),
		};
		if (entry.target !== 'scheduler') keep(byAddress, entry.target.slice('worker:'.length), item);
		else {
			const proxy = proxyParts(entry.path);
			if (proxy) keep(byHostPort, `${proxy.host}:${proxy.port}`, item);
		}
	}
	return {byAddress, byHostPort};
}

export interface WorkerList {
	readonly workers: readonly WorkerSnapshot[];
	readonly source?: WorkersSource;
}

/**
 * The latest answer of a scheduler endpoint when it is ok and of this kind, with when it was asked
 * (`atMs`: an answer's currency counts from it, as the endpoint's cadence does) and when it answered.
 */
function okAnswer<K extends 'identity' | 'workers-html' | 'api-get-workers'>(
	cache: ScrapeCache,
	path: string,
	kind: K,
) {
	const latest = entryOf(cache, 'scheduler', path)?.latest;
	if (latest?.state !== 'ok' || latest.parsed?.kind !== kind) return undefined;
	return {
		atMs: latest.result.startedMs,
		answeredMs: answerTimeMs(latest.result),
		value: latest.parsed.value as Extract<NonNullable<typeof latest.parsed>, {kind: K}>['value'],
	};
}

/** Every worker's status from /metrics' counts when identity.json did not give them (worker-status.ts). */
function fallbackStatuses(cache: ScrapeCache, nowMs: number, builders: readonly WorkerBuilder[], listed: number) {
	const metricsEntry = entryOf(cache, 'scheduler', '/metrics')?.latest;
	const current =
		metricsEntry !== undefined && isCurrent(metricsEntry.result.startedMs, nowMs, workersHtmlCurrentMs(listed));
	const metrics = current ? latestOk(cache, '/metrics', 'scheduler-metrics') : undefined;
	const identityEntry = entryOf(cache, 'scheduler', '/json/identity.json')?.lastOk;
	const identity = lastOk(cache, '/json/identity.json', 'identity');
	return workerStatuses({
		addresses: builders.map((b) => b.fields.address!),
		metrics,
		...(identity && identityEntry
			? {lastIdentity: {workers: identity.workers, ageMs: nowMs - identityEntry.result.startedMs}}
			: {}),
	});
}

/**
 * identity.json's answer before the one that failed, while it is current (IDENTITY_CARRY_MS): its
 * CPU and status are figures of a moment ago, used where the fallbacks have none yet (the round it
 * first fails in, before the workers' own /metrics have been read twice).
 */
function identityCarried(cache: ScrapeCache, nowMs: number): Map<string, IdentityWorker> | undefined {
	const entry = entryOf(cache, 'scheduler', '/json/identity.json')?.lastOk;
	if (!entry || !isCurrent(entry.result.startedMs, nowMs, IDENTITY_CARRY_MS)) return undefined;
	const identity = lastOk(cache, '/json/identity.json', 'identity');
	return identity ? new Map(identity.workers.map((w) => [w.address, w])) : undefined;
}

export function buildWorkers(cache: ScrapeCache, nowMs: number): WorkerList {
	const identityAnswer = okAnswer(cache, '/json/identity.json', 'identity');
	const identity = identityAnswer?.value;
	const htmlAnswer = okAnswer(cache, '/info/main/workers.html', 'workers-html');
	const listed = identity?.workers.length ?? htmlAnswer?.value.rows.length ?? 0;
	const html =
		htmlAnswer && isCurrent(htmlAnswer.atMs, nowMs, workersHtmlCurrentMs(listed)) ? htmlAnswer.value : undefined;
	const api = okAnswer(cache, '/api/v1/get_workers', 'api-get-workers')?.value;

	let source: WorkersSource | undefined;
	let builders: WorkerBuilder[];
	if (identityAnswer && identity) {
		source = 'identity';
		builders = identity.workers.map((w) => fromIdentity(w, identityAnswer.answeredMs / 1000));
	} else if (html) {
		source = 'workers_html';
		builders = html.rows.map((row) => new WorkerBuilder(row.address, row.name));
	} else if (api) {
		source = 'api';
		builders = api.workers.map((w) => new WorkerBuilder(w.address, w.name));
	} else {
		return {workers: []};
	}

	const rows = new Map(html?.rows.map((row) => [row.address, row]));
	const fallback = source !== 'identity';
	// /metrics counts no task processing: every worker's occupancy and processing count are zero,
	// which workers.html (asked every 30 s on an idle cluster, plan.ts) would only repeat.
	const idle = latestOk(cache, '/metrics', 'scheduler-metrics')?.tasks?.processing === 0;
	const metricsIndex = indexWorkerMetrics(cache, nowMs, workerMetricsCurrentMs(builders.length));
	const statuses = fallback ? fallbackStatuses(cache, nowMs, builders, listed) : undefined;
	const carried = fallback ? identityCarried(cache, nowMs) : undefined;
	return {
		source,
		workers: builders
			.map((b) => {
				const row = rows.get(b.fields.address!);
				if (row) fromHtmlRow(b, row, fallback);
				else if (idle) idleFigures(b);
				const direct = metricsIndex.byAddress.get(b.fields.address!);
				const proxied =
					b.fields.host === undefined
						? undefined
						: metricsIndex.byHostPort.get(`${b.fields.host}:${b.fields.dashboard_port}`);
				const timed = direct && proxied ? (proxied.atMs > direct.atMs ? proxied : direct) : (direct ?? proxied);
				const metrics = timed?.value;
				if (metrics) {
					b.setEach(METRICS_FIELDS, metrics, 'worker_metrics', fallback);
					b.set('nthreads', metrics.nthreads, 'worker_metrics', false);
					b.set('cpu_percent', timed.cpuPercent, 'worker_metrics', false);
				}
				if (statuses) b.set('status', statuses.status.get(b.fields.address!), statuses.source, false);
				const before = carried?.get(b.fields.address!);
				if (before) {
					b.set('cpu_percent', before.cpu_percent, 'identity', false);
					b.set('status', before.status, 'identity', false);
				}
				return b.build();
			})
			.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)),
	};
}
