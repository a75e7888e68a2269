/**
 * A screen of 50 workers, 7 progress rows, 3 events and 2 findings for the UI state tests, and a run
 * of actions on it.
 */
import type {Action} from '../../source/ui/keys/binding-types.js';
import {reduceUi} from '../../source/ui/state/reduce-ui.js';
import {initialUiState, type UiContext, type UiState} from '../../source/ui/state/ui-state.js';

export const addresses = Array.from({length: 50}, (_, i) => `tcp://10.0.0.${i}:4000`);

export const ctx: UiContext = {
	counts: {workers: 50, progress: 7, events: 3, diagnosis: 2, time: 4},
	pageRows: {workers: 10, progress: 5, events: 5, diagnosis: 5, time: 4},
	addresses,
};

/** The state after `actions`, one after the other, from `state`. */
export const run = (actions: readonly Action[], state: UiState = initialUiState(), context = ctx): UiState =>
	actions.reduce((s, a) => reduceUi(s, a, context), state);
