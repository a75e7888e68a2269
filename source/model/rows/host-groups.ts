/**
 * The worker table grouped by host (htop's tree, k9s's grouping): a row per host with the sums of its
 * workers, and its workers under it unless it is folded. Hosts are sorted by their sums on the table's
 * sort column, workers within a host keep the table's order; a filter keeps the hosts with a matching
 * worker (a host whose name matches matches all of its workers), with only those workers under them.
 * A host row's figures are those of all its live workers, filter or not: it stands for the host.
 *
 * Pure. Built once per rows array (a poll, a sort, a filter) and fold state, as arrays of references
 * to the rows; a row's entry is made when the screen draws it (10,000 workers on 1,250 hosts cost
 * one pass and a screenful).
 */
import {hostOf, hostRow, type HostRow} from './host-row.js';
import type {SortColumn, WorkerRow} from './row-types.js';
import {sortRows} from './row-sort.js';

/** Which hosts show their workers: all but the `flipped` ones (open), or only the flipped ones (all folded). */
export interface HostFolds {
	readonly open: boolean;
	readonly flipped: readonly string[];
}

/** Every host open: how grouping starts (htop's tree shows its branches). */
export const ALL_OPEN: HostFolds = Object.freeze({open: true, flipped: Object.freeze([])});

export type TableEntry =
	| {
			readonly kind: 'host';
			readonly row: HostRow;
			readonly open: boolean;
			/** Its workers the filter keeps (all of them without a filter). */
			readonly shown: number;
	  }
	| {readonly kind: 'worker'; readonly row: WorkerRow; readonly host: string; readonly last: boolean};

/** A row the selection stays on: a worker, or a host's row. */
export type RowAnchor = {readonly address: string} | {readonly host: string};

export interface HostTable {
	/** Rows of the table: the hosts, each followed by its workers while it is open. */
	readonly length: number;
	/** Row `index`, made when asked: a frame asks for a screenful (10,000 workers make no 10,000 objects). */
	entry(index: number): TableEntry | undefined;
	/** The worker of each row, in order; undefined on a host's row. */
	readonly addresses: readonly (string | undefined)[];
	/** Host rows shown. */
	readonly hosts: number;
	/**
	 * The entry an anchor is on: a worker's row, or its host's row while the host is folded; a host's
	 * row. -1 when neither is shown.
	 */
	locate(anchor: RowAnchor): number;
	/** The host of entry `index`: a host row's own, a worker row's host. */
	hostAt(index: number): string | undefined;
}

interface Groups {
	readonly rows: ReadonlyMap<string, HostRow>;
	/** Each host's workers, in the rows' order. */
	readonly members: ReadonlyMap<string, readonly WorkerRow[]>;
	/** Host names in the order of each sort key. */
	readonly orders: Map<string, readonly string[]>;
}

const groupsCache = new WeakMap<readonly WorkerRow[], Groups>();

/** Every host's row, from all the table's workers (unfiltered), once per rows array. */
function groupsOf(all: readonly WorkerRow[]): Groups {
	let groups = groupsCache.get(all);
	if (groups) return groups;
	const members = new Map<string, WorkerRow[]>();
	for (const row of all) {
		const host = hostOf(row);
		const list = members.get(host);
		if (list) list.push(row);
		else members.set(host, [row]);
	}
	const rows = new Map<string, HostRow>();
	for (const [host, list] of members) rows.set(host, hostRow(host, list));
	groups = {rows, members, orders: new Map()};
	groupsCache.set(all, groups);
	return groups;
}

function hostOrder(groups: Groups, sort: {readonly column: SortColumn; readonly descending: boolean}) {
	const key = `${sort.column}|${sort.descending ? 'd' : 'a'}`;
	let order = groups.orders.get(key);
	if (!order) {
		order = sortRows([...groups.rows.values()], sort.column, sort.descending).map((row) => row.host ?? row.address);
		groups.orders.set(key, order);
	}
	return order;
}

interface TableMemo {
	readonly all: readonly WorkerRow[];
	readonly column: SortColumn;
	readonly descending: boolean;
	readonly folds: HostFolds;
	readonly table: HostTable;
}

/** The last few tables of each rows array (a fold, a sort back and forth, the folds' other way). */
const tableCache = new WeakMap<readonly WorkerRow[], TableMemo[]>();
const KEPT_TABLES = 4;

/**
 * The grouped table: `all` the table's workers before filtering (what a host's sums add up), `shown`
 * those the filter keeps in the table's order, grouped under their hosts in the hosts' order.
 */
export function hostTable(
	all: readonly WorkerRow[],
	shown: readonly WorkerRow[],
	sort: {readonly column: SortColumn; readonly descending: boolean},
	folds: HostFolds = ALL_OPEN,
): HostTable {
	const kept = tableCache.get(shown) ?? [];
	const cached = kept.find(
		(m) => m.all === all && m.folds === folds && m.column === sort.column && m.descending === sort.descending,
	);
	if (cached) return cached.table;
	const groups = groupsOf(all);
	let byHost = groups.members;
	if (shown !== all) {
		const filtered = new Map<string, WorkerRow[]>();
		for (const row of shown) {
			const host = hostOf(row);
			const list = filtered.get(host);
			if (list) list.push(row);
			else filtered.set(host, [row]);
		}
		byHost = filtered;
	}
	const flipped = new Set(folds.flipped);
	// Two arrays of references, not an object per row: the worker of each row, and its row.
	const addresses: (string | undefined)[] = [];
	const workerAt: (WorkerRow | undefined)[] = [];
	const hostEntries = new Map<number, Extract<TableEntry, {kind: 'host'}>>();
	const hostIndex = new Map<string, number>();
	const visit = (host: string, row: HostRow) => {
		const members = byHost.get(host);
		if (!members) return;
		const open = folds.open !== flipped.has(host);
		hostIndex.set(host, addresses.length);
		hostEntries.set(addresses.length, {kind: 'host', row, open, shown: members.length});
		addresses.push(undefined);
		workerAt.push(undefined);
		if (!open) return;
		for (let i = 0; i < members.length; i++) {
			const member = members[i]!;
			addresses.push(member.address);
			workerAt.push(member);
		}
	};
	for (const host of hostOrder(groups, sort)) visit(host, groups.rows.get(host)!);
	// A shown worker is always among all of them; should it not be, its host still gets a row.
	for (const [host, members] of byHost) if (!hostIndex.has(host)) visit(host, hostRow(host, members));
	let rowIndex: Map<string, number> | undefined;
	const table: HostTable = {
		length: addresses.length,
		entry(index) {
			const row = workerAt[index];
			if (row === undefined) return hostEntries.get(index);
			return {kind: 'worker', row, host: hostOf(row), last: workerAt[index + 1] === undefined};
		},
		addresses,
		hosts: hostIndex.size,
		locate(anchor) {
			if ('host' in anchor) return hostIndex.get(anchor.host) ?? -1;
			if (rowIndex === undefined) {
				rowIndex = new Map();
				for (let i = 0; i < addresses.length; i++) {
					const address = addresses[i];
					if (address !== undefined) rowIndex.set(address, i);
				}
			}
			const at = rowIndex.get(anchor.address);
			if (at !== undefined) return at;
			const row = shown.find((r) => r.address === anchor.address);
			return row === undefined ? -1 : (hostIndex.get(hostOf(row)) ?? -1);
		},
		hostAt(index) {
			const row = workerAt[index];
			return row === undefined ? hostEntries.get(index)?.row.name : hostOf(row);
		},
	};
	tableCache.set(shown, [
		{all, column: sort.column, descending: sort.descending, folds, table},
		...kept.slice(0, KEPT_TABLES - 1),
	]);
	return table;
}

/** In the flat table, the row an anchor is on: the worker's, or the first of the host's workers; -1 when none. */
export function locateFlat(rows: readonly WorkerRow[], anchor: RowAnchor): number {
	if ('address' in anchor) return rows.findIndex((row) => row.address === anchor.address);
	return rows.findIndex((row) => hostOf(row) === anchor.host);
}

/** The folds with one host flipped: folded when it was open, open when folded. */
export function toggleHostFold(folds: HostFolds, host: string): HostFolds {
	const flipped = folds.flipped.includes(host) ? folds.flipped.filter((h) => h !== host) : [...folds.flipped, host];
	return {open: folds.open, flipped};
}

/** Every host folded when hosts start open, else every host open (htop's `*`); single flips are forgotten. */
export function toggleAllFolds(folds: HostFolds): HostFolds {
	return {open: !folds.open, flipped: []};
}
