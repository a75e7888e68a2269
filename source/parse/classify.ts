/**
 * How one answer fared, before its body is parsed: ok, unavailable (404/405, the Prometheus stub,
 * jupyter-server-proxy's hint page — not coming back soon) or failed (no answer, 5xx, a redirect
 * or an HTML page where data was expected — may come back). Body parse errors are added by the
 * cache, which runs the parsers.
 */
import type {EndpointResult, FetchErrorKind} from '../types/raw-scrape.js';
import type {EndpointState} from '../types/snapshot.js';
import {bodyFormat, endpointKind, proxyParts, type EndpointKind} from './endpoint-kind.js';
import {isPrometheusStub} from './prometheus.js';

export interface Classification {
	readonly state: EndpointState;
	/** One line for the screen; absent when all is well. */
	readonly detail?: string;
}

function networkDetail(kind: FetchErrorKind, message: string, latencyMs: number): string {
	switch (kind) {
		case 'refused':
			return 'connection refused: nothing listens there';
		case 'dns':
			return 'host name not found';
		case 'timeout':
			return `no answer within ${Math.round(latencyMs)} ms (timed out)`;
		case 'tls':
			return `TLS failure: ${message}`;
		case 'reset':
			return 'connection reset while reading the answer';
		case 'too-large':
			return 'answer larger than the size cap; not read';
		case 'aborted':
			return 'request cancelled';
		case 'other':
			return message || 'request failed';
	}
}

function looksLikeHtml(result: EndpointResult): boolean {
	if (result.contentType?.toLowerCase().includes('text/html')) return true;
	const head = result.body?.trimStart().slice(0, 15).toLowerCase() ?? '';
	return head.startsWith('<!doctype html') || head.startsWith('<html');
}

const IDENTITY_500 = 'identity.json fails while workers are busy on Dask >= 2023.4 (dask/distributed#8370)';

function httpFailure(status: number, kind: EndpointKind): Classification {
	if (status >= 500) {
		const reason =
			status === 500
				? 'Internal Server Error'
				: status === 502
					? 'Bad Gateway'
					: status === 503
						? 'Service Unavailable'
						: 'server error';
		return {
			state: 'failed',
			detail: `HTTP ${status} ${reason}${kind === 'identity' && status === 500 ? `: ${IDENTITY_500}` : ''}`,
		};
	}
	if (status === 401 || status === 403)
		return {
			state: 'failed',
			detail: `HTTP ${status}: access denied; a login or token is needed in front of this dashboard`,
		};
	if (status >= 300 && status < 400)
		return {state: 'failed', detail: `HTTP ${status} redirect: a login page or proxy in front of the dashboard?`};
	return {state: 'failed', detail: `HTTP ${status}`};
}

export function classify(
	result: EndpointResult,
	kind: EndpointKind = endpointKind(result.target, result.path),
): Classification {
	if (result.status === null) {
		const error = result.error ?? {kind: 'other' as const, message: 'no answer'};
		return {state: 'failed', detail: networkDetail(error.kind, error.message, result.latencyMs)};
	}
	const status = result.status;
	if (status === 404 || status === 410) {
		const what = kind.startsWith('api-')
			? ': the /api/v1 module is not enabled on this scheduler (or this version lacks the route)'
			: '';
		return {state: 'unavailable', detail: `not found (HTTP ${status})${what}`};
	}
	if (status === 405 || status === 501) return {state: 'unavailable', detail: `method not allowed (HTTP ${status})`};
	if (status >= 300 && status < 400 && bodyFormat(kind) === 'any')
		return {state: 'ok', detail: `redirect (HTTP ${status})`};
	if (status < 200 || status >= 300) return httpFailure(status, kind);
	// The headers came, the body did not come whole: the client says how (too large, too slow, truncated).
	if (result.body === undefined && result.error !== undefined) return {state: 'failed', detail: result.error.message};

	const format = bodyFormat(kind);
	const body = result.body;
	if (body === undefined) return format === 'any' ? {state: 'ok'} : {state: 'failed', detail: 'answer had no body'};
	if (proxyParts(result.path) && looksLikeHtml(result) && format !== 'html') {
		return {
			state: 'unavailable',
			detail:
				"jupyter-server-proxy is not installed next to the scheduler: /proxy answers a hint page, not the worker's data",
		};
	}
	switch (format) {
		case 'prometheus':
			if (isPrometheusStub(body))
				return {
					state: 'unavailable',
					detail: 'Prometheus metrics not available: prometheus_client is not installed there',
				};
			if (looksLikeHtml(result))
				return {
					state: 'failed',
					detail: 'expected Prometheus text but got an HTML page (a login page or proxy in front?)',
				};
			return {state: 'ok'};
		case 'json':
			if (looksLikeHtml(result))
				return {state: 'failed', detail: 'expected JSON but got an HTML page (a login page or proxy in front?)'};
			return {state: 'ok'};
		case 'text':
			if (looksLikeHtml(result))
				return {state: 'failed', detail: 'expected plain text but got an HTML page (a login page or proxy in front?)'};
			return {state: 'ok'};
		case 'html':
		case 'any':
			return {state: 'ok'};
	}
}
