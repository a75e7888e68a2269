/**
 * Which screen shows: the views (Tab, Shift-Tab, 1–5), a worker's detail (Enter on its row, or on a
 * finding about it), a finding's subject, and going back (Esc). Pure.
 */
import type {View} from '../keys/binding-types.js';
import {moveTo} from './cursor.js';
import {closeDrill} from './drill-panel.js';
import {selectedHost, toggleFold} from './host-grouping.js';
import type {UiContext, UiState} from './ui-state.js';

/** The order Tab walks through the views. */
const VIEW_ORDER: readonly View[] = ['workers', 'progress', 'events', 'diagnosis', 'time'];

/** `view` shown, a detail closed. */
export function switchView(state: UiState, view: View): UiState {
	const {detail: _closed, ...rest} = state;
	return {...rest, view};
}

/** The next view in Tab's order (`step` -1: the previous). */
export function nextView(state: UiState, step: 1 | -1): UiState {
	const at = VIEW_ORDER.indexOf(state.view);
	return switchView(state, VIEW_ORDER[(at + VIEW_ORDER.length + step) % VIEW_ORDER.length]!);
}

/** Enter on the worker table: the selected worker's detail; on a host's row (grouped), fold or show its workers. */
export function openDetail(state: UiState, ctx: UiContext): UiState {
	if (selectedHost(state, ctx) !== undefined) return toggleFold(state, ctx);
	const address = ctx.addresses[state.cursor.workers];
	return address === undefined ? state : {...state, view: 'workers', detail: address};
}

/**
 * Enter on a finding: a worker's detail (its row selected in the table), a prefix's row in the
 * progress view, the overview for the cluster. A worker no longer listed leaves the table selected.
 */
export function openSubject(state: UiState, ctx: UiContext): UiState {
	const subject = ctx.subjects?.[state.cursor.diagnosis];
	if (!subject) return state;
	switch (subject.kind) {
		case 'worker': {
			// Grouped by host, a worker folded out of sight is found at its host's row.
			const index = ctx.locate ? ctx.locate({address: subject.id}) : ctx.addresses.indexOf(subject.id);
			const shown = switchView(state, 'workers');
			if (index < 0) return shown;
			return {...moveTo(shown, 'workers', index, ctx), detail: subject.id};
		}
		case 'prefix': {
			const shown = switchView(state, 'progress');
			const index = ctx.prefixes?.indexOf(subject.id) ?? -1;
			// (the progress view's rows are counted when it is drawn: its selection is kept valid then)
			return index < 0 ? shown : {...shown, cursor: {...shown.cursor, progress: index}};
		}
		case 'cluster':
			return switchView(state, 'workers');
	}
}

/** Esc: closes the drill-down panel, else the detail, else goes to the workers view, else clears the filter. */
export function goBack(state: UiState): UiState {
	if (state.drill !== undefined && !state.help) return closeDrill(state);
	if (state.detail !== undefined) return switchView(state, state.view);
	if (state.view !== 'workers') return switchView(state, 'workers');
	return state.filterText === '' ? state : {...state, filterText: ''};
}
