/**
 * The optional config file, `$XDG_CONFIG_HOME/dask-top/config.json` (default
 * `~/.config/dask-top/config.json`), or the one `--config FILE` names. Keys are the long flag
 * names; flags win over it. Parsing is pure; readConfigFile is the one read, and a missing default
 * file is simply no config (a missing `--config FILE` is a usage error). docs/config.example.json
 * shows every key (a test keeps it equal to CONFIG_KEYS).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {CHOOSABLE_COLUMNS, type WorkerColumnId} from '../types/worker-column-ids.js';
import {nearestNames} from './suggest.js';

export interface ConfigFile {
	readonly path: string;
	readonly url?: string;
	/** Several clusters on one screen, after `url` when both are given. */
	readonly urls?: readonly string[];
	readonly interval?: string;
	readonly timeout?: string;
	readonly header?: readonly string[];
	readonly caFile?: string;
	readonly insecure?: boolean;
	readonly color?: boolean;
	readonly ascii?: boolean;
	/** `"theme": "dark"` or `"light"` (checked by resolve.ts). */
	readonly theme?: string;
	readonly mouse?: boolean;
	readonly bell?: boolean;
	/** `"allow-actions": true`: as --allow-actions. */
	readonly allowActions?: boolean;
	/** Threshold overrides by name, as written (checked by options/model.ts). */
	readonly thresholds?: Readonly<Record<string, unknown>>;
	readonly stallAfter?: string;
	readonly targetDuration?: string;
	/** Whole numbers as text (checked by options/model.ts). */
	readonly minimum?: string;
	readonly maximum?: string;
	/** The worker table's columns shown, in order (F2 saves them here). */
	readonly columns?: readonly WorkerColumnId[];
}

type ConfigKind = 'string' | 'duration' | 'boolean' | 'strings' | 'count' | 'object' | 'columns';

/** Accepted keys (as in the file) → field and kind. Other helpers add their flags' keys here. */
const KEYS: Readonly<Record<string, readonly [field: keyof Omit<ConfigFile, 'path'>, kind: ConfigKind]>> = {
	url: ['url', 'string'],
	urls: ['urls', 'strings'],
	interval: ['interval', 'duration'],
	timeout: ['timeout', 'duration'],
	header: ['header', 'strings'],
	'ca-file': ['caFile', 'string'],
	insecure: ['insecure', 'boolean'],
	color: ['color', 'boolean'],
	ascii: ['ascii', 'boolean'],
	theme: ['theme', 'string'],
	mouse: ['mouse', 'boolean'],
	bell: ['bell', 'boolean'],
	'allow-actions': ['allowActions', 'boolean'],
	thresholds: ['thresholds', 'object'],
	'stall-after': ['stallAfter', 'duration'],
	'target-duration': ['targetDuration', 'duration'],
	minimum: ['minimum', 'count'],
	maximum: ['maximum', 'count'],
	columns: ['columns', 'columns'],
};

/** @internal Every key the file accepts, as written in it (docs/config.example.json names each). */
export const CONFIG_KEYS: readonly string[] = Object.keys(KEYS);

export type ConfigResult =
	| {readonly ok: true; readonly config?: ConfigFile}
	| {readonly ok: false; readonly error: string};

export function configPath(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
	const xdg = env['XDG_CONFIG_HOME'];
	const root = xdg !== undefined && xdg !== '' ? xdg : join(homeDir, '.config');
	return join(root, 'dask-top', 'config.json');
}

export function parseConfig(text: string, path: string): ConfigResult {
	const fail = (problem: string): ConfigResult => ({ok: false, error: `config file ${path}: ${problem}`});
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return fail(`not valid JSON (${error instanceof Error ? error.message.split('\n')[0] : 'parse error'})`);
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data))
		return fail('expected a JSON object like {"url": "http://host:8787"}');
	const config: Record<string, unknown> = {path};
	for (const [key, value] of Object.entries(data)) {
		const known = KEYS[key];
		if (known === undefined) {
			const nearest = nearestNames(key, CONFIG_KEYS);
			if (nearest.length > 0)
				return fail(`unknown key "${key}": did you mean ${nearest.map((name) => `"${name}"`).join(' or ')}?`);
			return fail(`unknown key "${key}" (known: ${CONFIG_KEYS.join(', ')})`);
		}
		// null leaves a key unset, as if it were not written (the example file's "ca-file").
		if (value === null) continue;
		const [field, kind] = known;
		switch (kind) {
			case 'string':
			case 'duration':
				if (typeof value === 'string') config[field] = value;
				else if (kind === 'duration' && typeof value === 'number') config[field] = String(value);
				else return fail(`"${key}" must be a ${kind === 'duration' ? 'duration like "2s"' : 'string'}`);
				break;
			case 'boolean':
				if (typeof value !== 'boolean') return fail(`"${key}" must be true or false`);
				config[field] = value;
				break;
			case 'strings':
				if (typeof value === 'string') config[field] = [value];
				else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) config[field] = value;
				else {
					const like = key === 'urls' ? '["http://a:8787", "http://b:8787"]' : '["Authorization: token …"]';
					return fail(`"${key}" must be a list of strings like ${like}`);
				}
				break;
			case 'count':
				if (typeof value === 'number' || typeof value === 'string') config[field] = String(value);
				else return fail(`"${key}" must be a whole number of workers`);
				break;
			case 'columns': {
				const problem = columnsProblem(value);
				if (problem !== undefined) return fail(problem);
				config[field] = value;
				break;
			}
			case 'object':
				if (typeof value === 'object' && value !== null && !Array.isArray(value)) config[field] = value;
				else return fail(`"${key}" must be an object like {"memory_warning": 0.75}`);
				break;
		}
	}
	return {ok: true, config: config as unknown as ConfigFile};
}

/** What is wrong with a `columns` value (a list of known column ids, each once), or undefined. */
export function columnsProblem(value: unknown): string | undefined {
	const known = `known: ${CHOOSABLE_COLUMNS.join(', ')}`;
	if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
		return `"columns" must be a list of column ids like ["name", "status", "memory_bar"] (${known})`;
	const unknown = value.find((id) => !CHOOSABLE_COLUMNS.includes(id as WorkerColumnId));
	if (unknown !== undefined) return `"columns": unknown column "${unknown}" (${known})`;
	const twice = value.find((id, i) => value.indexOf(id) !== i);
	if (twice !== undefined) return `"columns": "${twice}" is listed twice`;
	return undefined;
}

/**
 * Reads and parses the file; an unreadable or broken one is an error. A missing file is no config,
 * unless it was named (`--config FILE`): then it is an error too.
 */
export function readConfigFile(path: string, named = false): ConfigResult {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (named) {
			const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : `cannot read it (${code ?? 'error'})`;
			return {ok: false, error: `--config ${path}: ${why}: give the path of a JSON config file`};
		}
		if (code === 'ENOENT' || code === 'ENOTDIR') return {ok: true};
		return {ok: false, error: `config file ${path}: cannot read it (${code ?? 'error'})`};
	}
	return parseConfig(text, path);
}
