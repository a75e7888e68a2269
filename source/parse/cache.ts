/**
 * The latest answer of every endpoint, across poll rounds. Rounds ask different subsets
 * (per-endpoint cadences), so snapshots are built from this cache, never from one round.
 * Immutable: mergeScrape returns a new cache. Each answer is classified and parsed once, when it
 * arrives; the parsed value is kept beside it, the body is not (the recorder has written the
 * RawScrape already). Bodies used to be kept to reuse the parsed value of an answer that repeated
 * its text, but Dask's /metrics moves every poll (process CPU, collector counters) and so do
 * identity.json's worker figures: the bodies kept (about 165 K characters a poll at 100 workers)
 * cost more in the collector than the rare repeat saved.
 *
 * Foreign text enters here: the cache's `text` style (units/inert.ts) is applied to every string a
 * parsed answer carries (inert-answer.ts), to the details quoting a failure, and to the targets,
 * paths and base URL a round names (a recording's may be anything). `exact` (--json) keeps them.
 */
import type {EndpointResult, RawScrape, Target} from '../types/raw-scrape.js';
import type {EndpointState} from '../types/snapshot.js';
import {isAction} from './actions.js';
import {classify} from './classify.js';
import {endpointKind, proxyParts, workerPageAddress, type EndpointKind} from './endpoint-kind.js';
import {BodyParseError} from './json.js';
import {inertIn, type TextStyle} from '../units/inert.js';
import {inertParsed, type TextOf} from './inert-answer.js';
import {parseAnswer, type Parsed, type ParsedKind, type ParsedOf} from './parse-answer.js';

/** An answer as the cache keeps it: everything but the body. */
export type AnswerMeta = Omit<EndpointResult, 'body'>;

export interface CachedAnswer {
	readonly result: AnswerMeta;
	readonly state: EndpointState;
	readonly detail?: string;
	/** The parsed body (ok answers of kinds dask-top reads). */
	readonly parsed?: Parsed;
}

export interface CacheEntry {
	readonly target: Target;
	readonly path: string;
	readonly kind: EndpointKind;
	readonly latest: CachedAnswer;
	readonly lastOk?: CachedAnswer;
	readonly lastFailure?: CachedAnswer;
}

/** What tells one scheduler process from another (a scheduler restarted on the same port). */
export interface SchedulerProcess {
	/** identity.json's scheduler id (`Scheduler-<uuid>`). */
	readonly id?: string;
	/** /metrics' process_start_time_seconds. */
	readonly startSeconds?: number;
	/** The scheduler's comm address (identity.json, workers.html's title). */
	readonly address?: string;
}

export interface ScrapeCache {
	/** What becomes of foreign text as it is cached: `exact` for --json, else made inert (units/inert.ts). */
	readonly text: TextStyle;
	/** The scheduler's HTTP base of the latest round ('' before any). */
	readonly base: string;
	/** The scheduler process the cached answers come from, as far as they say. */
	readonly process?: SchedulerProcess;
	/** When the latest merged round started, epoch ms. */
	readonly atMs?: number;
	/** By `${target} ${path}`. */
	readonly entries: ReadonlyMap<string, CacheEntry>;
}

/** `text`: what becomes of foreign text (inert by default; `exact` only for --json). */
export function emptyCache(text: TextStyle = 'unicode'): ScrapeCache {
	return {text, base: '', entries: new Map()};
}

export function cacheKey(target: Target, path: string): string {
	return `${target} ${path}`;
}

/**
 * Classifies and parses one answer; what is kept of it is all but its body. `t` is applied to the
 * parsed value's strings and to the detail (which may quote a server's error); none by default.
 */
export function readAnswer(answer: EndpointResult, kind: EndpointKind, t?: TextOf): CachedAnswer {
	const {body, ...result} = answer;
	const verdict = classify(answer, kind);
	if (verdict.state !== 'ok' || body === undefined)
		return t && verdict.detail !== undefined ? {result, ...verdict, detail: t(verdict.detail)} : {result, ...verdict};
	try {
		const parsed = parseAnswer(kind, body);
		if (!parsed) return {result, state: 'ok'};
		return {result, state: 'ok', parsed: t ? inertParsed(parsed, t) : parsed};
	} catch (error) {
		if (!(error instanceof BodyParseError)) throw error;
		const detail = `unreadable answer: ${error.message}`;
		return {result, state: 'failed', detail: t ? t(detail) : detail};
	}
}

/** The cached entry of one endpoint. */
export function entryOf(cache: ScrapeCache, target: Target, path: string): CacheEntry | undefined {
	return cache.entries.get(cacheKey(target, path));
}

/** An answer's parsed value when it was parsed as `kind`. */
function parsedAs<K extends ParsedKind>(answer: CachedAnswer | undefined, kind: K): ParsedOf<K> | undefined {
	return answer?.parsed?.kind === kind ? (answer.parsed.value as ParsedOf<K>) : undefined;
}

/** The parsed latest answer of a scheduler endpoint, only when that latest answer is ok. */
export function latestOk<K extends ParsedKind>(
	cache: ScrapeCache,
	path: string,
	kind: K,
	target: Target = 'scheduler',
): ParsedOf<K> | undefined {
	const latest = entryOf(cache, target, path)?.latest;
	return latest?.state === 'ok' ? parsedAs(latest, kind) : undefined;
}

/** The parsed last good answer, however old. */
export function lastOk<K extends ParsedKind>(
	cache: ScrapeCache,
	path: string,
	kind: K,
	target: Target = 'scheduler',
): ParsedOf<K> | undefined {
	return parsedAs(entryOf(cache, target, path)?.lastOk, kind);
}

interface KnownWorkers {
	readonly addresses: ReadonlySet<string>;
	/** `host:port` of their HTTP servers, when the list says (identity, workers.html). */
	readonly hostPorts?: ReadonlySet<string>;
}

/** The current workers, from the newest good worker list; undefined if there is none yet. */
function knownWorkers(entries: ReadonlyMap<string, CacheEntry>): KnownWorkers | undefined {
	let newest: CachedAnswer | undefined;
	for (const entry of entries.values()) {
		if (entry.target !== 'scheduler' || entry.latest.state !== 'ok') continue;
		const kind = entry.latest.parsed?.kind;
		if (kind !== 'identity' && kind !== 'workers-html' && kind !== 'api-get-workers') continue;
		if (!newest || entry.latest.result.startedMs > newest.result.startedMs) newest = entry.latest;
	}
	const parsed = newest?.parsed;
	switch (parsed?.kind) {
		case 'identity': {
			const ws = parsed.value.workers;
			return {
				addresses: new Set(ws.map((w) => w.address)),
				hostPorts: new Set(ws.map((w) => `${w.host}:${w.dashboard_port}`)),
			};
		}
		case 'workers-html': {
			const rows = parsed.value.rows;
			return {
				addresses: new Set(rows.map((r) => r.address)),
				hostPorts: new Set(rows.map((r) => `${r.host}:${r.dashboard_port}`)),
			};
		}
		case 'api-get-workers':
			return {addresses: new Set(parsed.value.workers.map((w) => w.address))};
		default:
			return undefined;
	}
}

/** Scheduler pages that belong to one worker: /info/{worker,logs,call-stacks}/<escaped address>.html. */
function perWorkerPageAddress(path: string): string | undefined {
	const match = /^\/info\/(?:logs|call-stacks)\/(.+)\.html$/.exec(path);
	if (!match) return workerPageAddress(path);
	try {
		return decodeURIComponent(match[1]!);
	} catch {
		return undefined;
	}
}

/** Whether the worker an entry belongs to is still there; undefined when the entry is not per worker. */
function ownerOf(entry: CacheEntry, known: KnownWorkers): boolean | undefined {
	if (entry.target !== 'scheduler') return known.addresses.has(entry.target.slice('worker:'.length));
	const address = perWorkerPageAddress(entry.path);
	if (address !== undefined) return known.addresses.has(address);
	const proxy = proxyParts(entry.path);
	if (proxy && known.hostPorts) return known.hostPorts.has(`${proxy.host}:${proxy.port}`);
	return undefined;
}

/**
 * Drops what belongs to workers that left the cluster (their own endpoints, their per-worker
 * scheduler pages, the /proxy routes to them), so the cache does not grow with every worker that
 * ever came and went. Answers from the round just merged stay, so a worker that just died shows
 * its failure once.
 */
function pruneGone(entries: Map<string, CacheEntry>, roundMs: number): void {
	const known = knownWorkers(entries);
	if (!known) return;
	for (const [key, entry] of entries) {
		if (entry.latest.result.startedMs >= roundMs) continue;
		if (ownerOf(entry, known) === false) entries.delete(key);
	}
}

/** The scheduler process this round's good answers speak for. */
function roundProcess(entries: ReadonlyMap<string, CacheEntry>, raw: RawScrape): SchedulerProcess {
	let process: {-readonly [K in keyof SchedulerProcess]?: SchedulerProcess[K]} = {};
	for (const result of raw.responses) {
		if (result.target !== 'scheduler') continue;
		const latest = entries.get(cacheKey(result.target, result.path))?.latest;
		if (latest?.result.startedMs !== result.startedMs || latest.state !== 'ok') continue;
		const parsed = latest.parsed;
		if (parsed?.kind === 'scheduler-metrics' && parsed.value.process_start_time_seconds !== undefined)
			process.startSeconds = parsed.value.process_start_time_seconds;
		else if (parsed?.kind === 'identity')
			process = {
				...process,
				...(parsed.value.scheduler.id ? {id: parsed.value.scheduler.id} : {}),
				...(parsed.value.scheduler.address ? {address: parsed.value.scheduler.address} : {}),
			};
		else if (parsed?.kind === 'workers-html' && parsed.value.scheduler_address !== undefined)
			process.address ??= parsed.value.scheduler_address;
	}
	return process;
}

/** Seconds two readings of process_start_time_seconds may differ by (it is printed to 10 ms). */
const START_TOLERANCE_S = 1;

/** Whether two process descriptions name different processes (a figure both have differs). */
export function otherProcess(a: SchedulerProcess, b: SchedulerProcess): boolean {
	if (a.id !== undefined && b.id !== undefined && a.id !== b.id) return true;
	if (
		a.startSeconds !== undefined &&
		b.startSeconds !== undefined &&
		Math.abs(a.startSeconds - b.startSeconds) > START_TOLERANCE_S
	)
		return true;
	return a.address !== undefined && b.address !== undefined && a.address !== b.address;
}

/**
 * A new scheduler process answered: whatever the previous one said is no longer current. Entries
 * last answered before this round go; entries answered in it keep only this round's answer.
 */
function dropPreviousProcess(entries: Map<string, CacheEntry>, roundMs: number): void {
	for (const [key, entry] of entries) {
		if (entry.latest.result.startedMs < roundMs) {
			entries.delete(key);
			continue;
		}
		const {lastOk, lastFailure, ...rest} = entry;
		entries.set(key, {
			...rest,
			...(lastOk && lastOk.result.startedMs >= roundMs ? {lastOk} : {}),
			...(lastFailure && lastFailure.result.startedMs >= roundMs ? {lastFailure} : {}),
		});
	}
}

export function mergeScrape(cache: ScrapeCache, raw: RawScrape): ScrapeCache {
	const entries = new Map(cache.entries);
	const t = cache.text === 'exact' ? undefined : inertIn(cache.text);
	for (const answered of raw.responses) {
		if (isAction(answered)) continue; // a POST dask-top sent: the snapshot's actions, not an endpoint (see actions.ts)
		// dask-top's own targets and paths are clean (a worker's address is already inert); a recording's may not be.
		const result = t ? namedInert(answered, t) : answered;
		const key = cacheKey(result.target, result.path);
		const previous = entries.get(key);
		if (previous && previous.latest.result.startedMs > result.startedMs) continue; // an older answer arriving late
		const kind = previous?.kind ?? endpointKind(result.target, result.path);
		const answer = readAnswer(result, kind, t);
		const lastOk = answer.state === 'ok' ? answer : previous?.lastOk;
		const lastFailure = answer.state === 'ok' ? previous?.lastFailure : answer;
		entries.set(key, {
			target: result.target,
			path: result.path,
			kind,
			latest: answer,
			...(lastOk ? {lastOk} : {}),
			...(lastFailure ? {lastFailure} : {}),
		});
	}
	const said = roundProcess(entries, raw);
	let process = cache.process;
	if (process && otherProcess(process, said)) {
		dropPreviousProcess(entries, raw.atMs);
		process = said;
	} else if (Object.keys(said).length > 0) {
		process = {...process, ...said};
	}
	pruneGone(entries, raw.atMs);
	const atMs = cache.atMs === undefined ? raw.atMs : Math.max(cache.atMs, raw.atMs);
	const base = raw.base && t ? t(raw.base) : raw.base;
	return {text: cache.text, base: base || cache.base, atMs, entries, ...(process ? {process} : {})};
}

/** The answer with its target, path and error text passed through `t` (the same object when clean). */
function namedInert(result: EndpointResult, t: TextOf): EndpointResult {
	const target = t(result.target) as Target;
	const path = t(result.path);
	const error = result.error && t(result.error.message);
	if (target === result.target && path === result.path && error === result.error?.message) return result;
	return {
		...result,
		target,
		path,
		...(result.error && error !== undefined ? {error: {...result.error, message: error}} : {}),
	};
}
