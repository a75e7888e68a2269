/**
 * The worker table's columns as the user chose them (F2, htop's Setup → Columns): every choosable
 * column in the user's order, each shown or hidden; and what the keys of the column setup do to
 * them. NAME is always shown. Which shown columns fit the terminal is decided when the table is
 * drawn (draw/column-fit.ts): a choice is never lost to a narrow terminal. Pure.
 */
import {ALWAYS_SHOWN, CHOOSABLE_COLUMNS, type WorkerColumnId} from '../../types/worker-column-ids.js';
import type {UiState} from './ui-state.js';

export interface ColumnChoice {
	readonly id: WorkerColumnId;
	readonly shown: boolean;
}

/** Every column shown, in the table's order. */
export const DEFAULT_COLUMNS: readonly ColumnChoice[] = CHOOSABLE_COLUMNS.map((id) => ({id, shown: true}));

/**
 * The choice a saved list stands for (the config file's `columns`): those listed shown, in its
 * order (NAME first when it is missing), then the others hidden, in the table's order.
 */
export function columnChoices(saved: readonly WorkerColumnId[] | undefined): readonly ColumnChoice[] {
	if (saved === undefined) return DEFAULT_COLUMNS;
	const shown = saved.includes(ALWAYS_SHOWN) ? saved : [ALWAYS_SHOWN, ...saved];
	return [
		...shown.map((id) => ({id, shown: true})),
		...CHOOSABLE_COLUMNS.filter((id) => !shown.includes(id)).map((id) => ({id, shown: false})),
	];
}

/** What the config file keeps: the shown columns, in order. */
export function shownColumnIds(choices: readonly ColumnChoice[]): WorkerColumnId[] {
	return choices.filter((c) => c.shown).map((c) => c.id);
}

export function sameColumns(a: readonly ColumnChoice[], b: readonly ColumnChoice[]): boolean {
	return a.length === b.length && a.every((c, i) => c.id === b[i]?.id && c.shown === b[i]?.shown);
}

export function openColumnSetup(state: UiState): UiState {
	return {...state, columnSetup: {cursor: 0, before: state.columns}};
}

export function closeColumnSetup(state: UiState): UiState {
	const {columnSetup: _closed, ...rest} = state;
	return rest;
}

/** The highlight `step` entries down (up when negative), held at the ends. */
export function moveColumnCursor(state: UiState, step: number): UiState {
	const setup = state.columnSetup;
	if (!setup) return state;
	const cursor = Math.max(0, Math.min(state.columns.length - 1, setup.cursor + step));
	return cursor === setup.cursor ? state : {...state, columnSetup: {...setup, cursor}};
}

/** The highlighted column shown or hidden (NAME stays shown). */
export function toggleColumn(state: UiState): UiState {
	const setup = state.columnSetup;
	const column = setup === undefined ? undefined : state.columns[setup.cursor];
	if (!column || column.id === ALWAYS_SHOWN) return state;
	return {...state, columns: state.columns.map((c) => (c === column ? {...c, shown: !c.shown} : c))};
}

/** The highlighted column moved `step` places (earlier when negative), the highlight with it. */
export function moveColumn(state: UiState, step: -1 | 1): UiState {
	const setup = state.columnSetup;
	if (!setup) return state;
	const to = setup.cursor + step;
	if (to < 0 || to >= state.columns.length) return state;
	const columns = [...state.columns];
	[columns[setup.cursor], columns[to]] = [columns[to]!, columns[setup.cursor]!];
	return {...state, columns, columnSetup: {...setup, cursor: to}};
}
