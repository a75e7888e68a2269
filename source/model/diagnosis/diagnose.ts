/**
 * The diagnosis as a step of the model: once per fresh snapshot (after its alerts), the window of
 * readings moves on, the rules judge, and findings that start or end are logged as events — but
 * worker-lost's: the departure's verdict (the worker_lost alert or event) already tells the loss in
 * the log, and the finding cites it.
 */
import {prependEvents} from '../alerts/events.js';
import type {ClusterState} from '../state-types.js';
import type {ModelEvent} from '../view-types.js';
import {emptyDiagnosis, endAll, stepDiagnosis} from './engine.js';
import {endEvent, startEvent} from './finding-events.js';
import type {Finding} from './diagnosis-types.js';
import {stepWindow} from './window.js';

/** A finding the event log tells (a loss is told by its departure's entry). */
const logged = (f: Finding): boolean => f.cause !== 'worker-lost';

export function diagnose(state: ClusterState): ClusterState {
	const snapshot = state.snapshot;
	if (!snapshot) return state;
	const previous = state.diagnosis ?? emptyDiagnosis();
	const window = stepWindow(previous.window, snapshot);
	const step = stepDiagnosis(previous, {state, snapshot, window, nowMs: state.nowMs});
	const added: ModelEvent[] = [
		...step.ended.filter(logged).map((f) => endEvent(f, state.nowMs, state.options.clockText)),
		...step.started.filter(logged).map((f) => startEvent(f, state.nowMs)),
	];
	return {
		...state,
		diagnosis: step.diagnosis,
		events: prependEvents(state.events, added, state.options.eventLogLength),
	};
}

/** The end events of every active finding (the state is about to start over). */
export function endAllEvents(state: ClusterState, nowMs: number): ModelEvent[] {
	if (!state.diagnosis) return [];
	return endAll(state.diagnosis)
		.filter(logged)
		.map((f) => endEvent(f, nowMs, state.options.clockText));
}
