/** The cluster bar (cluster-bar.ts) as one screen line, shown under the header while several clusters are followed. */
import {clusterBarLine, type ClusterSummary} from '../cluster-bar.js';
import type {Theme} from '../theme.js';
import {Line} from './line.js';

export interface ClusterBarInput {
	readonly summaries: readonly ClusterSummary[];
	/** Index of the cluster on screen. */
	readonly active: number;
}

export interface ClusterBarProps {
	readonly input: ClusterBarInput;
	readonly theme: Theme;
	readonly width: number;
}

export function ClusterBar({input, theme, width}: ClusterBarProps) {
	return <Line segments={clusterBarLine(input.summaries, input.active, theme, width)} theme={theme} />;
}
