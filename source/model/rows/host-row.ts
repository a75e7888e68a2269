/**
 * A host's row in the worker table grouped by host: the sums of its live workers (threads, CPU, memory
 * against the sum of their limits, tasks, transfers), its worst status and severity. Pure.
 */
import {SEVERITY_RANK} from '../alerts/alerts.js';
import type {Severity} from '../view-types.js';
import type {WorkerRow} from './row-types.js';
import type {FigureUnit, WorkerFigure} from '../../types/worker-figure-types.js';
import {WORKER_FIGURES} from '../../types/worker-figures.js';

/** A host's row: the sums of its live workers, shaped as a worker's row so the table's cells and sort read it. */
export interface HostRow extends WorkerRow {
	/** Its workers on screen, gone ones included (before filtering). */
	readonly workers: number;
}

/** The host a worker runs on: Dask's `host`, else the host part of its address (`tcp://10.0.0.7:4001` → 10.0.0.7). */
export function hostOf(row: Pick<WorkerRow, 'host' | 'address'>): string {
	if (row.host !== undefined && row.host !== '') return row.host;
	const match = /^[a-z][a-z0-9+.-]*:\/\/(\[[^\]]*\]|[^:/]*)/i.exec(row.address);
	const host = match?.[1] ?? '';
	return host === '' ? row.address : host.replace(/^\[(.*)\]$/, '$1');
}

function max(a: number | undefined, b: number | undefined): number | undefined {
	return b === undefined ? a : a === undefined || b > a ? b : a;
}

function fraction(part: number | undefined, limit: number | undefined): number | undefined {
	return part !== undefined && limit !== undefined && limit > 0 ? part / limit : undefined;
}

/** The status that says most about a host whose workers differ: the one nearest trouble. */
const STATUS_RANK: Readonly<Record<string, number>> = {
	paused: 6,
	closing: 5,
	closing_gracefully: 5,
	retiring: 5,
	init: 4,
	running: 0,
	// (a worker whose status is not known says nothing of its host while another's is)
	unknown: -1,
};

/**
 * A host's status: its live workers' when they agree, else the one nearest trouble; a host with none
 * left, its rows' (lost, retired).
 */
function hostStatus(members: readonly WorkerRow[]): string {
	let status: string | undefined;
	for (const row of members) {
		if (!row.present) continue;
		if (status === undefined || (STATUS_RANK[row.status] ?? 3) > (STATUS_RANK[status] ?? 3)) status = row.status;
	}
	return status ?? members[0]?.status ?? 'gone';
}

type NumberField = {
	[K in keyof WorkerRow]-?: NonNullable<WorkerRow[K]> extends number ? K : never;
}[keyof WorkerRow];

/** The row fields of the worker figures of these units (the figures' table, types/worker-figures.ts). */
function rowFieldsOf(units: readonly FigureUnit[], except: readonly string[] = []): readonly NumberField[] {
	return Object.values(WORKER_FIGURES as Readonly<Record<string, WorkerFigure>>).flatMap((f) =>
		f.row !== null && units.includes(f.unit) && !except.includes(f.row) ? [f.row as NumberField] : [],
	);
}

/**
 * How a host's row gives each figure of the rows, by its unit: counts, bytes, rates and CPU add up
 * over its live workers (the limit too, but for "no limit"); a time of waiting (event loop, heartbeat)
 * is the longest of them; the last time listed, the latest of all its workers; a fraction is the
 * host's own, from its sums.
 */
const SUMMED = rowFieldsOf(['count', 'bytes', 'bytes_per_second', 'percent_of_core'], ['memory_limit_bytes']);
const LONGEST = rowFieldsOf(['seconds']);
const LATEST = rowFieldsOf(['epoch_seconds']);

/**
 * The sums of one host's workers: its live ones (a gone worker's last figures are no longer the
 * host's). A sum is given only when every live worker gives its figure: a part of them would be a
 * smaller number that looks like the host's (a busy 2026 cluster leaves some workers' CPU unknown).
 */
export function hostRow(host: string, members: readonly WorkerRow[]): HostRow {
	// Each sum starts at 0 and a live worker without the figure makes it NaN (unknown) for good.
	let live = 0;
	const sums = new Array<number>(SUMMED.length).fill(0);
	const longest = new Array<number | undefined>(LONGEST.length).fill(undefined);
	const latest = new Array<number | undefined>(LATEST.length).fill(undefined);
	let limit = 0;
	let noLimit = false;
	let severity: Severity | undefined;
	for (const row of members) {
		if (row.severity !== undefined && (severity === undefined || SEVERITY_RANK[row.severity] > SEVERITY_RANK[severity]))
			severity = row.severity;
		for (let i = 0; i < LATEST.length; i++) latest[i] = max(latest[i], row[LATEST[i]!]);
		if (!row.present) continue;
		live++;
		for (let i = 0; i < SUMMED.length; i++) sums[i]! += row[SUMMED[i]!] ?? Number.NaN;
		// The limit of the sums: every live worker's limit added; a worker without one (0, as Dask says
		// "no limit") leaves the host without one; one whose limit is unknown makes it unknown.
		if (row.memory_limit_bytes === 0) noLimit = true;
		else limit += row.memory_limit_bytes ?? Number.NaN;
		for (let i = 0; i < LONGEST.length; i++) longest[i] = max(longest[i], row[LONGEST[i]!]);
	}
	const known = (total: number): number | undefined => (live === 0 || Number.isNaN(total) ? undefined : total);
	const hostLimit = Number.isNaN(limit) || live === 0 ? undefined : noLimit ? 0 : limit;
	const row: {-readonly [K in keyof HostRow]: HostRow[K]} = {
		address: host,
		name: host,
		host,
		status: hostStatus(members),
		present: live > 0,
		memory_limit_bytes: hostLimit,
		workers: members.length,
	};
	SUMMED.forEach((field, i) => {
		row[field] = known(sums[i]!);
	});
	LONGEST.forEach((field, i) => {
		row[field] = longest[i];
	});
	LATEST.forEach((field, i) => {
		row[field] = latest[i];
	});
	row.memory_fraction = fraction(row.memory_process_bytes, hostLimit);
	row.memory_managed_fraction = fraction(row.memory_managed_bytes, hostLimit);
	row.memory_unmanaged_fraction = fraction(row.memory_unmanaged_bytes, hostLimit);
	if (severity !== undefined) row.severity = severity;
	return row;
}
