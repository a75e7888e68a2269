/**
 * One worker, every figure: title, memory bar, CPU and memory sparklines from the model's history
 * rings, the figures in columns, its task states, and what holds its memory (in-memory keys by task
 * prefix from /info/worker/<address>.html). Pure: lines of segments. The figures' wording is
 * detail-figures.ts.
 */
import type {Series, WorkerTrack} from '../../model/types.js';
import {memoryBar, ratioBar, sparkline, type MemoryThresholds, type Segment} from '../draw/bars.js';
import {
	fit,
	formatBytes,
	formatBytesShort,
	formatClock,
	formatCount,
	formatCpu,
	formatDuration,
	formatPercent,
	MISSING,
	shortAddress,
} from '../draw/cells.js';
import {clipSegments, fitParts, part, seg} from '../draw/parts.js';
import type {Theme} from '../draw/theme.js';
import {detailLabel, detailPairs, type DetailInput} from './detail-figures.js';
import {runningLines} from './running-lines.js';
import {statusText, statusTone} from './worker-columns.js';
import {columnsOf} from '../draw/text-columns.js';

/** The threshold marks as percentages: target / spill / pause / terminate. */
function marks(t: MemoryThresholds): string {
	return `${[t.target, t.spill, t.pause, t.terminate].map((f) => Math.round(f * 100)).join('/')}%`;
}

const clock = formatClock;

function history(series: Series | undefined, width: number): number[] {
	return series ? series.values(width) : [];
}

const LABEL_WIDTH = 10;
const COLUMN_GAP = 2;

/**
 * The figures in up to three columns, read down then across. Equal columns when every value fits
 * its share (a steady layout), else columns as wide as their longest value, else fewer columns:
 * a value is cut only when it is wider than the whole line.
 */
function figureLines(list: Array<readonly [string, string]>, width: number): Segment[][] {
	let layout: {columns: number; perColumn: number; widths: number[]} | undefined;
	for (let columns = Math.min(3, list.length); columns >= 1 && !layout; columns--) {
		const perColumn = Math.ceil(list.length / columns);
		const longest = Array.from({length: columns}, (_, c) =>
			Math.max(0, ...list.slice(c * perColumn, (c + 1) * perColumn).map(([, v]) => v.length)),
		);
		const share = Math.floor((width - COLUMN_GAP * (columns - 1)) / columns);
		if (longest.every((n) => LABEL_WIDTH + 1 + n <= share))
			layout = {columns, perColumn, widths: longest.map(() => share)};
		else if (longest.reduce((sum, n) => sum + LABEL_WIDTH + 1 + n, 0) + COLUMN_GAP * (columns - 1) <= width)
			layout = {columns, perColumn, widths: longest.map((n) => LABEL_WIDTH + 1 + n)};
		else if (columns === 1) layout = {columns, perColumn, widths: [width]};
	}
	const {columns, perColumn, widths} = layout ?? {columns: 1, perColumn: list.length, widths: [width]};
	const lines: Segment[][] = [];
	for (let r = 0; r < perColumn; r++) {
		const line: Segment[] = [];
		for (let c = 0; c < columns; c++) {
			const item = list[c * perColumn + r];
			if (!item) continue;
			const valueWidth = Math.max(1, (widths[c] ?? width) - LABEL_WIDTH - 1);
			const last = c === columns - 1 || !list[(c + 1) * perColumn + r];
			line.push(
				seg(fit(item[0], LABEL_WIDTH), 'muted'),
				seg(' '),
				seg(last ? fitEnd(item[1], valueWidth) : fit(item[1], valueWidth + COLUMN_GAP)),
			);
		}
		lines.push(clipSegments(line, width));
	}
	return lines;
}

/**
 * The figures side by side, bytes in words (`292 MiB`); short (`292M`) when the words would take
 * more lines, as a narrow table column drops the `iB`.
 */
export function detailFigureLines(
	input: DetailInput,
	width: number,
): {readonly pairs: Array<readonly [string, string]>; readonly lines: Segment[][]} {
	const words = detailPairs(input, 'words');
	const inWords = figureLines(words, width);
	const short = detailPairs(input, 'short');
	const inShort = figureLines(short, width);
	return inWords.length <= inShort.length ? {pairs: words, lines: inWords} : {pairs: short, lines: inShort};
}

/** Cut to `width` (with an ellipsis) but not padded: the end of a line. */
function fitEnd(text: string, width: number): string {
	return columnsOf(text) <= width ? text : fit(text, width);
}

/** For a lost or retired worker: when it went, and that the figures are its last. */
function goneLine(track: WorkerTrack, nowMs: number | undefined): Segment[] {
	const lostMs = track.lostMs ?? 0;
	const ago = nowMs === undefined ? '' : `, ${formatDuration((nowMs - lostMs) / 1000)} ago`;
	const d = track.departure;
	const what = d
		? d.verdict === 'left'
			? `LEFT: ${d.cause === 'closed' ? 'closed' : d.cause === 'restart' ? 'restarted' : 'retired'}`
			: d.verdict === 'gone'
				? 'GONE (reason unknown)'
				: 'LOST'
		: track.retired
			? 'LEFT: retired'
			: "GONE (why: waiting for the scheduler's log)";
	const tone = d ? (d.severity === 'info' ? 'muted' : d.severity) : track.retired ? 'muted' : 'warning';
	return [
		seg(`${what} at ${clock(lostMs)}${ago}`, tone, true),
		seg(` · last listed ${clock(track.lastSeenMs)} · figures below are its last`, 'muted'),
	];
}

function holdings(input: DetailInput, width: number, theme: Theme, room: number): Segment[][] {
	const page = input.page;
	const title = seg('What holds its memory ', 'title', true);
	// The title and a muted note, whose tail drops first when the line is narrow.
	const note = (text: string, tail: string) => [
		fitParts([part(0, title), part(0, seg(text, 'muted')), part(1, seg(tail, 'muted'))], width, seg('')),
	];
	if (input.track?.lostMs !== undefined) return note('— gone: the scheduler has no page for it', ' any more');
	if (!page || page.address !== input.address)
		return note('fetching /info/worker page…', ' (refreshed slowly while this view is open)');
	if (page.notRecorded) return note('— not in the recording', ': it is recorded only while a worker’s detail is open');
	if (page.error) return [[title, seg(`/info/worker page: ${page.error}`, 'warning')]];
	const groups = page.byPrefix ?? [];
	const lines: Segment[][] = [
		fitParts(
			[
				part(0, title),
				part(
					0,
					seg(
						`${formatCount(page.keys)} ${page.keys === 1 ? 'key' : 'keys'}, ` +
							`${formatBytes(page.inMemoryBytes)} by task prefix`,
						'muted',
					),
				),
				part(1, seg(" (scheduler's view, bytes as the page rounds them)", 'muted')),
			],
			width,
			seg(''),
		),
	];
	if (groups.length === 0) lines.push([seg('no keys in memory', 'muted')]);
	const total = page.inMemoryBytes ?? groups.reduce((n, g) => n + g.bytes, 0);
	const nameWidth = Math.max(12, Math.min(40, width - 40));
	const barWidth = Math.max(0, Math.min(20, width - nameWidth - 28));
	const shown = groups.slice(0, Math.max(0, room - lines.length));
	for (const g of shown) {
		const share = total > 0 ? g.bytes / total : 0;
		lines.push([
			seg(fit(g.prefix, nameWidth)),
			seg(` ${fit(formatCount(g.keys), 6, 'right')} ${g.keys === 1 ? 'key ' : 'keys'} `, 'muted'),
			seg(fit(formatBytesShort(g.bytes), 6, 'right')),
			seg(' '),
			...ratioBar(share, barWidth, theme.glyphs, 'managed'),
			seg(` ${fit(formatPercent(share), 4, 'right')}`),
		]);
	}
	if (groups.length > shown.length && shown.length > 0)
		lines[lines.length - 1] = [seg(`… ${groups.length - shown.length + 1} more prefixes`, 'muted')];
	return lines;
}

export function detailLines(input: DetailInput, theme: Theme, width: number, height: number): Segment[][] {
	const w = input.track?.last;
	const name = w?.name ?? input.row?.name ?? input.address;
	const status = input.row?.status ?? w?.status ?? 'unknown';
	const lines: Segment[][] = [
		fitParts(
			[
				part(0, seg('Worker ', 'title', true), seg(name, 'normal', true)),
				part(1, seg(shortAddress(input.address), 'accent')),
				part(0, seg(statusText(status), statusTone(status))),
				part(2, seg(`[${input.index + 1} of ${input.count}]`, 'muted')),
				part(3, seg('Esc back · j/k next/previous worker', 'muted')),
			],
			width,
			seg('  '),
		),
	];
	if (!w) {
		lines.push([seg('no figures for this worker yet', 'muted')]);
		return lines;
	}
	if (input.track?.lostMs !== undefined) lines.push(goneLine(input.track, input.nowMs));
	const spilledText = `  spilled ${formatBytes(w.memory_spilled_bytes)}`;
	const legend =
		`  ${theme.glyphs.managed} managed ${theme.glyphs.unmanaged} ` +
		`unmanaged ${theme.glyphs.mark} ${marks(input.memory)}`;
	const fixedWidth = 11 + 2 + 5 + spilledText.length; // label, brackets, " 100%", spilled
	const withLegend = width - fixedWidth - legend.length >= 20;
	const barWidth = Math.max(10, Math.min(50, width - fixedWidth - (withLegend ? legend.length : 0)));
	const figures = {
		...(w.memory_process_bytes === undefined ? {} : {processBytes: w.memory_process_bytes}),
		...(w.memory_managed_bytes === undefined ? {} : {managedBytes: w.memory_managed_bytes}),
		...(w.memory_limit_bytes === undefined ? {} : {limitBytes: w.memory_limit_bytes}),
	};
	const bar = memoryBar(figures, barWidth, theme.glyphs, input.memory);
	const fraction = input.row?.memory_fraction;
	lines.push([
		seg(fit('memory', 11), 'muted'),
		...(bar ? [seg('['), ...bar, seg('] ')] : [seg('no limit ', 'muted')]),
		seg(formatPercent(fraction), 'normal', true),
		seg(spilledText, (w.memory_spilled_bytes ?? 0) > 0 ? 'warning' : 'muted'),
		...(withLegend ? [seg(legend, 'muted')] : []),
	]);
	const sparkWidth = Math.max(10, Math.min(120, width - 30));
	const track = input.track;
	const cpuMax = Math.max(100, (w.nthreads ?? 1) * 100);
	lines.push([
		seg(fit('cpu hist', 11), 'muted'),
		seg(sparkline(history(track?.history.cpuPercent, sparkWidth), sparkWidth, theme.glyphs, cpuMax), 'accent'),
		seg(` ${formatCpu(w.cpu_percent)}% of ${cpuMax}`, 'muted'),
	]);
	lines.push([
		seg(fit('mem hist', 11), 'muted'),
		seg(
			sparkline(
				history(track?.history.memoryProcessBytes, sparkWidth),
				sparkWidth,
				theme.glyphs,
				w.memory_limit_bytes || undefined,
			),
			'managed',
		),
		seg(` ${formatBytes(w.memory_process_bytes)} of ${formatBytes(w.memory_limit_bytes)}`, 'muted'),
	]);
	lines.push([]);
	lines.push(...detailFigureLines(input, width).lines);
	const counts = Object.entries(w.task_counts ?? {}).filter(([, n]) => n > 0);
	lines.push([
		seg(fit(detailLabel('task_counts'), 11), 'muted'),
		seg(counts.length === 0 ? (w.task_counts ? 'none' : MISSING) : counts.map(([s, n]) => `${s} ${n}`).join(' · ')),
	]);
	lines.push([]);
	lines.push(...runningLines(input, width, Math.floor((height - lines.length) / 2)));
	lines.push(...holdings(input, width, theme, height - lines.length));
	return lines.slice(0, height).map((l) => clipSegments(l, width));
}
