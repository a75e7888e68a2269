/**
 * Grouping the worker table by host (t / F5, htop's tree): turning it on and off, folding one host
 * (Enter on its row) or all of them (`*`). The selection stays on what it was on: a worker keeps its
 * row in or out of its host's group (its host's row while the host is folded), a host's row becomes
 * its first worker's when grouping ends. Pure.
 */
import {ALL_OPEN, toggleAllFolds, toggleHostFold, type RowAnchor} from '../../model/rows/host-groups.js';
import type {UiContext, UiState} from './ui-state.js';

/** What the selected row is: a worker, or (grouped by host) a host's row; undefined in an empty table. */
export function selectedRow(state: UiState, ctx: UiContext): RowAnchor | undefined {
	const address = ctx.addresses[state.cursor.workers];
	if (address !== undefined) return {address};
	const host = ctx.hostAt?.(state.cursor.workers);
	return host === undefined ? undefined : {host};
}

/** The host whose row is selected (grouped by host), or undefined on a worker's row. */
export function selectedHost(state: UiState, ctx: UiContext): string | undefined {
	const selected = selectedRow(state, ctx);
	return selected !== undefined && 'host' in selected ? selected.host : undefined;
}

function anchored(state: UiState, anchor: RowAnchor | undefined): UiState {
	const {anchor: _old, ...rest} = state;
	return anchor === undefined ? rest : {...rest, anchor};
}

/** t / F5: the table grouped by host, or flat again; the selection stays on its worker (or host). */
export function toggleGrouping(state: UiState, ctx: UiContext): UiState {
	const selected = selectedRow(state, ctx);
	const {followHost, byHost: _was, ...rest} = state;
	if (state.byHost === true) {
		// Flat again: a followed host's row is followed no more; the selection goes to its first worker.
		return anchored(rest, followHost === undefined ? selected : {host: followHost});
	}
	return anchored({...rest, byHost: true, folds: state.folds ?? ALL_OPEN}, selected);
}

/** Enter on a host's row: its workers shown or folded under it. */
export function toggleFold(state: UiState, ctx: UiContext): UiState {
	const host = selectedHost(state, ctx);
	if (state.byHost !== true || host === undefined) return state;
	return anchored({...state, folds: toggleHostFold(state.folds ?? ALL_OPEN, host)}, {host});
}

/** `*`: every host folded, or every host open; the selection stays on its host's row. */
export function toggleAllHosts(state: UiState, ctx: UiContext): UiState {
	if (state.byHost !== true) return state;
	const folds = toggleAllFolds(state.folds ?? ALL_OPEN);
	const host = ctx.hostAt?.(state.cursor.workers);
	const selected = selectedRow(state, ctx);
	// Folding hides the selected worker: its host's row keeps the selection. Opening shows it again.
	const anchor = folds.open ? selected : host === undefined ? undefined : {host};
	return anchored({...state, folds}, anchor);
}
