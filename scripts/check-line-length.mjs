#!/usr/bin/env node
// Fails when a tracked source line is longer than 120 columns. Biome wraps code to that width but
// leaves comments and long strings as written; this catches those (npm run lint runs it). A line
// that cannot be split (a URL) may say so in itself with the marker below.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const MAX_COLUMNS = 120;
/** Written in a line (in a comment) that cannot be split, e.g. one holding a long URL. */
export const ALLOW_MARKER = 'line-length: allow';

const CHECKED = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIPPED = /^(test\/fixtures|dist)\//;

/** Whether the file at this repository-relative path is checked. */
export function isChecked(path) {
	return CHECKED.test(path) && !SKIPPED.test(path);
}

/** The lines of `text` over `max` columns (a column per character, a tab counting one), without the marked ones. */
export function longLines(text, max = MAX_COLUMNS) {
	const found = [];
	text.split('\n').forEach((line, i) => {
		const columns = [...line.replace(/\r$/, '')].length;
		if (columns > max && !line.includes(ALLOW_MARKER)) found.push({line: i + 1, columns});
	});
	return found;
}

/**
 * `file:line (N columns)` for every long line of the files git knows under `root`: tracked ones and
 * new ones not ignored (so a file is checked before its first commit); deleted ones are skipped.
 */
export function offenders(root) {
	const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
		cwd: root,
		encoding: 'utf8',
	});
	const files = [...new Set(listed.split('\0'))].filter((file) => isChecked(file) && existsSync(join(root, file)));
	return files.flatMap((file) =>
		longLines(readFileSync(join(root, file), 'utf8')).map(({line, columns}) => `${file}:${line} (${columns} columns)`),
	);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const found = offenders(process.cwd());
	for (const offender of found) process.stdout.write(`${offender}\n`);
	if (found.length > 0) {
		process.stderr.write(
			`${found.length} line(s) over ${MAX_COLUMNS} columns: rewrap the comment or split the string ` +
				`(a line that cannot be split may carry "${ALLOW_MARKER}")\n`,
		);
		process.exitCode = 1;
	}
}
