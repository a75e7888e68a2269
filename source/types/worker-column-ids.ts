/**
 * The worker table's column ids, in the table's default order: what the config file's `columns`
 * names (options/config.ts) and what the table draws (ui/views/worker-columns.ts). No imports: the
 * options are read before the screen's code loads.
 */
export const WORKER_COLUMN_IDS = [
	'mark',
	'name',
	'address',
	'status',
	'threads',
	'cpu',
	'memory_bar',
	'memory_pct',
	'spilled',
	'executing',
	'ready',
	'in_memory',
	'transfers',
	'net_read',
	'net_write',
	'event_loop',
	'heartbeat',
] as const;

export type WorkerColumnId = (typeof WORKER_COLUMN_IDS)[number];

/** The columns a user chooses among (F2, `columns`): all but the severity mark, which always leads. */
export const CHOOSABLE_COLUMNS: readonly WorkerColumnId[] = WORKER_COLUMN_IDS.filter((id) => id !== 'mark');

/** The column that is always shown (a row without its name is no one's). */
export const ALWAYS_SHOWN: WorkerColumnId = 'name';
