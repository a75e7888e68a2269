/**
 * The task progress view: the cluster's current tasks by state (exact), then one APPROXIMATE bar
 * per task prefix from the cumulative transition counters (Dask exposes no current per-prefix
 * state over HTTP), with completions per second and erred per prefix. Pure.
 */
import type {PrefixProgress, ProgressView} from '../model/types.js';
import type {TaskState} from '../types/snapshot.js';
import {ratioBar, segmentsWidth, type Segment} from './bars.js';
import {fitColumns, type ColumnSpec} from './columns.js';
import {fit, fitMiddle, formatCount, formatDuration, formatPercent, formatPerSecond} from './cells.js';
import {part, seg, type Part} from './parts.js';
import type {Theme, Tone} from './theme.js';
import {wrapParts, wrapSegments} from './wrap.js';

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

function stateGlyph(theme: Theme, index: number): string {
	return (theme.ascii ? STATE_GLYPHS.ascii : STATE_GLYPHS.unicode)[index] ?? '?';
}

function clock(epochS: number): string {
	return new Date(epochS * 1000).toISOString().slice(11, 19);
}

/** The lines above the per-prefix list: the state legend (wrapping whole entries), the stacked bar, and what the per-prefix bars are. */
export function progressHead(view: ProgressView | undefined, theme: Theme, width: number): Segment[][] {
	if (!view) return [[seg('Task progress ', 'title', true), seg('waiting for the first answer…', 'muted')]];
	const total = view.tasks_total ?? STATES.reduce((n, [s]) => n + (view.tasks[s] ?? 0), 0);
	const legend: Part[] = [part(0, seg('Tasks ', 'title', true), seg(formatCount(total), 'normal', true))];
	for (const [state, label, tone, glyph] of STATES) {
		const n = view.tasks[state];
		legend.push(part(0, seg(`${stateGlyph(theme, glyph)} ${label} ${formatCount(n)}`, n !== undefined && n > 0 ? tone : 'muted')));
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
	const since = view.baseline_time === undefined ? '' : ` since ${clock(view.baseline_time)}`;
	// The note in fewer words when the long one does not fit a line; it wraps when even that does not fit.
	const title = [seg('Per task prefix ', 'title', true), seg('APPROXIMATE', 'warning', true)];
	const long = `: counted from Dask's cumulative transition counters${since}; Dask exposes no current per-prefix state over HTTP`;
	const note = segmentsWidth(title) + long.length <= width ? long : `: from cumulative transition counters${since}; no current per-prefix state over HTTP`;
	return [...wrapParts(legend, width, seg('  '), 6), [seg('['), ...stacked, seg(']')], [], ...wrapSegments([...title, seg(note, 'muted')], width, 2)];
}

type PrefixColumnId = 'prefix' | 'bar' | 'done' | 'pct' | 'rate' | 'erred' | 'flight' | 'mean';

const PREFIX_COLUMNS: ReadonlyArray<ColumnSpec<PrefixColumnId>> = [
	{id: 'prefix', title: 'PREFIX', width: 14, maxWidth: 40, grow: 1, align: 'left', priority: 0},
	{id: 'bar', title: '≈ PROGRESS', width: 10, maxWidth: 50, grow: 2, align: 'left', priority: 1},
	{id: 'done', title: 'DONE/SUBM', width: 13, align: 'right', priority: 2},
	{id: 'pct', title: '%', width: 4, align: 'right', priority: 0},
	{id: 'rate', title: 'DONE/S', width: 7, align: 'right', priority: 1},
	{id: 'erred', title: 'ERRED', width: 6, align: 'right', priority: 1},
	{id: 'flight', title: 'IN FLIGHT', width: 9, align: 'right', priority: 3},
	{id: 'mean', title: 'MEAN', width: 6, align: 'right', priority: 4},
];

export interface PrefixColumns {
	readonly columns: ReadonlyArray<{readonly spec: ColumnSpec<PrefixColumnId>; readonly width: number}>;
}

export function prefixColumns(width: number): PrefixColumns {
	return {columns: fitColumns(PREFIX_COLUMNS, width)};
}

export function prefixHeader(layout: PrefixColumns): Segment[] {
	return [seg(layout.columns.map((c) => fit(c.spec.title, c.width, c.spec.align)).join(' '), 'title', true)];
}

export function prefixRow(p: PrefixProgress, layout: PrefixColumns, theme: Theme): Segment[] {
	const out: Segment[] = [];
	layout.columns.forEach(({spec, width}, i) => {
		if (i > 0) out.push(seg(' '));
		switch (spec.id) {
			case 'prefix':
				out.push(seg(fitMiddle(p.prefix, width)));
				break;
			case 'bar':
				out.push(...ratioBar(p.fraction, width, theme.glyphs, p.erred > 0 ? 'warning' : 'ok'));
				break;
			case 'done':
				out.push(seg(fit(`${formatCount(p.done)}/${formatCount(p.submitted)}`, width, 'right')));
				break;
			case 'pct':
				out.push(seg(fit(formatPercent(p.fraction), width, 'right'), 'normal', true));
				break;
			case 'rate':
				out.push(seg(fit(formatPerSecond(p.done_per_second), width, 'right'), 'accent'));
				break;
			case 'erred':
				out.push(seg(fit(formatCount(p.erred), width, 'right'), p.erred > 0 ? 'critical' : 'muted'));
				break;
			case 'flight':
				out.push(seg(fit(formatCount(p.in_flight), width, 'right')));
				break;
			case 'mean':
				out.push(seg(fit(formatDuration(p.mean_duration_seconds), width, 'right'), 'muted'));
				break;
		}
	});
	return out;
}
