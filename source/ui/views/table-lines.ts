/**
 * The worker table as screen lines. Only the rows in the window are built (10,000 workers cost what
 * a screenful costs); the columns are the user's (F2), in their order, and drop by priority as the
 * terminal narrows (worker-columns.ts). Grouped by host, the rows are the hosts' sums with their
 * workers under them as a tree (model/rows/host-groups.ts).
 */
import {segmentsWidth, type MemoryThresholds, type Segment} from '../draw/bars.js';
import {fitColumns} from '../draw/column-fit.js';
import type {ScreenLine} from '../draw/line-text.js';
import {memoLast} from '../../units/memo-last.js';
import type {GoneCounts, SortColumn, WorkerRow} from '../../model/types.js';
import type {Glyphs, Theme, Tone} from '../draw/theme.js';
import type {HostTable, TableEntry} from '../../model/rows/host-groups.js';
import {
	headerSegments,
	rowSegments,
	sortLabel,
	type CellContext,
	type RowDecor,
	type WorkerColumn,
} from './worker-columns.js';

/** The worker table's figures (tableLines adds the theme and the width). */
export interface TableView {
	readonly rows: readonly WorkerRow[];
	/** Grouped by host: the rows drawn are these entries (hosts, and the workers of the open ones). */
	readonly hosts?: HostTable;
	/** Workers before filtering, gone ones kept on screen included. */
	readonly total: number;
	/** Of `total`, the lost and retired rows kept on screen for a while. */
	readonly gone: GoneCounts;
	/** Of `rows`, the lost and retired ones. */
	readonly shownGone: GoneCounts;
	/** Why there is no worker list at all (the scheduler never answered), instead of "no workers connected". */
	readonly unreached?: string;
	readonly cursor: number;
	readonly top: number;
	/** Rows available for the whole table, its title and column header included. */
	readonly height: number;
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	readonly filterText: string;
	readonly filterError?: string;
	readonly followName?: string;
	/** The figures are not fresh: "last figures 18:37:07, 12s old". */
	readonly staleNote?: string;
	readonly cells: CellContext;
	/** The columns the user chose, in their order (before fitting the width). */
	readonly columns: readonly WorkerColumn[];
}

/** Rows of the table body for a table of `height` lines (title and column header take two). */
export function tableBodyRows(height: number): number {
	return Math.max(1, height - 2);
}

/** Lines a table of `rows` rows needs (title, column header, at least one line for "no workers"). */
export function tableHeightFor(rows: number): number {
	return 2 + Math.max(1, rows);
}

/**
 * The count in the table's title: the live workers, as the header counts them, and apart the gone
 * ones still on screen ("2 (+1 lost)"); with a filter, those it shows of them ("1 of 2 (+1 lost)").
 */
export function tableCountText(table: Pick<TableView, 'rows' | 'total' | 'gone' | 'shownGone' | 'filterText'>): string {
	const all = (g: GoneCounts) => g.lost + g.retired + (g.gone ?? 0);
	const live = table.total - all(table.gone);
	const filtered = table.filterText !== '';
	const gone = filtered ? table.shownGone : table.gone;
	const count = filtered ? `${table.rows.length - all(gone)} of ${live}` : `${live}`;
	const extra = [
		...(gone.lost > 0 ? [`+${gone.lost} lost`] : []),
		...((gone.gone ?? 0) > 0 ? [`+${gone.gone} gone`] : []),
		...(gone.retired > 0 ? [`+${gone.retired} left`] : []),
	];
	return extra.length === 0 ? count : `${count} (${extra.join(', ')})`;
}

const fitWorkerColumns = (width: number, specs: readonly WorkerColumn[]) => fitColumns(specs, width);
type Columns = ReturnType<typeof fitWorkerColumns>;

/**
 * What the table keeps between frames: the columns that fit the width, and each row's segments while
 * the row, the columns and the cell context are the same (a key press or a tick moves no figure).
 */
export interface TableMemo {
	readonly columns: (width: number, specs: readonly WorkerColumn[]) => Columns;
	readonly rows: WeakMap<
		WorkerRow,
		{columns: Columns; cells: CellContext; decor: string | undefined; segments: Segment[]}
	>;
	/** The column header, kept while the columns, the sort and the thresholds are the same. */
	readonly header: (
		columns: Columns,
		column: TableView['sort']['column'],
		descending: boolean,
		cells: CellContext,
	) => Segment[];
}

export function createTableMemo(): TableMemo {
	return {
		columns: memoLast(fitWorkerColumns),
		rows: new WeakMap(),
		header: memoLast((columns, column, descending, cells) =>
			headerSegments(columns, {column, descending}, cells.glyphs, cells.memory),
		),
	};
}

function rowLine(row: WorkerRow, columns: Columns, cells: CellContext, memo: TableMemo, decor?: RowDecor): Segment[] {
	const key = decor === undefined ? undefined : `${decor.prefix}|${decor.suffix ?? ''}|${decor.address ?? ''}`;
	const kept = memo.rows.get(row);
	if (kept !== undefined && kept.columns === columns && kept.cells === cells && kept.decor === key)
		return kept.segments;
	const segments = rowSegments(row, columns, cells, decor);
	memo.rows.set(row, {columns, cells, decor: key, segments});
	return segments;
}

/** How an entry of the table grouped by host is drawn: a host's row, or a worker under its host. */
function entryDecor(entry: TableEntry, glyphs: Glyphs): RowDecor {
	if (entry.kind === 'worker') return {prefix: `${entry.last ? glyphs.lastBranch : glyphs.branch} `};
	const {row, open, shown} = entry;
	const count = shown === row.workers ? `${row.workers}` : `${shown}/${row.workers}`;
	return {
		prefix: `${open ? glyphs.unfolded : glyphs.folded} `,
		suffix: ` (${count})`,
		address: shown === row.workers ? plural(row.workers, 'worker') : `${shown} of ${plural(row.workers, 'worker')}`,
		host: true,
	};
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A share as the legend writes it: 60, 62.5. */
function percent(fraction: number): string {
	return String(Math.round(fraction * 1000) / 10);
}

/**
 * What the ▾ marks over the memory bars stand for, in the room the title leaves: Dask's thresholds
 * named, or only their shares; nothing when neither fits.
 */
function legendSegments(memory: MemoryThresholds, theme: Theme, room: number): Segment[] {
	// A mark the user set is theirs, not Dask's: named by its level, not by what Dask would do there.
	const own = memory.own;
	const marks: ReadonlyArray<readonly [string, number, Tone]> = [
		['target', memory.target, 'muted'],
		[own?.has('spill') ? 'your warning' : 'spill', memory.spill, 'warning'],
		[own?.has('pause') ? 'your critical' : 'pause', memory.pause, 'critical'],
		[own?.has('terminate') ? 'your terminate' : 'terminate', memory.terminate, 'critical'],
	];
	const mark = `  ${theme.glyphs.threshold} `;
	const named: Segment[] = [{text: mark, tone: 'muted'}];
	for (const [name, share, tone] of marks)
		named.push({text: `${named.length === 1 ? '' : ' '}${name} ${percent(share)}`, tone});
	named.push({text: ' %', tone: 'muted'});
	const short: Segment[] = [
		{text: mark, tone: 'muted'},
		{text: marks.map(([, share]) => percent(share)).join('/'), tone: 'muted'},
		{text: ' %', tone: 'muted'},
	];
	for (const option of [named, short]) if (segmentsWidth(option) <= room) return option;
	return [];
}

function titleSegments(table: TableView, theme: Theme, width: number, memoryShown: boolean): Segment[] {
	const {filterText, filterError, sort, followName} = table;
	const out: Segment[] = [{text: 'Workers ', tone: 'title', bold: true}];
	out.push({text: tableCountText(table), tone: 'normal'});
	// Grouped by host: a host's row adds up its workers, CPU% included (4 busy workers: 400).
	if (table.hosts) out.push({text: ` on ${plural(table.hosts.hosts, 'host')}`, tone: 'normal'});
	if (filterText !== '') out.push({text: `  filter "${filterText}"`, tone: 'accent'});
	if (filterError) out.push({text: `  ${filterError} (showing all)`, tone: 'critical'});
	out.push({
		text: `  sorted by ${sortLabel(sort.column)} ${sort.descending ? theme.glyphs.down : theme.glyphs.up}`,
		tone: 'muted',
	});
	if (followName !== undefined) out.push({text: `  following ${followName}`, tone: 'info'});
	if (table.staleNote !== undefined) out.push({text: `  ${table.staleNote}`, tone: 'warning'});
	// Grouped by host, what a host's row is comes before the legend, where the room allows.
	const note = '  host rows add up their workers (CPU% too)';
	if (table.hosts && segmentsWidth(out) + note.length <= width) out.push({text: note, tone: 'muted'});
	if (memoryShown) out.push(...legendSegments(table.cells.memory, theme, width - segmentsWidth(out)));
	return out;
}

/** The table's lines: its title, the column header, then the rows in the window (the selected one inverse). */
export function tableLines(table: TableView, theme: Theme, width: number, memo: TableMemo): ScreenLine[] {
	const {rows, cursor, top, height, sort, cells} = table;
	const columns = memo.columns(width, table.columns);
	const lines: ScreenLine[] = [
		{
			segments: titleSegments(
				table,
				theme,
				width,
				columns.some((c) => c.spec.id === 'memory_bar'),
			),
		},
		{segments: memo.header(columns, sort.column, sort.descending, cells)},
	];
	if (rows.length === 0) {
		const empty = table.unreached ?? (table.total === 0 ? 'no workers connected' : 'no worker matches the filter');
		lines.push({segments: [{text: empty, tone: 'muted'}]});
	}
	const hosts = table.hosts;
	const end = Math.min(hosts?.length ?? rows.length, top + tableBodyRows(height));
	for (let i = top; i < end; i++) {
		const entry = hosts?.entry(i);
		const segments = entry
			? rowLine(entry.row, columns, cells, memo, entryDecor(entry, cells.glyphs))
			: rowLine(rows[i]!, columns, cells, memo);
		lines.push({segments, inverse: i === cursor});
	}
	return lines;
}
