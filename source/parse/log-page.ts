/**
 * /info/main/logs.html (the scheduler's) and /info/logs/<address>.html (a worker's, which the
 * scheduler asks it for) → log lines, oldest first. Template logs.html: one `<p> LINE </p>` per
 * record the `distributed` loggers keep (`distributed.admin.log-length`), formatted with
 * `distributed.admin.log-format` (default `%(asctime)s - %(name)s - %(levelname)s - %(message)s`);
 * a record's message may span lines (Compute Failed). 2022.12.1 lists them oldest first, 2023.x and
 * later newest first: told by the lines' times. A line in another format is kept whole as its
 * message, with no time or level. Pure.
 */
import type {LogLevel, LogLine} from '../types/drill-page.js';
import {decodeEntities} from './html-scan.js';

const PARAGRAPH = /<p>([\s\S]*?)<\/p>/g;
const DEFAULT_FORMAT = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) - ([\w.-]+) - (DEBUG|INFO|WARNING|ERROR|CRITICAL) - /;
const LEVEL_ANYWHERE = /\b(DEBUG|INFO|WARNING|ERROR|CRITICAL)\b/;
const LEADING_TIME = /^(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[,.]\d+)?)/;

function lineOf(raw: string): LogLine {
	// The template pads each line with one space each side.
	const text = raw.replace(/^ /, '').replace(/\s+$/, '');
	const known = DEFAULT_FORMAT.exec(text);
	if (known)
		return {
			time: known[1]!,
			logger: known[2]!,
			level: known[3] as LogLevel,
			message: text.slice(known[0].length),
		};
	const time = LEADING_TIME.exec(text)?.[1];
	const firstLine = text.split('\n', 1)[0] ?? '';
	const level = LEVEL_ANYWHERE.exec(firstLine)?.[1] as LogLevel | undefined;
	return {...(time === undefined ? {} : {time}), ...(level === undefined ? {} : {level}), message: text};
}

export function parseLogPage(html: string): LogLine[] {
	const lines = [...html.matchAll(PARAGRAPH)].map((m) => lineOf(decodeEntities(m[1]!)));
	const first = lines.find((l) => l.time !== undefined)?.time;
	const last = lines.findLast((l) => l.time !== undefined)?.time;
	return first !== undefined && last !== undefined && first > last ? lines.reverse() : lines;
}
