/** The time split of the model's state for a window (what the time view, the overview and `--json` show). */
import type {ClusterState} from '../state-types.js';
import {timeSplit} from './time-split.js';
import type {TimeSplit, TimeWindowKind} from './time-types.js';

/** The scheduler's process start, epoch seconds: /metrics' process collector, else identity's `started`. */
export function schedulerStartS(state: ClusterState): number | undefined {
	const s = state.snapshot?.scheduler;
	return s?.process_start_time_seconds ?? s?.started;
}

export function timeView(state: ClusterState, window: TimeWindowKind): TimeSplit | undefined {
	if (state.time === undefined) return undefined;
	return timeSplit(state.time, window, schedulerStartS(state));
}
