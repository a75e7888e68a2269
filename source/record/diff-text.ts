/**
 * The `--diff` text report: one screenful saying what changed between two moments. Pure.
 */
import type {Change, SnapshotDiff, WorkerChange} from './diff.js';
import {bytesText} from '../units/bytes.js';
import {columnsOf, padColumns} from '../terminal/columns.js';
import {formatOffset} from '../units/duration.js';
import {isoTime} from './moments.js';

/** Bytes as the detail view writes them: `300 B`, `1.5 GiB`. */
function formatBytes(bytes: number): string {
	return bytesText(bytes, '?', 'rounded');
}

function signed(value: number, format: (n: number) => string = String): string {
	return value > 0 ? `+${format(value)}` : value < 0 ? `-${format(-value)}` : '0';
}

/** `from → to (±delta)`, `?` for an unknown side. */
function fromTo(c: Change, format: (n: number) => string = String): string {
	const side = (n: number | undefined): string => (n === undefined ? '?' : format(n));
	return `${side(c.from)} → ${side(c.to)}${c.delta === undefined ? '' : ` (${signed(c.delta, format)})`}`;
}

/** Padded in terminal columns: a name in wide or combining characters keeps the next column in place. */
function pad(text: string, width: number, right = false): string {
	return padColumns(text, width, right ? 'right' : 'left');
}

/** Columns padded to their widest cell; the last column is left ragged. */
function table(rows: readonly (readonly string[])[]): string[] {
	const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => columnsOf(row[column] ?? '')))) ?? [];
	return rows.map((row) =>
		row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column] ?? 0))).join('  '),
	);
}

function workerTable(workers: readonly WorkerChange[]): string[] {
	if (workers.length === 0) return [];
	return table([
		['worker', 'memory', 'spilled', 'keys in memory'],
		...workers.map((w) => [
			w.name,
			fromTo(w.memory_process_bytes, formatBytes),
			fromTo(w.memory_spilled_bytes, formatBytes),
			fromTo(w.tasks_in_memory),
		]),
	]);
}

export interface DiffTextOptions {
	/** The recording's first round, epoch ms: moments are also shown as offsets from it. */
	readonly startMs?: number;
	/** Prefix rows to show, most finished first. */
	readonly maxPrefixes?: number;
}

export function formatDiffText(diff: SnapshotDiff, options: DiffTextOptions = {}): string {
	const moment = (seconds: number): string =>
		options.startMs === undefined
			? isoTime(seconds * 1000)
			: `${isoTime(seconds * 1000)} (${formatOffset(seconds * 1000 - options.startMs)})`;
	const names = (refs: SnapshotDiff['workers_added']): string =>
		refs.length === 0 ? 'none' : refs.map((w) => `${w.name} (${w.address})`).join(', ');
	const lines = [
		`dask-top diff  ${diff.url}`,
		`from ${moment(diff.from)}  to ${moment(diff.to)}  ` +
			`(${diff.seconds >= 10 ? Math.round(diff.seconds) : diff.seconds.toFixed(1)} s)`,
	];
	if (diff.scheduler_restarted) lines.push('the scheduler restarted in between: counters started over');
	lines.push(
		`workers  ${fromTo(diff.workers_total)}   added: ${names(diff.workers_added)}   lost: ${names(diff.workers_lost)}`,
	);
	lines.push(
		`memory   ${fromTo(diff.memory_process_bytes, formatBytes)}   ` +
			`spilled ${fromTo(diff.memory_spilled_bytes, formatBytes)}`,
	);
	const taskParts = Object.entries(diff.tasks)
		.filter(([, c]) => (c.from ?? 0) !== 0 || (c.to ?? 0) !== 0)
		.map(([state, c]) => `${state} ${fromTo(c)}`);
	if (taskParts.length > 0) lines.push(`tasks    ${taskParts.join(', ')}`);
	lines.push(`erred    ${fromTo(diff.erred)}`);
	const table = workerTable(diff.workers);
	if (table.length > 0) lines.push('', ...table);
	const maxPrefixes = options.maxPrefixes ?? 20;
	if (diff.prefixes.length > 0) {
		const shown = diff.prefixes.slice(0, maxPrefixes);
		const width = Math.max(6, ...shown.map((p) => columnsOf(p.prefix)));
		lines.push('', `${pad('prefix', width)}  ${pad('+done', 7, true)}  ${pad('+erred', 7, true)}  other transitions`);
		for (const prefix of shown) {
			const others = Object.entries(prefix.transitions)
				.filter(([state]) => state !== 'memory' && state !== 'erred')
				.map(([state, n]) => `${state} ${signed(n)}`)
				.join(', ');
			const figures = `${pad(signed(prefix.memory), 7, true)}  ${pad(signed(prefix.erred), 7, true)}`;
			lines.push(`${pad(prefix.prefix, width)}  ${figures}  ${others}`.trimEnd());
		}
		if (diff.prefixes.length > shown.length)
			lines.push(`… and ${diff.prefixes.length - shown.length} more prefixes (--json lists them all)`);
	} else {
		lines.push('', 'no task prefix moved');
	}
	return `${lines.join('\n')}\n`;
}
