import {describe, expect, it} from 'vitest';
import type {OptionsInput, OptionsResult} from '../../source/options/resolve.js';
import {parseConfig, configPath} from '../../source/options/config.js';
import type {ParsedArgv} from '../../source/options/flags.js';
import {error, ok, resolveArgs} from '../helpers/options.js';

function resolve(
	flags: Partial<ParsedArgv['flags']> = {},
	input: string[] = [],
	rest: Partial<OptionsInput> = {},
): OptionsResult {
	return resolveArgs(input, flags, rest);
}

describe('resolveOptions', () => {
	it('uses http://127.0.0.1:8787 and a 2 s interval when nothing is given', () => {
		const options = ok(resolve());
		expect(options.url.base).toBe('http://127.0.0.1:8787/');
		expect(options.urlFrom).toBe('default');
		expect(options.intervalMs).toBe(2000);
		expect(options.timeoutMs).toBe(5000);
		expect(options.once).toBe(false);
	});

	it('prefers the argument over DASK_TOP_URL over the config file', () => {
		const config = {path: '/c.json', url: 'http://from-config:8787'};
		expect(ok(resolve({}, ['http://arg:8787'], {env: {DASK_TOP_URL: 'http://env:8787'}, config})).url.base).toBe(
			'http://arg:8787/',
		);
		expect(ok(resolve({}, [], {env: {DASK_TOP_URL: 'http://env:8787'}, config})).urlFrom).toBe('env');
		expect(ok(resolve({}, [], {config})).url.base).toBe('http://from-config:8787/');
	});

	it('notes on stderr that a comm address was read as its dashboard', () => {
		expect(ok(resolve({}, ['tcp://10.1.2.3:8786'])).notes.join('\n')).toContain('http://10.1.2.3:8787/');
	});

	it('reads --json --watch as a run that lasts, and refuses --watch where it cannot work', () => {
		const watch = ok(resolve({json: true, watch: true}, [], {stdoutIsTTY: false}));
		expect([watch.watch, watch.once, watch.json]).toEqual([true, false, true]);
		expect(ok(resolve({json: true})).watch).toBe(false);
		expect(error(resolve({watch: true}))).toBe('--watch prints one --json document per poll: add --json');
		expect(error(resolve({watch: true, json: true, once: true}))).toContain('choose one');
		expect(error(resolve({watch: true, json: true, check: true}))).toContain('cannot be combined with --watch');
		expect(error(resolve({watch: true, json: true}, ['http://a:8787', 'http://b:8787']))).toBe(
			'--json --watch follows one cluster for now, got 2 scheduler URLs: run one per cluster',
		);
		expect(error(resolve({watch: true, json: true, recording: {demo: true}}))).toBe(
			'--watch polls a live scheduler; it cannot be combined with --demo',
		);
	});

	it('takes --theme over "theme" in the config file over dark, and refuses another name', () => {
		expect(ok(resolve()).theme).toBe('dark');
		expect(ok(resolve({}, [], {config: {path: '/c.json', theme: 'light'}})).theme).toBe('light');
		expect(ok(resolve({theme: 'dark'}, [], {config: {path: '/c.json', theme: 'light'}})).theme).toBe('dark');
		expect(error(resolve({theme: 'solarized'}))).toBe('--theme: "solarized" is not a theme: use dark or light');
		expect(error(resolve({}, [], {config: {path: '/c.json', theme: 'pink'}}))).toBe(
			'theme in config file /c.json: "pink" is not a theme: use dark or light',
		);
	});

	it('rings the bell only on the live full screen', () => {
		expect(ok(resolve()).bell).toBe(false);
		expect(ok(resolve({bell: true})).bell).toBe(true);
		expect(ok(resolve({}, [], {config: {path: '/c.json', bell: true}})).bell).toBe(true);
		// Headless runs print no screen, and a replay's alerts are history: no bell, no error either.
		expect(ok(resolve({bell: true, once: true})).bell).toBe(false);
		expect(ok(resolve({bell: true}, [], {stdoutIsTTY: false})).bell).toBe(false);
		expect(ok(resolve({bell: true, json: true, watch: true})).bell).toBe(false);
		expect(ok(resolve({bell: true, recording: {demo: true}})).bell).toBe(false);
		expect(ok(resolve({bell: true, recording: {replay: 'r.ndjson'}})).bell).toBe(false);
	});

	it('behaves as --once when stdout is not a terminal, and --json implies --once', () => {
		expect(ok(resolve({}, [], {stdoutIsTTY: false})).once).toBe(true);
		expect(ok(resolve({json: true})).once).toBe(true);
	});

	it.each([
		[{interval: '500ms'}, '--interval 500ms is out of range: use 1 s to 1 h'],
		[{interval: '0'}, '--interval 0 is out of range: use 1 s to 1 h'],
		[{interval: '9999999'}, '--interval 9999999 is out of range: use 1 s to 1 h'],
		[{interval: '2h'}, '--interval 2h is out of range: use 1 s to 1 h'],
		[{timeout: '9999999'}, '--timeout 9999999 is out of range: use 1 s to 10 min'],
		[{timeout: '500ms'}, '--timeout 500ms is out of range: use 1 s to 10 min'],
		[{stallAfter: '-5s'}, '--stall-after -5s is out of range: use 1 s to 24 h'],
	] as const)('refuses %j, saying the allowed range', (flags, message) => {
		expect(error(resolve(flags))).toBe(message);
	});

	it('accepts both ends of the interval and timeout ranges', () => {
		expect(ok(resolve({interval: '1s', timeout: '10m'}))).toMatchObject({intervalMs: 1000, timeoutMs: 600_000});
		expect(ok(resolve({interval: '1h', timeout: '1'}))).toMatchObject({intervalMs: 3_600_000, timeoutMs: 1000});
	});

	it('holds the config file to the same ranges', () => {
		expect(error(resolve({}, [], {config: {path: '/c.json', interval: '2h'}}))).toBe(
			'interval in config file /c.json 2h is out of range: use 1 s to 1 h',
		);
		expect(error(resolve({}, [], {config: {path: '/c.json', timeout: '0'}}))).toBe(
			'timeout in config file /c.json 0 is out of range: use 1 s to 10 min',
		);
	});

	it('takes the interval from the config file when the flag is absent', () => {
		expect(ok(resolve({}, [], {config: {path: '/c.json', interval: '5s'}})).intervalMs).toBe(5000);
		expect(ok(resolve({interval: '3'}, [], {config: {path: '/c.json', interval: '5s'}})).intervalMs).toBe(3000);
	});

	it.each([
		[{interval: 'abc'}, [], '--interval: "abc" is not a duration'],
		[{interval: ''}, [], '--interval needs a value'],
		[{timeout: '-5'}, [], '--timeout -5 is out of range: use 1 s to 10 min'],
		[{header: ['NoColonHere']}, [], "--header: a header must look like 'Name: value'"],
		[{header: ['Bad Name: x']}, [], "--header: a header must look like 'Name: value'"],
		[
			{recording: {record: 'x.ndjson'}},
			['http://a:1', 'http://b:2'],
			'--record records one cluster for now, got 2 scheduler URLs',
		],
		[{}, ['ftp://host'], 'unsupported scheme ftp://'],
		[{caFile: ''}, [], '--ca-file needs a file name'],
	] as const)('turns %j %j into the usage error %j', (flags, input, message) => {
		expect(error(resolve(flags, [...input]))).toContain(message);
	});

	it('names the config file when a value in it is wrong', () => {
		expect(
			error(resolve({}, [], {config: {path: '/home/u/.config/dask-top/config.json', interval: 'soon'}})),
		).toContain('interval in config file /home/u/.config/dask-top/config.json');
	});

	it('parses headers, lets a flag override the config header of the same name', () => {
		const options = ok(
			resolve({header: ['authorization: token FLAG']}, [], {
				config: {path: '/c', header: ['Authorization: token FILE', 'X-Extra: 1']},
			}),
		);
		expect(options.headers).toEqual([
			{name: 'authorization', value: 'token FLAG'},
			{name: 'X-Extra', value: '1'},
		]);
	});

	it('turns credentials in the URL into a Basic Authorization header unless one is given', () => {
		expect(ok(resolve({}, ['https://u:p@gw.example.org/clusters/c/status'])).headers).toEqual([
			{name: 'Authorization', value: 'Basic dTpw'},
		]);
		expect(ok(resolve({header: ['Authorization: token t']}, ['https://u:p@gw.example.org/'])).headers).toEqual([
			{name: 'Authorization', value: 'token t'},
		]);
	});

	it('turns colour off with --no-color, NO_COLOR, TERM=dumb, or the config file', () => {
		expect(ok(resolve()).color).toBe(true);
		expect(ok(resolve({color: false})).color).toBe(false);
		expect(ok(resolve({}, [], {env: {NO_COLOR: '1'}})).color).toBe(false);
		expect(ok(resolve({}, [], {env: {NO_COLOR: ''}})).color).toBe(true);
		expect(ok(resolve({}, [], {env: {TERM: 'dumb'}})).color).toBe(false);
		expect(ok(resolve({}, [], {env: {FORCE_COLOR: '0'}})).color).toBe(false);
		expect(ok(resolve({}, [], {config: {path: '/c', color: false}})).color).toBe(false);
	});

	it('turns the mouse off with --no-mouse or "mouse": false in the config file', () => {
		expect(ok(resolve()).mouse).toBe(true);
		expect(ok(resolve({mouse: false})).mouse).toBe(false);
		expect(ok(resolve({}, [], {config: {path: '/c', mouse: false}})).mouse).toBe(false);
	});

	it('draws plain ASCII with --ascii, the config file, or a locale whose charset is not UTF-8', () => {
		expect(ok(resolve()).ascii).toBe(false);
		expect(ok(resolve({ascii: true})).ascii).toBe(true);
		expect(ok(resolve({}, [], {config: {path: '/c', ascii: true}})).ascii).toBe(true);
		const ascii = (env: Record<string, string>) => ok(resolve({}, [], {env})).ascii;
		expect(ascii({LANG: 'C.UTF-8'})).toBe(false);
		expect(ascii({LANG: 'en_US.utf8'})).toBe(false);
		expect(ascii({LANG: 'C'})).toBe(true);
		expect(ascii({LANG: 'POSIX'})).toBe(true);
		expect(ascii({LANG: 'de_DE.ISO-8859-1'})).toBe(true);
		// LC_ALL wins over LC_CTYPE, which wins over LANG; an empty one does not count.
		expect(ascii({LC_ALL: 'C', LANG: 'C.UTF-8'})).toBe(true);
		expect(ascii({LC_ALL: '', LC_CTYPE: 'en_US.UTF-8', LANG: 'C'})).toBe(false);
	});
});

describe('parseConfig', () => {
	it('reads the known keys', () => {
		const result = parseConfig(
			'{"url": "http://h:8787", "interval": 3, "header": "A: b", "ca-file": "/ca.pem", "insecure": true}',
			'/c.json',
		);
		expect(result).toEqual({
			ok: true,
			config: {
				path: '/c.json',
				url: 'http://h:8787',
				interval: '3',
				header: ['A: b'],
				caFile: '/ca.pem',
				insecure: true,
			},
		});
	});

	it.each([
		['{"url": ', 'not valid JSON'],
		['[1]', 'expected a JSON object'],
		['{"urll": "x"}', 'unknown key "urll"'],
		['{"insecure": "yes"}', '"insecure" must be true or false'],
		['{"header": [1]}', '"header" must be a list of strings'],
	])('turns %j into one line naming the file: %j', (text, message) => {
		const result = parseConfig(text, '/c.json');
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.error).toContain('config file /c.json: ');
			expect(result.error).toContain(message);
			expect(result.error).not.toContain('\n');
		}
	});

	it('suggests the nearest key for a mistyped one, as for a mistyped flag, else lists the known keys', () => {
		expect(parseConfig('{"urll": "x"}', '/c.json')).toEqual({
			ok: false,
			error: 'config file /c.json: unknown key "urll": did you mean "url" or "urls"?',
		});
		expect(parseConfig('{"stall_after": "1m"}', '/c.json')).toEqual({
			ok: false,
			error: 'config file /c.json: unknown key "stall_after": did you mean "stall-after"?',
		});
		expect(parseConfig('{"caFile": "x"}', '/c.json')).toMatchObject({
			error: 'config file /c.json: unknown key "caFile": did you mean "ca-file"?',
		});
		expect(parseConfig('{"workers": 4}', '/c.json')).toMatchObject({
			error: expect.stringMatching(/^config file \/c\.json: unknown key "workers" \(known: url, urls, /),
		});
	});

	it('takes null as a key left unset', () => {
		expect(parseConfig('{"ca-file": null, "interval": null, "url": "h"}', '/c.json')).toEqual({
			ok: true,
			config: {path: '/c.json', url: 'h'},
		});
	});

	it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
		expect(configPath({XDG_CONFIG_HOME: '/x'}, '/home/u')).toBe('/x/dask-top/config.json');
		expect(configPath({}, '/home/u')).toBe('/home/u/.config/dask-top/config.json');
	});
});
