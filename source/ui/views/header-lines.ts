/**
 * The cluster at a glance, as four lines of segments: connection and dask-top's own cost on the
 * scheduler, workers by state, memory, tasks by state. Pure: the frame (frame-lines.ts) places them.
 */
import type {AdaptiveView, SeverityCounts} from '../../model/types.js';
import type {ReplayPosition, SourceStatus} from '../../types/scrape-source.js';
import type {Snapshot} from '../../types/snapshot.js';
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
import type {Theme} from '../draw/theme.js';

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
			else out.push(seg(`${dot} live`, 'ok'), seg(age === undefined ? '' : ` ${formatDuration(age)} ago`, 'muted'));
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

function line2(input: HeaderInput, theme: Theme, width: number): Segment[] {
	const snapshot = input.snapshot;
	if (!snapshot) return [seg('Workers ', 'title', true), seg('waiting for the first answer…', 'muted')];
	const w = workerStates(snapshot);
	const parts: Part[] = [
		part(0, seg('Workers ', 'title', true), seg(formatCount(w.total), 'normal', true)),
		part(1, seg(`idle ${formatCount(w.idle)}`, 'muted')),
		part(2, seg(`partial ${formatCount(w.partially_saturated)}`)),
		part(1, seg(`saturated ${formatCount(w.saturated)}`)),
		part(0, seg(`paused ${formatCount(w.paused)}`, (w.paused ?? 0) > 0 ? 'critical' : 'normal')),
		part(2, seg(`retiring ${formatCount(w.retiring)}`, (w.retiring ?? 0) > 0 ? 'warning' : 'normal')),
		part(1, seg(`threads ${formatCount(snapshot.scheduler.threads)}`)),
	];
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
		parts.push(
			part(
				1,
				seg(`desired ${formatCount(desired)}${arrow}${approx}`, adaptive?.direction === 'up' ? 'warning' : 'normal'),
			),
		);
	}
	if (snapshot.scheduler.clients !== undefined)
		parts.push(part(3, seg(`clients ${snapshot.scheduler.clients}`, 'muted')));
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
	const figures =
		`${formatBytes(used)} / ${limit === 0 ? 'no limit' : formatBytes(limit)}` +
		`${limit ? ` ${formatPercent((used ?? 0) / limit)}` : ''}`;
	const parts: Part[] = [part(0, seg(figures, 'normal', true))];
	parts.push(part(2, seg(`managed ${formatBytes(s.memory_managed_bytes)}`, 'managed')));
	parts.push(part(2, seg(`unmanaged ${formatBytes(s.memory_unmanaged_bytes)}`, 'unmanaged')));
	const spilled = s.memory_spilled_bytes;
	// Blank only with its reason: a busy identity.json before the workers' own /metrics were read.
	const spilledText = spilled === undefined ? spilledUnknownText(snapshot) : `spilled ${formatBytes(spilled)} on disk`;
	parts.push(part(1, seg(spilledText, spilled !== undefined && spilled > 0 ? 'warning' : 'muted')));
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

const TASK_STATES = [
	['processing', 'processing', 'normal'],
	['queued', 'queued', 'normal'],
	['waiting', 'waiting', 'muted'],
	['memory', 'in memory', 'normal'],
	['erred', 'erred', 'critical'],
	['no-worker', 'no-worker', 'warning'],
	// Released tasks are part of the total: without them the states do not add up to it.
	['released', 'released', 'muted'],
] as const;

function line4(input: HeaderInput, _theme: Theme, width: number): Segment[] {
	const s = input.snapshot?.scheduler;
	if (!s) return [seg('Tasks   ', 'title', true)];
	const parts: Part[] = [part(0, seg('Tasks   ', 'title', true), seg(formatCount(s.tasks_total), 'normal', true))];
	TASK_STATES.forEach(([state, label, tone], i) => {
		const n = s.tasks[state];
		parts.push(
			part(
				i < 2 || state === 'erred' ? 0 : 2,
				seg(`${label} ${formatCount(n)}`, n !== undefined && n > 0 ? tone : 'muted'),
			),
		);
	});
	// A rate from figures that are not fresh is not a current rate: say it is unknown, and why.
	const age = input.lastFreshMs === undefined ? undefined : Math.max(0, (input.nowMs - input.lastFreshMs) / 1000);
	const stale = input.status.state === 'retrying' || staleByAge(input.status, age, input.intervalMs);
	parts.push(
		part(
			1,
			stale
				? seg(`done ${formatPerSecond(undefined)} (stale)`, 'muted')
				: seg(`done ${formatPerSecond(input.tasksDonePerSecond)}`, 'accent'),
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
