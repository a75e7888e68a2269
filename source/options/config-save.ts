/**
 * Saving one key into the config file the options were read from (F2's `columns`): read, merge,
 * write atomically (a temporary file beside it, then a rename), so the user's other keys stay, each
 * written as they wrote it. A file that cannot be read, or is not a JSON object, is never
 * overwritten: the save fails and says why. The text edit is pure (setConfigKey); saveConfigKey
 * does the I/O.
 */
import {mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import {isDeepStrictEqual} from 'node:util';

/** `problem`: why the file was not written (it is left as it was), in a few words. */
export type SaveResult = {readonly ok: true} | {readonly ok: false; readonly problem: string};

const WHITESPACE = /\s/;

/** The end (exclusive) of the JSON value starting at `start` of valid JSON `text`. */
function valueEnd(text: string, start: number): number {
	let depth = 0;
	let i = start;
	while (i < text.length) {
		const c = text[i]!;
		if (c === '"') {
			i++;
			while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
			i++;
			if (depth === 0) return i;
			continue;
		}
		if (c === '{' || c === '[') depth++;
		else if (c === '}' || c === ']') {
			depth--;
			if (depth === 0) return i + 1;
			if (depth < 0) return i;
		} else if (depth === 0 && (c === ',' || WHITESPACE.test(c))) return i;
		i++;
	}
	return i;
}

interface Member {
	readonly key: string;
	/** Where its key's opening quote is. */
	readonly keyStart: number;
	/** Where its value's text starts and ends. */
	readonly start: number;
	readonly end: number;
}

/** The members of the top-level object of valid JSON `text`, in the file's order. */
function members(text: string): Member[] {
	const out: Member[] = [];
	let i = text.indexOf('{') + 1;
	while (i < text.length) {
		while (i < text.length && text[i] !== '"' && text[i] !== '}') i++;
		if (text[i] !== '"') break;
		const keyEnd = valueEnd(text, i);
		const key = JSON.parse(text.slice(i, keyEnd)) as string;
		let start = text.indexOf(':', keyEnd) + 1;
		while (WHITESPACE.test(text[start] ?? '')) start++;
		const end = valueEnd(text, start);
		out.push({key, keyStart: i, start, end});
		i = end;
		while (i < text.length && text[i] !== ',' && text[i] !== '}') i++;
		if (text[i] === '}') break;
		i++;
	}
	return out;
}

/** The value as one line: `["name", "status"]`. */
function valueText(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
	return JSON.stringify(value);
}

/**
 * The config text with `key` set to `value`: its value's text replaced where the key is (the last
 * time, as JSON.parse reads it), or a member added at the end, indented as the file's first member;
 * a missing file (undefined) becomes a new object. Every other byte stays. An error when the text is
 * not a JSON object.
 */
export function setConfigKey(
	text: string | undefined,
	key: string,
	value: unknown,
): {readonly ok: true; readonly text: string} | {readonly ok: false; readonly error: string} {
	if (text === undefined || text.trim() === '')
		return {ok: true, text: `{\n\t${JSON.stringify(key)}: ${valueText(value)}\n}\n`};
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return {
			ok: false,
			error: `not valid JSON (${error instanceof Error ? error.message.split('\n')[0] : 'parse error'})`,
		};
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return {ok: false, error: 'not a JSON object'};
	const all = members(text);
	const found = all.filter((m) => m.key === key).at(-1);
	let next: string;
	if (found) next = text.slice(0, found.start) + valueText(value) + text.slice(found.end);
	else {
		const close = text.lastIndexOf('}');
		let last = close - 1;
		while (last >= 0 && WHITESPACE.test(text[last]!)) last--;
		const first = all[0];
		// Indented as the first member when it has a line of its own; after it on the line otherwise.
		const lineStart = first ? text.lastIndexOf('\n', first.keyStart) + 1 : 0;
		const ownLine = first !== undefined && lineStart > 0 && text.slice(lineStart, first.keyStart).trim() === '';
		const indent = ownLine ? text.slice(lineStart, first.keyStart) : '\t';
		const member = `${JSON.stringify(key)}: ${valueText(value)}`;
		const joint = all.length === 0 ? `\n${indent}` : ownLine ? `,\n${indent}` : ', ';
		const tail = all.length === 0 ? '\n' : '';
		next = text.slice(0, last + 1) + joint + member + tail + text.slice(last + 1);
	}
	// Nothing else may change: the text read back is the object read before, with the key set.
	if (!isDeepStrictEqual(JSON.parse(next), {...(data as object), [key]: value}))
		return {ok: false, error: 'not safely editable'};
	return {ok: true, text: next};
}

/** Sets `key` in the config file at `path` (created with its directory when missing); never overwrites a bad file. */
export function saveConfigKey(path: string, key: string, value: unknown): SaveResult {
	const fail = (problem: string): SaveResult => ({ok: false, problem});
	let text: string | undefined;
	let mode: number | undefined;
	// A symbolic link (a dotfiles checkout) stays one: the file it points at is the one rewritten.
	let target = path;
	try {
		target = realpathSync(path);
		text = readFileSync(target, 'utf8');
		mode = statSync(target).mode & 0o777;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== 'ENOENT') return fail(`unreadable (${code ?? 'error'})`);
	}
	const edited = setConfigKey(text, key, value);
	if (!edited.ok) return fail(edited.error);
	const temporary = `${target}.${process.pid}.tmp`;
	try {
		mkdirSync(dirname(target), {recursive: true});
		writeFileSync(temporary, edited.text, {mode: mode ?? 0o644});
		renameSync(temporary, target);
	} catch (error) {
		rmSync(temporary, {force: true});
		return fail(`unwritable (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
	}
	return {ok: true};
}
