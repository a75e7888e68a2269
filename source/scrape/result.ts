/** A client outcome as the RawScrape contract records it (URL redacted). */
import type {EndpointResult, Target} from '../types/raw-scrape.js';
import type {FetchOutcome} from './client.js';
import {redactUrl} from './url.js';

export function toEndpointResult(target: Target, path: string, url: string, outcome: FetchOutcome): EndpointResult {
	return {
		target,
		path,
		url: redactUrl(url),
		startedMs: outcome.startedMs,
		...(outcome.headersMs === undefined ? {} : {headersMs: outcome.headersMs}),
		latencyMs: outcome.latencyMs,
		status: outcome.status,
		...(outcome.contentType === undefined ? {} : {contentType: outcome.contentType}),
		...(outcome.body === undefined ? {} : {body: outcome.body}),
		...(outcome.error === undefined ? {} : {error: outcome.error}),
	};
}
