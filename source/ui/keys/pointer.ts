/**
 * What a mouse click points at on the screen, and what pointing does to the UI state. Pure: the App
 * describes where it drew what (PointerLayout) from the same figures it renders with.
 */
import type {SortColumn} from '../../model/types.js';
import type {KeyName, View} from './binding-types.js';
import type {FittedColumn} from '../draw/column-fit.js';
import {moveTo} from '../state/cursor.js';
import {chooseSort, SORT_ORDER, sortByHeading} from '../state/sort-order.js';
import type {UiContext, UiState} from '../state/ui-state.js';
import {openDetail, openSubject} from '../state/view-switch.js';
import type {WorkerColumn} from '../views/worker-columns.js';

/**
 * Rows of a list on screen: `rowsTop` is the screen row of the entry `top`; entries may take several
 * lines (`heights`).
 */
export interface ListLayout {
	readonly rowsTop: number;
	readonly top: number;
	readonly count: number;
	/** Screen rows the list may use from rowsTop. */
	readonly room: number;
	/** Lines of each entry when they differ (the events view); one line each otherwise. */
	readonly heights?: readonly number[];
}

export type PointerLayout =
	| {
			readonly kind: 'workers';
			readonly headingRow: number;
			readonly columns: ReadonlyArray<FittedColumn<WorkerColumn['id']> & {readonly spec: WorkerColumn}>;
			readonly list: ListLayout;
	  }
	| {readonly kind: 'list'; readonly view: View; readonly list: ListLayout}
	| {readonly kind: 'sort'; readonly itemsTop: number}
	/** The column setup (F2): its entries from `itemsTop`, `count` of them. */
	| {readonly kind: 'columns'; readonly itemsTop: number; readonly count: number}
	| {readonly kind: 'none'};

export type PointerTarget =
	| {readonly kind: 'row'; readonly view: View; readonly index: number}
	| {readonly kind: 'heading'; readonly column: SortColumn}
	| {readonly kind: 'sort-item'; readonly index: number}
	| {readonly kind: 'column-item'; readonly index: number}
	| {readonly kind: 'none'};

/** The footer's row on screen and where its entries are drawn (help-lines.ts footerLayout). */
export interface FooterPointer {
	readonly row: number;
	readonly targets: ReadonlyArray<{readonly x: number; readonly width: number; readonly key: KeyName}>;
}

/** The key of the footer entry at (x, y), if a click there lands on one. */
export function footerKeyAt(footer: FooterPointer, x: number, y: number): KeyName | undefined {
	if (y !== footer.row) return undefined;
	return footer.targets.find((t) => x >= t.x && x < t.x + t.width)?.key;
}

const NONE: PointerTarget = {kind: 'none'};

/** The entry of a list at screen row `y`, if any. */
export function listIndexAt(list: ListLayout, y: number): number | undefined {
	let line = list.rowsTop;
	for (let i = list.top; i < list.count && line < list.rowsTop + list.room; i++) {
		const height = list.heights?.[i] ?? 1;
		if (y >= line && y < line + height) return i;
		line += height;
	}
	return undefined;
}

/** The column whose cells span screen column `x` (columns are separated by one blank, which belongs to none). */
export function columnAt(columns: readonly FittedColumn[], x: number): number | undefined {
	let left = 0;
	for (const [i, column] of columns.entries()) {
		if (x >= left && x < left + column.width) return i;
		left += column.width + 1;
	}
	return undefined;
}

export function pointerTarget(layout: PointerLayout, x: number, y: number): PointerTarget {
	switch (layout.kind) {
		case 'workers': {
			if (y === layout.headingRow) {
				const i = columnAt(layout.columns, x);
				const column = i === undefined ? undefined : layout.columns[i]?.spec.sort;
				return column === undefined ? NONE : {kind: 'heading', column};
			}
			const index = listIndexAt(layout.list, y);
			return index === undefined ? NONE : {kind: 'row', view: 'workers', index};
		}
		case 'list': {
			const index = listIndexAt(layout.list, y);
			return index === undefined ? NONE : {kind: 'row', view: layout.view, index};
		}
		case 'sort': {
			const index = y - layout.itemsTop;
			return index >= 0 && index < SORT_ORDER.length ? {kind: 'sort-item', index} : NONE;
		}
		case 'columns': {
			const index = y - layout.itemsTop;
			return index >= 0 && index < layout.count ? {kind: 'column-item', index} : NONE;
		}
		case 'none':
			return NONE;
	}
}

/** A click on a list's row selects it (in the view shown); undefined for another target. */
function selectRow(state: UiState, target: PointerTarget, ctx: UiContext): UiState | undefined {
	if (target.kind !== 'row') return undefined;
	return target.view === state.view ? moveTo(state, target.view, target.index, ctx) : state;
}

/** A click: selects a row, sorts by a column heading, highlights an entry of the column setup. */
export function pointAt(state: UiState, target: PointerTarget, ctx: UiContext): UiState {
	if (target.kind === 'heading') return sortByHeading(state, target.column);
	if (target.kind === 'column-item' && state.columnSetup)
		return {...state, columnSetup: {...state.columnSetup, cursor: target.index}};
	return selectRow(state, target, ctx) ?? state;
}

/** A double-click on a row: selects it and opens it (a worker's detail; a finding's subject). */
export function openAt(state: UiState, target: PointerTarget, ctx: UiContext): UiState {
	if (target.kind !== 'row' || target.view !== state.view) return state;
	const selected = moveTo(state, target.view, target.index, ctx);
	return target.view === 'diagnosis' ? openSubject(selected, ctx) : openDetail(selected, ctx);
}

/** A click on the sort list: sorts by the clicked column. */
export function chooseAt(state: UiState, target: PointerTarget, ctx: UiContext): UiState {
	if (target.kind === 'sort-item') return chooseSort({...state, sortMenu: target.index});
	return selectRow(state, target, ctx) ?? state;
}
