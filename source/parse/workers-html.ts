/**
 * /info/main/workers.html (template worker-table.html) → one row per worker. It answers while
 * identity.json fails, and it is the only HTTP source of per-worker occupancy and processing.
 * 2022.12 prints formatted text only (`0.93 GiB`, `1.50 s`); ≥2023.9.1 adds raw `data-sort`
 * values, which win when present. The progress bar carries raw bytes in both versions
 * (`value` = process memory from the heartbeat, `max` = memory_limit).
 */
import {parseFormattedBytes, parseFormattedTime} from './dask-numbers.js';
import {attrOf, scanRows, textOf, type HtmlCell, type HtmlRow} from './html-scan.js';
import {defined} from '../units/defined.js';
import {BodyParseError} from './json.js';

export interface WorkersHtmlRow {
	readonly address: string;
	readonly name: string;
	readonly nthreads?: number;
	readonly memory_limit_bytes?: number;
	/** Process memory (RSS) of the latest heartbeat. */
	readonly memory_process_bytes?: number;
	readonly occupancy_seconds?: number;
	readonly processing?: number;
	readonly keys_in_memory?: number;
	readonly dashboard_port?: number;
	readonly host?: string;
	/** Seconds since the scheduler heard the worker's heartbeat, as of the page's rendering. */
	readonly last_seen_age_seconds?: number;
	/** The page highlights rows whose heartbeat is over 60 s old. */
	readonly stale: boolean;
}

export interface WorkersHtml {
	/** Scheduler comm address from the page title, when present. */
	readonly scheduler_address?: string;
	readonly rows: readonly WorkersHtmlRow[];
	/** ≥2023.9.1: cells carry raw `data-sort` values. */
	readonly hasDataSort: boolean;
	/** ≥2024.7.1 with the api module enabled: each row has a Close button. */
	readonly hasCloseButtons: boolean;
}

type Column =
	| 'worker'
	| 'name'
	| 'cores'
	| 'memory'
	| 'memory use'
	| 'occupancy'
	| 'processing'
	| 'in-memory'
	| 'services'
	| 'logs'
	| 'last seen';

const TEMPLATE_ORDER: readonly Column[] = [
	'worker',
	'name',
	'cores',
	'memory',
	'memory use',
	'occupancy',
	'processing',
	'in-memory',
	'services',
	'logs',
	'last seen',
];

function columnIndex(headerRow: HtmlRow | undefined): ReadonlyMap<Column, number> {
	const index = new Map<Column, number>();
	const headers = headerRow?.headers.map((h) => h.toLowerCase()) ?? [];
	TEMPLATE_ORDER.forEach((column, position) => {
		const found = headers.indexOf(column);
		index.set(column, found === -1 ? position : found);
	});
	return index;
}

function intOf(text: string | undefined): number | undefined {
	if (text === undefined || !/^-?\d+$/.test(text.trim())) return undefined;
	return Number(text);
}

function numberOf(text: string | undefined): number | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const value = Number(text);
	return Number.isFinite(value) ? value : undefined;
}

/** The raw `data-sort` value (≥2023.9.1) or the formatted text read back. */
function sortedOrText(cell: HtmlCell | undefined, parseText: (text: string) => number | undefined): number | undefined {
	if (!cell) return undefined;
	return numberOf(attrOf(cell.attrs, 'data-sort')) ?? parseText(textOf(cell.html));
}

function progressAttrs(cell: HtmlCell | undefined): {value?: number; max?: number} {
	if (!cell) return {};
	const start = cell.html.indexOf('<progress');
	if (start === -1) return {};
	const tag = cell.html.slice(start + 9, cell.html.indexOf('>', start));
	return defined({value: numberOf(attrOf(tag, 'value')), max: numberOf(attrOf(tag, 'max'))});
}

const PROXY_LINK = /proxy\/(\d+)\/([^/"'\s]+)\/status/;

export function parseWorkerRow(row: HtmlRow, columns: ReadonlyMap<Column, number>): WorkersHtmlRow | undefined {
	const cell = (column: Column) => row.cells[columns.get(column)!];
	const address = textOf(cell('worker')?.html ?? '');
	if (address === '') return undefined;
	const progress = progressAttrs(cell('memory use'));
	const link = PROXY_LINK.exec(cell('services')?.html ?? '');
	return defined({
		address,
		name: textOf(cell('name')?.html ?? '') || address,
		nthreads: intOf(textOf(cell('cores')?.html ?? '')),
		memory_limit_bytes:
			numberOf(attrOf(cell('memory')?.attrs ?? '', 'data-sort')) ??
			progress.max ??
			parseFormattedBytes(textOf(cell('memory')?.html ?? '')),
		memory_process_bytes: progress.value,
		occupancy_seconds: sortedOrText(cell('occupancy'), parseFormattedTime),
		processing: intOf(textOf(cell('processing')?.html ?? '')),
		keys_in_memory: intOf(textOf(cell('in-memory')?.html ?? '')),
		dashboard_port: link ? Number(link[1]) : undefined,
		host: link ? decodeURIComponent(link[2]!) : undefined,
		last_seen_age_seconds: sortedOrText(cell('last seen'), parseFormattedTime),
		stale: /background-color/i.test(row.attrs),
	});
}

/** Rows of the first worker table in `html[from, to)`, using its header row to find columns. */
export function parseWorkerTable(html: string, from = 0, to = html.length): WorkersHtmlRow[] {
	const rows = scanRows(html, from, to);
	const columns = columnIndex(rows.find((r) => r.headers.length > 0));
	const out: WorkersHtmlRow[] = [];
	for (const row of rows) {
		if (row.cells.length < 3) continue;
		const parsed = parseWorkerRow(row, columns);
		if (parsed) out.push(parsed);
	}
	return out;
}

export function parseWorkersHtml(html: string): WorkersHtml {
	if (!/<table/i.test(html)) throw new BodyParseError('workers.html has no worker table');
	const tableStart = html.indexOf('<table');
	const tableEnd = html.indexOf('</table>', tableStart);
	const title = /<h1[^>]*>\s*Scheduler\s+([^<\s]+)\s*<\/h1>/.exec(html);
	return defined({
		scheduler_address: title ? textOf(title[1]!) : undefined,
		rows: parseWorkerTable(html, tableStart, tableEnd === -1 ? html.length : tableEnd),
		hasDataSort: html.includes('data-sort='),
		hasCloseButtons: html.includes('id="close-worker"'),
	});
}
