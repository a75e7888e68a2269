/**
 * Rows of the bindings table (bindings.ts) for the mouse on the views: a click selects what it
 * points at (pointer.ts finds it from the screen's layout), a double-click opens it, the wheel
 * scrolls. A click on a footer entry is a press of its key (app-keys.ts).
 */
import {move} from '../state/motion.js';
import {WHEEL_ROWS} from '../state/cursor.js';
import type {UiContext, UiState} from '../state/ui-state.js';
import {VIEWS, type Binding} from './binding-types.js';
import {openAt, pointAt} from './pointer.js';

/** One notch of the wheel: WHEEL_ROWS lines or rows. */
function wheel(state: UiState, motion: 'down' | 'up', ctx: UiContext): UiState {
	let next = state;
	for (let i = 0; i < WHEEL_ROWS; i++) next = move(next, motion, ctx);
	return next;
}

export const MOUSE_BINDINGS: readonly Binding[] = [
	{
		keys: ['click'],
		label:
			'select the row under the pointer; a column heading sorts by that column (again: reverses); ' +
			'a footer entry presses its key (on every screen)',
		action: 'point',
		modes: VIEWS,
		update: (s, p) => (p.target ? pointAt(s, p.target, p.ctx) : s),
	},
	{
		keys: ['double-click'],
		label: "open the clicked worker's detail (diagnosis: go to the clicked finding's subject)",
		action: 'point-open',
		modes: ['workers', 'diagnosis'],
		update: (s, p) => (p.target ? openAt(s, p.target, p.ctx) : s),
	},
	{
		keys: ['wheel-down'],
		label: 'scroll down (3 rows)',
		action: 'scroll-down',
		modes: [...VIEWS, 'drill', 'help', 'sort'],
		update: (s, p) => wheel(s, 'down', p.ctx),
	},
	{
		keys: ['wheel-up'],
		label: 'scroll up (3 rows)',
		action: 'scroll-up',
		modes: [...VIEWS, 'drill', 'help', 'sort'],
		update: (s, p) => wheel(s, 'up', p.ctx),
	},
];
