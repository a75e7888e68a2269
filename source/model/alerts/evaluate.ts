/** Re-evaluates every alert rule against a state and applies the result (events.ts). */
import type {Condition} from './alerts.js';
import {clusterConditions} from './cluster-alerts.js';
import {heldLossCondition, workerConditions} from './worker-alerts.js';
import {applyConditions} from './events.js';
import {stallView} from './stall.js';
import {dataAgeSeconds, missedPolls} from '../freshness.js';
import type {ClusterState} from '../state-types.js';

export function currentConditions(state: ClusterState): Condition[] {
	const out: Condition[] = [];
	const t = state.options.thresholds;
	const workerCount = state.snapshot?.workers.length ?? 0;
	const deafUntilMs = state.source.deafUntilMs;
	const listeningSeconds =
		deafUntilMs === undefined || state.snapshot === undefined ? undefined : state.snapshot.time - deafUntilMs / 1000;
	const ctx = {
		thresholds: t,
		nowMs: state.nowMs,
		workerCount,
		rises: state.rises,
		alerts: state.alerts,
		clockText: state.options.clockText,
		...(listeningSeconds === undefined ? {} : {listeningSeconds}),
	};
	for (const track of state.workers.values()) workerConditions(track, ctx, out);
	for (const loss of state.heldLosses ?? []) heldLossCondition(loss, ctx, out);
	clusterConditions(
		{
			thresholds: t,
			nowMs: state.nowMs,
			snapshot: state.snapshot,
			rises: state.rises,
			missedPolls: missedPolls(state),
			dataAgeSeconds: dataAgeSeconds(state),
			sourceDetail: state.source.status?.detail,
			stall: stallView(state),
			erredBefore: state.erredBefore,
			alerts: state.alerts,
			clockText: state.options.clockText,
		},
		out,
	);
	return out;
}

export function evaluateAlerts(state: ClusterState): ClusterState {
	const applied = applyConditions(
		state.alerts,
		currentConditions(state),
		state.nowMs,
		state.events,
		state.options.eventLogLength,
	);
	if (!applied.changed) return state;
	return {...state, alerts: applied.alerts, events: applied.events};
}
