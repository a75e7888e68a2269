/**
 * The overview under a short worker table: the cluster over time as graphs, the busiest task
 * prefixes and the Alerts panel (overview-lines.ts). The graphs are pure functions of the model's
 * history, memoised on its identity and its point count (the rings grow in place), the size and
 * the theme: a tick without a new snapshot or a key press redraws nothing of them.
 */
import {Box} from 'ink';
import {useMemo} from 'react';
import {progressView} from '../../model/index.js';
import type {ClusterState, TriageView} from '../../model/types.js';
import {alertsPanelEntries, alertsPanelLines, alertsPanelNeeds} from '../alerts-panel-lines.js';
import {overviewGraphLines, overviewPrefixLines, planOverview} from '../overview-lines.js';
import type {Theme} from '../theme.js';
import {Lines} from './line.js';
import {AlertsPanel} from './views.js';

export interface OverviewProps {
	readonly model: ClusterState;
	readonly triage?: TriageView;
	readonly theme: Theme;
	readonly width: number;
	readonly height: number;
}

/** The Overview, or the Alerts panel alone when `height` lines do not hold the graphs beside the worst alert whole. */
export function Overview({model, triage, theme, width, height}: OverviewProps) {
	const progress = useMemo(() => (model.snapshot ? progressView(model) : undefined), [model]);
	const panel = useMemo(() => alertsPanelEntries(triage, theme, width), [triage, theme, width]);
	const needs = alertsPanelNeeds(panel);
	const plan = planOverview(height, width, {
		prefixes: progress?.prefixes.length ?? 0,
		eventLines: needs.all,
		firstEventLines: needs.first,
	});
	const history = model.history;
	const points = model.snapshotCount;
	const plotRows = plan?.plotRows ?? 0;
	// The history's rings fill in place: `points` (snapshotCount) is what says they moved.
	// biome-ignore lint/correctness/useExhaustiveDependencies: see above
	const graphs = useMemo(
		() => (plotRows > 0 ? overviewGraphLines(history, theme, width, plotRows) : []),
		[history, points, theme, width, plotRows],
	);
	if (!plan) return <AlertsPanel {...(triage ? {triage} : {})} theme={theme} width={width} height={height} />;
	const prefixes = overviewPrefixLines(progress, theme, width, plan.prefixLines);
	const events = alertsPanelLines(panel, width, height - plan.graphLines - prefixes.length);
	return (
		<Box flexDirection="column" width={width} height={height}>
			<Lines lines={graphs} theme={theme} />
			<Lines lines={prefixes} theme={theme} />
			<Lines lines={events} theme={theme} />
		</Box>
	);
}
