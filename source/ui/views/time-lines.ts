/**
 * The time view: where the cluster's thread-seconds went over a window (model/time/): the busy
 * line, one stacked bar of the capacity (compute, transfer, spill, GC, idle), what is missing or
 * partial and why, then one stacked bar per task prefix (compute, transfer), the biggest first.
 * Parts are marked by glyph as well as colour, so NO_COLOR and --ascii read the same. Pure.
 */
import type {TimeSplit, TimeWindowKind} from '../../model/types.js';
import {sharePercent} from '../../model/time/time-split.js';
import {busyText, coverageText, WINDOW_NAMES} from '../../model/time/time-text.js';
import type {Segment} from '../draw/bars.js';
import {fit, fitMiddle, formatDuration} from '../draw/cells.js';
import {part, seg, type Part} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import {wrapParts, wrapSegments} from '../draw/wrap.js';

type PartKey = 'compute' | 'transfer' | 'spill' | 'gc' | 'idle';

/** Each part: its name, tone and glyph index (the bars mark parts by glyph, not by colour alone). */
const PARTS: ReadonlyArray<readonly [PartKey, string, Tone, number]> = [
	['compute', 'compute', 'accent', 0],
	['transfer', 'transfer', 'info', 1],
	['spill', 'spill', 'warning', 2],
	['gc', 'GC', 'critical', 3],
	['idle', 'idle', 'free', 4],
];

const GLYPHS = {unicode: ['█', '▓', '▒', '░', '·'], ascii: ['#', '=', '-', '.', ' ']} as const;

function glyph(theme: Theme, index: number): string {
	return (theme.ascii ? GLYPHS.ascii : GLYPHS.unicode)[index] ?? '?';
}

/** A stacked bar `width` cells wide of `parts` (seconds) against `whole`; a part above 0 takes at least a cell. */
function stackedBar(
	parts: ReadonlyArray<readonly [number | undefined, Tone, number]>,
	whole: number,
	width: number,
	theme: Theme,
): Segment[] {
	const out: Segment[] = [];
	let used = 0;
	if (whole > 0) {
		for (const [value, tone, index] of parts) {
			if (value === undefined || value <= 0) continue;
			const cells = Math.max(1, Math.round((value / whole) * width));
			const take = Math.min(cells, width - used);
			if (take > 0) out.push(seg(glyph(theme, index).repeat(take), tone));
			used += take;
		}
	}
	if (width - used > 0) out.push(seg(' '.repeat(width - used), 'free'));
	return out;
}

function percentCell(split: TimeSplit, value: number | undefined): string {
	const share = sharePercent(split, value);
	if (share === undefined) return '?';
	return share > 0 && share < 1 ? '<1%' : `${Math.round(share)}%`;
}

export interface TimePage {
	/** Title, busy line, the capacity's bar, the legend, the notes, the prefix header. */
	readonly head: readonly Segment[][];
	/** One line per prefix, biggest first. */
	readonly rows: readonly Segment[][];
}

/** The prefix column: a quarter of the width, at most this many cells (a longer name is cut in its middle). */
const PREFIX_WIDTH_MAX = 32;
const SECONDS_WIDTH = 8;
const SHARE_WIDTH = 5;

/**
 * The view laid out for `width` columns. `running`: tasks processing now (the scheduler's count),
 * whose compute is not counted until they end.
 */
export function timePage(
	split: TimeSplit | undefined,
	window: TimeWindowKind,
	theme: Theme,
	width: number,
	running?: number,
): TimePage {
	const title: Part[] = [part(0, seg('Time  ', 'title', true), seg(WINDOW_NAMES[window], 'normal', true))];
	if (!split) {
		title.push(part(0, seg('waiting for the first /metrics answer…', 'muted')));
		return {head: wrapParts(title, width, seg('  ')), rows: []};
	}
	const threads = split.thread_seconds;
	const capacity = threads === undefined ? '' : `, ${formatDuration(threads)} of thread time`;
	title.push(part(1, seg(`${formatDuration(split.window_seconds)}${capacity}`, 'muted')));
	title.push(part(2, seg('w: window', 'muted')));
	const head: Segment[][] = [...wrapParts(title, width, seg('  '))];
	const coverage = coverageText(split);
	head.push(...wrapSegments([seg(busyText(split)), ...(coverage ? [seg(`  (${coverage})`, 'muted')] : [])], width, 2));
	const barWidth = Math.max(1, Math.min(100, width - 2));
	if (threads !== undefined && split.compute !== undefined) {
		const bar = stackedBar(
			PARTS.map(([key, , tone, index]) => [split[key], tone, index] as const),
			Math.max(threads, (split.compute ?? 0) + (split.transfer ?? 0) + (split.spill ?? 0) + (split.gc ?? 0)),
			barWidth,
			theme,
		);
		head.push([seg('['), ...bar, seg(']')]);
	}
	const legend = PARTS.map(([key, name, tone, index]) => {
		const value = split[key];
		const figures = value === undefined ? '?' : `${formatDuration(value)} ${percentCell(split, value)}`;
		const text = `${glyph(theme, index)} ${name} ${figures}`;
		return part(0, seg(text, value === undefined ? 'muted' : tone));
	});
	head.push(...wrapParts(legend, width, seg('  '), 2));
	const notes = [...split.notes];
	if (running !== undefined && running > 0 && split.compute !== undefined)
		notes.push(
			running === 1
				? '1 task runs now, not counted until it ends'
				: `${running} tasks run now, not counted until they end`,
		);
	for (const note of notes) head.push(...wrapSegments([seg(`${theme.glyphs.bullet} ${note}`, 'muted')], width, 2));
	head.push([]);
	const prefixWidth = Math.max(
		8,
		Math.min(PREFIX_WIDTH_MAX, Math.floor(width / 4), width - 2 * SECONDS_WIDTH - SHARE_WIDTH - 8),
	);
	const rowBar = Math.max(0, width - prefixWidth - 2 * SECONDS_WIDTH - SHARE_WIDTH - 4);
	head.push([
		seg(
			`${fit('PREFIX', prefixWidth)} ${fit('COMPUTE', SECONDS_WIDTH, 'right')} ` +
				`${fit('TRANSFER', SECONDS_WIDTH, 'right')} ${fit('SHARE', SHARE_WIDTH, 'right')}`,
			'muted',
			true,
		),
	]);
	if (split.compute === undefined) {
		head.push(
			...wrapSegments([seg('no per-prefix seconds on this Dask: it gives them from 2023.1.1', 'warning')], width),
		);
		return {head, rows: []};
	}
	if (split.prefixes.length === 0)
		head.push([seg('no task ended in this window (compute is counted at the end of a task)', 'muted')]);
	const whole = threads ?? split.prefixes.reduce((n, p) => n + p.compute + p.transfer, 0);
	const rows = split.prefixes.map((p) => {
		const line: Segment[] = [
			seg(`${fitMiddle(p.prefix, prefixWidth)} `),
			seg(`${fit(formatDuration(p.compute), SECONDS_WIDTH, 'right')} `, 'accent'),
			seg(`${fit(formatDuration(p.transfer), SECONDS_WIDTH, 'right')} `, 'info'),
			seg(fit(percentCell(split, p.compute + p.transfer), SHARE_WIDTH, 'right')),
		];
		if (rowBar > 0)
			line.push(
				seg(' '),
				...stackedBar(
					[
						[p.compute, 'accent', 0],
						[p.transfer, 'info', 1],
					],
					whole,
					rowBar,
					theme,
				),
			);
		return line;
	});
	return {head, rows};
}
