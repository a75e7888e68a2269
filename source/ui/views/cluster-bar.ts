/**
 * The cluster bar: one line under the header while several clusters are followed. Each cluster:
 * its short name, its connection (live / retrying / down / connecting), its workers and its
 * ongoing alerts by severity (glyph and number, so colour is never the only carrier); the active
 * one is marked with an arrow and bold. When the line is too narrow the entries shrink (zero
 * counts, then workers drop out), then only the clusters around the active one are shown and
 * the hidden ones are summed at the ends (`‹+2 ✗1`), so no background alert goes unseen. Pure.
 */
import {severityCounts} from '../../model/index.js';
import type {ClusterState, SeverityCounts} from '../../model/types.js';
import {workerCount} from '../../model/rows/worker-count.js';
import {segmentsWidth, type Segment} from '../draw/bars.js';
import {clipSegments, seg} from '../draw/parts.js';
import type {Theme, Tone} from '../draw/theme.js';
import type {SourceStatus} from '../../types/scrape-source.js';

export type ClusterLink = 'connecting' | 'live' | 'retrying' | 'down' | 'replay';

export interface ClusterSummary {
	readonly name: string;
	readonly link: ClusterLink;
	/** Workers the scheduler counts; undefined before any data. */
	readonly workers?: number;
	/** Ongoing alerts by severity. */
	readonly alerts: SeverityCounts;
	/** Why the cluster could not be read at first contact (until it answers like Dask). */
	readonly problem?: string;
}

/** The cluster bar's figures: every cluster's summary and which one is on screen. */
export interface ClusterBarInput {
	readonly summaries: readonly ClusterSummary[];
	/** Index of the cluster on screen. */
	readonly active: number;
}

const LINKS: Readonly<Record<ClusterLink, readonly [text: string, tone: Tone]>> = {
	connecting: ['connecting', 'muted'],
	live: ['live', 'ok'],
	retrying: ['retrying', 'critical'],
	down: ['down', 'critical'],
	replay: ['replay', 'info'],
};

/** What a cluster's entry is made of: its model and its source's status (a frame's TuiData has both). */
export interface ClusterFigures {
	readonly model: ClusterState;
	readonly status: SourceStatus;
}

/** One cluster's line of the bar, from its frame of TUI data. */
export function summarizeCluster(name: string, data: ClusterFigures, problem?: string): ClusterSummary {
	const state = data.status.state;
	const link: ClusterLink = problem !== undefined && state !== 'retrying' ? 'down' : state;
	const snapshot = data.model.snapshot;
	// A cluster that never answered has no worker count (not zero).
	const workers =
		snapshot === undefined || data.model.source.lastFreshMs === undefined ? undefined : workerCount(snapshot);
	return {
		name,
		link,
		...(workers === undefined ? {} : {workers}),
		alerts: severityCounts(data.model.alerts.values()),
		...(problem === undefined ? {} : {problem}),
	};
}

export function sameSummary(a: ClusterSummary, b: ClusterSummary): boolean {
	return (
		a.name === b.name &&
		a.link === b.link &&
		a.workers === b.workers &&
		a.problem === b.problem &&
		a.alerts.critical === b.alerts.critical &&
		a.alerts.warning === b.alerts.warning &&
		a.alerts.info === b.alerts.info
	);
}

/** How much an entry says: 0 everything, 3 the least (name, connection, non-zero alerts). */
type Level = 0 | 1 | 2 | 3;

function alertSegments(alerts: SeverityCounts, theme: Theme, withZeros: boolean): Segment[] {
	const counts: ReadonlyArray<readonly [string, number, Tone]> = [
		[theme.glyphs.criticalMark, alerts.critical, 'critical'],
		[theme.glyphs.warningMark, alerts.warning, 'warning'],
		['i', alerts.info, 'info'],
	];
	return counts
		.filter(([, n]) => withZeros || n > 0)
		.flatMap(([glyph, n, tone]) => [
			seg(' '),
			seg(`${glyph}${n}`, n > 0 ? tone : 'muted', n > 0 && tone === 'critical'),
		]);
}

function entry(summary: ClusterSummary, active: boolean, level: Level, theme: Theme): Segment[] {
	const [text, tone] = LINKS[summary.link];
	const out: Segment[] = [active ? seg(`${theme.glyphs.right} ${summary.name}`, 'title', true) : seg(summary.name)];
	out.push(seg(level === 0 ? ` ${theme.glyphs.bullet} ${text}` : ` ${text}`, tone));
	if (summary.workers !== undefined && level < 3)
		out.push(
			seg(
				level === 0 ? ` ${summary.workers} worker${summary.workers === 1 ? '' : 's'}` : ` ${summary.workers}w`,
				'muted',
			),
		);
	out.push(...alertSegments(summary.alerts, theme, level < 2));
	return out;
}

function sum(summaries: readonly ClusterSummary[]): SeverityCounts {
	return summaries.reduce(
		(total, s) => ({
			critical: total.critical + s.alerts.critical,
			warning: total.warning + s.alerts.warning,
			info: total.info + s.alerts.info,
		}),
		{critical: 0, warning: 0, info: 0},
	);
}

/** `‹+2 ✗1` / `+2 ✗1›`: the clusters hidden on one side and their alerts. */
function hidden(summaries: readonly ClusterSummary[], side: 'left' | 'right', theme: Theme): Segment[] {
	if (summaries.length === 0) return [];
	const [left, right] = theme.ascii ? ['<', '>'] : ['‹', '›'];
	const down = summaries.filter((s) => s.link === 'down' || s.link === 'retrying').length;
	const body: Segment[] = [
		seg(`+${summaries.length}`, 'accent'),
		...alertSegments(sum(summaries), theme, false),
		...(down > 0 ? [seg(` ${down} down`, 'critical')] : []),
	];
	return side === 'left' ? [seg(left, 'accent'), ...body] : [...body, seg(right, 'accent')];
}

function join(parts: readonly Segment[][], separator: Segment): Segment[] {
	return parts.flatMap((part, i) => (i === 0 ? part : [separator, ...part]));
}

/** The entries that fit, as many around the active one as the width allows. */
function window(
	summaries: readonly ClusterSummary[],
	active: number,
	theme: Theme,
	width: number,
	separator: Segment,
): Segment[] {
	const line = (lo: number, hi: number) => {
		const shown = summaries.slice(lo, hi + 1).map((s, i) => entry(s, lo + i === active, 3, theme));
		const before = hidden(summaries.slice(0, lo), 'left', theme);
		const after = hidden(summaries.slice(hi + 1), 'right', theme);
		return join([...(before.length > 0 ? [before] : []), ...shown, ...(after.length > 0 ? [after] : [])], separator);
	};
	let lo = active;
	let hi = active;
	for (let grew = true; grew; ) {
		grew = false;
		if (hi + 1 < summaries.length && segmentsWidth(line(lo, hi + 1)) <= width) {
			hi += 1;
			grew = true;
		}
		if (lo > 0 && segmentsWidth(line(lo - 1, hi)) <= width) {
			lo -= 1;
			grew = true;
		}
	}
	return clipSegments(line(lo, hi), width);
}

/** The bar for `summaries` with `active` highlighted, at most `width` cells. */
export function clusterBarLine(
	summaries: readonly ClusterSummary[],
	active: number,
	theme: Theme,
	width: number,
): Segment[] {
	const separator = seg(` ${theme.glyphs.separator} `, 'muted');
	const current = summaries[active];
	for (const level of [0, 1, 2, 3] as const) {
		const entries = join(
			summaries.map((s, i) => entry(s, i === active, level, theme)),
			separator,
		);
		const used = segmentsWidth(entries);
		if (used > width) continue;
		const tail: Segment[] = [];
		if (current?.problem !== undefined && width - used > 12)
			tail.push(...clipSegments([seg(`  ${current.problem}`, 'critical')], width - used));
		const hint = seg('  c/C switch', 'muted');
		if (level === 0 && used + segmentsWidth(tail) + hint.text.length <= width) tail.push(hint);
		return [...entries, ...tail];
	}
	return window(summaries, active, theme, width, separator);
}
