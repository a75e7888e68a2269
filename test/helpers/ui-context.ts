/**
 * A screen of 50 workers, 7 progress rows, 3 events and 2 findings for the UI state tests, and a run
 * of bindings' state transitions on it (by the rows' names: the first row of each name).
 */
import type {Press} from '../../source/ui/keys/binding-types.js';
import {BINDINGS} from '../../source/ui/keys/bindings.js';
import {initialUiState, type UiContext, type UiState} from '../../source/ui/state/ui-state.js';

export const addresses = Array.from({length: 50}, (_, i) => `tcp://10.0.0.${i}:4000`);

export const ctx: UiContext = {
	counts: {workers: 50, progress: 7, events: 3, diagnosis: 2, time: 4},
	pageRows: {workers: 10, progress: 5, events: 5, diagnosis: 5, time: 4},
	addresses,
};

/** A key press on `context`, from a live source, no terminal, nothing to retire. */
export const pressOn = (context: UiContext, key = ''): Press => ({
	ctx: context,
	key,
	source: {kind: 'live', clusters: false},
	terminal: false,
	intervalMs: 0,
	rows: [],
	retire: {allowActions: false, kind: 'live', canAct: false},
});

/** The state after the row named `action` (its update; none: the state as it was); `key` is the key pressed. */
export function act(state: UiState, action: string, context: UiContext = ctx, key = ''): UiState {
	const binding = BINDINGS.find((b) => b.action === action);
	if (binding === undefined) throw new Error(`no binding named ${action}`);
	return binding.update?.(state, pressOn(context, key)) ?? state;
}

/** The state after `actions`, one after the other, from `state`. */
export const run = (actions: readonly string[], state: UiState = initialUiState(), context = ctx): UiState =>
	actions.reduce((s, a) => act(s, a, context), state);
