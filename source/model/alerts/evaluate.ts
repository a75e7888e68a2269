/**
 * The alerts' use of the rule engine (rule-engine.ts): every rule of the alert table (alert-rules.ts)
 * judges the state — the workers' rules each worker, the cluster's once — and each condition moves
 * through its rule's hold; events.ts turns what the engine keeps into ongoing and resolved alerts
 * and the event log.
 *
 * An alert keeps the moments of its hold in itself: it opens at once (its onset is its worst
 * level's, which its condition judges with `critical_since`), a level judged clear is kept while it
 * clears (`clearing_since`) for its hold's clear time, and an alert no rule judges any more (its
 * worker left, its condition stopped) ends at once.
 */
import type {Condition} from './alerts.js';
import {CLUSTER_ALERT_RULES, WORKER_ALERT_RULES} from './alert-rules.js';
import {ALERT_TRACKS} from './alert-tracks.js';
import {applyConditions} from './events.js';
import {stallView} from './stall.js';
import {dataAgeSeconds, missedPolls} from '../freshness.js';
import {judgeRules, newVerdicts, stepRules, type Verdicts} from '../rule-engine.js';
import type {ClusterState} from '../state-types.js';

/** Every alert rule's verdicts on the state, in the order they are listed. */
function judgeAlerts(state: ClusterState): Verdicts<Condition> {
	const verdicts = newVerdicts<Condition>();
	const t = state.options.thresholds;
	const deafUntilMs = state.source.deafUntilMs;
	const listeningSeconds =
		deafUntilMs === undefined || state.snapshot === undefined ? undefined : state.snapshot.time - deafUntilMs / 1000;
	const context = {
		thresholds: t,
		nowMs: state.nowMs,
		workerCount: state.snapshot?.workers.length ?? 0,
		rises: state.rises,
		alerts: state.alerts,
		clockText: state.options.clockText,
		...(listeningSeconds === undefined ? {} : {listeningSeconds}),
	};
	for (const track of state.workers.values()) judgeRules(WORKER_ALERT_RULES, {track, context}, verdicts);
	return judgeRules(
		CLUSTER_ALERT_RULES,
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
			heldLosses: state.heldLosses,
		},
		verdicts,
	);
}

/** The conditions the engine keeps this step: holding, or clearing through their hold. */
export function currentConditions(state: ClusterState): Condition[] {
	return [...stepRules(ALERT_TRACKS, state.alerts, judgeAlerts(state), state.nowMs).kept.values()];
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
