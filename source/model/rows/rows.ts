/**
 * Worker rows for the table (TUI and --once): figures per worker, the worst ongoing alert on it
 * (a stall counts on the workers it names),
 * sorted by any column with ties broken by address (rows never jump between polls), filtered by
 * name / address / host. Missing figures sort last in both directions.
 *
 * Memoized for 10,000 workers: rows are built once per (worker map, alerts), sorted once per sort
 * key, and a filter that extends the previous one (typing) narrows the previous result.
 */
import {SEVERITY_RANK} from '../alerts/alerts.js';
import type {Alert, Severity} from '../view-types.js';
import type {ClusterState, WorkerTrack} from '../state-types.js';
import type {RowQuery, WorkerRow, GoneCounts, WorkerRowsView} from './row-types.js';
import {parseRowFilter} from './row-filter.js';
import {sortRows} from './row-sort.js';

function fraction(part: number | undefined, limit: number | undefined): number | undefined {
	return part !== undefined && limit !== undefined && limit > 0 ? part / limit : undefined;
}

function sumDefined(a: number | undefined, b: number | undefined): number | undefined {
	return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

/** A gone worker's status: what its departure says (departure.ts); 'gone' while that is not known. */
function goneStatus(track: WorkerTrack): string {
	const d = track.departure;
	if (d === undefined) return track.retired ? 'retired' : 'gone';
	if (d.verdict === 'left') return d.cause === 'closed' ? 'closed' : 'retired';
	return d.verdict;
}

export function workerRow(track: WorkerTrack, severity: Severity | undefined): WorkerRow {
	const w = track.last;
	const limit = w.memory_limit_bytes;
	const gone = track.lostMs !== undefined;
	// Optional fields assigned after a plain literal (same key order): a literal with spreads is
	// built much more slowly, and every poll builds a row per worker.
	const row: {-readonly [K in keyof WorkerRow]: WorkerRow[K]} = {
		address: track.address,
		name: w.name,
		host: w.host,
		status: gone ? goneStatus(track) : (w.status ?? 'unknown'),
		present: !gone,
		threads: w.nthreads,
		cpu_percent: w.cpu_percent,
		memory_process_bytes: w.memory_process_bytes,
		memory_limit_bytes: limit,
		memory_fraction: fraction(w.memory_process_bytes, limit),
		memory_managed_bytes: w.memory_managed_bytes,
		memory_unmanaged_bytes: w.memory_unmanaged_bytes,
		memory_managed_fraction: fraction(w.memory_managed_bytes, limit),
		memory_unmanaged_fraction: fraction(w.memory_unmanaged_bytes, limit),
		memory_spilled_bytes: w.memory_spilled_bytes,
		tasks_executing: w.tasks_executing,
		tasks_ready: w.tasks_ready,
		tasks_in_memory: w.tasks_in_memory ?? w.keys_in_memory,
		processing: w.processing,
		transfers: sumDefined(w.transfer_incoming_count, w.transfer_outgoing_count),
		transfer_incoming_count: w.transfer_incoming_count,
		transfer_outgoing_count: w.transfer_outgoing_count,
		net_read_bps: w.net_read_bps,
		net_write_bps: w.net_write_bps,
		event_loop_interval_seconds: w.event_loop_interval_seconds,
		heartbeat_age_seconds: w.heartbeat_age_seconds,
		last_seen: w.last_seen ?? track.lastSeenMs / 1000,
	};
	if (gone) row.lost_at = (track.lostMs ?? 0) / 1000;
	if (severity) row.severity = severity;
	return row;
}

function worstSeverityBySubject(alerts: ReadonlyMap<string, Alert>): Map<string, Severity> {
	const out = new Map<string, Severity>();
	const mark = (address: string, severity: Severity) => {
		const old = out.get(address);
		if (old === undefined || SEVERITY_RANK[severity] > SEVERITY_RANK[old]) out.set(address, severity);
	};
	for (const a of alerts.values()) {
		if (a.subject !== 'cluster') mark(a.subject, a.severity);
		else if (a.kind === 'stalled') for (const address of a.workers ?? []) mark(address, a.severity);
	}
	return out;
}

interface BaseEntry {
	readonly alerts: ReadonlyMap<string, Alert>;
	readonly all: readonly WorkerRow[];
	readonly present: readonly WorkerRow[];
	/** Epoch seconds each gone worker was lost or retired at. */
	readonly goneAt: readonly number[];
	readonly sorted: Map<string, WorkerRow[]>;
	readonly filtered: Map<
		string,
		{readonly filter: string; readonly substring: string | undefined; readonly rows: readonly WorkerRow[]}
	>;
}

const baseCache = new WeakMap<ReadonlyMap<string, WorkerTrack>, BaseEntry>();

function baseRows(state: ClusterState): BaseEntry {
	const cached = baseCache.get(state.workers);
	if (cached && cached.alerts === state.alerts) return cached;
	const severities = worstSeverityBySubject(state.alerts);
	const all: WorkerRow[] = [];
	for (const track of state.workers.values()) all.push(workerRow(track, severities.get(track.address)));
	const goneAt: number[] = [];
	for (const row of all) if (!row.present) goneAt.push(row.lost_at ?? 0);
	const entry: BaseEntry = {
		alerts: state.alerts,
		all,
		present: all.filter((r) => r.present),
		goneAt,
		sorted: new Map(),
		filtered: new Map(),
	};
	baseCache.set(state.workers, entry);
	return entry;
}

/**
 * Which gone workers 'held' drops at this state's time: a key naming them (the newest loss among
 * them; losses only ever age out), or undefined when none has outlived the hold.
 */
function heldCutoff(base: BaseEntry, state: ClusterState): number | undefined {
	const cutoffS = (state.nowMs - state.options.thresholds.worker_lost_hold_s * 1000) / 1000;
	let newestExpired: number | undefined;
	for (const at of base.goneAt)
		if (at <= cutoffS && (newestExpired === undefined || at > newestExpired)) newestExpired = at;
	return newestExpired;
}

export function workerRows(state: ClusterState, query: RowQuery): WorkerRowsView {
	const base = baseRows(state);
	const includeLost = query.includeLost ?? true;
	const expiredUpTo = includeLost === 'held' ? heldCutoff(base, state) : undefined;
	const set = includeLost === false ? 'present' : expiredUpTo === undefined ? 'all' : `held<=${expiredUpTo}`;
	const sortKey = `${query.sort.column}|${query.sort.descending ? 'd' : 'a'}|${set}`;
	let sorted = base.sorted.get(sortKey);
	if (!sorted) {
		const from =
			includeLost === false
				? base.present
				: expiredUpTo === undefined
					? base.all
					: base.all.filter((r) => r.present || (r.lost_at ?? 0) > expiredUpTo);
		sorted = sortRows(from, query.sort.column, query.sort.descending);
		base.sorted.set(sortKey, sorted);
	}
	const gone = goneCounts(sorted);
	const text = query.filter ?? '';
	if (text === '') return {rows: sorted, total: sorted.length, gone, shown_gone: gone};
	const filter = parseRowFilter(text);
	if ('error' in filter) return {rows: sorted, total: sorted.length, gone, shown_gone: gone, error: filter.error};
	const previous = base.filtered.get(sortKey);
	if (previous?.filter === text)
		return {rows: previous.rows, total: sorted.length, gone, shown_gone: goneCounts(previous.rows)};
	// Typing narrows: a substring filter that contains the previous one only removes rows.
	const from =
		previous?.substring !== undefined && filter.substring?.includes(previous.substring) ? previous.rows : sorted;
	const rows = from.filter(filter.test);
	base.filtered.set(sortKey, {filter: text, substring: filter.substring, rows});
	return {rows, total: sorted.length, gone, shown_gone: goneCounts(rows)};
}

const NONE_GONE: GoneCounts = Object.freeze({lost: 0, retired: 0});
const LEFT = new Set(['retired', 'closed']);
const goneCache = new WeakMap<readonly WorkerRow[], GoneCounts>();

/** The lost and retired rows among `rows`, counted once per rows array (they are immutable and cached). */
function goneCounts(rows: readonly WorkerRow[]): GoneCounts {
	let counts = goneCache.get(rows);
	if (!counts) {
		let lost = 0;
		let retired = 0;
		let gone = 0;
		for (const row of rows) {
			if (row.present) continue;
			if (LEFT.has(row.status)) retired++;
			else if (row.status === 'gone') gone++;
			else lost++;
		}
		counts = lost === 0 && retired === 0 && gone === 0 ? NONE_GONE : {lost, retired, ...(gone > 0 ? {gone} : {})};
		goneCache.set(rows, counts);
	}
	return counts;
}
