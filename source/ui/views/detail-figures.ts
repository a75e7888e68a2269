/**
 * What a worker's detail is drawn from (DetailInput), and its figures as label → value pairs in
 * reading order (laid out by detail-lines.ts).
 */
import type {SeenRunning, WorkerRow, WorkerTrack} from '../../model/types.js';
import type {PrefixHolding} from '../../types/prefix-holding.js';
import type {WorkerFigure} from '../../types/worker-figure-types.js';
import {WORKER_FIGURES, type WorkerFigureName} from '../../types/worker-figures.js';
import type {MemoryThresholds} from '../draw/bars.js';
import {
	formatBytes as bytesInWords,
	formatBytesShort,
	formatClock,
	formatCount,
	formatCpu,
	formatDuration,
	formatPercent,
	formatRate as rateInWords,
	formatRateShort,
	MISSING,
} from '../draw/cells.js';

const clock = formatClock;

/** The label of the detail line that shows a figure, from the figures' table. */
export function detailLabel(figure: WorkerFigureName): string {
	return (WORKER_FIGURES[figure] as WorkerFigure).detail?.line ?? figure;
}

/** A figure's own word on a line of several figures, from the figures' table. */
function word(figure: WorkerFigureName): string {
	return (WORKER_FIGURES[figure] as WorkerFigure).detail?.label ?? figure;
}

/** Occupancy (expected seconds of work queued on the worker), compact: `0s`, `850ms`, `1.5s`, `2m03s`. */
export function formatOccupancy(seconds: number | undefined): string {
	return seconds === 0 ? '0s' : formatDuration(seconds);
}

/** The detail's figures as label → value, in reading order. */
/** The /info/worker page of the open detail, as the source last fetched it. */
export interface WorkerPageState {
	readonly address: string;
	readonly byPrefix?: readonly PrefixHolding[];
	readonly inMemoryBytes?: number;
	readonly keys?: number;
	/** Why the page could not be read (one line). */
	readonly error?: string;
	/** A replay whose recording holds no such page: nothing will come. */
	readonly notRecorded?: boolean;
	/** Monitor ms of the fetch. */
	readonly fetchedMs?: number;
	/** The keys the page lists as processing (the scheduler's order: by priority). */
	readonly processing?: readonly string[];
	/** The tasks the scheduler has it processing, longest seen first, with since when dask-top saw each. */
	readonly running?: readonly SeenRunning[];
}

export interface DetailInput {
	readonly address: string;
	readonly track?: WorkerTrack;
	readonly row?: WorkerRow;
	/** Position among the table's rows, for "2 of 30". */
	readonly index: number;
	readonly count: number;
	readonly page?: WorkerPageState;
	readonly memory: MemoryThresholds;
	/** The monitor's clock (for "lost 1m02s ago"). */
	readonly nowMs?: number;
	/** Why the CPU or the status is blank (model/rows/figure-gaps.ts), when one is. */
	readonly cpuWhy?: string;
	readonly statusWhy?: string;
	/** Why identity.json gave nothing this round ("identity.json busy"): its own figures say so when blank. */
	readonly identityWhy?: string;
}

/** Where a figure came from, when it is not identity.json (the first source): the detail says so. */
const FROM: Readonly<Record<string, string>> = {
	worker_metrics: "from the worker's own /metrics",
	metrics: "by the scheduler's /metrics counts",
	inferred: 'inferred: an earlier identity.json that the counts agree with',
	workers_html: 'from workers.html',
};

function sourced(value: string, source: string | undefined): string {
	const from = source === undefined ? undefined : FROM[source];
	return from === undefined ? value : `${value} (${from})`;
}

/**
 * How the figures write bytes: in words (`292 MiB`), or short (`292M`) where the words would not
 * leave room for the figures side by side (detail-lines.ts chooses).
 */
export type ByteUnits = 'words' | 'short';

export function detailPairs(input: DetailInput, units: ByteUnits = 'words'): Array<readonly [string, string]> {
	const formatBytes = units === 'words' ? bytesInWords : formatBytesShort;
	const formatRate = units === 'words' ? rateInWords : formatRateShort;
	const w = input.track?.last;
	const row = input.row;
	if (!w) return [];
	const out: Array<readonly [string, string]> = [];
	const limit = w.memory_limit_bytes;
	out.push([detailLabel('nthreads'), `${formatCount(w.nthreads)}${w.host ? ` ${word('host')} ${w.host}` : ''}`]);
	out.push([
		detailLabel('cpu_percent'),
		w.cpu_percent === undefined && input.cpuWhy !== undefined
			? `${MISSING} (${input.cpuWhy})`
			: sourced(`${formatCpu(w.cpu_percent)}%`, w.sources['cpu_percent']),
	]);
	out.push([
		detailLabel('status'),
		w.status === undefined
			? `${MISSING}${input.statusWhy === undefined ? '' : ` (${input.statusWhy})`}`
			: sourced(w.status, w.sources['status']),
	]);
	out.push([
		detailLabel('memory_process_bytes'),
		`${formatBytes(w.memory_process_bytes)} ${word('memory_limit_bytes')} ` +
			`${limit === 0 ? 'no limit' : formatBytes(limit)}` +
			`${limit ? ` (${formatPercent((w.memory_process_bytes ?? 0) / limit)})` : ''}`,
	]);
	out.push([
		detailLabel('memory_managed_bytes'),
		`${formatBytes(w.memory_managed_bytes)} · ${word('memory_unmanaged_bytes')} ${formatBytes(w.memory_unmanaged_bytes)}`,
	]);
	out.push([detailLabel('memory_spilled_bytes'), `${formatBytes(w.memory_spilled_bytes)} on disk`]);
	if (w.spill_write_bytes_total !== undefined || w.spill_read_bytes_total !== undefined)
		out.push([
			detailLabel('spill_write_bytes_total'),
			`${word('spill_write_bytes_total')} ${formatBytes(w.spill_write_bytes_total)} · ` +
				`${word('spill_read_bytes_total')} ${formatBytes(w.spill_read_bytes_total)}`,
		]);
	out.push([
		detailLabel('tasks_executing'),
		`${word('tasks_executing')} ${formatCount(w.tasks_executing)} · ${word('tasks_ready')} ` +
			`${formatCount(w.tasks_ready)} · ${word('tasks_in_memory')} ${formatCount(w.tasks_in_memory)}`,
	]);
	out.push([
		detailLabel('processing'),
		`${word('processing')} ${formatCount(w.processing)} · ${word('keys_in_memory')} ${formatCount(w.keys_in_memory)}`,
	]);
	out.push([detailLabel('occupancy_seconds'), formatOccupancy(w.occupancy_seconds)]);
	out.push([
		detailLabel('transfer_incoming_count'),
		`${formatCount(w.transfer_incoming_count)} ${word('transfer_incoming_count')} ` +
			`${formatBytes(w.transfer_incoming_bytes)} ` +
			`· ${word('transfer_incoming_count_total')} ${formatCount(w.transfer_incoming_count_total)}`,
	]);
	out.push([
		detailLabel('transfer_outgoing_count'),
		`${formatCount(w.transfer_outgoing_count)} ${word('transfer_outgoing_count')} ` +
			`${formatBytes(w.transfer_outgoing_bytes)} ` +
			`· ${word('transfer_outgoing_count_total')} ${formatCount(w.transfer_outgoing_count_total)}`,
	]);
	// identity.json's own figures: blank while it fails, and said why.
	const why = (...values: unknown[]) =>
		input.identityWhy !== undefined && values.every((v) => v === undefined) ? ` (${input.identityWhy})` : '';
	out.push([
		detailLabel('net_read_bps'),
		`${word('net_read_bps')} ${formatRate(w.net_read_bps)} · ${word('net_write_bps')} ${formatRate(w.net_write_bps)}` +
			why(w.net_read_bps, w.net_write_bps),
	]);
	out.push([
		detailLabel('disk_read_bps'),
		`${word('disk_read_bps')} ${formatRate(w.disk_read_bps)} · ` +
			`${word('disk_write_bps')} ${formatRate(w.disk_write_bps)}` +
			why(w.disk_read_bps, w.disk_write_bps),
	]);
	out.push([
		detailLabel('event_loop_interval_seconds'),
		`${formatDuration(w.event_loop_interval_seconds)}${why(w.event_loop_interval_seconds)}`,
	]);
	const track = input.track;
	const gone = track?.lostMs !== undefined;
	const lastSeen = w.last_seen === undefined ? '' : ` (${word('last_seen')} ${clock(w.last_seen * 1000)})`;
	const beat = detailLabel('heartbeat_age_seconds');
	if (gone)
		out.push([beat, w.last_seen === undefined ? MISSING : `last ${word('last_seen')} ${clock(w.last_seen * 1000)}`]);
	else out.push([beat, `${formatDuration(w.heartbeat_age_seconds)} ago${lastSeen}`]);
	out.push([detailLabel('nanny'), w.nanny === null ? 'none' : `${w.nanny ?? MISSING}${why(w.nanny)}`]);
	out.push([
		detailLabel('num_fds'),
		`${word('dashboard_port')} ${w.dashboard_port ?? MISSING} · ${word('num_fds')} ${formatCount(w.num_fds)}`,
	]);
	if (track) out.push(['seen', `since ${clock(track.firstSeenMs)}`]);
	if (track?.lostMs !== undefined)
		out.push([track.departure?.verdict ?? (track.retired ? 'left' : 'gone'), `at ${clock(track.lostMs)}`]);
	if (row?.severity) out.push([detailLabel('severity'), `worst ongoing: ${row.severity}`]);
	return out;
}
