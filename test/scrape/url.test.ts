import {describe, expect, it} from 'vitest';
import {displayUrl, normalizeSchedulerUrl, redactUrl, requestUrl} from '../../source/scrape/url.js';

function base(input: string): string {
	const result = normalizeSchedulerUrl(input);
	if (!result.ok) throw new Error(result.error);
	return result.url.base;
}

describe('normalizeSchedulerUrl', () => {
	it.each([
		['http://127.0.0.1:8787', 'http://127.0.0.1:8787/'],
		['http://127.0.0.1:8787/', 'http://127.0.0.1:8787/'],
		['https://dask.example.org', 'https://dask.example.org/'],
		['http://10.0.0.5:8787/status', 'http://10.0.0.5:8787/'],
		['http://10.0.0.5:8787/status/', 'http://10.0.0.5:8787/'],
		['http://10.0.0.5:8787/status#/workers', 'http://10.0.0.5:8787/'],
		['http://10.0.0.5:8787/metrics', 'http://10.0.0.5:8787/'],
		['http://10.0.0.5:8787/info/main/workers.html', 'http://10.0.0.5:8787/'],
		['http://10.0.0.5:8787/prefix/status', 'http://10.0.0.5:8787/prefix/'],
		['https://hub.example.org/user/alice/proxy/8787/status', 'https://hub.example.org/user/alice/proxy/8787/'],
		['https://hub.example.org/user/alice/proxy/8787/', 'https://hub.example.org/user/alice/proxy/8787/'],
		['https://gateway.example.org/clusters/dask.1f2e3d/status', 'https://gateway.example.org/clusters/dask.1f2e3d/'],
		[
			'https://gateway.example.org/services/dask-gateway/clusters/prod.abc/status',
			'https://gateway.example.org/services/dask-gateway/clusters/prod.abc/',
		],
		['host:8787', 'http://host:8787/'],
		['localhost', 'http://localhost:8787/'],
		['10.0.0.5:80', 'http://10.0.0.5/'],
		['[::1]:8787', 'http://[::1]:8787/'],
		['  http://127.0.0.1:8787  ', 'http://127.0.0.1:8787/'],
		['tcp://10.0.0.5:8786', 'http://10.0.0.5:8787/'],
		['tls://sched.internal:8786', 'http://sched.internal:8787/'],
		['tcp://[::1]:8786', 'http://[::1]:8787/'],
		['8787', 'http://127.0.0.1:8787/'], // a bare number is a port on this machine, not the IPv4 address 0.0.34.83
		['43787', 'http://127.0.0.1:43787/'],
	])('turns %s into the base %s', (input, expected) => {
		expect(base(input)).toBe(expected);
	});

	it('refuses a bare number that is no port', () => {
		const result = normalizeSchedulerUrl('99999');
		expect(result.ok).toBe(false);
		expect(!result.ok && result.error).toBe('99999 is not a port (1 to 65535) nor a URL');
	});

	it('says so in a note when a comm address becomes a dashboard URL', () => {
		const result = normalizeSchedulerUrl('tcp://10.0.0.5:8786');
		expect(result.ok && result.url.note).toContain('http://10.0.0.5:8787/');
		expect(result.ok && result.url.note).toContain('comm address');
	});

	it('has no note for an ordinary dashboard URL', () => {
		const result = normalizeSchedulerUrl('http://127.0.0.1:8787/status');
		expect(result.ok && result.url.note).toBeUndefined();
	});

	it('keeps a token query for requests but redacts it for display', () => {
		const result = normalizeSchedulerUrl('https://hub.example.org/user/alice/proxy/8787/status?token=s3cr3t&foo=bar');
		if (!result.ok) throw new Error(result.error);
		expect(result.url.base).toBe('https://hub.example.org/user/alice/proxy/8787/');
		expect(requestUrl(result.url, '/metrics')).toBe(
			'https://hub.example.org/user/alice/proxy/8787/metrics?token=s3cr3t&foo=bar',
		);
		expect(result.url.display).toBe('https://hub.example.org/user/alice/proxy/8787/?token=***&foo=bar');
		expect(displayUrl(result.url, '/metrics')).not.toContain('s3cr3t');
	});

	it('displays every request of every cluster as its own, asked again and again (each redacted once)', () => {
		const urls = ['http://a.example:8787/?token=one', 'http://b.example:8787/?token=two', 'http://a.example:8787/'].map(
			(text) => {
				const result = normalizeSchedulerUrl(text);
				if (!result.ok) throw new Error(result.error);
				return result.url;
			},
		);
		for (let round = 0; round < 3; round++)
			for (const url of urls)
				for (const path of ['/metrics', '/json/identity.json'])
					expect(displayUrl(url, path)).toBe(redactUrl(requestUrl(url, path)));
		expect(displayUrl(urls[1]!, '/metrics')).toBe('http://b.example:8787/metrics?token=***');
		expect(displayUrl(urls[2]!, '/metrics')).toBe('http://a.example:8787/metrics');
	});

	it('turns credentials in the URL into basic auth and leaves them out of the base', () => {
		const result = normalizeSchedulerUrl('https://alice:pa%40ss@gateway.example.org/clusters/c1/status');
		if (!result.ok) throw new Error(result.error);
		expect(result.url.base).toBe('https://gateway.example.org/clusters/c1/');
		expect(result.url.basicAuth).toBe('alice:pa@ss');
		expect(result.url.display).not.toContain('alice');
	});

	it.each([[''], ['ftp://host:8787'], ['http://'], ['http://host name:8787']])(
		'rejects %j with a one-line reason',
		(input) => {
			const result = normalizeSchedulerUrl(input);
			expect(result.ok).toBe(false);
			expect(!result.ok && result.error).not.toContain('\n');
		},
	);
});

describe('requestUrl', () => {
	it('appends paths to the base, and merges a path query with the base query', () => {
		const result = normalizeSchedulerUrl('http://h:8787/?token=t');
		if (!result.ok) throw new Error(result.error);
		expect(requestUrl(result.url, '/info/worker/tcp%3A%2F%2Fa%3A1.html')).toBe(
			'http://h:8787/info/worker/tcp%3A%2F%2Fa%3A1.html?token=t',
		);
		expect(requestUrl(result.url, '/x?y=1')).toBe('http://h:8787/x?y=1&token=t');
	});
});

describe('redactUrl', () => {
	it.each([
		['http://h/metrics?token=abc', 'http://h/metrics?token=***'],
		['http://h/metrics?access_token=abc&x=1', 'http://h/metrics?access_token=***&x=1'],
		['http://h/metrics?api_key=abc', 'http://h/metrics?api_key=***'],
		['http://u:p@h/metrics', 'http://h/metrics'],
		['http://h/metrics?page=2', 'http://h/metrics?page=2'],
	])('shows %s as %s', (input, expected) => {
		expect(redactUrl(input)).toBe(expected);
	});
});
