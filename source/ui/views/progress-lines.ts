/**
 * The task progress view: the cluster's current tasks by state (exact), then one row per task
 * prefix (model/progress/progress.ts): done, erred and cancelled apart on the bar, done/total (`?` and no
 * percentage when the total is not known), cancelled, in flight and held (a range `lo–hi` where
 * the counters prove no more), the prefix's result bytes and mean task time where the Dask version
 * gives them, and since when it counts (≈ when the row is not exact). Pure.
 */
import type {PrefixProgress, ProgressView} from '../../model/types.js';
import type {TaskState} from '../../types/snapshot.js';
import {segmentsWidth, type Segment} from '../draw/bars.js';
import {fitColumns, type ColumnSpec} from '../draw/column-fit.js';
import {
	fit,
	fitMiddle,
	formatBytesShort,
	formatCount,
	formatDuration,
	formatPercent,
	formatPerSecond,
} from '../draw/cells.js';
import {part, seg, type Part} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import {wrapParts, wrapSegments} from '../draw/wrap.js';
import {localClock} from '../../units/clock.js';

/** State, label, tone, and the glyph index (the stacked bar marks states by glyph too, not by colour alone). */
const STATES: ReadonlyArray<readonly [TaskState, string, Tone, number]> = [
	['processing', 'processing', 'accent', 0],
	['queued', 'queued', 'info', 1],
	['waiting', 'waiting', 'muted', 2],
	['memory', 'in memory', 'ok', 3],
	['erred', 'erred', 'critical', 4],
	['no-worker', 'no-worker', 'warning', 5],
];

const STATE_GLYPHS = {unicode: ['█', '▓', '▒', '░', '×', '!'], ascii: ['#', '=', '-', '.', 'x', '!']} as const;
/** Cancelled tasks on a prefix's bar (released unfinished). */
const CANCELLED_GLYPH = {unicode: '╌', ascii: '/'} as const;

function stateGlyph(theme: Theme, index: number): string {
	return (theme.ascii ? STATE_GLYPHS.ascii : STATE_GLYPHS.unicode)[index] ?? '?';
}

function clock(epochS: number): string {
	return localClock(epochS * 1000);
}

/**
 * The lines above the per-prefix list: the state legend (wrapping whole entries), the stacked bar,
 * and what the per-prefix bars are.
 */
export function progressHead(view: ProgressView | undefined, theme: Theme, width: number): Segment[][] {
	if (!view) return [[seg('Task progress ', 'title', true), seg('waiting for the first answer…', 'muted')]];
	const total = view.tasks_total ?? STATES.reduce((n, [s]) => n + (view.tasks[s] ?? 0), 0);
	const legend: Part[] = [part(0, seg('Tasks ', 'title', true), seg(formatCount(total), 'normal', true))];
	for (const [state, label, tone, glyph] of STATES) {
		const n = view.tasks[state];
		legend.push(
			part(0, seg(`${stateGlyph(theme, glyph)} ${label} ${formatCount(n)}`, n !== undefined && n > 0 ? tone : 'muted')),
		);
	}
	legend.push(part(0, seg(`done ${formatPerSecond(view.tasks_done_per_second)}`, 'accent')));
	const barWidth = Math.max(0, Math.min(100, width - 2));
	const stacked: Segment[] = [];
	let used = 0;
	if (total > 0) {
		for (const [state, , tone, glyph] of STATES) {
			const n = view.tasks[state] ?? 0;
			const cells = n > 0 ? Math.max(1, Math.round((n / total) * barWidth)) : 0;
			const take = Math.min(cells, barWidth - used);
			if (take > 0) stacked.push(seg(stateGlyph(theme, glyph).repeat(take), tone));
			used += take;
		}
	}
	if (barWidth - used > 0) stacked.push(seg(' '.repeat(barWidth - used), 'free'));
	// What the rows count, in fewer words when the long note does not fit a line; it wraps when even that does not fit.
	const title = [seg('Per task prefix', 'title', true)];
	const inexact = view.prefixes.some((p) => !p.exact);
	const idle = view.epoch ? 'cluster idle now, nothing in flight; ' : '';
	const start = view.first_sample_time === undefined ? '' : ` (${clock(view.first_sample_time)})`;
	const range = `${formatCount(1)}${dash(theme)}${formatCount(3)}`;
	const [long, short] = inexact
		? [
				`: ${idle}${approx(theme)} rows are not exact: counted from dask-top's start${start} with their total ` +
					`unknown (?), or with in flight only known between bounds (${range}); cancelled = released ` +
					'unfinished, held = results in memory now; erred tasks are not done',
				`: ${idle}${approx(theme)} = total unknown (?) or a range (${range}); erred are not done`,
			]
		: [
				`: ${idle}exact, each counted from the last moment it had nothing in flight (SINCE); cancelled = ` +
					'released unfinished, held = results in memory now; erred tasks are not done',
				`: ${idle}exact since SINCE; erred are not done`,
			];
	const note = segmentsWidth(title) + long.length <= width ? long : short;
	return [
		...wrapParts(legend, width, seg('  '), 6),
		[seg('['), ...stacked, seg(']')],
		[],
		...wrapSegments([...title, seg(note, 'muted')], width, 2),
	];
}

type PrefixColumnId =
	| 'prefix'
	| 'bar'
	| 'done'
	| 'pct'
	| 'rate'
	| 'erred'
	| 'cancelled'
	| 'flight'
	| 'held'
	| 'bytes'
	| 'mean'
	| 'since';

const PREFIX_COLUMNS: ReadonlyArray<ColumnSpec<PrefixColumnId>> = [
	{id: 'prefix', title: 'PREFIX', width: 14, maxWidth: 40, grow: 1, align: 'left', priority: 0},
	{id: 'bar', title: 'PROGRESS', width: 10, maxWidth: 50, grow: 2, align: 'left', priority: 1},
	{id: 'done', title: 'DONE/TOTAL', width: 13, align: 'right', priority: 0},
	{id: 'pct', title: '%', width: 4, align: 'right', priority: 0},
	{id: 'rate', title: 'DONE/S', width: 7, align: 'right', priority: 2},
	{id: 'erred', title: 'ERRED', width: 6, align: 'right', priority: 1},
	{id: 'cancelled', title: 'CANCELLED', width: 9, align: 'right', priority: 2},
	{id: 'flight', title: 'IN FLIGHT', width: 9, maxWidth: 11, grow: 1, align: 'right', priority: 1},
	{id: 'held', title: 'HELD', width: 6, maxWidth: 11, grow: 1, align: 'right', priority: 3},
	// Dask's nbytes_total of the prefix's task groups: every result they output, released ones too (not what is held).
	{id: 'bytes', title: 'OUTPUT', width: 8, align: 'right', priority: 3},
	{id: 'mean', title: 'MEAN', width: 6, align: 'right', priority: 4},
	{id: 'since', title: 'SINCE', width: 9, align: 'right', priority: 2},
];

export interface PrefixColumns {
	readonly columns: ReadonlyArray<{readonly spec: ColumnSpec<PrefixColumnId>; readonly width: number}>;
}

/**
 * The columns that fit; OUTPUT and MEAN only when some row has the figure (never on 2022.12), HELD
 * when /metrics counts the cluster's tasks in memory.
 */
export function prefixColumns(width: number, rows: readonly PrefixProgress[] = []): PrefixColumns {
	const has: Partial<Record<PrefixColumnId, boolean>> = {
		bytes: rows.some((p) => p.bytes !== undefined),
		mean: rows.some((p) => p.mean_duration_seconds !== undefined),
		held: rows.some((p) => p.held !== undefined),
	};
	const specs = PREFIX_COLUMNS.filter((c) => has[c.id] ?? true);
	return {columns: fitColumns(specs, width)};
}

export function prefixHeader(layout: PrefixColumns): Segment[] {
	return [seg(layout.columns.map((c) => fit(c.spec.title, c.width, c.spec.align)).join(' '), 'title', true)];
}

/** At least one cell for a part that is not 0, at most what is left. */
function cellsOf(n: number, total: number, width: number, left: number): number {
	return Math.min(left, n > 0 ? Math.max(1, Math.round((n / total) * width)) : 0);
}

/**
 * Done (filled), erred (the erred glyph) and cancelled (its own glyph) apart, from the left; the
 * rest empty. With the total unknown, no bar (it would read as a fraction): says so.
 */
export function progressBar(p: PrefixProgress, width: number, theme: Theme): Segment[] {
	if (width <= 0) return [];
	if (p.total === undefined) return [seg(fit(width >= 13 ? 'total unknown' : '?', width, 'left'), 'muted')];
	if (p.total <= 0) return [seg(theme.glyphs.empty.repeat(width), 'free')];
	const done = p.done >= p.total ? width : Math.floor((p.done / p.total) * width);
	const erred = cellsOf(p.erred, p.total, width, width - done);
	const cancelled = cellsOf(p.cancelled, p.total, width, width - done - erred);
	const out: Segment[] = [];
	if (done > 0) out.push(seg(theme.glyphs.filled.repeat(done), 'ok'));
	if (erred > 0) out.push(seg(stateGlyph(theme, 4).repeat(erred), 'critical'));
	if (cancelled > 0)
		out.push(seg((theme.ascii ? CANCELLED_GLYPH.ascii : CANCELLED_GLYPH.unicode).repeat(cancelled), 'warning'));
	const rest = width - done - erred - cancelled;
	if (rest > 0) out.push(seg(theme.glyphs.empty.repeat(rest), 'free'));
	return out;
}

/** The mark of a row that is not exact (ASCII under --ascii). */
function approx(theme: Theme): string {
	return theme.ascii ? '~' : '≈';
}

function dash(theme: Theme): string {
	return theme.ascii ? '-' : '–';
}

/** A count, or its bounds `lo–hi` when it is only known between them. */
function rangeText(lo: number | undefined, hi: number | undefined, theme: Theme): string {
	if (lo === undefined) return formatCount(undefined);
	return hi === undefined ? formatCount(lo) : `${formatCount(lo)}${dash(theme)}${formatCount(hi)}`;
}

function sinceText(p: PrefixProgress, theme: Theme): string {
	const time = p.since === undefined ? 'start' : clock(p.since);
	return p.exact ? time : `${approx(theme)}${time}`;
}

export function prefixRow(p: PrefixProgress, layout: PrefixColumns, theme: Theme): Segment[] {
	const out: Segment[] = [];
	const fraction = p.total !== undefined && p.total > 0 ? p.done / p.total : undefined;
	layout.columns.forEach(({spec, width}, i) => {
		if (i > 0) out.push(seg(' '));
		switch (spec.id) {
			case 'prefix':
				// A prefix with erred tasks stands out by name too (its ERRED column may not fit a narrow screen).
				out.push(p.erred > 0 ? seg(fitMiddle(p.prefix, width), 'critical', true) : seg(fitMiddle(p.prefix, width)));
				break;
			case 'bar':
				out.push(...progressBar(p, width, theme));
				break;
			case 'done':
				out.push(
					seg(
						fit(
							`${p.exact ? '' : approx(theme)}${formatCount(p.done)}/${p.total === undefined ? '?' : formatCount(p.total)}`,
							width,
							'right',
						),
					),
				);
				break;
			case 'pct':
				// No percentage of an unknown total (a confident 0 % would be wrong).
				if (p.total === undefined) out.push(seg(fit('?', width, 'right'), 'muted'));
				else out.push(seg(fit(formatPercent(fraction), width, 'right'), 'normal', true));
				break;
			case 'rate':
				out.push(seg(fit(formatPerSecond(p.done_per_second), width, 'right'), 'accent'));
				break;
			case 'erred':
				out.push(seg(fit(formatCount(p.erred), width, 'right'), p.erred > 0 ? 'critical' : 'muted'));
				break;
			case 'cancelled': {
				const any = (p.cancelled_max ?? p.cancelled) > 0;
				out.push(seg(fit(rangeText(p.cancelled, p.cancelled_max, theme), width, 'right'), any ? 'warning' : 'muted'));
				break;
			}
			case 'flight':
				out.push(seg(fit(rangeText(p.in_flight, p.in_flight_max, theme), width, 'right')));
				break;
			case 'held':
				out.push(seg(fit(rangeText(p.held, p.held_max, theme), width, 'right'), 'muted'));
				break;
			case 'bytes':
				out.push(seg(fit(formatBytesShort(p.bytes), width, 'right'), 'muted'));
				break;
			case 'mean':
				out.push(seg(fit(formatDuration(p.mean_duration_seconds), width, 'right'), 'muted'));
				break;
			case 'since':
				out.push(seg(fit(sinceText(p, theme), width, 'right'), p.exact ? 'muted' : 'warning'));
				break;
		}
	});
	return out;
}
