/**
 * Turns one Ink input event into key names, one per key. Ink 6.8 hands a run of printable
 * characters typed fast (or sent by `tmux send-keys j j j`) to the handler as ONE string
 * ("jjj"), control characters included ("j\r"), so the run is split here per character.
 * Structural types only: this file does not import ink.
 */
import type {KeyName} from './bindings.js';

/** The fields of Ink's `Key` this decoder reads. */
export interface InkKeyLike {
	readonly upArrow: boolean;
	readonly downArrow: boolean;
	readonly leftArrow: boolean;
	readonly rightArrow: boolean;
	readonly pageUp: boolean;
	readonly pageDown: boolean;
	readonly home: boolean;
	readonly end: boolean;
	readonly return: boolean;
	readonly escape: boolean;
	readonly tab: boolean;
	readonly backspace: boolean;
	readonly delete: boolean;
	readonly ctrl: boolean;
	readonly shift: boolean;
}

const CONTROL: Readonly<Record<string, KeyName>> = {
	'\r': 'enter',
	'\n': 'enter',
	'\t': 'tab',
	'\u007F': 'backspace',
	'\b': 'backspace',
	'\u001B': 'escape',
	' ': 'space',
	'\u0003': 'ctrl+c',
};

export function decodeKeys(input: string, key: InkKeyLike): KeyName[] {
	if (key.upArrow) return ['up'];
	if (key.downArrow) return ['down'];
	if (key.leftArrow) return ['left'];
	if (key.rightArrow) return ['right'];
	if (key.pageUp) return ['pageup'];
	if (key.pageDown) return ['pagedown'];
	if (key.home) return ['home'];
	if (key.end) return ['end'];
	if (key.tab && !key.shift && input === '') return ['tab'];
	if (key.return && input === '') return ['enter'];
	if (key.escape && input === '') return ['escape'];
	// Ink 6.8 reports DEL (0x7f, what most terminals send for Backspace) as `delete`.
	if ((key.backspace || key.delete) && input === '') return ['backspace'];
	if (key.ctrl) return input.length === 1 ? [`ctrl+${input.toLowerCase()}`] : [];
	const keys: KeyName[] = [];
	for (const ch of input) {
		const named = CONTROL[ch];
		if (named) keys.push(named);
		else if (ch >= ' ') keys.push(ch);
	}
	return keys;
}
