/**
 * What the worker detail view shows about one worker's memory: its /info/worker page (fetched on
 * demand by the poller while the detail is open), read from the cache like everything else.
 */
import type {EndpointState} from '../types/snapshot.js';
import {entryOf, type ScrapeCache} from './cache.js';
import type {WorkerPage} from './worker-page.js';

export interface WorkerDetail {
	/** The newest good page, however old (the page is slow-cadence and on demand). */
	readonly page?: WorkerPage;
	/** Epoch ms when that page was asked. */
	readonly pageAtMs?: number;
	/** How the latest attempt fared, and why, when it was not ok. */
	readonly state?: EndpointState;
	readonly detail?: string;
}

/** The scheduler path of a worker's page: `/info/worker/<url-escaped address>.html`. */
export function workerPagePath(address: string): string {
	return `/info/worker/${encodeURIComponent(address)}.html`;
}

export function workerDetail(cache: ScrapeCache, address: string): WorkerDetail {
	const entry = entryOf(cache, 'scheduler', workerPagePath(address));
	if (!entry) return {};
	const good = entry.lastOk?.parsed?.kind === 'worker-page' ? entry.lastOk : undefined;
	return {
		...(good?.parsed?.kind === 'worker-page' ? {page: good.parsed.value, pageAtMs: good.result.startedMs} : {}),
		state: entry.latest.state,
		...(entry.latest.detail === undefined ? {} : {detail: entry.latest.detail}),
	};
}
