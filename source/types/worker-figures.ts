/**
 * The worker figures' table: one descriptor per figure (worker-figure-types.ts) saying its unit,
 * where each Dask version gives it and in what fallback order, the row field and sort key behind
 * it, its table column, its place in the detail, its --json key and its --once column. The
 * snapshot's builder, the rows, the table's columns, the detail and the outputs read it; a figure
 * they have no part for says `null`. Pure data: every layer imports it.
 *
 * Its order is the order of a worker's fields in the snapshot and in --json, then the figures the
 * rows compute (which --json does not carry).
 */
import type {WorkerSnapshot} from './snapshot.js';
import type {FigureColumn, OnceColumn, WorkerFigure} from './worker-figure-types.js';
import type {WorkerColumnId} from './worker-column-ids.js';
import {PROCESS_FIGURES} from './worker-figures-process.js';
import {WHO_FIGURES} from './worker-figures-who.js';
import {WORK_FIGURES} from './worker-figures-work.js';

/** The figures the table's rows compute from the snapshot's (and the alerts). */
const ROW_FIGURES = {
	memory_fraction: {
		unit: 'fraction',
		sources: [{from: 'derived', reads: 'memory_process_bytes / memory_limit_bytes', computed: true}],
		row: 'memory_fraction',
		sort: 'memory',
		column: {
			id: 'memory_pct',
			title: 'MEM%',
			width: 5,
			align: 'right',
			priority: 0,
			sort: 'memory',
			meaning: "process memory as a share of the worker's memory limit",
		},
		detail: {line: 'memory'},
		json: null,
		once: {heading: 'MEM%', align: 'right', position: 6},
	},
	memory_managed_fraction: {
		unit: 'fraction',
		sources: [{from: 'derived', reads: 'memory_managed_bytes / memory_limit_bytes', computed: true}],
		row: 'memory_managed_fraction',
		sort: null,
		column: null,
		detail: null,
		json: null,
		once: null,
	},
	memory_unmanaged_fraction: {
		unit: 'fraction',
		sources: [{from: 'derived', reads: 'memory_unmanaged_bytes / memory_limit_bytes', computed: true}],
		row: 'memory_unmanaged_fraction',
		sort: null,
		column: null,
		detail: null,
		json: null,
		once: null,
	},
	transfers: {
		unit: 'count',
		sources: [{from: 'derived', reads: 'transfer_incoming_count + transfer_outgoing_count', computed: true}],
		row: 'transfers',
		sort: 'transfers',
		column: {
			id: 'transfers',
			title: 'XFER',
			width: 5,
			align: 'right',
			priority: 8,
			sort: 'transfers',
			meaning: 'data transfers open with other workers, incoming/outgoing',
		},
		detail: null,
		json: null,
		once: null,
	},
	severity: {
		unit: 'text',
		sources: [{from: 'derived', reads: "the worst ongoing alert on the worker (the model's alerts)", computed: true}],
		row: 'severity',
		sort: 'severity',
		column: {
			id: 'mark',
			title: '',
			width: 1,
			align: 'left',
			priority: 0,
			sort: 'severity',
			meaning: "the worker's worst ongoing alert: critical or warning",
		},
		detail: {line: 'alerts'},
		json: null,
		once: null,
	},
} as const satisfies Record<string, WorkerFigure>;

type SnapshotFigures = Record<Exclude<keyof WorkerSnapshot, 'sources'>, WorkerFigure>;

/** Every figure of a worker; each of the snapshot's must be here (the type says so). */
export const WORKER_FIGURES = {
	...WHO_FIGURES,
	...WORK_FIGURES,
	...PROCESS_FIGURES,
	...ROW_FIGURES,
} as const satisfies SnapshotFigures & Record<string, WorkerFigure>;

export type WorkerFigureName = keyof typeof WORKER_FIGURES;

const ENTRIES = Object.entries(WORKER_FIGURES) as ReadonlyArray<readonly [WorkerFigureName, WorkerFigure]>;

/** The snapshot's figures in the order of a worker's fields in --json. */
export const WORKER_JSON_FIELDS: readonly (keyof WorkerSnapshot)[] = ENTRIES.flatMap(([, f]) =>
	f.json === null ? [] : [f.json as keyof WorkerSnapshot],
);

/** Each table column, from the figure that owns it. */
export const FIGURE_COLUMNS: ReadonlyMap<WorkerColumnId, FigureColumn> = new Map(
	ENTRIES.flatMap(([, f]) => (f.column !== null && 'id' in f.column ? [[f.column.id, f.column] as const] : [])),
);

/** The --once text table's columns, left to right, each with the figure that owns it. */
export const ONCE_COLUMNS: ReadonlyArray<OnceColumn & {readonly figure: WorkerFigureName}> = ENTRIES.flatMap(
	([figure, f]) => (f.once !== null && 'heading' in f.once ? [{...f.once, figure}] : []),
).sort((a, b) => a.position - b.position);

/** The figures that own a column of the --once text table. */
export type OnceOwner = {
	[K in WorkerFigureName]: (typeof WORKER_FIGURES)[K]['once'] extends {readonly heading: string} ? K : never;
}[WorkerFigureName];
