import {describe, expect, it} from 'vitest';
import {readAnswer} from '../../source/parse/cache.js';
import {classify} from '../../source/parse/classify.js';
import {endpointKind} from '../../source/parse/endpoint-kind.js';
import type {EndpointResult, Target} from '../../source/types/raw-scrape.js';
import {identity500Body, loadScenarioScrape} from '../helpers/fixtures.js';

function recorded(version: '2022.12.1' | '2026.7.1', path: string, target: Target = 'scheduler'): EndpointResult {
	const raw = loadScenarioScrape(version, 'busy', {only: [path]});
	return raw.responses.find((r) => r.target === target)!;
}

function answer(path: string, patch: Partial<EndpointResult>): EndpointResult {
	return {
		target: 'scheduler',
		path,
		url: `http://127.0.0.1:8787${path}`,
		startedMs: 0,
		latencyMs: 3,
		status: 200,
		...patch,
	};
}

// A JupyterHub login page: what a proxy in front of the dashboard answers an unauthenticated poll
// with (written here; no recorded fixture has one).
const LOGIN_PAGE =
	'<!DOCTYPE html>\n<html><head><title>JupyterHub</title></head><body><form action="/hub/login">…</form></body></html>';

describe('classify on recorded answers', () => {
	it.each([
		['2022.12.1', '/metrics', 'ok'],
		['2026.7.1', '/metrics', 'ok'],
		['2022.12.1', '/json/identity.json', 'ok'],
		['2026.7.1', '/info/main/workers.html', 'ok'],
		['2022.12.1', '/api/v1', 'ok'],
		['2022.12.1', '/api/v1/check_idle', 'unavailable'],
		['2026.7.1', '/api/v1/check_idle', 'ok'],
		['2026.7.1', '/api/v1/retire_workers', 'unavailable'],
		['2026.7.1', '/json/missing.json', 'unavailable'],
		['2026.7.1', '/sitemap.json', 'failed'],
		['2022.12.1', '/proxy/8791/127.0.0.1/metrics', 'unavailable'],
		['2026.7.1', '/proxy/8801/127.0.0.1/metrics', 'unavailable'],
		['2026.7.1', '/', 'ok'],
	] as const)('%s %s → %s', (version, path, state) => {
		expect(classify(recorded(version, path)).state).toBe(state);
	});

	it("says jupyter-server-proxy is missing when /proxy answers Dask's hint page", () => {
		expect(classify(recorded('2022.12.1', '/proxy/8791/127.0.0.1/metrics')).detail).toContain(
			'jupyter-server-proxy is not installed',
		);
	});

	it('reads a worker probe for identity.json (404 on workers) as unavailable', () => {
		const probe = loadScenarioScrape('2022.12.1', 'busy', {only: ['/json/identity.json']}).responses.find(
			(r) => r.target !== 'scheduler',
		)!;
		expect(classify(probe)).toEqual({state: 'unavailable', detail: 'not found (HTTP 404)'});
	});

	it('fails identity.json on the recorded 500 body, naming the upstream bug', () => {
		const c = classify(
			answer('/json/identity.json', {status: 500, contentType: 'text/html; charset=UTF-8', body: identity500Body()}),
		);
		expect(c.state).toBe('failed');
		expect(c.detail).toBe(
			'HTTP 500 Internal Server Error: identity.json fails while ' +
				'workers are busy on Dask >= 2023.4 (dask/distributed#8370)',
		);
	});
});

describe('classify on answers no fixture has', () => {
	it('fails JSON endpoints that answer a 200 HTML login page, saying so', () => {
		const c = classify(answer('/json/identity.json', {contentType: 'text/html; charset=utf-8', body: LOGIN_PAGE}));
		expect(c).toEqual({
			state: 'failed',
			detail: 'expected JSON but got an HTML page (a login page or proxy in front?)',
		});
	});

	it('fails /metrics answering a login page, even without a content type', () => {
		expect(classify(answer('/metrics', {body: LOGIN_PAGE})).detail).toContain(
			'expected Prometheus text but got an HTML page',
		);
	});

	it('reads the Prometheus stub as unavailable', () => {
		const stub =
			'# Prometheus metrics are not available, see: ' +
			'https://docs.dask.org/en/stable/how-to/setup-prometheus.html#setup-prometheus-monitoring';
		expect(classify(answer('/metrics', {contentType: 'text/plain; version=0.0.4', body: stub})).state).toBe(
			'unavailable',
		);
	});

	it.each([
		['refused', 'connection refused'],
		['timeout', 'timed out'],
		['dns', 'host name not found'],
		['reset', 'connection reset'],
		['too-large', 'size cap'],
	] as const)('fails a request with no HTTP answer (%s) and says why', (kind, words) => {
		const c = classify(answer('/metrics', {status: null, error: {kind, message: 'x'}}));
		expect(c.state).toBe('failed');
		expect(c.detail).toContain(words);
	});

	it('fails an answer whose body did not come whole with what the client said of it, not "had no body"', () => {
		const why = 'truncated: 2.9 KiB of the 14.4 KiB declared came before the connection closed';
		const c = classify(answer('/metrics', {status: 200, error: {kind: 'reset', message: why}}));
		expect(c).toEqual({state: 'failed', detail: why});
	});

	it('fails 401/403 and redirects of data endpoints as "a login is needed"', () => {
		expect(classify(answer('/metrics', {status: 403})).detail).toContain('login or token');
		expect(classify(answer('/json/counts.json', {status: 302})).detail).toContain('redirect');
		expect(classify(answer('/json/counts.json', {status: 302})).state).toBe('failed');
	});

	it('fails a body the parser rejects, with a detail naming the endpoint', () => {
		const truncated = readAnswer(
			answer('/json/counts.json', {contentType: 'application/json', body: '{"bytes": 14'}),
			endpointKind('scheduler', '/json/counts.json'),
		);
		expect(truncated).toMatchObject({state: 'failed', detail: 'unreadable answer: counts.json is not valid JSON'});
		const notProm = readAnswer(
			answer('/metrics', {contentType: 'text/plain', body: 'hello there\nnot metrics'}),
			'scheduler-metrics',
		);
		expect(notProm.state).toBe('failed');
		expect(notProm.detail).toContain('not Prometheus text');
	});
});
