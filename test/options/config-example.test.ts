/**
 * docs/config.example.json is the config file with every key: the real parser and resolver accept
 * it, and it names exactly the keys the parser knows, so a new key cannot be left out of it.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {CONFIG_KEYS, parseConfig, readConfigFile} from '../../source/options/config.js';
import {ok, resolveArgs} from '../helpers/options.js';

const PATH = 'docs/config.example.json';
const text = readFileSync(PATH, 'utf8');

describe('docs/config.example.json', () => {
	it('is a config file the parser and the options accept', () => {
		const parsed = parseConfig(text, PATH);
		if (!parsed.ok) throw new Error(parsed.error);
		const options = ok(resolveArgs([], {}, {...(parsed.config ? {config: parsed.config} : {})}));
		expect(options.clusters.map((cluster) => cluster.url.base)).toContain('http://prod-scheduler:8787/');
		expect(options.intervalMs).toBe(2000);
	});

	it('names every key the parser accepts, and no other', () => {
		expect(Object.keys(JSON.parse(text) as object).sort()).toEqual([...CONFIG_KEYS].sort());
	});
});

describe('readConfigFile', () => {
	it('takes a missing default file as no config, a missing --config FILE as a one-line error', () => {
		expect(readConfigFile('/nonexistent/dask-top/config.json')).toEqual({ok: true});
		const named = readConfigFile('/nonexistent/dask-top/config.json', true);
		expect(named).toEqual({
			ok: false,
			error: '--config /nonexistent/dask-top/config.json: no such file: give the path of a JSON config file',
		});
		expect(readConfigFile(PATH, true).ok).toBe(true);
	});
});
