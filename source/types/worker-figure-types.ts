/**
 * What the worker figures' table (worker-figures.ts) says of each figure: one descriptor per figure,
 * every part given, a part a figure does not have said so with `null`. Types only.
 */
import type {Source} from './snapshot.js';
import type {WorkerColumnId} from './worker-column-ids.js';

/** The worker table's sort keys: a figure's own (`sort`), or a column's. */
export type SortColumn =
	| 'name'
	| 'address'
	| 'host'
	| 'status'
	| 'threads'
	| 'cpu'
	| 'memory' // process / limit
	| 'memory_bytes' // process bytes
	| 'managed'
	| 'unmanaged'
	| 'spilled'
	| 'executing'
	| 'ready'
	| 'in_memory'
	| 'processing'
	| 'transfers'
	| 'net_read'
	| 'net_write'
	| 'event_loop'
	| 'heartbeat'
	| 'severity';

/** What a figure's number means: how it is counted and written. */
export type FigureUnit =
	| 'text'
	| 'count'
	| 'counts' // a record of counts by name (task states, resources)
	| 'bytes'
	| 'bytes_per_second'
	| 'seconds'
	| 'epoch_seconds'
	| 'percent_of_core' // 100 = one core
	| 'fraction' // 0..1
	| 'port';

/** One place a figure is read from. */
export interface FigureSource {
	/** The endpoint, as the snapshot's `sources` names it (`derived`: computed by dask-top). */
	readonly from: Source;
	/** What of its answer gives the figure. */
	readonly reads: string;
	/** The Dask versions that give it there, when not every one does. */
	readonly dask?: string;
	/** Computed from the answer (not one of its values copied as it is). */
	readonly computed?: true;
}

/** A column of the worker table: its heading, its width, what drops it first, what sorts it. */
export interface FigureColumn {
	readonly id: WorkerColumnId;
	readonly title: string;
	/** Smallest useful width in cells. */
	readonly width: number;
	/** Largest width it may grow to (default: `width`). */
	readonly maxWidth?: number;
	/** Share of the spare width it takes while growing (default 0: fixed). */
	readonly grow?: number;
	/** Takes spare width before the other growing columns get any. */
	readonly growFirst?: boolean;
	readonly align: 'left' | 'right';
	/** 0 is kept longest; columns of larger numbers drop first as the terminal narrows. */
	readonly priority: number;
	/** The sort key clicking or choosing the column sorts by. */
	readonly sort: SortColumn;
	/** What the column shows (the help's glossary, the column setup). */
	readonly meaning: string;
}

/** A column of the `--once` text table. */
export interface OnceColumn {
	readonly heading: string;
	readonly align: 'left' | 'right';
	/** Its place from the left (0 first). */
	readonly position: number;
}

/** Where a figure shows in a worker's detail: the line's label, and its own word within the line. */
export interface DetailPlace {
	readonly line: string;
	/** The figure's word inside a line of several figures (`fds` on the `ports` line). */
	readonly label?: string;
}

export interface WorkerFigure {
	readonly unit: FigureUnit;
	/**
	 * Where each Dask version gives it, first choice first: a later source fills the figure only where
	 * the earlier ones gave none (the fallback order). Empty only for a figure of the rows alone,
	 * computed there (`row`).
	 */
	readonly sources: readonly FigureSource[];
	/** The field of the table's row (the model's WorkerRow) that carries it, or null: not in the row. */
	readonly row: string | null;
	/** The sort key that orders the table by the figure, or null. */
	readonly sort: SortColumn | null;
	/** The table column it owns, or the one it is drawn in (`in`), or null: in no column. */
	readonly column: FigureColumn | {readonly in: WorkerColumnId} | null;
	/** Where a worker's detail shows it, or null. */
	readonly detail: DetailPlace | null;
	/** Its key in --json's `workers[]` and `lost_workers[]`, or null (a figure of the rows alone). */
	readonly json: string | null;
	/** The `--once` text column it owns, or the heading of the one it is in (`in`), or null. */
	readonly once: OnceColumn | {readonly in: string} | null;
}
