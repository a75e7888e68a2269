/**
 * Actions (POST requests dask-top sent, e.g. a retire) travel in the RawScrape stream beside the
 * reads, so a recording replays them. They are not endpoint answers: the cache skips them (no
 * freshness, no caching) and the snapshot of the round that carried them lists them as `actions`.
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';
import type {Snapshot, SnapshotAction} from '../types/snapshot.js';

const ANSWER_CHARS = 2000;

export function isAction(result: EndpointResult): boolean {
	return result.method !== undefined;
}

export function toSnapshotAction(result: EndpointResult): SnapshotAction {
	return {
		method: 'POST',
		path: result.path,
		...(result.requestBody === undefined ? {} : {request: result.requestBody}),
		sent: result.startedMs / 1000,
		...(result.pending === true ? {pending: true} : {status: result.status, latency_ms: result.latencyMs}),
		...(result.body === undefined ? {} : {answer: result.body.slice(0, ANSWER_CHARS)}),
		...(result.error === undefined ? {} : {error: result.error.message}),
	};
}

/** The snapshot with the actions the round carried (unchanged when none). */
export function withActions(snapshot: Snapshot, raw: RawScrape): Snapshot {
	const actions = raw.responses.filter(isAction).map(toSnapshotAction);
	return actions.length === 0 ? snapshot : {...snapshot, actions};
}
