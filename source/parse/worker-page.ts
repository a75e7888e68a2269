/**
 * /info/worker/<url-escaped address>.html (template worker.html) → what one worker holds.
 *
 * What the page really shows, in both 2022.12.1 and 2026.7.1 (checked on every recorded page):
 * - the worker's row of workers.html (same columns, `data-sort` on ≥2023.9.1);
 * - "In Memory": one row per key the scheduler believes the worker holds (ws.has_what), with the
 *   key and `format_bytes(ts.nbytes)` — formatted text only, no raw bytes even on 2026.7.1, so
 *   bytes read back are rounded to 3–4 significant digits;
 * - "Processing": keys assigned to the worker, sorted by priority, with the priority tuple text;
 * - "Resources" only when the worker declares resources.
 * What it does not show: whether a key is spilled to disk or in RAM, its type, its dependents, or
 * anything the worker itself knows (the page is rendered from the scheduler's view).
 */
import {parseFormattedBytes} from './dask-numbers.js';
import {scanRows, tableAfter, textOf} from './html-scan.js';
import {BodyParseError} from './json.js';
import {keySplit} from './key-split.js';
import {parseWorkerTable, type WorkersHtmlRow} from './workers-html.js';
import type {PrefixHolding} from '../types/prefix-holding.js';

export type {PrefixHolding};

export interface WorkerPageKey {
	readonly key: string;
	readonly prefix: string;
	/** nbytes as the page prints it (format_bytes read back), when readable. */
	readonly bytes?: number;
}

export interface WorkerPageTask {
	readonly key: string;
	readonly prefix: string;
	/** The priority tuple as printed, e.g. `(0, 3, 0)`. */
	readonly priority: string;
}

export interface WorkerPage {
	readonly address: string;
	/** The worker's row of the table at the top of the page. */
	readonly row?: WorkersHtmlRow;
	readonly inMemory: readonly WorkerPageKey[];
	readonly processing: readonly WorkerPageTask[];
	/** In-memory keys grouped by task prefix, largest bytes first (ties: more keys, then name). */
	readonly byPrefix: readonly PrefixHolding[];
	/** Σ bytes over the in-memory keys, as read back from the page. */
	readonly inMemoryBytes: number;
}

function keyCells(html: string, heading: string): Array<{key: string; second: string}> {
	const table = tableAfter(html, heading);
	if (!table) return [];
	const out: Array<{key: string; second: string}> = [];
	for (const row of scanRows(html, table.from, table.to)) {
		const [keyCell, secondCell] = row.cells;
		if (!keyCell) continue;
		const key = textOf(keyCell.html);
		if (key !== '') out.push({key, second: textOf(secondCell?.html ?? '')});
	}
	return out;
}

export function groupByPrefix(keys: readonly WorkerPageKey[]): PrefixHolding[] {
	const groups = new Map<string, {keys: number; bytes: number}>();
	for (const k of keys) {
		const group = groups.get(k.prefix) ?? {keys: 0, bytes: 0};
		group.keys++;
		group.bytes += k.bytes ?? 0;
		groups.set(k.prefix, group);
	}
	return [...groups]
		.map(([prefix, g]) => ({prefix, keys: g.keys, bytes: g.bytes}))
		.sort((a, b) => b.bytes - a.bytes || b.keys - a.keys || a.prefix.localeCompare(b.prefix));
}

export function parseWorkerPage(html: string): WorkerPage {
	const title = /<h1[^>]*>\s*Worker:\s*([^<]+?)\s*<\/h1>/.exec(html);
	if (!title) throw new BodyParseError('worker page has no "Worker:" title');
	const address = textOf(title[1]!);
	const topStart = html.indexOf('<table', title.index);
	const topEnd = html.indexOf('</table>', topStart);
	const row = topStart === -1 ? undefined : parseWorkerTable(html, topStart, topEnd === -1 ? html.length : topEnd)[0];
	const inMemory: WorkerPageKey[] = keyCells(html, 'In Memory').map(({key, second}) => {
		const bytes = parseFormattedBytes(second);
		return bytes === undefined ? {key, prefix: keySplit(key)} : {key, prefix: keySplit(key), bytes};
	});
	const processing: WorkerPageTask[] = keyCells(html, 'Processing').map(({key, second}) => ({
		key,
		prefix: keySplit(key),
		priority: second,
	}));
	let inMemoryBytes = 0;
	for (const k of inMemory) inMemoryBytes += k.bytes ?? 0;
	return {address, ...(row ? {row} : {}), inMemory, processing, byPrefix: groupByPrefix(inMemory), inMemoryBytes};
}
