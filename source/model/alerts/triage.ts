/**
 * The triage view the TUI, --once text and --json share: ongoing alerts (worst first), the event
 * log (newest first), counts by severity for the header, the adaptive view and the stall view.
 * snake_case and JSON-friendly (no Maps, no class instances, no NaN).
 */
import {adaptiveView} from '../adaptive/adaptive.js';
import {compareAlerts, currentAlert, currentEvents, severityCounts} from './events.js';
import {dataAgeSeconds, missedPolls} from '../freshness.js';
import {stallView} from './stall.js';
import type {Alert, ModelEvent, TriageView} from '../view-types.js';
import type {ClusterState} from '../state-types.js';

/** Ongoing alerts with durations up to the state's time, worst first then oldest first. */
export function ongoingAlerts(state: ClusterState): Alert[] {
	return [...state.alerts.values()].map((a) => currentAlert(a, state.nowMs)).sort(compareAlerts);
}

const cache = new WeakMap<ClusterState, TriageView>();

/**
 * Memoized per state (states are immutable), so re-rendering is free. The sorted alerts and the
 * log brought up to date are made when first read: a screen that shows only the counts (the
 * worker table of a large cluster, thousands of alerts) does not sort them on every poll; the
 * counts come from the same alerts (bringing a duration up to date keeps its severity).
 */
export function triageView(state: ClusterState): TriageView {
	const cached = cache.get(state);
	if (cached) return cached;
	let alerts: readonly Alert[] | undefined;
	let events: readonly ModelEvent[] | undefined;
	const view: TriageView = {
		time: state.nowMs / 1000,
		get alerts() {
			alerts ??= ongoingAlerts(state);
			return alerts;
		},
		get events() {
			events ??= currentEvents(state.events, state.alerts, state.nowMs);
			return events;
		},
		counts: severityCounts(state.alerts.values()),
		adaptive: adaptiveView(state),
		stall: stallView(state),
		data_age_seconds: dataAgeSeconds(state),
		missed_polls: missedPolls(state),
	};
	cache.set(state, view);
	return view;
}
