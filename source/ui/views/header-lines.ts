/**
 * The cluster at a glance, as four lines of segments: connection and dask-top's own cost on the
 * scheduler, workers by state, memory, tasks by state. Pure: the frame (frame-lines.ts) places them.
 */
import type {AdaptiveView, SeverityCounts} from '../../model/types.js';
import type {ReplayPosition, SourceStatus} from '../../types/scrape-source.js';
import type {Snapshot, TaskState, WorkerCounts} from '../../types/snapshot.js';
import {memoryBar, segmentsWidth, type Segment} from '../draw/bars.js';
import {
	formatBytes,
	formatClock,
	formatCount,
	formatDuration,
	formatPercent,
	formatPerSecond,
	formatRate,
} from '../draw/cells.js';
import {figureGapsText, spilledUnknownText, workerStates} from '../../model/index.js';
import {staleByAge, staleLive} from './staleness.js';
import {fitParts, part, seg, type Part} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import type {HeaderPlace} from '../../types/cluster-figure-types.js';
import {
	headerPlace,
	placesOn,
	SCHEDULER_FIGURES,
	TASK_STATE_FIGURES,
	WORKER_STATE_FIGURES,
} from '../../types/cluster-figures.js';

export interface HeaderInput {
	readonly url: string;
	readonly snapshot?: Snapshot;
	readonly status: SourceStatus;
	readonly intervalMs: number;
	/** Monitor ms of the latest fresh answer (the data's age is measured from it). */
	readonly lastFreshMs?: number;
	readonly nowMs: number;
	readonly tasksDonePerSecond?: number;
	readonly adaptive?: AdaptiveView;
	readonly alerts: SeverityCounts;
	/** The display is frozen with space. */
	readonly paused: boolean;
	readonly replay?: ReplayPosition;
	/** --allow-actions on a live cluster: F9 / K may retire workers. */
	readonly actionsEnabled?: boolean;
}

export const HEADER_LINES = 4;

const clock = formatClock;

function connection(input: HeaderInput, theme: Theme): Segment[] {
	const {status, nowMs, lastFreshMs, intervalMs, replay} = input;
	const dot = theme.glyphs.bullet;
	const age = lastFreshMs === undefined ? undefined : Math.max(0, (nowMs - lastFreshMs) / 1000);
	const out: Segment[] = [];
	switch (status.state) {
		case 'replay': {
			if (replay) {
				const mark = replay.paused ? `${theme.glyphs.paused} replay paused` : `${theme.glyphs.right} replay`;
				out.push(seg(`${mark} ${clock(replay.atMs)} [${replay.index + 1}/${replay.count}] ×${replay.speed}`, 'info'));
			} else out.push(seg(`${theme.glyphs.right} replay`, 'info'));
			if (staleByAge(status, age, intervalMs)) out.push(seg(` ${dot} stale ${formatDuration(age)}`, 'warning'));
			break;
		}
		case 'connecting':
			out.push(seg(`${dot} connecting…`, 'muted'));
			break;
		case 'retrying': {
			const inSeconds =
				status.nextAttemptMs === undefined ? undefined : Math.max(0, Math.ceil((status.nextAttemptMs - nowMs) / 1000));
			const when = inSeconds === undefined ? 'retrying' : `retrying in ${inSeconds}s`;
			out.push(seg(`${dot} ${when}${status.detail ? `: ${status.detail}` : ''}`, 'critical'));
			if (age !== undefined) out.push(seg(` (data ${formatDuration(age)} old)`, 'muted'));
			break;
		}
		case 'live': {
			const stale = age !== undefined && staleLive(age, intervalMs);
			// Paused: the screen holds older figures while polling goes on; "live … ago" would claim otherwise.
			if (input.paused)
				out.push(
					seg(`${dot} paused`, 'warning'),
					seg(age === undefined ? '' : `, figures ${formatDuration(age)} old`, 'muted'),
				);
			else if (stale) out.push(seg(`${dot} stale ${formatDuration(age)}`, 'warning'));
			else {
				const ago = headerPlace('data_age_seconds').label;
				out.push(seg(`${dot} live`, 'ok'), seg(age === undefined ? '' : ` ${formatDuration(age)} ${ago}`, 'muted'));
			}
			break;
		}
	}
	return out;
}

function line1(input: HeaderInput, theme: Theme, width: number): Segment[] {
	const {status, alerts} = input;
	const parts: Part[] = [
		part(0, seg('dask-top', 'title', true)),
		part(2, seg(input.url, 'accent')),
		part(0, ...connection(input, theme)),
	];
	if (input.paused) parts.push(part(0, seg(`${theme.glyphs.paused} PAUSED (polling goes on)`, 'warning', true)));
	if (input.actionsEnabled === true) parts.push(part(1, seg('ACTIONS ENABLED', 'warning', true)));
	if (status.state !== 'replay') parts.push(part(4, seg(`every ${formatDuration(input.intervalMs / 1000)}`, 'muted')));
	const latency = status.meanLatencyMs === undefined ? '' : ` ${formatDuration(status.meanLatencyMs / 1000)}`;
	if (status.state !== 'replay')
		parts.push(
			part(
				5,
				seg(
					`cost ${status.requestsPerSecond.toFixed(1)} req/s ${formatRate(status.bytesPerSecond)}${latency}`,
					'muted',
				),
			),
		);
	parts.push(
		part(
			1,
			seg('alerts '),
			seg(`${theme.glyphs.criticalMark}${alerts.critical}`, alerts.critical > 0 ? 'critical' : 'muted'),
			seg(' '),
			seg(`${theme.glyphs.warningMark}${alerts.warning}`, alerts.warning > 0 ? 'warning' : 'muted'),
			seg(' '),
			seg(`i${alerts.info}`, alerts.info > 0 ? 'info' : 'muted'),
		),
	);
	return fitParts(parts, width, seg(` ${theme.glyphs.separator} `, 'muted'));
}

/** The workers line's states in their order (read from the table once, not on each frame). */
const WORKER_PLACES = placesOn(WORKER_STATE_FIGURES, 'header', 'workers');

function line2(input: HeaderInput, theme: Theme, width: number): Segment[] {
	const snapshot = input.snapshot;
	if (!snapshot) return [seg('Workers ', 'title', true), seg('waiting for the first answer…', 'muted')];
	const w = workerStates(snapshot);
	const parts: Part[] = WORKER_PLACES.map(({key, place}) =>
		key === 'total'
			? part(place.priority, seg('Workers ', 'title', true), seg(formatCount(w.total), 'normal', true))
			: part(place.priority, seg(`${place.label} ${formatCount(w[key])}`, WORKER_STATE_TONES[key](w[key]))),
	);
	const threads = headerPlace('threads');
	parts.push(part(threads.priority, seg(`${threads.label} ${formatCount(snapshot.scheduler.threads)}`)));
	const adaptive = input.adaptive;
	const desired = adaptive?.desired_workers ?? snapshot.scheduler.desired_workers;
	if (desired !== undefined) {
		const arrow =
			adaptive?.direction === 'up'
				? ` ${theme.glyphs.up}`
				: adaptive?.direction === 'down'
					? ` ${theme.glyphs.down}`
					: '';
		const approx =
			adaptive?.approx_workers === undefined
				? ''
				: ` (≈${adaptive.approx_workers} worker${adaptive.approx_workers === 1 ? '' : 's'})`;
		const place = headerPlace('desired_workers');
		const tone = adaptive?.direction === 'up' ? 'warning' : 'normal';
		parts.push(part(place.priority, seg(`${place.label} ${formatCount(desired)}${arrow}${approx}`, tone)));
	}
	if (snapshot.scheduler.clients !== undefined) {
		const place = headerPlace('clients');
		parts.push(part(place.priority, seg(`${place.label} ${snapshot.scheduler.clients}`, 'muted')));
	}
	const gaps = figureGapsText(snapshot);
	if (gaps !== undefined) parts.push(part(1, seg(gaps, 'warning')));
	return fitParts(parts, width, seg('  '));
}

function line3(input: HeaderInput, theme: Theme, width: number): Segment[] {
	const snapshot = input.snapshot;
	const s = snapshot?.scheduler;
	const label = seg('Memory  ', 'title', true);
	if (!snapshot || !s) return [label];
	const used = s.memory_process_bytes;
	const limit = s.memory_limit_bytes;
	const [usedAt, limitAt, managedAt, unmanagedAt, spilledAt] = MEMORY_PLACES;
	const figures =
		`${formatBytes(used)} ${limitAt.label} ${limit === 0 ? 'no limit' : formatBytes(limit)}` +
		`${limit ? ` ${formatPercent((used ?? 0) / limit)}` : ''}`;
	const parts: Part[] = [part(usedAt.priority, seg(figures, 'normal', true))];
	parts.push(part(managedAt.priority, seg(`${managedAt.label} ${formatBytes(s.memory_managed_bytes)}`, 'managed')));
	parts.push(
		part(unmanagedAt.priority, seg(`${unmanagedAt.label} ${formatBytes(s.memory_unmanaged_bytes)}`, 'unmanaged')),
	);
	const spilled = s.memory_spilled_bytes;
	const spilledTone = spilled !== undefined && spilled > 0 ? 'warning' : 'muted';
	// Blank only with its reason: a busy identity.json before the workers' own /metrics were read.
	const spilledText =
		spilled === undefined ? spilledUnknownText(snapshot) : `${spilledAt.label} ${formatBytes(spilled)} on disk`;
	parts.push(part(spilledAt.priority, seg(spilledText, spilledTone)));
	// The bar gives way to the figures, down to 20 cells: every figure shown where the line allows.
	const allFigures = parts.reduce((n, p, i) => n + segmentsWidth(p.segments) + (i > 0 ? 2 : 0), 0);
	const barWidth = Math.max(
		Math.min(20, Math.floor(width * 0.3)),
		Math.min(40, Math.floor(width * 0.3), width - 11 - allFigures),
	);
	const rest = fitParts(parts, Math.max(0, width - 8 - barWidth - 3), seg('  '));
	const figuresIn = {
		...(used === undefined ? {} : {processBytes: used}),
		...(s.memory_managed_bytes === undefined ? {} : {managedBytes: s.memory_managed_bytes}),
		...(limit === undefined ? {} : {limitBytes: limit}),
	};
	const bar = barWidth >= 6 ? memoryBar(figuresIn, barWidth, theme.glyphs, null) : undefined;
	return bar ? [label, seg('['), ...bar, seg('] '), ...rest] : [label, ...rest];
}

/** A task state's tone while it has tasks (none: muted); its word and place are the figures table's. */
const TASK_STATE_TONES: {readonly [K in TaskState]: Tone} = {
	processing: 'normal',
	queued: 'normal',
	waiting: 'muted',
	memory: 'normal',
	erred: 'critical',
	'no-worker': 'warning',
	released: 'muted',
};

/** A worker state's tone by its count; its word and place are the figures table's. */
const WORKER_STATE_TONES: {readonly [K in keyof WorkerCounts]-?: (n: number | undefined) => Tone} = {
	total: () => 'normal',
	idle: () => 'muted',
	partially_saturated: () => 'normal',
	saturated: () => 'normal',
	paused: (n) => ((n ?? 0) > 0 ? 'critical' : 'normal'),
	retiring: (n) => ((n ?? 0) > 0 ? 'warning' : 'normal'),
};

/** The memory line's figures in their order: used / limit, managed, unmanaged, spilled. */
const MEMORY_PLACES = placesOn(SCHEDULER_FIGURES, 'header', 'memory').map(({place}) => place) as [
	HeaderPlace,
	HeaderPlace,
	HeaderPlace,
	HeaderPlace,
	HeaderPlace,
];

/** The tasks line's states in their order (read from the table once, not on each frame). */
const TASK_PLACES = placesOn(TASK_STATE_FIGURES, 'header', 'tasks');

function line4(input: HeaderInput, _theme: Theme, width: number): Segment[] {
	const s = input.snapshot?.scheduler;
	if (!s) return [seg('Tasks   ', 'title', true)];
	const total = headerPlace('tasks_total');
	const parts: Part[] = [
		part(total.priority, seg('Tasks   ', 'title', true), seg(formatCount(s.tasks_total), 'normal', true)),
	];
	for (const {key: state, place} of TASK_PLACES) {
		const n = s.tasks[state];
		const tone = n !== undefined && n > 0 ? TASK_STATE_TONES[state] : 'muted';
		parts.push(part(place.priority, seg(`${place.label} ${formatCount(n)}`, tone)));
	}
	// A rate from figures that are not fresh is not a current rate: say it is unknown, and why.
	const age = input.lastFreshMs === undefined ? undefined : Math.max(0, (input.nowMs - input.lastFreshMs) / 1000);
	const stale = input.status.state === 'retrying' || staleByAge(input.status, age, input.intervalMs);
	const done = headerPlace('tasks_done_per_second');
	parts.push(
		part(
			done.priority,
			stale
				? seg(`${done.label} ${formatPerSecond(undefined)} (stale)`, 'muted')
				: seg(`${done.label} ${formatPerSecond(input.tasksDonePerSecond)}`, 'accent'),
		),
	);
	return fitParts(parts, width, seg('  '));
}

export function headerLines(input: HeaderInput, theme: Theme, width: number): Segment[][] {
	return [
		line1(input, theme, width),
		line2(input, theme, width),
		line3(input, theme, width),
		line4(input, theme, width),
	];
}
