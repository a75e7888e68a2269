/** The shape of the answers' cache (cache.ts keeps it): its entries, their key, the scheduler process. */
import type {EndpointResult, Target} from '../types/raw-scrape.js';
import type {EndpointState} from '../types/snapshot.js';
import type {TextStyle} from '../units/inert.js';
import type {EndpointKind} from './endpoint-kind.js';
import type {Parsed} from './parse-answer.js';

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
	/**
	 * The ok answer before lastOk, kept for a worker's own /metrics only: its counters' rates (the
	 * process's CPU) need two readings, and that endpoint is read only while identity.json fails.
	 */
	readonly previousOk?: CachedAnswer;
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

export function cacheKey(target: Target, path: string): string {
	return `${target} ${path}`;
}
