import {describe, expect, it} from 'vitest';
import {isSecretName, redactText, redactUrl} from '../../source/record/redact.js';

describe('redactUrl', () => {
	it.each([
		[
			'https://hub.example.org/user/me/proxy/8787/metrics?token=abc123',
			'https://hub.example.org/user/me/proxy/8787/metrics?token=***',
		],
		['http://h:8787/metrics?access_token=x&foo=1', 'http://h:8787/metrics?access_token=***&foo=1'],
		['http://h/x?a=1&X-Amz-Signature=deadbeef&b=2', 'http://h/x?a=1&X-Amz-Signature=***&b=2'],
		['http://h/x?password=hunter2', 'http://h/x?password=***'],
		['http://h/x?api_key=k&key=v&secret=s&auth=a', 'http://h/x?api_key=***&key=***&secret=***&auth=***'],
		['http://h/cb#access_token=t&state=1', 'http://h/cb#access_token=***&state=1'],
		['https://alice:s3cret@dask.example.org/status', 'https://***@dask.example.org/status'],
		['https://tok3n@dask.example.org/', 'https://***@dask.example.org/'],
	])('redacts the secret in %s', (input, expected) => {
		expect(redactUrl(input)).toBe(expected);
	});

	it('leaves ordinary URLs byte for byte, escapes included', () => {
		const url = 'http://127.0.0.1:8787/info/worker/tcp%3A%2F%2F127.0.0.1%3A40001.html?sort=name&page=2';
		expect(redactUrl(url)).toBe(url);
		expect(redactUrl('/json/identity.json')).toBe('/json/identity.json');
	});

	it('keeps an already redacted value and empty values as they are', () => {
		expect(redactUrl('http://h/?token=***')).toBe('http://h/?token=***');
		expect(redactUrl('http://h/?token=')).toBe('http://h/?token=');
	});
});

describe('redactText', () => {
	it('redacts URLs inside an error message and an HTML page', () => {
		expect(redactText('connect ECONNREFUSED for http://u:p@h:1/metrics?token=zz')).toBe(
			'connect ECONNREFUSED for http://***@h:1/metrics?token=***',
		);
		expect(redactText('<a href="/hub/login?next=%2Fuser&amp;token=abc">')).toBe(
			'<a href="/hub/login?next=%2Fuser&amp;token=***">',
		);
	});
});

describe('isSecretName', () => {
	it('knows credential parameter names and leaves others alone', () => {
		for (const name of ['token', 'TOKEN', 'jwt', 'my_token', 'client_secret', 'x-goog-credential', 'sig', 'code'])
			expect(isSecretName(name)).toBe(true);
		for (const name of ['sort', 'page', 'prefix', 'worker', 'format']) expect(isSecretName(name)).toBe(false);
	});
});
