/**
 * Mouse reports → the names the bindings table uses: `click`, `double-click` (a second press of the
 * left button on the same row within DOUBLE_CLICK_MS), `wheel-up`, `wheel-down`. Releases, drags,
 * other buttons and modified clicks name nothing. Pure: the caller keeps the last press and the clock.
 */
import type {KeyName} from '../keys/binding-types.js';
import type {MouseEvent} from './parse.js';

export const DOUBLE_CLICK_MS = 400;

export interface LastPress {
	readonly x: number;
	readonly y: number;
	readonly atMs: number;
}

export interface Pointing {
	readonly key?: KeyName;
	/** The press to remember for the next report. */
	readonly last?: LastPress;
}

export function mouseKey(event: MouseEvent, nowMs: number, last: LastPress | undefined): Pointing {
	if (event.action !== 'press' || event.shift || event.alt || event.ctrl) return last ? {last} : {};
	if (event.button === 'wheel-up') return {key: 'wheel-up'};
	if (event.button === 'wheel-down') return {key: 'wheel-down'};
	if (event.button !== 'left') return {};
	const double = last !== undefined && last.y === event.y && nowMs - last.atMs <= DOUBLE_CLICK_MS;
	// After a double-click the next press starts afresh (a third quick press is a click, not another double).
	return double ? {key: 'double-click'} : {key: 'click', last: {x: event.x, y: event.y, atMs: nowMs}};
}
