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
import {isAction} from './actions.js';
import {classify} from './classify.js';
import {endpointKind, type EndpointKind} from './endpoint-kind.js';
import {BodyParseError} from './json.js';
import {inertIn, type TextStyle} from '../units/inert.js';
import {inertParsed, type TextOf} from './inert-answer.js';
import {parseAnswer, type ParsedKind, type ParsedOf} from './parse-answer.js';
import {cacheKey, type CachedAnswer, type CacheEntry, type ScrapeCache} from './cache-shape.js';
import {pruneGone} from './cache-prune.js';
import {dropPreviousProcess, otherProcess, roundProcess} from './scheduler-process.js';

export type {CachedAnswer, CacheEntry, ScrapeCache};

/** `text`: what becomes of foreign text (inert by default; `exact` only for --json). */
export function emptyCache(text: TextStyle = 'unicode'): ScrapeCache {
	return {text, base: '', entries: new Map()};
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
		const previousOk =
			kind !== 'worker-metrics' ? undefined : answer.state === 'ok' ? previous?.lastOk : previous?.previousOk;
		entries.set(key, {
			target: result.target,
			path: result.path,
			kind,
			latest: answer,
			...(lastOk ? {lastOk} : {}),
			...(previousOk ? {previousOk} : {}),
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
