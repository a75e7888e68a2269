import {describe, expect, it} from 'vitest';
import {shortClusterName, shortClusterNames} from '../../source/run/cluster-name.js';
import {parseConfig} from '../../source/options/config.js';
import {error, ok, resolveArgs} from '../helpers/options.js';

const resolve = resolveArgs;

describe('several scheduler URLs', () => {
	it('follows every URL argument, in the order given, each in any accepted form', () => {
		const options = ok(
			resolve([
				'http://prod:8787/status',
				'dev-host:8790',
				'tcp://10.0.0.5:8786',
				'https://gw.example.org/clusters/ns.abc/status',
			]),
		);
		expect(options.clusters.map((c) => c.url.base)).toEqual([
			'http://prod:8787/',
			'http://dev-host:8790/',
			'http://10.0.0.5:8787/',
			'https://gw.example.org/clusters/ns.abc/',
		]);
		expect(options.url.base).toBe('http://prod:8787/');
		expect(options.urlFrom).toBe('argument');
		expect(options.notes.join('\n')).toContain("tcp://10.0.0.5:8786 is the scheduler's comm address");
	});

	it('keeps one URL exactly as one cluster, the same as options.url and options.headers', () => {
		const options = ok(resolve(['http://one:8787'], {header: ['Authorization: token t']}));
		expect(options.clusters).toEqual([{url: options.url, headers: options.headers}]);
	});

	it('counts URLs that normalise to the same scheduler once, and says so', () => {
		const options = ok(resolve(['prod:8787', 'http://prod:8787/status', 'http://prod:8787/', 'http://dev:8787']));
		expect(options.clusters.map((c) => c.url.base)).toEqual(['http://prod:8787/', 'http://dev:8787/']);
		expect(options.notes.filter((n) => n.includes('given twice'))).toHaveLength(2);
		expect(options.notes[0]).toBe(
			'http://prod:8787/ was given twice (as prod:8787 and http://prod:8787/status): following it once',
		);
	});

	it('tells apart the same host and port with another query (another JupyterHub token is another door)', () => {
		expect(ok(resolve(['http://h:8787/?a=1', 'http://h:8787/?a=2'])).clusters).toHaveLength(2);
	});

	it("sends the shared headers to every cluster, and each URL's own user:password only to that cluster", () => {
		const options = ok(resolve(['https://u:p@a.example.org/', 'https://b.example.org/'], {header: ['X-Team: data']}));
		expect(options.clusters.map((c) => c.headers)).toEqual([
			[
				{name: 'X-Team', value: 'data'},
				{name: 'Authorization', value: 'Basic dTpw'},
			],
			[{name: 'X-Team', value: 'data'}],
		]);
	});

	it('reads "urls" from the config file, after "url", when no argument or DASK_TOP_URL is given', () => {
		const config = {path: '/c.json', url: 'http://a:8787', urls: ['http://b:8787', 'a:8787', 'http://c:8787']};
		const options = ok(resolve([], {}, {config}));
		expect(options.clusters.map((c) => c.url.base)).toEqual(['http://a:8787/', 'http://b:8787/', 'http://c:8787/']);
		expect(options.urlFrom).toBe('config');
		expect(
			ok(resolve([], {}, {config, env: {DASK_TOP_URL: 'http://env:8787'}})).clusters.map((c) => c.url.base),
		).toEqual(['http://env:8787/']);
		expect(ok(resolve(['http://arg:8787'], {}, {config})).clusters.map((c) => c.url.base)).toEqual([
			'http://arg:8787/',
		]);
	});

	it('names the config key when a URL in "urls" is wrong', () => {
		expect(error(resolve([], {}, {config: {path: '/c.json', urls: ['http://ok:8787', 'ftp://bad']}}))).toBe(
			'urls in config file /c.json: unsupported scheme ftp:// in ftp://bad/ (use http://, https://, or tcp://host:8786)',
		);
	});

	it('refuses --record with several clusters, and --replay / --demo with any URL argument, as one line', () => {
		expect(error(resolve(['http://a:8787', 'http://b:8787'], {recording: {record: 'r.ndjson'}}))).toBe(
			'--record records one cluster for now, got 2 scheduler URLs: run one dask-top --record per cluster',
		);
		expect(
			error(
				resolve(
					[],
					{recording: {record: 'r.ndjson'}},
					{config: {path: '/c.json', urls: ['http://a:8787', 'http://b:8787']}},
				),
			),
		).toContain('--record records one cluster');
		expect(error(resolve(['http://a:8787', 'http://b:8787'], {recording: {demo: true}}))).toBe(
			'--demo plays a recording: give no scheduler URL',
		);
		expect(error(resolve(['http://a:8787', 'http://b:8787'], {recording: {replay: 'r.ndjson'}}))).toBe(
			'--replay plays a recording: give no scheduler URL',
		);
	});

	it('records one cluster given twice: a duplicate is not a second cluster', () => {
		expect(ok(resolve(['http://a:8787', 'a:8787'], {recording: {record: 'r.ndjson'}})).recording.record?.file).toBe(
			'r.ndjson',
		);
	});
});

describe('the config file\'s "urls"', () => {
	it('reads a list of strings, or one string', () => {
		expect(parseConfig('{"urls": ["http://a:8787", "b:8787"]}', '/c.json')).toEqual({
			ok: true,
			config: {path: '/c.json', urls: ['http://a:8787', 'b:8787']},
		});
		expect(parseConfig('{"urls": "http://a:8787"}', '/c.json')).toEqual({
			ok: true,
			config: {path: '/c.json', urls: ['http://a:8787']},
		});
	});

	it('turns anything else into one line with an example of the list', () => {
		expect(parseConfig('{"urls": [1]}', '/c.json')).toEqual({
			ok: false,
			error: 'config file /c.json: "urls" must be a list of strings like ["http://a:8787", "http://b:8787"]',
		});
	});
});

describe('short cluster names for the cluster bar', () => {
	it.each([
		['http://10.0.0.5:8787/', '10.0.0.5:8787'],
		['https://dask.example.org/', 'dask.example.org:443'],
		['http://head:8787/dask/', 'head:8787/dask'],
		['https://gw.example.org/clusters/ns.abc123/', 'ns.abc123'],
		['https://hub.example.org/services/dask-gateway/clusters/team.f00/', 'team.f00'],
		['https://hub.example.org/user/ada/proxy/8787/', 'ada:8787'],
		['https://hub.example.org/user/ada/gpu/proxy/8788/', 'ada/gpu:8788'],
	])('calls %s %s', (base, name) => {
		expect(shortClusterName(base)).toBe(name);
	});

	it('qualifies names that collide with the host, then with the position', () => {
		expect(
			shortClusterNames(['https://gw-a.org/clusters/prod/', 'https://gw-b.org/clusters/prod/', 'http://h:8787/']),
		).toEqual(['gw-a.org/prod', 'gw-b.org/prod', 'h:8787']);
		expect(shortClusterNames(['http://h:8787/', 'http://h:8787/?token=x'])).toEqual(['h:8787#1', 'h:8787#2']);
	});
});
