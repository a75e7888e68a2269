import {describe, expect, it} from 'vitest';
import {diagnoseFirstContact, looksLikeDask} from '../../source/scrape/first-contact-verdict.js';
import type {EndpointResult, FetchErrorKind} from '../../source/types/raw-scrape.js';
import {FIXTURE_VERSIONS, identityAnswers500, loadScenarioScrape} from '../helpers/fixtures.js';

const URL_SHOWN = 'http://10.0.0.5:8787/';
const PATHS = ['/metrics', '/json/identity.json', '/info/main/workers.html', '/health', '/api/v1'];

function answer(path: string, status: number, contentType: string, body: string): EndpointResult {
	return {
		target: 'scheduler',
		path,
		url: URL_SHOWN + path.slice(1),
		startedMs: 0,
		latencyMs: 1,
		status,
		contentType,
		body,
	};
}

function everywhere(status: number, contentType: string, body: string): EndpointResult[] {
	return PATHS.map((path) => answer(path, status, contentType, body));
}

function failing(kind: FetchErrorKind, message = 'x'): EndpointResult[] {
	return PATHS.map((path) => ({
		target: 'scheduler',
		path,
		url: URL_SHOWN,
		startedMs: 0,
		latencyMs: 5000,
		status: null,
		error: {kind, message},
	}));
}

function diagnose(
	results: EndpointResult[],
	extra: {isDefaultUrl?: boolean; display?: string; locations?: Map<string, string>; headerNames?: string[]} = {},
) {
	return diagnoseFirstContact({results, display: URL_SHOWN, timeoutMs: 5000, ...extra});
}

describe('diagnoseFirstContact', () => {
	it.each(FIXTURE_VERSIONS)('accepts the recorded answers of Dask %s', (version) => {
		expect(diagnose([...loadScenarioScrape(version, 'busy').responses])).toEqual({ok: true});
	});

	it.each(FIXTURE_VERSIONS)(
		"says a worker's dashboard (recorded on Dask %s) is a worker's, not the scheduler's",
		(version) => {
			// The worker's own /metrics as recorded, answering at the URL given; the scheduler's pages 404 there.
			const metrics = loadScenarioScrape(version, 'idle').responses.find(
				(r) => r.target !== 'scheduler' && r.path === '/metrics' && r.status === 200,
			);
			expect(metrics?.body).toMatch(/^dask_worker_/m);
			const notFound = '<html><title>404: Not Found</title><body>404: Not Found</body></html>';
			const results = [
				{...metrics!, target: 'scheduler' as const},
				answer('/json/identity.json', 404, 'text/html; charset=UTF-8', notFound),
				answer('/info/main/workers.html', 404, 'text/html; charset=UTF-8', notFound),
				answer('/health', 200, 'text/plain', 'ok'),
			];
			expect(diagnose(results)).toEqual({
				ok: false,
				permanent: true,
				message:
					`${URL_SHOWN} is a Dask worker's dashboard, not the scheduler's: ` +
					"pass the scheduler's dashboard URL (usually port 8787), e.g. http://host:8787",
			});
		},
	);

	it('accepts a busy modern scheduler whose identity.json answers 500', () => {
		const raw = loadScenarioScrape('2026.7.1', 'busy', {
			override: identityAnswers500,
			only: ['/json/identity.json', '/info/main/workers.html'],
		});
		expect(diagnose([...raw.responses])).toEqual({ok: true});
	});

	it('accepts a scheduler without prometheus_client by its stub and worker table', () => {
		const stub = answer(
			'/metrics',
			200,
			'text/plain; version=0.0.4',
			'# Prometheus metrics are not available, see: https://docs.dask.org/',
		);
		expect(looksLikeDask(stub)).toBe(true);
	});

	it.each<[string, EndpointResult[], object, string, boolean]>([
		[
			'a login page',
			everywhere(200, 'text/html; charset=utf-8', '<!DOCTYPE html><form>Sign in</form>'),
			{},
			"answered with an HTML page, not Dask's JSON: a login page? pass a token with --header 'Authorization: token …'",
			true,
		],
		[
			'the proxy hint page',
			everywhere(200, 'text/html', "<p> Try navigating to … you don't have jupyter-server-proxy installed"),
			{},
			'proxy hint page',
			true,
		],
		[
			'401 everywhere',
			everywhere(401, 'text/plain', 'no'),
			{},
			"refused access (HTTP 401): pass a token with --header 'Authorization: token …'",
			true,
		],
		[
			'404 everywhere',
			everywhere(404, 'text/html', 'Not Found'),
			{},
			'is not a Dask dashboard: /metrics, /json/identity.json, /info/main/workers.html, /health, /api/v1 all answered 404',
			true,
		],
		['502 everywhere', everywhere(502, 'text/html', 'Bad Gateway'), {}, 'answered HTTP 502 on every endpoint', false],
		[
			'garbage',
			everywhere(200, 'text/plain', 'hello, I am a teapot'),
			{},
			'answered, but not like a Dask dashboard',
			true,
		],
		[
			'connection refused',
			failing('refused', 'connection refused'),
			{},
			'nothing answers at http://10.0.0.5:8787/ (connection refused): ' +
				'is the scheduler running, and is 8787 its dashboard port?',
			false,
		],
		[
			'refused at the default URL',
			failing('refused', 'connection refused'),
			{isDefaultUrl: true},
			'try dask-top --demo',
			true,
		],
		['a DNS failure', failing('dns', 'host name not found'), {}, 'cannot find the host 10.0.0.5', true],
		['a timeout', failing('timeout'), {}, 'did not answer within 5 s', false],
		[
			'a TLS failure',
			failing('tls', 'self-signed certificate'),
			{},
			'TLS failure talking to http://10.0.0.5:8787/: ' +
				'self-signed certificate; pass its CA with --ca-file FILE, or --insecure',
			true,
		],
		[
			'the comm port',
			failing('other', 'the answer is not HTTP'),
			{display: 'http://10.0.0.5:8786/'},
			"8786 is the scheduler's comm port",
			true,
		],
		['an oversized answer', failing('too-large'), {}, 'more than the size cap', true],
	])('explains %s in one line', (_name, results, extra, message, permanent) => {
		const result = diagnose(results, extra);
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.message).toContain(message);
			expect(result.message).not.toContain('\n');
			expect(result.permanent).toBe(permanent);
		}
	});

	/** Every endpoint answered 200, then its body did not come whole (garbage no real Dask sends). */
	function cut(kind: FetchErrorKind, message: string): EndpointResult[] {
		return PATHS.map((path) => ({
			target: 'scheduler',
			path,
			url: URL_SHOWN + path.slice(1),
			startedMs: 0,
			latencyMs: 5000,
			status: 200,
			contentType: 'text/plain',
			error: {kind, message},
		}));
	}

	it.each<[string, FetchErrorKind, string, string, boolean]>([
		[
			'truncated',
			'reset',
			'truncated: 2.9 KiB of the 14.4 KiB declared came before the connection closed',
			': a proxy in front of the dashboard, or the scheduler failing?',
			false,
		],
		[
			'too slow',
			'timeout',
			'too slow: the answer was still coming at the 5 s deadline (4 B read)',
			': a busy scheduler (raise --timeout) or something slow in front of it?',
			false,
		],
		[
			'too large',
			'too-large',
			'too large: the answer went past the 32.0 MiB size cap; stopped reading',
			': is this a Dask dashboard?',
			true,
		],
	])('says an answer whose body did not come whole was %s, naming the limit', (_name, kind, why, hint, permanent) => {
		const result = diagnose(cut(kind, why));
		expect(result).toEqual({
			ok: false,
			permanent,
			message: `${URL_SHOWN} answered /metrics, but ${why}${hint}`,
		});
	});

	it('does not ask for a token with --header when a header was given: it was not accepted', () => {
		const login = new Map([['/metrics', 'https://hub.example.org/hub/login?next=x']]);
		const given = {locations: login, headerNames: ['Authorization']};
		const redirect = diagnose(everywhere(302, 'text/html', ''), given);
		expect(!redirect.ok && redirect.message).toBe(
			`${URL_SHOWN} redirects to https://hub.example.org/hub/login?next=x (a login page): ` +
				"the header 'Authorization' sent was not accepted: check the value, or pass the dashboard's final URL",
		);
		const denied = diagnose(everywhere(403, 'text/plain', 'no'), given);
		expect(!denied.ok && denied.message).toBe(
			`${URL_SHOWN} refused access (HTTP 403): the header 'Authorization' sent was not accepted: check the value`,
		);
		const elsewhere = diagnose(everywhere(301, 'text/html', ''), {
			locations: new Map([['/metrics', 'https://10.0.0.5:8787/metrics']]),
			headerNames: ['Authorization', 'X-Auth'],
		});
		expect(!elsewhere.ok && elsewhere.message).toBe(
			`${URL_SHOWN} redirects to https://10.0.0.5:8787/metrics: ` +
				"the headers 'Authorization', 'X-Auth' went with the request, or pass the dashboard's final URL",
		);
	});

	it('names a login redirect and redacts tokens in its Location', () => {
		const results = everywhere(302, 'text/html', '');
		const result = diagnose(results, {
			locations: new Map([['/metrics', 'https://hub.example.org/hub/login?next=x&token=abc']]),
		});
		expect(!result.ok && result.message).toContain(
			'redirects to https://hub.example.org/hub/login?next=x&token=*** (a login page)',
		);
	});

	// A Location header may carry bytes 0x80-0xFF (C1 controls once read), and it may not parse as a URL.
	it.each([
		[false, '/login\u009b31m\u009d0;pwned\u009c', 'redirects to /login\\x9b31m\\x9d0;pwned\\x9c (a login page)'],
		[true, '/login\u009b31m', 'redirects to /login\\x9b31m (a login page)'],
		[false, '/sso?t=\u00e9\u202e', 'redirects to /sso?t=\u00e9\\u202e (a login page)'],
		[true, '/sso?t=\u00e9', 'redirects to /sso?t=\\xe9 (a login page)'],
	])('quotes a Location holding controls inert (ascii %s)', (ascii, location, said) => {
		const result = diagnoseFirstContact({
			results: everywhere(302, 'text/html', ''),
			locations: new Map([['/metrics', location]]),
			display: URL_SHOWN,
			timeoutMs: 5000,
			ascii,
		});
		expect(!result.ok && result.message).toContain(said);
	});

	it('quotes an error text holding escape sequences inert', () => {
		const result = diagnose(failing('other', 'bad \u001b]0;pwned\u0007 answer'));
		expect(!result.ok && result.message).toContain('(bad ␛]0;pwned␇ answer)');
		expect(!result.ok && result.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
	});
});
