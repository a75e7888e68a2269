/**
 * The optional config file, `$XDG_CONFIG_HOME/dask-top/config.json` (default
 * `~/.config/dask-top/config.json`), or the one `--config FILE` names. Keys are the long flag
 * names; flags win over it. Parsing is pure; readConfigFile is the one read, and a missing default
 * file is simply no config (a missing `--config FILE` is a usage error). The keys and their kinds
 * are the settings table's (settings.ts), and so is docs/config.example.json, which shows every key.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {CHOOSABLE_COLUMNS, type WorkerColumnId} from '../types/worker-column-ids.js';
import {type ConfigKind, type ConfigPart, configField, type Setting} from './setting-types.js';
import {SETTINGS} from './settings.js';
import {nearestNames} from './suggest.js';

/** What each kind of key holds once read (config file values are checked further by resolve.ts). */
interface KindValue {
	readonly string: string;
	/** As written: "2s", or a number of seconds as text. */
	readonly duration: string;
	readonly boolean: boolean;
	readonly strings: readonly string[];
	/** A whole number as text (checked by options/model.ts). */
	readonly count: string;
	/** Threshold overrides by name, as written (checked by options/model.ts). */
	readonly object: Readonly<Record<string, unknown>>;
	/** The worker table's columns shown, in order (F2 saves them here). */
	readonly columns: readonly WorkerColumnId[];
}

/** `ca-file` → `caFile`, as configField does. */
type Camel<Key extends string> = Key extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : Key;
type ConfigSetting = Extract<(typeof SETTINGS)[number], {readonly config: ConfigPart}>;

/** The file's settings, one optional field per config key of the settings table. */
export type ConfigFile = {readonly path: string} & {
	readonly [S in ConfigSetting as Camel<S['config']['key']>]?: KindValue[S['config']['kind']];
};

/** Accepted keys (as in the file) → field and kind, from the settings table. */
const KEYS: Readonly<Record<string, readonly [field: string, kind: ConfigKind]>> = Object.fromEntries(
	SETTINGS.flatMap((s: Setting) =>
		s.config === 'none' ? [] : [[s.config.key, [configField(s.config.key), s.config.kind] as const]],
	),
);

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
