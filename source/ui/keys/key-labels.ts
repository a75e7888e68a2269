/** How the keys of the bindings table are written on screen and in the README. */

import type {KeyName} from './binding-types.js';

/** How a key is written on screen and in the README. */
export const KEY_LABELS: Readonly<Record<string, string>> = {
	up: '↑',
	down: '↓',
	left: '←',
	right: '→',
	pageup: 'PgUp',
	pagedown: 'PgDn',
	home: 'Home',
	end: 'End',
	enter: 'Enter',
	escape: 'Esc',
	tab: 'Tab',
	'shift+tab': 'Shift-Tab',
	'shift+up': 'Shift-↑',
	'shift+down': 'Shift-↓',
	space: 'space',
	backspace: 'Backspace',
	'ctrl+c': 'Ctrl-C',
	'ctrl+l': 'Ctrl-L',
	'ctrl+z': 'Ctrl-Z',
	...Object.fromEntries(Array.from({length: 12}, (_, i) => [`f${i + 1}`, `F${i + 1}`])),
	click: 'click',
	'double-click': 'double-click',
	'wheel-down': 'wheel ↓',
	'wheel-up': 'wheel ↑',
	text: 'any text',
};

/** The names the mouse's bindings use. */
export const MOUSE_KEYS: ReadonlySet<KeyName> = new Set(['click', 'double-click', 'wheel-down', 'wheel-up']);

export function keyLabel(key: KeyName): string {
	return KEY_LABELS[key] ?? key;
}
