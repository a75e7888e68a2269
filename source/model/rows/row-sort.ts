/**
 * The worker table's order: any column, missing figures last in both directions, ties broken by
 * address so rows never jump between polls.
 */
import {SEVERITY_RANK} from '../alerts/alerts.js';
import type {SortColumn, WorkerRow} from './row-types.js';
import type {WorkerFigure} from '../../types/worker-figure-types.js';
import {WORKER_FIGURES} from '../../types/worker-figures.js';

/**
 * The row field each sort key orders by, from the figures' table (types/worker-figures.ts): the
 * row field of the figure whose own sort key it is (every column's key is some figure's).
 */
const SORT_FIELDS: ReadonlyMap<SortColumn, string> = (() => {
	const fields = new Map<SortColumn, string>();
	for (const figure of Object.values(WORKER_FIGURES) as WorkerFigure[])
		if (figure.sort !== null && figure.row !== null && !fields.has(figure.sort)) fields.set(figure.sort, figure.row);
	return fields;
})();

/** @internal Every sort column (the tests sort by each). */
export const SORT_COLUMNS: readonly SortColumn[] = [...SORT_FIELDS.keys()];

function sortValue(row: WorkerRow, column: SortColumn): number | string | undefined {
	// Severity orders by rank (critical first when descending), not by its word.
	if (column === 'severity') return row.severity === undefined ? undefined : SEVERITY_RANK[row.severity];
	return (row as unknown as Readonly<Record<string, number | string | undefined>>)[SORT_FIELDS.get(column)!];
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
