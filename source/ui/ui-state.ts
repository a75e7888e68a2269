/**
 * What the screen shows (view, detail, help, filter, sort, selection, pause) and how the actions
 * of the bindings table change it. Pure: side effects of actions (quit, refresh, interval, replay
 * controls) are the App's, through effectOf().
 */
import type {SortColumn} from '../model/types.js';
import type {Action, View} from './bindings.js';
import {scrollTop, scrollTopLines} from './scroll.js';

export {scrollTop, scrollTopLines};

export interface UiState {
	readonly view: View;
	/** Address of the worker whose detail is open. */
	readonly detail?: string;
	readonly help: boolean;
	/** First visible line of the help overlay. */
	readonly helpTop: number;
	readonly filterText: string;
	readonly filterEditing: boolean;
	readonly sort: {readonly column: SortColumn; readonly descending: boolean};
	/** Selected row per view. */
	readonly cursor: Readonly<Record<View, number>>;
	/** First visible row per view. */
	readonly top: Readonly<Record<View, number>>;
	/** Address of the worker the selection follows (F). */
	readonly follow?: string;
	/** The display is frozen (polling goes on). */
	readonly paused: boolean;
	/** The sort list (F6) is open, this entry of SORT_ORDER highlighted. */
	readonly sortMenu?: number;
	/** The retire confirmation is open for this worker (F9 / K with --allow-actions). */
	readonly confirm?: {readonly address: string; readonly name: string};
}

/** What the reducer needs to know of the screen: row counts and page heights per view, the workers in display order. */
export interface UiContext {
	readonly counts: Readonly<Record<View, number>>;
	readonly pageRows: Readonly<Record<View, number>>;
	readonly addresses: readonly string[];
	/** Lines of the help overlay and the rows it has on screen. */
	readonly helpLines?: number;
	readonly helpHeight?: number;
	/** Lines each row of a view takes when they differ (the events view wraps long messages); `pageRows` is then its height in lines. */
	readonly rowLines?: Partial<Readonly<Record<View, readonly number[]>>>;
}

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

const VIEW_ORDER: readonly View[] = ['workers', 'progress', 'events'];

export function initialUiState(): UiState {
	return {
		view: 'workers',
		help: false,
		helpTop: 0,
		filterText: '',
		filterEditing: false,
		sort: {column: 'name', descending: false},
		cursor: {workers: 0, progress: 0, events: 0},
		top: {workers: 0, progress: 0, events: 0},
		paused: false,
	};
}

function topOf(view: View, top: number, cursor: number, ctx: UiContext): number {
	const lines = ctx.rowLines?.[view];
	return lines
		? scrollTopLines(top, cursor, ctx.pageRows[view], lines)
		: scrollTop(top, cursor, ctx.pageRows[view], ctx.counts[view]);
}

/** Rows a page key moves: the rows of one screen (of rows of different heights, those that fit from the cursor on). */
function pageOf(view: View, cursor: number, ctx: UiContext): number {
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

/** Rows one wheel notch moves. */
export const WHEEL_ROWS = 3;

/** Selects row `cursor` of a view (clamped), scrolling it into sight; in the workers view a followed worker or an open detail moves along. */
export function moveTo(state: UiState, view: View, cursor: number, ctx: UiContext): UiState {
	const count = ctx.counts[view];
	const next = count === 0 ? 0 : clamp(cursor, count);
	const top = topOf(view, state.top[view], next, ctx);
	const moved: UiState = {...state, cursor: {...state.cursor, [view]: next}, top: {...state.top, [view]: top}};
	if (view !== 'workers') return moved;
	const address = ctx.addresses[next];
	return {
		...moved,
		...(state.follow !== undefined && address !== undefined ? {follow: address} : {}),
		...(state.detail !== undefined && address !== undefined ? {detail: address} : {}),
	};
}

/** Keeps the selection valid after the rows changed (new data, filter, sort): a followed worker keeps the cursor. */
export function syncRows(state: UiState, ctx: UiContext): UiState {
	let cursor = state.cursor.workers;
	if (state.follow !== undefined) {
		const index = ctx.addresses.indexOf(state.follow);
		if (index >= 0) cursor = index;
	}
	const count = ctx.counts.workers;
	const workers = count === 0 ? 0 : clamp(cursor, count);
	const cursors = {
		workers,
		progress: ctx.counts.progress === 0 ? 0 : clamp(state.cursor.progress, ctx.counts.progress),
		events: ctx.counts.events === 0 ? 0 : clamp(state.cursor.events, ctx.counts.events),
	};
	const top = {
		workers: topOf('workers', state.top.workers, cursors.workers, ctx),
		progress: topOf('progress', state.top.progress, cursors.progress, ctx),
		events: topOf('events', state.top.events, cursors.events, ctx),
	};
	const same =
		cursors.workers === state.cursor.workers &&
		cursors.progress === state.cursor.progress &&
		cursors.events === state.cursor.events &&
		top.workers === state.top.workers &&
		top.progress === state.top.progress &&
		top.events === state.top.events;
	return same ? state : {...state, cursor: cursors, top};
}

function switchView(state: UiState, view: View): UiState {
	const {detail: _closed, ...rest} = state;
	return {...rest, view};
}

function nextSort(state: UiState, step: 1 | -1): UiState {
	const index = SORT_ORDER.findIndex((s) => s.column === state.sort.column);
	const next = SORT_ORDER[(index + step + SORT_ORDER.length) % SORT_ORDER.length]!;
	return {...state, sort: {column: next.column, descending: next.descending}};
}

/** The new UI state after an action. `text` is the typed character of `filter-type`. */
export function reduceUi(state: UiState, action: Action, ctx: UiContext, text = ''): UiState {
	const view: View = state.view;
	const cursor = state.cursor[view];
	const page = pageOf(view, cursor, ctx);
	if (action === 'scroll-down' || action === 'scroll-up') {
		let next = state;
		for (let i = 0; i < WHEEL_ROWS; i++) next = reduceUi(next, action === 'scroll-down' ? 'move-down' : 'move-up', ctx);
		return next;
	}
	if (state.help && (action === 'move-down' || action === 'move-up')) {
		const last = Math.max(0, (ctx.helpLines ?? 0) - (ctx.helpHeight ?? 0));
		return {...state, helpTop: Math.max(0, Math.min(last, state.helpTop + (action === 'move-down' ? 1 : -1)))};
	}
	if (state.sortMenu !== undefined && (action === 'move-down' || action === 'move-up')) {
		return {
			...state,
			sortMenu: Math.max(0, Math.min(SORT_ORDER.length - 1, state.sortMenu + (action === 'move-down' ? 1 : -1))),
		};
	}
	switch (action) {
		case 'move-down':
			return moveTo(
				state,
				state.detail === undefined ? view : 'workers',
				state.cursor[state.detail === undefined ? view : 'workers'] + 1,
				ctx,
			);
		case 'move-up':
			return moveTo(
				state,
				state.detail === undefined ? view : 'workers',
				state.cursor[state.detail === undefined ? view : 'workers'] - 1,
				ctx,
			);
		case 'page-down':
			return moveTo(state, view, cursor + page, ctx);
		case 'page-up':
			return moveTo(state, view, cursor - page, ctx);
		case 'first':
			return moveTo(state, view, 0, ctx);
		case 'last':
			return moveTo(state, view, ctx.counts[view] - 1, ctx);
		case 'open-detail': {
			const address = ctx.addresses[state.cursor.workers];
			return address === undefined ? state : {...state, view: 'workers', detail: address};
		}
		case 'back': {
			if (state.detail !== undefined) return switchView(state, view);
			if (view !== 'workers') return switchView(state, 'workers');
			return state.filterText === '' ? state : {...state, filterText: ''};
		}
		case 'next-view':
			return switchView(state, VIEW_ORDER[(VIEW_ORDER.indexOf(view) + 1) % VIEW_ORDER.length]!);
		case 'view-workers':
			return switchView(state, 'workers');
		case 'view-progress':
			return switchView(state, 'progress');
		case 'view-events':
			return switchView(state, 'events');
		case 'sort-next':
			return nextSort(state, 1);
		case 'sort-previous':
			return nextSort(state, -1);
		case 'sort-reverse':
			return {...state, sort: {...state.sort, descending: !state.sort.descending}};
		case 'sort-menu':
			return {
				...state,
				sortMenu: Math.max(
					0,
					SORT_ORDER.findIndex((s) => s.column === state.sort.column),
				),
			};
		case 'sort-choose': {
			const {sortMenu, ...rest} = state;
			const chosen = SORT_ORDER[sortMenu ?? -1];
			return chosen ? {...rest, sort: {column: chosen.column, descending: chosen.descending}} : rest;
		}
		case 'sort-close': {
			const {sortMenu: _closed, ...rest} = state;
			return rest;
		}
		case 'filter-start':
			return {...state, filterEditing: true};
		case 'filter-type':
			return {
				...state,
				filterText: state.filterText + (text === 'space' ? ' ' : text),
				cursor: {...state.cursor, workers: 0},
			};
		case 'filter-delete':
			return {...state, filterText: [...state.filterText].slice(0, -1).join('')};
		case 'filter-accept':
			return {...state, filterEditing: false};
		case 'filter-cancel':
			return {...state, filterEditing: false, filterText: ''};
		case 'follow': {
			if (state.follow !== undefined) {
				const {follow: _off, ...rest} = state;
				return rest;
			}
			const address = ctx.addresses[state.cursor.workers];
			return address === undefined ? state : {...state, follow: address};
		}
		case 'pause':
			return {...state, paused: !state.paused};
		case 'help':
			return {...state, help: true, helpTop: 0};
		case 'help-close':
			return {...state, help: false};
		case 'retire-confirm':
		case 'retire-cancel': {
			const {confirm: _closed, ...rest} = state;
			return rest;
		}
		case 'retire':
		case 'interval-up':
		case 'interval-down':
		case 'refresh':
		case 'redraw':
		case 'suspend':
		case 'point':
		case 'point-open':
		case 'quit':
		case 'replay-pause':
		case 'replay-step-back':
		case 'replay-step-forward':
		case 'replay-jump-back':
		case 'replay-jump-forward':
		case 'replay-start':
		case 'replay-end':
		case 'replay-speed':
		case 'cluster-next':
		case 'cluster-previous':
			return state;
	}
}

/** Side effects of an action, carried out by the App against the ScrapeSource. */
export type Effect =
	| {readonly kind: 'quit'}
	| {readonly kind: 'refresh'}
	| {readonly kind: 'redraw'}
	| {readonly kind: 'suspend'}
	| {readonly kind: 'interval'; readonly step: 1 | -1}
	| {readonly kind: 'cluster'; readonly step: 1 | -1}
	/** F9 / K: open the retire confirmation (or say why not); y: send the retire. */
	| {readonly kind: 'retire'}
	| {readonly kind: 'retire-confirm'}
	| {
			readonly kind: 'replay';
			readonly op: 'pause' | 'step' | 'jump' | 'start' | 'end' | 'speed';
			readonly amount?: number;
	  };

export function effectOf(action: Action): Effect | undefined {
	switch (action) {
		case 'quit':
			return {kind: 'quit'};
		case 'refresh':
			return {kind: 'refresh'};
		case 'redraw':
			return {kind: 'redraw'};
		case 'suspend':
			return {kind: 'suspend'};
		case 'interval-up':
			return {kind: 'interval', step: 1};
		case 'interval-down':
			return {kind: 'interval', step: -1};
		case 'replay-pause':
			return {kind: 'replay', op: 'pause'};
		case 'replay-step-back':
			return {kind: 'replay', op: 'step', amount: -1};
		case 'replay-step-forward':
			return {kind: 'replay', op: 'step', amount: 1};
		case 'replay-jump-back':
			return {kind: 'replay', op: 'jump', amount: -60_000};
		case 'replay-jump-forward':
			return {kind: 'replay', op: 'jump', amount: 60_000};
		case 'replay-start':
			return {kind: 'replay', op: 'start'};
		case 'replay-end':
			return {kind: 'replay', op: 'end'};
		case 'replay-speed':
			return {kind: 'replay', op: 'speed'};
		case 'cluster-next':
			return {kind: 'cluster', step: 1};
		case 'cluster-previous':
			return {kind: 'cluster', step: -1};
		case 'retire':
			return {kind: 'retire'};
		case 'retire-confirm':
			return {kind: 'retire-confirm'};
		default:
			return undefined;
	}
}

/** Poll intervals `+`/`-` step through: --interval's range, 1 s to 1 h. */
export const INTERVAL_STEPS_MS: readonly number[] = [
	1000, 2000, 3000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000,
];

/** The next interval up or down from the current one. */
export function stepInterval(currentMs: number, step: 1 | -1): number {
	if (step === 1)
		return INTERVAL_STEPS_MS.find((ms) => ms > currentMs) ?? INTERVAL_STEPS_MS[INTERVAL_STEPS_MS.length - 1]!;
	const lower = INTERVAL_STEPS_MS.filter((ms) => ms < currentMs);
	return lower[lower.length - 1] ?? INTERVAL_STEPS_MS[0]!;
}
