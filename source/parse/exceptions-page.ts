/**
 * /info/main/exceptions.html → the erred tasks the scheduler remembers (the last
 * `distributed.admin.erred-tasks.max-history`, 100 by default), newest first as the page lists them
 * (the scheduler appendlefts each one). Template exceptions.html, the same in 2022.12.1 and
 * 2026.7.1: per task a `<div class="box">` with `Task:` (the key in a link), `Worker(s):` (one `<li>`
 * per address), `Exception:` (`<code> TEXT </code>`) and the traceback in `<pre><code>TEXT </code></pre>`
 * (Dask's own padding: one space each side of the exception, one after the traceback). The page
 * carries no time. Pure.
 */
import type {ErredTask} from '../types/drill-page.js';
import {decodeEntities, textOf} from './html-scan.js';
import {keySplit} from './key-split.js';

const BOX = '<div class="box">';
/** The exception's type: `ValueError(…)`, `pkg.errors.Boom(…)`, `KeyError`. */
const TYPE = /^([A-Za-z_][\w.]*)(?:\(|:|$)/;

function between(html: string, open: RegExp, close: string): string | undefined {
	const match = open.exec(html);
	if (!match) return undefined;
	const from = match.index + match[0].length;
	const to = html.indexOf(close, from);
	return html.slice(from, to < 0 ? html.length : to);
}

/** One space of the template's padding off each side (the text's own whitespace kept). */
function unpad(text: string): string {
	return text.replace(/^ /, '').replace(/ $/, '');
}

/** @internal The exception's type as its text starts (exported for its tests). */
export function exceptionType(exception: string): string {
	return TYPE.exec(exception.trim())?.[1] ?? '';
}

export function parseExceptionsPage(html: string): ErredTask[] {
	const out: ErredTask[] = [];
	const boxes = html.split(BOX).slice(1);
	for (const box of boxes) {
		const taskHtml = between(box, /<span>Task:<\/span>\s*<code>/, '</code>');
		if (taskHtml === undefined) continue;
		const link = /<a\b[^>]*>([\s\S]*?)<\/a>/.exec(taskHtml);
		const key = link ? decodeEntities(link[1]!) : textOf(taskHtml);
		const list = between(box, /<ul class="workerlist">/, '</ul>') ?? '';
		const workers = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!)).filter((w) => w !== '');
		const exception = unpad(decodeEntities(between(box, /<span>Exception:<\/span>\s*<code>/, '</code>') ?? ''));
		const traceback = decodeEntities(between(box, /<pre><code>/, '</code></pre>') ?? '').replace(/ $/, '');
		out.push({key, prefix: keySplit(key), workers, exception, type: exceptionType(exception), traceback});
	}
	return out;
}
