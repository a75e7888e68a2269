/**
 * The worker table's order: any column, missing figures last in both directions, ties broken by
 * address so rows never jump between polls.
 */
import {SEVERITY_RANK} from '../alerts/alerts.js';
import type {SortColumn, WorkerRow} from './row-types.js';

/** @internal Every sort column (the tests sort by each). */
export const SORT_COLUMNS: readonly SortColumn[] = [
	'name',
	'address',
	'host',
	'status',
	'threads',
	'cpu',
	'memory',
	'memory_bytes',
	'managed',
	'unmanaged',
	'spilled',
	'executing',
	'ready',
	'in_memory',
	'processing',
	'transfers',
	'net_read',
	'net_write',
	'event_loop',
	'heartbeat',
	'severity',
];

function sortValue(row: WorkerRow, column: SortColumn): number | string | undefined {
	switch (column) {
		case 'name':
			return row.name;
		case 'address':
			return row.address;
		case 'host':
			return row.host;
		case 'status':
			return row.status;
		case 'threads':
			return row.threads;
		case 'cpu':
			return row.cpu_percent;
		case 'memory':
			return row.memory_fraction;
		case 'memory_bytes':
			return row.memory_process_bytes;
		case 'managed':
			return row.memory_managed_bytes;
		case 'unmanaged':
			return row.memory_unmanaged_bytes;
		case 'spilled':
			return row.memory_spilled_bytes;
		case 'executing':
			return row.tasks_executing;
		case 'ready':
			return row.tasks_ready;
		case 'in_memory':
			return row.tasks_in_memory;
		case 'processing':
			return row.processing;
		case 'transfers':
			return row.transfers;
		case 'net_read':
			return row.net_read_bps;
		case 'net_write':
			return row.net_write_bps;
		case 'event_loop':
			return row.event_loop_interval_seconds;
		case 'heartbeat':
			return row.heartbeat_age_seconds;
		case 'severity':
			return row.severity === undefined ? undefined : SEVERITY_RANK[row.severity];
		default: {
			const never: never = column;
			return never;
		}
	}
}

function compareKeys(a: number | string, b: number | string): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const sa = String(a);
	const sb = String(b);
	return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Sorted copy: by column (missing last in both directions), ties by address ascending. */
export function sortRows(rows: readonly WorkerRow[], column: SortColumn, descending: boolean): WorkerRow[] {
	const keyed = rows.map((row) => ({row, key: sortValue(row, column)}));
	keyed.sort((a, b) => {
		if (a.key === undefined || (typeof a.key === 'number' && Number.isNaN(a.key))) {
			if (!(b.key === undefined || (typeof b.key === 'number' && Number.isNaN(b.key)))) return 1;
		} else if (b.key === undefined || (typeof b.key === 'number' && Number.isNaN(b.key))) return -1;
		else {
			const c = compareKeys(a.key, b.key);
			if (c !== 0) return descending ? -c : c;
		}
		return a.row.address < b.row.address ? -1 : a.row.address > b.row.address ? 1 : 0;
	});
	return keyed.map((k) => k.row);
}
