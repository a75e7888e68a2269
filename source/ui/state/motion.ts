/**
 * Moving through what is shown (j/k, pages, g/G; the wheel: mouse-bindings.ts): the help overlay scrolls, the
 * drill-down panel scrolls or selects (drill-panel.ts), the sort list and the column setup move
 * their highlight, a worker's detail goes to the next worker, a view moves its selection (cursor.ts).
 * Pure.
 */
import {moveColumnCursor} from './column-choice.js';
import {moveTo, pageOf} from './cursor.js';
import {moveInDrill} from './drill-panel.js';
import {moveSortMenu} from './sort-order.js';
import type {UiContext, UiState} from './ui-state.js';

export type Motion = 'down' | 'up' | 'page-down' | 'page-up' | 'first' | 'last';

/** How far a motion scrolls the help: a line, a page, to either end. */
function helpStep(motion: Motion, ctx: UiContext): number {
	const page = Math.max(1, (ctx.helpHeight ?? 1) - 1);
	switch (motion) {
		case 'down':
			return 1;
		case 'up':
			return -1;
		case 'page-down':
			return page;
		case 'page-up':
			return -page;
		case 'first':
			return Number.NEGATIVE_INFINITY;
		case 'last':
			return Number.POSITIVE_INFINITY;
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

/** The state after a motion on the innermost thing shown that moves. */
export function move(state: UiState, motion: Motion, ctx: UiContext): UiState {
	if (state.help) {
		const last = Math.max(0, (ctx.helpLines ?? 0) - (ctx.helpHeight ?? 0));
		return {...state, helpTop: Math.max(0, Math.min(last, state.helpTop + helpStep(motion, ctx)))};
	}
	if (state.drill !== undefined) return moveInDrill(state, state.drill, motion, ctx);
	const step = motion === 'down' ? 1 : motion === 'up' ? -1 : undefined;
	if (state.sortMenu !== undefined && step !== undefined) return moveSortMenu(state, step);
	if (state.columnSetup !== undefined && step !== undefined) return moveColumnCursor(state, step);
	if (state.detail !== undefined && step !== undefined) return nextWorker(state, step, ctx);
	const view = state.view;
	const cursor = state.cursor[view];
	switch (motion) {
		case 'down':
		case 'up':
			return moveTo(state, view, cursor + (motion === 'down' ? 1 : -1), ctx);
		case 'page-down':
			return moveTo(state, view, cursor + pageOf(view, cursor, ctx), ctx);
		case 'page-up':
			return moveTo(state, view, cursor - pageOf(view, cursor, ctx), ctx);
		case 'first':
			return moveTo(state, view, 0, ctx);
		case 'last':
			return moveTo(state, view, ctx.counts[view] - 1, ctx);
	}
}
