/**
 * Saving the worker table's columns into the config file: the text edit (every other byte kept), the
 * atomic write in a temporary directory, and a bad file left alone. Loading `columns` back.
 */
import {
	chmodSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {saveConfigKey, setConfigKey} from '../../source/options/config-save.js';
import {parseConfig, readConfigFile} from '../../source/options/config.js';

const COLUMNS = ['name', 'cpu', 'status'];

describe('setting one key in the config text', () => {
	it.each([
		['a new file', undefined, '{\n\t"columns": ["name", "cpu", "status"]\n}\n'],
		['an empty object', '{}\n', '{\n\t"columns": ["name", "cpu", "status"]\n}\n'],
		[
			'members on lines of their own, two-space indented',
			'{\n  "url": "http://a:8787",\n  "thresholds": {"memory_warning": 0.75}\n}\n',
			'{\n  "url": "http://a:8787",\n  "thresholds": {"memory_warning": 0.75},\n' +
				'  "columns": ["name", "cpu", "status"]\n}\n',
		],
		[
			'members on one line',
			'{"url": "http://a:8787", "ascii": true}',
			'{"url": "http://a:8787", "ascii": true, "columns": ["name", "cpu", "status"]}',
		],
		[
			'columns already there: only its value changes',
			'{\n\t"columns": [\n\t\t"name"\n\t],\n\t"interval":   "2s"\n}',
			'{\n\t"columns": ["name", "cpu", "status"],\n\t"interval":   "2s"\n}',
		],
		[
			'strings holding braces, quotes and a "columns" of their own',
			'{"header": ["X-A: {\\"columns\\": 1}"], "thresholds": {"columns": [1]}}',
			'{"header": ["X-A: {\\"columns\\": 1}"], "thresholds": {"columns": [1]}, "columns": ["name", "cpu", "status"]}',
		],
	])('%s', (_, before, after) => {
		const result = setConfigKey(before, 'columns', COLUMNS);
		expect(result).toEqual({ok: true, text: after});
	});

	it('refuses text that is not a JSON object', () => {
		expect(setConfigKey('{"url": ', 'columns', COLUMNS)).toMatchObject({ok: false, error: /not valid JSON/});
		expect(setConfigKey('[1, 2]', 'columns', COLUMNS)).toEqual({ok: false, error: 'not a JSON object'});
	});
});

describe('saving into the file', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'dask-top-config-'));
	});
	afterEach(() => rmSync(dir, {recursive: true, force: true}));

	it('creates the file and its directory, and reads back as columns', () => {
		const path = join(dir, 'dask-top', 'config.json');
		expect(saveConfigKey(path, 'columns', COLUMNS)).toEqual({ok: true});
		const read = readConfigFile(path);
		expect(read).toMatchObject({ok: true, config: {columns: COLUMNS}});
	});

	it("keeps the user's other keys as written, and the file's mode; no temporary file is left", () => {
		const path = join(dir, 'config.json');
		const text = '{\n    "url": "http://sched:8787",\n    "interval": 5,\n    "mouse": false\n}\n';
		writeFileSync(path, text);
		chmodSync(path, 0o600);
		expect(saveConfigKey(path, 'columns', COLUMNS)).toEqual({ok: true});
		const saved = readFileSync(path, 'utf8');
		expect(saved).toBe(
			'{\n    "url": "http://sched:8787",\n    "interval": 5,\n    "mouse": false,\n' +
				'    "columns": ["name", "cpu", "status"]\n}\n',
		);
		expect(readConfigFile(path)).toMatchObject({
			ok: true,
			config: {url: 'http://sched:8787', interval: '5', mouse: false, columns: COLUMNS},
		});
		expect(readdirSync(dir)).toEqual(['config.json']);
		expect(saveConfigKey(path, 'columns', ['name'])).toEqual({ok: true});
		expect(readFileSync(path, 'utf8')).toBe(saved.replace('["name", "cpu", "status"]', '["name"]'));
	});

	it('never overwrites a file that is not valid JSON, and says so', () => {
		const path = join(dir, 'config.json');
		writeFileSync(path, '{"url": "http://a:8787",}');
		const result = saveConfigKey(path, 'columns', COLUMNS);
		expect(result.ok).toBe(false);
		expect(!result.ok && result.problem).toMatch(/^not valid JSON \(.*\)$/);
		expect(readFileSync(path, 'utf8')).toBe('{"url": "http://a:8787",}');
	});

	it('never overwrites a file it cannot read', () => {
		const path = join(dir, 'config.json');
		writeFileSync(path, '{"url": "http://a:8787"}');
		chmodSync(path, 0o000);
		try {
			readFileSync(path);
			return; // (root reads anything: nothing to test here)
		} catch {}
		const result = saveConfigKey(path, 'columns', COLUMNS);
		expect(result).toEqual({ok: false, problem: 'unreadable (EACCES)'});
		chmodSync(path, 0o644);
		expect(readFileSync(path, 'utf8')).toBe('{"url": "http://a:8787"}');
	});

	it('writes through a symbolic link, which stays one', () => {
		const real = join(dir, 'real.json');
		const path = join(dir, 'config.json');
		writeFileSync(real, '{"ascii": true}');
		symlinkSync(real, path);
		expect(saveConfigKey(path, 'columns', COLUMNS)).toEqual({ok: true});
		expect(readFileSync(real, 'utf8')).toBe('{"ascii": true, "columns": ["name", "cpu", "status"]}');
		expect(existsSync(path)).toBe(true);
		expect(readdirSync(dir).sort()).toEqual(['config.json', 'real.json']);
	});
});

describe('loading columns', () => {
	it('takes a list of known ids', () => {
		expect(parseConfig('{"columns": ["name", "memory_bar", "heartbeat"]}', 'c.json')).toEqual({
			ok: true,
			config: {path: 'c.json', columns: ['name', 'memory_bar', 'heartbeat']},
		});
	});

	it.each([
		[
			'["name", "memroy"]',
			/^config file c\.json: "columns": unknown column "memroy" \(known: name, address, .*heartbeat\)$/,
		],
		['"name"', /"columns" must be a list of column ids like/],
		['["name", 3]', /"columns" must be a list of column ids/],
		['["name", "cpu", "cpu"]', /"columns": "cpu" is listed twice/],
		['["mark"]', /unknown column "mark"/],
	])('refuses %s in one line naming the known ids', (value, error) => {
		const result = parseConfig(`{"columns": ${value}}`, 'c.json');
		expect(result.ok).toBe(false);
		expect(!result.ok && result.error).toMatch(error);
		expect(!result.ok && result.error).not.toContain('\n');
	});
});
