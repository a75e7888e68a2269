/**
 * The worker table's view-model: a row per worker (TUI, --once, --json's workers[]), the query
 * that orders and filters them, and the counts of gone rows. Re-exported by types.ts.
 */
import type {SortColumn} from '../../types/worker-figure-types.js';
import type {Severity} from '../view-types.js';

/** The sort keys: the figures' table says which orders by what (types/worker-figures.ts). */
export type {SortColumn};

export interface RowQuery {
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	/** Substring of name, address or host (case-insensitive); `/pattern/flags` is a regex. */
	readonly filter?: string;
	/**
	 * Lost and retired workers: true (default) every one remembered; 'held' only those gone for
	 * less than `worker_lost_hold_s` at the state's time (what the TUI's table shows); false none.
	 */
	readonly includeLost?: boolean | 'held';
}

export interface WorkerRow {
	readonly address: string;
	readonly name: string;
	readonly host?: string | undefined;
	/** Dask status, or once gone: 'retired' / 'closed' (left), 'lost', 'gone' (reason unknown or not known yet). */
	readonly status: string;
	readonly present: boolean;
	readonly threads?: number | undefined;
	readonly cpu_percent?: number | undefined;
	readonly memory_process_bytes?: number | undefined;
	readonly memory_limit_bytes?: number | undefined;
	/** process / limit; undefined without a limit. */
	readonly memory_fraction?: number | undefined;
	readonly memory_managed_bytes?: number | undefined;
	readonly memory_unmanaged_bytes?: number | undefined;
	readonly memory_managed_fraction?: number | undefined;
	readonly memory_unmanaged_fraction?: number | undefined;
	readonly memory_spilled_bytes?: number | undefined;
	readonly tasks_executing?: number | undefined;
	readonly tasks_ready?: number | undefined;
	readonly tasks_in_memory?: number | undefined;
	readonly processing?: number | undefined;
	/** Open transfers, incoming + outgoing. */
	readonly transfers?: number | undefined;
	readonly transfer_incoming_count?: number | undefined;
	readonly transfer_outgoing_count?: number | undefined;
	readonly net_read_bps?: number | undefined;
	readonly net_write_bps?: number | undefined;
	readonly event_loop_interval_seconds?: number | undefined;
	readonly heartbeat_age_seconds?: number | undefined;
	/** Epoch seconds it was last listed (monitor clock). */
	readonly last_seen?: number | undefined;
	readonly lost_at?: number | undefined;
	/** Worst ongoing alert on this worker. */
	readonly severity?: Severity | undefined;
}

/** Rows of workers no longer listed, kept for a while: lost, left (retired, closed), gone for a reason unknown. */
export interface GoneCounts {
	readonly lost: number;
	readonly retired: number;
	readonly gone?: number;
}

export interface WorkerRowsView {
	readonly rows: readonly WorkerRow[];
	/** Workers before filtering, gone ones kept on screen included. */
	readonly total: number;
	/** Of `total`, the gone ones (the scheduler's live workers are the others). */
	readonly gone: GoneCounts;
	/** Of `rows`, the gone ones. */
	readonly shown_gone: GoneCounts;
	/** A filter that could not be used (bad regex): rows are then unfiltered. */
	readonly error?: string;
}
