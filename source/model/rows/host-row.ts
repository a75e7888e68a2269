/**
 * A host's row in the worker table grouped by host: the sums of its live workers (threads, CPU, memory
 * against the sum of their limits, tasks, transfers), its worst status and severity. Pure.
 */
import {SEVERITY_RANK} from '../alerts/alerts.js';
import type {Severity} from '../view-types.js';
import type {WorkerRow} from './row-types.js';

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

/**
 * The sums of one host's workers: its live ones (a gone worker's last figures are no longer the
 * host's). A sum is given only when every live worker gives its figure: a part of them would be a
 * smaller number that looks like the host's (a busy 2026 cluster leaves some workers' CPU unknown).
 */
export function hostRow(host: string, members: readonly WorkerRow[]): HostRow {
	// Each sum starts at 0 and a live worker without the figure makes it NaN (unknown) for good.
	let live = 0;
	let threads = 0;
	let cpu = 0;
	let process = 0;
	let limit = 0;
	let noLimit = false;
	let managed = 0;
	let unmanaged = 0;
	let spilled = 0;
	let executing = 0;
	let ready = 0;
	let inMemory = 0;
	let processing = 0;
	let transfers = 0;
	let incoming = 0;
	let outgoing = 0;
	let netRead = 0;
	let netWrite = 0;
	let loop: number | undefined;
	let beat: number | undefined;
	let lastSeen: number | undefined;
	let severity: Severity | undefined;
	for (const row of members) {
		if (row.severity !== undefined && (severity === undefined || SEVERITY_RANK[row.severity] > SEVERITY_RANK[severity]))
			severity = row.severity;
		lastSeen = max(lastSeen, row.last_seen);
		if (!row.present) continue;
		live++;
		threads += row.threads ?? Number.NaN;
		cpu += row.cpu_percent ?? Number.NaN;
		process += row.memory_process_bytes ?? Number.NaN;
		// The limit of the sums: every live worker's limit added; a worker without one (0, as Dask says
		// "no limit") leaves the host without one; one whose limit is unknown makes it unknown.
		if (row.memory_limit_bytes === 0) noLimit = true;
		else limit += row.memory_limit_bytes ?? Number.NaN;
		managed += row.memory_managed_bytes ?? Number.NaN;
		unmanaged += row.memory_unmanaged_bytes ?? Number.NaN;
		spilled += row.memory_spilled_bytes ?? Number.NaN;
		executing += row.tasks_executing ?? Number.NaN;
		ready += row.tasks_ready ?? Number.NaN;
		inMemory += row.tasks_in_memory ?? Number.NaN;
		processing += row.processing ?? Number.NaN;
		transfers += row.transfers ?? Number.NaN;
		incoming += row.transfer_incoming_count ?? Number.NaN;
		outgoing += row.transfer_outgoing_count ?? Number.NaN;
		netRead += row.net_read_bps ?? Number.NaN;
		netWrite += row.net_write_bps ?? Number.NaN;
		loop = max(loop, row.event_loop_interval_seconds);
		beat = max(beat, row.heartbeat_age_seconds);
	}
	const known = (total: number): number | undefined => (live === 0 || Number.isNaN(total) ? undefined : total);
	const hostLimit = Number.isNaN(limit) || live === 0 ? undefined : noLimit ? 0 : limit;
	const row: {-readonly [K in keyof HostRow]: HostRow[K]} = {
		address: host,
		name: host,
		host,
		status: hostStatus(members),
		present: live > 0,
		threads: known(threads),
		cpu_percent: known(cpu),
		memory_process_bytes: known(process),
		memory_limit_bytes: hostLimit,
		memory_fraction: fraction(known(process), hostLimit),
		memory_managed_bytes: known(managed),
		memory_unmanaged_bytes: known(unmanaged),
		memory_managed_fraction: fraction(known(managed), hostLimit),
		memory_unmanaged_fraction: fraction(known(unmanaged), hostLimit),
		memory_spilled_bytes: known(spilled),
		tasks_executing: known(executing),
		tasks_ready: known(ready),
		tasks_in_memory: known(inMemory),
		processing: known(processing),
		transfers: known(transfers),
		transfer_incoming_count: known(incoming),
		transfer_outgoing_count: known(outgoing),
		net_read_bps: known(netRead),
		net_write_bps: known(netWrite),
		event_loop_interval_seconds: loop,
		heartbeat_age_seconds: beat,
		last_seen: lastSeen,
		workers: members.length,
	};
	if (severity !== undefined) row.severity = severity;
	return row;
}
