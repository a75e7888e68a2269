/**
 * The worker table's columns: title, width, priority (what drops first as the terminal narrows),
 * the sort key behind each, and how a row's cell is drawn as coloured segments. Pure.
 */
import type {SortColumn, WorkerRow} from '../../model/types.js';
import {memoryBar, thresholdRuler, type MemoryThresholds, type Segment} from '../draw/bars.js';
import type {ColumnSpec} from '../draw/column-fit.js';
import {
	fit,
	fitMiddle,
	formatBytesShort,
	formatCount,
	formatCpu,
	formatDuration,
	formatPercent,
	formatRateShort,
	MISSING,
	shortAddress,
} from '../draw/cells.js';
import type {Glyphs, Tone} from '../draw/theme.js';
import {columnsOf} from '../draw/text-columns.js';
import {WORKER_COLUMN_IDS, type WorkerColumnId} from '../../types/worker-column-ids.js';
import {FIGURE_COLUMNS} from '../../types/worker-figures.js';
import type {ColumnChoice} from '../state/column-choice.js';

export type {WorkerColumnId};

export interface WorkerColumn extends ColumnSpec<WorkerColumnId> {
	readonly sort?: SortColumn;
}

/** The columns in their default order, each as the figure that owns it gives it (types/worker-figures.ts). */
export const WORKER_COLUMNS: readonly WorkerColumn[] = WORKER_COLUMN_IDS.map((id) => FIGURE_COLUMNS.get(id)!);

/** What each column shows: the help's glossary and the column setup (F2) read it. */
export const COLUMN_MEANINGS: Readonly<Record<WorkerColumnId, string>> = Object.fromEntries(
	WORKER_COLUMN_IDS.map((id) => [id, FIGURE_COLUMNS.get(id)!.meaning]),
) as Record<WorkerColumnId, string>;

const BY_ID = new Map(WORKER_COLUMNS.map((c) => [c.id, c]));
/** NAME grouped by host: a fold mark or a branch before the name, and a host's name is what tells its row. */
const HOST_NAME: WorkerColumn = {...BY_ID.get('name')!, width: 16, maxWidth: 30};
const chosen = new WeakMap<readonly ColumnChoice[], readonly WorkerColumn[]>();
const chosenByHost = new WeakMap<readonly ColumnChoice[], readonly WorkerColumn[]>();

/**
 * The table's columns as the user chose them (F2): the severity mark, then the shown ones in their
 * order; which of them fit a width is fitColumns' to say (by priority, in this order). Grouped by
 * host, NAME is wider. Kept per choice.
 */
export function chosenColumns(choices: readonly ColumnChoice[], byHost = false): readonly WorkerColumn[] {
	const cache = byHost ? chosenByHost : chosen;
	let columns = cache.get(choices);
	if (columns === undefined) {
		const spec = (id: WorkerColumnId) => (byHost && id === 'name' ? HOST_NAME : BY_ID.get(id)!);
		columns = [BY_ID.get('mark')!, ...choices.filter((c) => c.shown).map((c) => spec(c.id))];
		cache.set(choices, columns);
	}
	return columns;
}

/** What a cell needs besides its row: glyphs and the thresholds that colour it. */
export interface CellContext {
	readonly glyphs: Glyphs;
	readonly memory: MemoryThresholds;
	readonly eventLoopWarningSeconds: number;
	readonly eventLoopCriticalSeconds: number;
}

export function statusTone(status: string): Tone {
	switch (status) {
		case 'running':
			return 'ok';
		case 'paused':
		case 'lost':
			return 'critical';
		case 'closing_gracefully':
		case 'closing':
		case 'retiring':
		case 'gone':
			return 'warning';
		case 'retired':
		case 'closed':
			return 'muted';
		default:
			return 'normal';
	}
}

/**
 * Status as shown: Dask's `closing_gracefully` is shortened; an unknown one (no identity.json) is
 * `—`, as every missing figure.
 */
export function statusText(status: string): string {
	return status === 'closing_gracefully' ? 'retiring' : status === 'unknown' ? MISSING : status;
}

function text(value: string, width: number, align: 'left' | 'right', tone: Tone = 'normal'): Segment[] {
	return [{text: fit(value, width, align), tone}];
}

function toneAbove(value: number | undefined, warning: number, critical: number): Tone {
	if (value === undefined) return 'normal';
	if (value >= critical) return 'critical';
	if (value >= warning) return 'warning';
	return 'normal';
}

/**
 * How a row of the table grouped by host is told apart: a host's row (its fold mark before its name,
 * its worker count after it when that fits, the count in ADDRESS, in bold) or a worker under its
 * host (a branch before its name).
 */
export interface RowDecor {
	readonly prefix: string;
	readonly suffix?: string;
	readonly address?: string;
	/** A host's row: its name in bold, cut in its middle when it does not fit. */
	readonly host?: boolean;
}

function nameCell(row: WorkerRow, width: number, decor: RowDecor | undefined): Segment[] {
	const tone: Tone = row.present ? 'normal' : 'muted';
	if (decor === undefined) return text(row.name, width, 'left', tone);
	const whole = `${decor.prefix}${row.name}${decor.suffix ?? ''}`;
	// A host's name cut in its middle keeps its end (127.0.0.1 and 127.0.0.2, node-07 and node-17 stay apart).
	const room = width - columnsOf(decor.prefix);
	const cell =
		columnsOf(whole) <= width
			? fit(whole, width, 'left')
			: `${decor.prefix}${decor.host ? fitMiddle(row.name, room) : fit(row.name, room)}`;
	return [decor.host ? {text: cell, tone, bold: true} : {text: cell, tone}];
}

/** One cell of a row, exactly `width` cells wide. */
export function workerCell(
	id: WorkerColumnId,
	row: WorkerRow,
	width: number,
	ctx: CellContext,
	decor?: RowDecor,
): Segment[] {
	const right = (value: string, tone: Tone = 'normal') => text(value, width, 'right', tone);
	switch (id) {
		case 'mark':
			if (row.severity === 'critical') return text(ctx.glyphs.criticalMark, width, 'left', 'critical');
			if (row.severity === 'warning') return text(ctx.glyphs.warningMark, width, 'left', 'warning');
			return text('', width, 'left');
		case 'name':
			return nameCell(row, width, decor);
		case 'address':
			return text(decor?.address ?? shortAddress(row.address), width, 'left', 'muted');
		case 'status':
			return text(statusText(row.status), width, 'left', statusTone(row.status));
		case 'threads':
			return right(formatCount(row.threads));
		case 'cpu':
			return right(formatCpu(row.cpu_percent));
		case 'memory_bar': {
			const figures = {
				...(row.memory_process_bytes === undefined ? {} : {processBytes: row.memory_process_bytes}),
				...(row.memory_managed_bytes === undefined ? {} : {managedBytes: row.memory_managed_bytes}),
				...(row.memory_limit_bytes === undefined ? {} : {limitBytes: row.memory_limit_bytes}),
			};
			const bar = memoryBar(figures, width, ctx.glyphs, ctx.memory, false); // the heading marks the thresholds
			if (bar) return bar;
			const why = row.memory_limit_bytes === 0 ? `${formatBytesShort(row.memory_process_bytes)} no limit` : MISSING;
			return text(why, width, 'left', 'muted');
		}
		case 'memory_pct': {
			const fraction = row.memory_fraction;
			return right(formatPercent(fraction), toneAbove(fraction, ctx.memory.spill, ctx.memory.pause));
		}
		case 'spilled': {
			const spilled = row.memory_spilled_bytes;
			return right(
				spilled === 0 ? '0' : formatBytesShort(spilled),
				spilled !== undefined && spilled > 0 ? 'warning' : 'normal',
			);
		}
		case 'executing':
			return right(formatCount(row.tasks_executing));
		case 'ready':
			return right(formatCount(row.tasks_ready));
		case 'in_memory':
			return right(formatCount(row.tasks_in_memory));
		case 'transfers': {
			const incoming = row.transfer_incoming_count;
			const outgoing = row.transfer_outgoing_count;
			if (incoming === undefined && outgoing === undefined) return right(formatCount(row.transfers));
			return right(`${formatCount(incoming ?? 0)}/${formatCount(outgoing ?? 0)}`);
		}
		case 'net_read':
			return right(formatRateShort(row.net_read_bps));
		case 'net_write':
			return right(formatRateShort(row.net_write_bps));
		case 'event_loop':
			return right(
				formatDuration(row.event_loop_interval_seconds),
				toneAbove(row.event_loop_interval_seconds, ctx.eventLoopWarningSeconds, ctx.eventLoopCriticalSeconds),
			);
		case 'heartbeat':
			return right(
				row.present ? formatDuration(row.heartbeat_age_seconds) : 'gone',
				row.present ? 'normal' : 'critical',
			);
	}
}

/** The header cell of a column, with the sort direction on the sorted one. */
export function headerCell(
	column: WorkerColumn,
	width: number,
	sort: {readonly column: SortColumn; readonly descending: boolean},
	glyphs: Glyphs,
): string {
	const sorted =
		column.sort === sort.column && column.id !== 'mark' && !(column.id === 'memory_bar' && sort.column === 'memory');
	if (!sorted) return fit(column.title, width, column.align);
	// The direction arrow is the point of a sorted heading: when title and arrow do not fit, the
	// title gives way (`EXE↓`, never `EXE…`).
	const arrow = sort.descending ? glyphs.down : glyphs.up;
	const title =
		column.title.length + arrow.length > width
			? column.title.slice(0, Math.max(0, width - arrow.length))
			: column.title;
	return fit(`${title}${arrow}`, width, column.align);
}

/** The space between two cells (segments are never changed once made: one object serves every row). */
const GAP: Segment = Object.freeze({text: ' ', tone: 'normal'});
const GAP_GONE: Segment = Object.freeze({text: ' ', tone: 'muted'});

/** Cells of a gone worker that keep their own colour: the alert mark and the status word. */
const KEEP_TONE_WHEN_GONE: ReadonlySet<WorkerColumnId> = new Set(['mark', 'status']);

/**
 * A whole row: its cells joined by one space. A lost or retired worker's row is dimmed (its status
 * says `lost` / `retired` in words).
 */
export function rowSegments(
	row: WorkerRow,
	columns: ReadonlyArray<{readonly spec: WorkerColumn; readonly width: number}>,
	ctx: CellContext,
	decor?: RowDecor,
): Segment[] {
	const out: Segment[] = [];
	const gap: Segment = row.present ? GAP : GAP_GONE;
	// By index, without spreading: every visible row of every frame (docs/performance-log.md, "Loops by index").
	for (let i = 0; i < columns.length; i++) {
		const column = columns[i]!;
		if (i > 0) out.push(gap);
		const cells = workerCell(column.spec.id, row, column.width, ctx, decor);
		const keep = row.present || KEEP_TONE_WHEN_GONE.has(column.spec.id);
		for (let c = 0; c < cells.length; c++) out.push(keep ? cells[c]! : {text: cells[c]!.text, tone: 'muted'});
	}
	return out;
}

/** The column header line; over the memory bars, a mark at each of Dask's memory thresholds. */
export function headerSegments(
	columns: ReadonlyArray<{readonly spec: WorkerColumn; readonly width: number}>,
	sort: {readonly column: SortColumn; readonly descending: boolean},
	glyphs: Glyphs,
	memory?: MemoryThresholds,
): Segment[] {
	const out: Segment[] = [];
	let text = '';
	columns.forEach((c, i) => {
		if (i > 0) text += ' ';
		if (c.spec.id === 'memory_bar' && memory) {
			if (text !== '') out.push({text, tone: 'title', bold: true});
			text = '';
			out.push(...thresholdRuler(headerCell(c.spec, c.width, sort, glyphs).trimEnd(), c.width, glyphs, memory));
		} else text += headerCell(c.spec, c.width, sort, glyphs);
	});
	if (text !== '') out.push({text, tone: 'title', bold: true});
	return out;
}

/** Human name of a sort column, for the table title. */
export function sortLabel(column: SortColumn): string {
	return column.replaceAll('_', ' ');
}
