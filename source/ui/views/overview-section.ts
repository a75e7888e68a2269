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
import {clipSegments, seg} from '../draw/parts.js';
import {overviewGraphLines, overviewPrefixLines, planOverview} from './overview-lines.js';
import {memoLast} from '../shell/memo-last.js';
import type {Theme} from '../draw/theme.js';

export interface OverviewMemo {
	readonly progress: (model: ClusterState) => ReturnType<typeof progressView> | undefined;
	readonly panel: typeof alertsPanelEntries;
	readonly graphs: (history: ClusterHistory, points: number, theme: Theme, width: number, rows: number) => Segment[][];
}

/**
 * The adaptive why takes two lines of the overview from this height on (120×40 has 27): below it
 * the graphs and the worst alert whole come first, and the header's number stays.
 */
const WHY_FROM_HEIGHT = 16;

export function createOverviewMemo(): OverviewMemo {
	return {
		progress: memoLast((model: ClusterState) => (model.snapshot ? progressView(model) : undefined)),
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
): (readonly Segment[])[] {
	const why = triage && withWhy ? adaptiveWhy(triage.adaptive) : undefined;
	if (why !== undefined && height >= WHY_FROM_HEIGHT) {
		// The adaptive target's why, where the header shows its number (the whole of it: view 3).
		const line = clipSegments([seg('Adaptive  ', 'title', true), seg(why), seg('  · 3: how', 'muted')], width);
		return [[], line, ...overviewSection(model, triage, theme, width, height - 2, memo, false)];
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
