/**
 * How the actions of the bindings table change the UI state: views, selection (cursor.ts), detail,
 * help, filter, sort (sort-order.ts), the column setup (column-choice.ts), grouping by host
 * (host-grouping.ts), follow, pause, closing the retire confirmation. Pure: side effects of actions
 * (quit, refresh, interval, replay controls, saving the columns) are the App's, through effectOf()
 * (keys/effects.ts).
 */
import type {Action, View} from '../keys/binding-types.js';
import {moveTo, pageOf, WHEEL_ROWS} from './cursor.js';
import {chooseSort, closeSortMenu, moveSortMenu, nextSort, openSortMenu, reverseSort, sortBy} from './sort-order.js';
import type {UiContext, UiState} from './ui-state.js';
import {nextTimeWindow} from '../../model/time/time-split.js';
import {closeColumnSetup, moveColumn, moveColumnCursor, openColumnSetup, toggleColumn} from './column-choice.js';
import {openDrill, reduceDrill} from './drill-panel.js';
import {selectedHost, toggleAllHosts, toggleFold, toggleGrouping} from './host-grouping.js';

/** The order Tab walks through the views. */
const VIEW_ORDER: readonly View[] = ['workers', 'progress', 'events', 'diagnosis', 'time'];

function switchView(state: UiState, view: View): UiState {
	const {detail: _closed, ...rest} = state;
	return {...rest, view};
}

/** How far a key scrolls the help: a line, a page, to either end; undefined for other actions. */
function helpStep(action: Action, ctx: UiContext): number | undefined {
	const page = Math.max(1, (ctx.helpHeight ?? 1) - 1);
	switch (action) {
		case 'move-down':
			return 1;
		case 'move-up':
			return -1;
		case 'page-down':
			return page;
		case 'page-up':
			return -page;
		case 'first':
			return Number.NEGATIVE_INFINITY;
		case 'last':
			return Number.POSITIVE_INFINITY;
		default:
			return undefined;
	}
}

/**
 * Enter on a finding: a worker's detail (its row selected in the table), a prefix's row in the
 * progress view, the overview for the cluster. A worker no longer listed leaves the table selected.
 */
function openSubject(state: UiState, ctx: UiContext): UiState {
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

/**
 * j / k in a worker's detail: the next worker up or down the table, over the host rows between
 * (grouped by host); the detail stays where no worker is left that way.
 */
function nextWorker(state: UiState, step: 1 | -1, ctx: UiContext): UiState {
	let index = state.cursor.workers + step;
	while (index >= 0 && index < ctx.counts.workers && ctx.addresses[index] === undefined) index += step;
	return ctx.addresses[index] === undefined ? state : moveTo(state, 'workers', index, ctx);
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
	if (state.help) {
		const step = helpStep(action, ctx);
		if (step !== undefined) {
			const last = Math.max(0, (ctx.helpLines ?? 0) - (ctx.helpHeight ?? 0));
			return {...state, helpTop: Math.max(0, Math.min(last, state.helpTop + step))};
		}
	}
	if (state.drill !== undefined && !state.help) {
		const next = reduceDrill(state, action, ctx, text);
		if (next !== undefined) return next;
	}
	if (state.sortMenu !== undefined && (action === 'move-down' || action === 'move-up'))
		return moveSortMenu(state, action === 'move-down' ? 1 : -1);
	if (state.columnSetup !== undefined && (action === 'move-down' || action === 'move-up'))
		return moveColumnCursor(state, action === 'move-down' ? 1 : -1);
	switch (action) {
		case 'move-down':
			return state.detail === undefined ? moveTo(state, view, cursor + 1, ctx) : nextWorker(state, 1, ctx);
		case 'move-up':
			return state.detail === undefined ? moveTo(state, view, cursor - 1, ctx) : nextWorker(state, -1, ctx);
		case 'page-down':
			return moveTo(state, view, cursor + page, ctx);
		case 'page-up':
			return moveTo(state, view, cursor - page, ctx);
		case 'first':
			return moveTo(state, view, 0, ctx);
		case 'last':
			return moveTo(state, view, ctx.counts[view] - 1, ctx);
		case 'open-detail': {
			if (selectedHost(state, ctx) !== undefined) return toggleFold(state, ctx);
			const address = ctx.addresses[state.cursor.workers];
			return address === undefined ? state : {...state, view: 'workers', detail: address};
		}
		case 'group-hosts':
			return toggleGrouping(state, ctx);
		case 'fold-all':
			return toggleAllHosts(state, ctx);
		case 'back': {
			if (state.detail !== undefined) return switchView(state, view);
			if (view !== 'workers') return switchView(state, 'workers');
			return state.filterText === '' ? state : {...state, filterText: ''};
		}
		case 'next-view':
			return switchView(state, VIEW_ORDER[(VIEW_ORDER.indexOf(view) + 1) % VIEW_ORDER.length]!);
		case 'previous-view':
			return switchView(state, VIEW_ORDER[(VIEW_ORDER.indexOf(view) + VIEW_ORDER.length - 1) % VIEW_ORDER.length]!);
		case 'view-workers':
			return switchView(state, 'workers');
		case 'view-progress':
			return switchView(state, 'progress');
		case 'view-events':
			return switchView(state, 'events');
		case 'view-diagnosis':
			return switchView(state, 'diagnosis');
		case 'view-time':
			return switchView(state, 'time');
		case 'time-window':
			return {...state, timeWindow: nextTimeWindow(state.timeWindow)};
		case 'open-subject':
			return openSubject(state, ctx);
		case 'drill-open': {
			// S, E or L (one binding: the key says which).
			if (text === 'E') return openDrill(state, 'errors', '');
			if (text === 'L') return openDrill(state, 'logs', state.detail ?? 'scheduler');
			if (text !== 'S') return state;
			const finding = view === 'diagnosis' ? ctx.subjects?.[state.cursor.diagnosis] : undefined;
			if (state.detail === undefined && view === 'diagnosis')
				return finding?.kind === 'worker' ? openDrill(state, 'stacks', finding.id) : state;
			if (state.detail === undefined && view !== 'workers') return state;
			const address = state.detail ?? ctx.addresses[state.cursor.workers];
			return address === undefined ? state : openDrill(state, 'stacks', address);
		}
		case 'drill-enter':
			return state;
		case 'sort-next':
			return nextSort(state, 1);
		case 'sort-previous':
			return nextSort(state, -1);
		case 'sort-reverse':
			return reverseSort(state);
		case 'sort-memory':
			return sortBy(state, 'memory');
		case 'sort-cpu':
			return sortBy(state, 'cpu');
		case 'sort-time':
			return sortBy(state, 'heartbeat');
		case 'sort-name':
			return sortBy(state, 'name');
		case 'sort-menu':
			return openSortMenu(state);
		case 'sort-choose':
			return chooseSort(state);
		case 'sort-close':
			return closeSortMenu(state);
		case 'columns-open':
			return openColumnSetup(state);
		case 'columns-toggle':
			return toggleColumn(state);
		case 'columns-earlier':
			return moveColumn(state, -1);
		case 'columns-later':
			return moveColumn(state, 1);
		case 'columns-close':
			return closeColumnSetup(state);
		case 'filter-start':
			return {...state, filterEditing: true};
		case 'filter-type': {
			const {anchor: _typed, ...rest} = state;
			return {
				...rest,
				filterText: state.filterText + (text === 'space' ? ' ' : text),
				cursor: {...state.cursor, workers: 0},
			};
		}
		case 'filter-delete':
			return {...state, filterText: [...state.filterText].slice(0, -1).join('')};
		case 'filter-accept':
			return {...state, filterEditing: false};
		case 'filter-cancel':
			return {...state, filterEditing: false, filterText: ''};
		case 'follow': {
			if (state.follow !== undefined || state.followHost !== undefined) {
				const {follow: _off, followHost: _hostOff, ...rest} = state;
				return rest;
			}
			const address = ctx.addresses[state.cursor.workers];
			if (address !== undefined) return {...state, follow: address};
			const host = selectedHost(state, ctx);
			return host === undefined ? state : {...state, followHost: host};
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
