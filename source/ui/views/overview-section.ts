/**
 * The overview under a short worker table as screen lines: the cluster over time as graphs, the
 * busiest task prefixes and the Alerts panel (overview-lines.ts, alerts-panel-lines.ts); the Alerts
 * panel alone when the graphs and the worst alert do not both fit. The graphs are pure functions of
 * the model's history, kept while its identity and point count (the rings grow in place), the size
 * and the theme are the same: a tick without a new snapshot or a key press draws nothing of them again.
 */
import {adaptiveWhy} from '../../model/adaptive/adaptive-why.js';
import {progressView} from '../../model/index.js';
import type {ClusterHistory, ClusterState, TriageView} from '../../model/types.js';
import {alertsPanelEntries, alertsPanelLines, alertsPanelNeeds} from './alerts-panel-lines.js';
import type {Segment} from '../draw/bars.js';
import {clipSegments, fitParts, part, seg} from '../draw/parts.js';
import {timeSplit} from '../../model/time/time-split.js';
import {busyText, coverageText, WINDOW_NAMES} from '../../model/time/time-text.js';
import type {TimeSplit, TimeTrack} from '../../model/types.js';
import {overviewGraphLines, overviewPrefixLines, planOverview} from './overview-lines.js';
import {memoLast} from '../../units/memo-last.js';
import type {Theme} from '../draw/theme.js';

export interface OverviewMemo {
	readonly progress: (model: ClusterState) => ReturnType<typeof progressView> | undefined;
	readonly panel: typeof alertsPanelEntries;
	readonly graphs: (history: ClusterHistory, points: number, theme: Theme, width: number, rows: number) => Segment[][];
	/** The time line, kept while the time track (moved on by a new /metrics answer only) and the width are the same. */
	readonly time: (track: TimeTrack | undefined, width: number) => Segment[] | undefined;
}

/**
 * The adaptive why takes two lines of the overview from this height on (120×40 has 27): below it
 * the graphs and the worst alert whole come first, and the header's number stays.
 */
const WHY_FROM_HEIGHT = 16;

/** The time line (where the threads' time went in the last minute) takes a line from this height on. */
const TIME_FROM_HEIGHT = 14;

/** `Time      threads 71 % busy — compute 58 · transfer 9 · spill 4 · GC 1  last minute · 5: more`. */
function timeLine(split: TimeSplit, width: number): Segment[] {
	const coverage = coverageText(split);
	return fitParts(
		[
			part(0, seg('Time      ', 'title', true), seg(busyText(split))),
			part(2, seg(WINDOW_NAMES[split.window], 'muted')),
			...(coverage ? [part(1, seg(coverage, 'muted'))] : []),
			part(3, seg('5: more', 'muted')),
		],
		width,
		seg('  '),
	);
}

export function createOverviewMemo(): OverviewMemo {
	return {
		progress: memoLast((model: ClusterState) => (model.snapshot ? progressView(model) : undefined)),
		time: memoLast((track: TimeTrack | undefined, width: number) => {
			const split = track === undefined ? undefined : timeSplit(track, 'minute');
			return split === undefined ? undefined : timeLine(split, width);
		}),
		panel: memoLast(alertsPanelEntries),
		// `points` (the model's snapshot count) says the history's rings moved: they fill in place.
		graphs: memoLast((history: ClusterHistory, _points: number, theme: Theme, width: number, rows: number) =>
			rows > 0 ? overviewGraphLines(history, theme, width, rows) : [],
		),
	};
}

/** The overview's lines (at most `height`; the caller pads the rest). */
export function overviewSection(
	model: ClusterState,
	triage: TriageView | undefined,
	theme: Theme,
	width: number,
	height: number,
	memo: OverviewMemo,
	withWhy = true,
	withTime = true,
): (readonly Segment[])[] {
	// The lines on top: the adaptive target's why, where the header shows its number (the whole of it:
	// view 3), and where the threads' time went in the last minute (view 5), under one blank line.
	const why = triage && withWhy && height >= WHY_FROM_HEIGHT ? adaptiveWhy(triage.adaptive) : undefined;
	const time = withTime && height >= TIME_FROM_HEIGHT ? memo.time(model.time, width) : undefined;
	if (why !== undefined || time !== undefined) {
		const top: Segment[][] = [[]];
		if (why !== undefined)
			top.push(clipSegments([seg('Adaptive  ', 'title', true), seg(why), seg('  · 3: how', 'muted')], width));
		if (time !== undefined) top.push(time);
		return [...top, ...overviewSection(model, triage, theme, width, height - top.length, memo, false, false)];
	}
	const progress = memo.progress(model);
	const panel = memo.panel(triage, theme, width, height);
	const needs = alertsPanelNeeds(panel);
	const plan = planOverview(height, width, {
		prefixes: progress?.prefixes.length ?? 0,
		eventLines: needs.all,
		firstEventLines: needs.first,
	});
	if (!plan) return alertsPanelLines(panel, width, height);
	const graphs = memo.graphs(model.history, model.snapshotCount, theme, width, plan.plotRows);
	const prefixes = overviewPrefixLines(progress, theme, width, plan.prefixLines);
	const events = alertsPanelLines(panel, width, height - plan.graphLines - prefixes.length);
	return [...graphs, ...prefixes, ...events];
}
