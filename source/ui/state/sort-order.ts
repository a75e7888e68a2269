/**
 * The sort columns in the order `s` / `>` and the sort list (F6) show them, and every way the sort
 * changes: the keys, the sort list, a click on a column heading. Pure.
 */
import type {SortColumn} from '../../model/types.js';
import type {UiState} from './ui-state.js';

/** The order `s` / `>` walk through, and each column's natural direction. */
export const SORT_ORDER: ReadonlyArray<{readonly column: SortColumn; readonly descending: boolean}> = [
	{column: 'name', descending: false},
	{column: 'address', descending: false},
	{column: 'status', descending: false},
	{column: 'threads', descending: true},
	{column: 'cpu', descending: true},
	{column: 'memory', descending: true},
	{column: 'spilled', descending: true},
	{column: 'executing', descending: true},
	{column: 'ready', descending: true},
	{column: 'in_memory', descending: true},
	{column: 'transfers', descending: true},
	{column: 'net_read', descending: true},
	{column: 'net_write', descending: true},
	{column: 'event_loop', descending: true},
	{column: 'heartbeat', descending: true},
	{column: 'severity', descending: true},
];

/** `s` / `<`: the next or previous column of SORT_ORDER, in its natural direction. */
export function nextSort(state: UiState, step: 1 | -1): UiState {
	const index = SORT_ORDER.findIndex((s) => s.column === state.sort.column);
	const next = SORT_ORDER[(index + step + SORT_ORDER.length) % SORT_ORDER.length]!;
	return {...state, sort: {column: next.column, descending: next.descending}};
}

/** htop's direct sort keys (M, P, T, N): that column in its natural direction, again and again. */
export function sortBy(state: UiState, column: SortColumn): UiState {
	const descending = SORT_ORDER.find((s) => s.column === column)?.descending ?? false;
	return {...state, sort: {column, descending}};
}

export function reverseSort(state: UiState): UiState {
	return {...state, sort: {...state.sort, descending: !state.sort.descending}};
}

/** Sorting by a clicked heading: that column in its natural direction, or the other way round when it already sorts. */
export function sortByHeading(state: UiState, column: SortColumn): UiState {
	if (state.sort.column === column) return {...state, sort: {column, descending: !state.sort.descending}};
	const natural = SORT_ORDER.find((s) => s.column === column)?.descending ?? false;
	return {...state, sort: {column, descending: natural}};
}

/** Opens the sort list on the column that sorts now. */
export function openSortMenu(state: UiState): UiState {
	return {
		...state,
		sortMenu: Math.max(
			0,
			SORT_ORDER.findIndex((s) => s.column === state.sort.column),
		),
	};
}

/** Moves the highlight of the open sort list, within its entries. */
export function moveSortMenu(state: UiState, step: 1 | -1): UiState {
	if (state.sortMenu === undefined) return state;
	return {...state, sortMenu: Math.max(0, Math.min(SORT_ORDER.length - 1, state.sortMenu + step))};
}

/** Sorts by the highlighted entry of the sort list (in its natural direction) and closes the list. */
export function chooseSort(state: UiState): UiState {
	const {sortMenu, ...rest} = state;
	const chosen = SORT_ORDER[sortMenu ?? -1];
	return chosen ? {...rest, sort: {column: chosen.column, descending: chosen.descending}} : rest;
}

export function closeSortMenu(state: UiState): UiState {
	const {sortMenu: _closed, ...rest} = state;
	return rest;
}
