/**
 * Moving the selection of a view: the cursor row, kept inside the rows and on screen (scroll.ts
 * places the window), and kept valid when the rows change. Pure.
 */
import type {View} from '../keys/binding-types.js';
import {scrollTop, scrollTopLines} from './scroll.js';
import type {UiContext, UiState} from './ui-state.js';
import {syncDrill} from './drill-panel.js';
import {selectedHost} from './host-grouping.js';

/** Rows one wheel notch moves. */
export const WHEEL_ROWS = 3;

function topOf(view: View, top: number, cursor: number, ctx: UiContext): number {
	const lines = ctx.rowLines?.[view];
	return lines
		? scrollTopLines(top, cursor, ctx.pageRows[view], lines)
		: scrollTop(top, cursor, ctx.pageRows[view], ctx.counts[view]);
}

/** Rows a page key moves: the rows of one screen (of rows of different heights, those that fit from the cursor on). */
export function pageOf(view: View, cursor: number, ctx: UiContext): number {
	const lines = ctx.rowLines?.[view];
	if (!lines) return Math.max(1, ctx.pageRows[view]);
	let rows = 0;
	let used = 0;
	for (let i = Math.max(0, cursor); i < lines.length && used + (lines[i] ?? 1) <= ctx.pageRows[view]; i++, rows++)
		used += lines[i] ?? 1;
	return Math.max(1, rows);
}

function clamp(value: number, count: number): number {
	return Math.max(0, Math.min(value, count - 1));
}

/**
 * Selects row `cursor` of a view (clamped), scrolling it into sight; in the workers view a followed
 * worker or an open detail moves along.
 */
export function moveTo(state: UiState, view: View, cursor: number, ctx: UiContext): UiState {
	const count = ctx.counts[view];
	const next = count === 0 ? 0 : clamp(cursor, count);
	const top = topOf(view, state.top[view], next, ctx);
	const moved: UiState = {...state, cursor: {...state.cursor, [view]: next}, top: {...state.top, [view]: top}};
	if (view !== 'workers') return moved;
	const {anchor: _moved, follow, followHost, ...rest} = moved;
	const address = ctx.addresses[next];
	const host = address === undefined ? ctx.hostAt?.(next) : undefined;
	const after: UiState = {...rest, ...(state.detail !== undefined && address !== undefined ? {detail: address} : {})};
	if (follow === undefined && followHost === undefined) return after;
	// Following, the selection follows what it lands on: a worker, or a host's row (grouped by host).
	if (address !== undefined) return {...after, follow: address};
	if (host !== undefined) return {...after, followHost: host};
	return moved;
}

/** The row the selection stays on: the followed worker or host, else the anchor; -1 when none is shown. */
function heldRow(state: UiState, ctx: UiContext): number {
	const anchor =
		state.follow !== undefined
			? {address: state.follow}
			: state.followHost !== undefined
				? {host: state.followHost}
				: state.anchor;
	if (anchor === undefined) return -1;
	if (ctx.locate) return ctx.locate(anchor);
	return 'address' in anchor ? ctx.addresses.indexOf(anchor.address) : -1;
}

const LISTS: readonly View[] = ['progress', 'events', 'diagnosis', 'time'];

/**
 * Keeps the selection valid after the rows changed (new data, filter, sort, grouping): a followed worker
 * (or host) keeps the cursor, and so does the anchor a change of the table's shape left.
 */
export function syncRows(state: UiState, ctx: UiContext): UiState {
	let cursor = state.cursor.workers;
	const held = heldRow(state, ctx);
	if (held >= 0) cursor = held;
	const count = ctx.counts.workers;
	const cursors: Record<View, number> = {...state.cursor, workers: count === 0 ? 0 : clamp(cursor, count)};
	for (const view of LISTS) cursors[view] = ctx.counts[view] === 0 ? 0 : clamp(state.cursor[view], ctx.counts[view]);
	const top = {} as Record<View, number>;
	let same = true;
	for (const view of ['workers', ...LISTS] as const) {
		top[view] = topOf(view, state.top[view], cursors[view], ctx);
		if (cursors[view] !== state.cursor[view] || top[view] !== state.top[view]) same = false;
	}
	const synced = same ? state : {...state, cursor: cursors, top};
	return syncDrill(synced, ctx);
}

/** F: the selection follows the selected worker (or host's row) wherever the sort moves it; again: it stops. */
export function toggleFollow(state: UiState, ctx: UiContext): UiState {
	if (state.follow !== undefined || state.followHost !== undefined) {
		const {follow: _off, followHost: _hostOff, ...rest} = state;
		return rest;
	}
	const address = ctx.addresses[state.cursor.workers];
	if (address !== undefined) return {...state, follow: address};
	const host = selectedHost(state, ctx);
	return host === undefined ? state : {...state, followHost: host};
}
