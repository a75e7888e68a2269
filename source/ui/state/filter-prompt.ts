/**
 * The filter prompt (/, F3, F4): the worker table's filter, or, over a log in the drill-down panel,
 * that log's (drill-panel.ts). Typing narrows at once; Enter keeps the filter, Esc clears it. Pure.
 */
import {editDrillFilter, startDrillFilter} from './drill-panel.js';
import type {UiState} from './ui-state.js';

export type FilterEdit = 'start' | 'type' | 'delete' | 'accept' | 'cancel';

/** The state after an edit of the filter; `text` is the character typed (`space` for a blank). */
export function editFilter(state: UiState, edit: FilterEdit, text = ''): UiState {
	const panel = state.help ? undefined : state.drill;
	if (panel !== undefined && edit === 'start') return startDrillFilter(state, panel);
	if (panel?.filterEditing && edit !== 'start') return editDrillFilter(state, panel, edit, text);
	switch (edit) {
		case 'start':
			return {...state, filterEditing: true};
		case 'type': {
			const {anchor: _typed, ...rest} = state;
			return {
				...rest,
				filterText: state.filterText + (text === 'space' ? ' ' : text),
				cursor: {...state.cursor, workers: 0},
			};
		}
		case 'delete':
			return {...state, filterText: [...state.filterText].slice(0, -1).join('')};
		case 'accept':
			return {...state, filterEditing: false};
		case 'cancel':
			return {...state, filterEditing: false, filterText: ''};
	}
}
