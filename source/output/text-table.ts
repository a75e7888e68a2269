/**
 * The `--once` text table: a few header lines about the cluster, the ongoing alerts and the
 * adaptive target with its explanation (triage-text.ts), then one row per worker, from the same
 * rows the screen's table shows (the model's workerRows). No colour, no truncation (it is read in
 * pipes and logs); "-" where a figure is unknown.
 */
import {figureGapsText, spilledUnknownText, workerCount} from '../model/index.js';
import type {TriageView, WorkerRow} from '../model/types.js';
import type {EndpointHealth, Snapshot, WorkerCounts} from '../types/snapshot.js';
import {placesOn, SCHEDULER_FIGURES, TASK_STATE_FIGURES, WORKER_STATE_FIGURES} from '../types/cluster-figures.js';
import {bytesText} from '../units/bytes.js';
import {ageText, MISSING, numberText, percentOf, timeText} from './table-cells.js';
import {columnsOf, padColumns} from '../terminal/columns.js';
import {adaptiveLines, alertsLines} from './triage-text.js';
import type {TimeSplit} from '../model/types.js';
import {busyText, coverageText, WINDOW_NAMES} from '../model/time/time-text.js';
import {ONCE_COLUMNS, type OnceOwner} from '../types/worker-figures.js';

/** The task states in --once's order, with their words (the cluster figures' table). */
const TASK_ORDER = placesOn(TASK_STATE_FIGURES, 'once', 'tasks');

/** The worker states in --once's order, with their words, after the total that leads the line. */
const WORKER_STATES = placesOn(WORKER_STATE_FIGURES, 'once', 'workers').filter(({key}) => key !== 'total');

/** The memory line's words: used, limit, spilled. */
const [USED, LIMIT, SPILLED] = placesOn(SCHEDULER_FIGURES, 'once', 'memory').map(({place}) => place.label);

const WORKERS_SOURCE: Readonly<Record<NonNullable<Snapshot['workers_source']>, string>> = {
	identity: '/json/identity.json',
	workers_html: '/info/main/workers.html',
	api: '/api/v1/get_workers',
};

function workersLine(snapshot: Snapshot): string {
	const counts = snapshot.scheduler.workers;
	const total = workerCount(snapshot);
	// Both of /metrics' label sets give idle and saturated, and partially saturated follows from them:
	// one of them missing is a figure that could not be read, shown as unknown.
	const fromMetrics = snapshot.scheduler.sources['workers'] === 'metrics';
	const shown = (key: keyof WorkerCounts) =>
		counts[key] !== undefined || (fromMetrics && key !== 'paused' && key !== 'retiring');
	const states = WORKER_STATES.filter(({key}) => shown(key)).map(
		({key, place}) => `${numberText(counts[key])} ${place.label}`,
	);
	return `${numberText(total)}${states.length > 0 ? `: ${states.join(', ')}` : ''}`;
}

function memoryLine(snapshot: Snapshot): string {
	const s = snapshot.scheduler;
	const used = s.memory_process_bytes;
	const limit = s.memory_limit_bytes;
	const pct = percentOf(used, limit);
	const spilled =
		s.memory_spilled_bytes === undefined
			? `, ${spilledUnknownText(snapshot)}`
			: `, ${bytesText(s.memory_spilled_bytes, MISSING)} ${SPILLED}`;
	return (
		`${bytesText(used, MISSING)} ${USED} / ${limit === 0 ? 'no' : bytesText(limit, MISSING)} ` +
		`${LIMIT}${pct === undefined ? '' : ` (${pct})`}${spilled}`
	);
}

function tasksLine(snapshot: Snapshot): string {
	const {tasks, tasks_total: total} = snapshot.scheduler;
	const states = TASK_ORDER.filter(({key}) => tasks[key] !== undefined).map(
		({key, place}) => `${tasks[key]} ${place.label}`,
	);
	if (total === undefined && states.length === 0) return '-';
	return `${numberText(total)}${states.length > 0 ? `: ${states.join(', ')}` : ''}`;
}

function endpointName(e: EndpointHealth): string {
	return e.target === undefined ? e.path : `${e.target} ${e.path}`;
}

function sourceLine(snapshot: Snapshot): string {
	const parts = [
		`workers from ${snapshot.workers_source === undefined ? 'nowhere yet' : WORKERS_SOURCE[snapshot.workers_source]}`,
	];
	if (snapshot.workers.some((w) => Object.values(w.sources).includes('worker_metrics')))
		parts.push("workers' own /metrics");
	const gaps = figureGapsText(snapshot);
	if (gaps !== undefined) parts.push(gaps);
	const failed = snapshot.endpoints.filter((e) => e.state === 'failed');
	const unavailable = snapshot.endpoints.filter((e) => e.state === 'unavailable' && e.target === undefined);
	if (failed.length > 0)
		parts.push(
			`failing: ${failed.map((e) => `${endpointName(e)} (${e.detail ?? `HTTP ${e.status ?? '-'}`})`).join(', ')}`,
		);
	if (unavailable.length > 0) parts.push(`unavailable: ${unavailable.map(endpointName).join(', ')}`);
	const garbled = snapshot.endpoints.filter((e) => e.state === 'ok' && e.unreadable !== undefined);
	if (garbled.length > 0)
		parts.push(`unreadable: ${garbled.map((e) => `${endpointName(e)} (${e.detail})`).join(', ')}`);
	return parts.join('; ');
}

/** The table's columns and their order: the figures' table says (types/worker-figures.ts, `once`). */
const COLUMNS = ONCE_COLUMNS.map((c) => c.heading);
const RIGHT = new Set<string>(ONCE_COLUMNS.filter((c) => c.align === 'right').map((c) => c.heading));

/** Each column's cell, by the figure that owns the column. */
const CELLS: Readonly<Record<OnceOwner, (w: WorkerRow, timeSeconds: number) => string>> = {
	name: (w) => w.name,
	address: (w) => w.address,
	status: (w) => w.status,
	nthreads: (w) => numberText(w.threads),
	cpu_percent: (w) => (w.cpu_percent === undefined ? '-' : w.cpu_percent.toFixed(1)),
	memory_process_bytes: (w) => {
		const limit =
			w.memory_limit_bytes === undefined
				? '-'
				: w.memory_limit_bytes === 0
					? 'no limit'
					: bytesText(w.memory_limit_bytes, MISSING);
		return `${bytesText(w.memory_process_bytes, MISSING)} / ${limit}`;
	},
	memory_fraction: (w) => percentOf(w.memory_process_bytes, w.memory_limit_bytes) ?? '-',
	memory_spilled_bytes: (w) => bytesText(w.memory_spilled_bytes, MISSING),
	tasks_executing: (w) =>
		`${numberText(w.tasks_executing)}/${numberText(w.tasks_ready)}/${numberText(w.tasks_in_memory)}`,
	heartbeat_age_seconds: (w, timeSeconds) =>
		ageText(
			w.heartbeat_age_seconds ?? (w.last_seen === undefined ? undefined : Math.max(0, timeSeconds - w.last_seen)),
		),
};

function workerCells(w: WorkerRow, timeSeconds: number): string[] {
	return ONCE_COLUMNS.map((c) => CELLS[c.figure as OnceOwner](w, timeSeconds));
}

/** Columns aligned in terminal columns: a name in wide or combining characters keeps the next column in place. */
function table(rows: readonly string[][]): string[] {
	const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => columnsOf(row[i] ?? ''))));
	return rows.map((row) =>
		row
			.map((cell, i) =>
				RIGHT.has(COLUMNS[i]!)
					? padColumns(cell, widths[i]!, 'right')
					: i === row.length - 1
						? cell
						: padColumns(cell, widths[i]!),
			)
			.join('  ')
			.trimEnd(),
	);
}

/**
 * The snapshot with the model's triage of it (alerts, adaptive target) and its worker rows (the
 * present workers, by name): what `--once` prints.
 */
/** `Time      threads 71 % busy — compute 58 · … (since the scheduler started; spill/GC from 1 of 3 workers)`. */
function timeLine(split: TimeSplit | undefined): string[] {
	if (split === undefined) return [];
	const qualifiers = [WINDOW_NAMES[split.window], coverageText(split)].filter((q) => q !== undefined);
	return [`Time      ${busyText(split)} (${qualifiers.join('; ')})`];
}

export function formatSnapshotText(
	snapshot: Snapshot,
	triage: TriageView,
	workers: readonly WorkerRow[],
	time?: TimeSplit,
): string {
	const version = snapshot.dask_version_hint === undefined ? '' : `  (Dask ${snapshot.dask_version_hint})`;
	const threads =
		snapshot.scheduler.threads ??
		(snapshot.workers.length > 0 && snapshot.workers.every((w) => w.nthreads !== undefined)
			? snapshot.workers.reduce((n, w) => n + (w.nthreads ?? 0), 0)
			: undefined);
	const header = [
		`URL       ${snapshot.url}  at ${timeText(snapshot.time)}${version}`,
		`Workers   ${workersLine(snapshot)}`,
		`Threads   ${numberText(threads)}`,
		`Memory    ${memoryLine(snapshot)}`,
		`Tasks     ${tasksLine(snapshot)}`,
		...timeLine(time),
		`Source    ${sourceLine(snapshot)}`,
		...alertsLines(triage),
		...adaptiveLines(triage.adaptive),
	];
	const rows = table([[...COLUMNS], ...workers.map((w) => workerCells(w, snapshot.time))]);
	return `${[...header, '', ...(workers.length === 0 ? ['(no workers)'] : rows)].join('\n')}\n`;
}
