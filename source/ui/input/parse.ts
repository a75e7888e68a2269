/**
 * Raw terminal input → key and mouse events. Pure: no stream, no clock, no Ink.
 *
 * Ink 6.8's useInput cannot tell sequences apart (a mouse report ESC[<0;12;3M reaches it as the
 * keys `[`, `<`, `0`, `;`, `1`, `2` …, and F-keys arrive as empty input), so the screen reads the
 * terminal's bytes itself and decodes them here: xterm/VT220 CSI and SS3 keys (F1–F12, arrows,
 * Home/End, PgUp/PgDn, Insert/Delete, with modifiers), the Linux console's ESC[[A … ESC[[E, the
 * CSI-u form, control characters, and mouse reports in the SGR (1006), urxvt (1015) and X10 forms.
 * A sequence that is not understood is dropped whole: it never turns into keys.
 *
 * A chunk may end inside a sequence (or with a lone ESC, which may be the Esc key or the start of
 * one): that tail comes back as `rest`, to be put in front of the next chunk, or handed to
 * flushInput() when no more input comes (the reader's short timeout).
 */
import type {KeyName} from '../keys/binding-types.js';

export type MouseButton =
	| 'left'
	| 'middle'
	| 'right'
	| 'none'
	| 'wheel-up'
	| 'wheel-down'
	| 'wheel-left'
	| 'wheel-right'
	| 'other';

export interface MouseEvent {
	readonly kind: 'mouse';
	readonly button: MouseButton;
	/** press (wheel notches are presses), release, drag (moved with a button held), move (no button). */
	readonly action: 'press' | 'release' | 'drag' | 'move';
	/** Column and row on the screen, 0-based. */
	readonly x: number;
	readonly y: number;
	readonly shift: boolean;
	readonly alt: boolean;
	readonly ctrl: boolean;
}

export interface KeyEvent {
	readonly kind: 'key';
	readonly key: KeyName;
}

export type InputEvent = KeyEvent | MouseEvent;

export interface Parsed {
	readonly events: InputEvent[];
	/** An unfinished sequence at the end of the input (empty when none). */
	readonly rest: string;
}

const ESC = '\u001B';

const key = (name: KeyName): KeyEvent => ({kind: 'key', key: name});

/** Control characters (below space, and DEL) by name; other C0 codes are Ctrl + a letter. */
const CONTROL: Readonly<Record<string, KeyName>> = {
	'\r': 'enter',
	'\n': 'enter',
	'\t': 'tab',
	'\b': 'backspace',
	'\u007F': 'backspace',
	'\u0000': 'ctrl+space',
};

function controlKey(ch: string): KeyName | undefined {
	const named = CONTROL[ch];
	if (named !== undefined) return named;
	const code = ch.charCodeAt(0);
	if (code >= 1 && code <= 26) return `ctrl+${String.fromCharCode(code + 96)}`;
	return undefined; // ESC is handled by the caller; FS, GS, RS, US (Ctrl-\ ] ^ _) mean nothing here
}

/** `VT220 ESC [ n ~` codes. */
const TILDE: Readonly<Record<number, KeyName>> = {
	1: 'home',
	2: 'insert',
	3: 'delete',
	4: 'end',
	5: 'pageup',
	6: 'pagedown',
	7: 'home',
	8: 'end',
	11: 'f1',
	12: 'f2',
	13: 'f3',
	14: 'f4',
	15: 'f5',
	17: 'f6',
	18: 'f7',
	19: 'f8',
	20: 'f9',
	21: 'f10',
	23: 'f11',
	24: 'f12',
};

/** Final letters of CSI and SS3 keys. */
const LETTER: Readonly<Record<string, KeyName>> = {
	A: 'up',
	B: 'down',
	C: 'right',
	D: 'left',
	H: 'home',
	F: 'end',
	P: 'f1',
	Q: 'f2',
	R: 'f3',
	S: 'f4',
};

/** SS3 (ESC O x): application cursor keys, F1–F4, the keypad's Enter. */
const SS3: Readonly<Record<string, KeyName>> = {...LETTER, M: 'enter'};

/** The Linux console's F1–F5: ESC [ [ A … E. */
const LINUX: Readonly<Record<string, KeyName>> = {A: 'f1', B: 'f2', C: 'f3', D: 'f4', E: 'f5'};

/** xterm's modifier parameter (1 + shift 1, alt 2, ctrl 4, meta 8) as a name prefix. */
function withModifiers(name: KeyName, modifier: number | undefined): KeyName {
	if (modifier === undefined || !(modifier > 1)) return name;
	const bits = modifier - 1;
	return `${bits & 4 ? 'ctrl+' : ''}${bits & 10 ? 'alt+' : ''}${bits & 1 ? 'shift+' : ''}${name}`;
}

function mouseEvent(code: number, x: number, y: number, release: boolean): MouseEvent | undefined {
	if (!Number.isFinite(code) || !(x >= 1) || !(y >= 1)) return undefined;
	const low = code & 3;
	const wheel = (code & 64) !== 0;
	const extra = (code & 128) !== 0;
	const motion = (code & 32) !== 0;
	let button: MouseButton;
	if (extra) button = 'other';
	else if (wheel) button = (['wheel-up', 'wheel-down', 'wheel-left', 'wheel-right'] as const)[low]!;
	else button = (['left', 'middle', 'right', 'none'] as const)[low]!;
	let action: MouseEvent['action'];
	if (motion) action = button === 'none' ? 'move' : 'drag';
	else if (release || button === 'none') action = 'release';
	else action = 'press';
	return {
		kind: 'mouse',
		button,
		action,
		x: x - 1,
		y: y - 1,
		shift: (code & 4) !== 0,
		alt: (code & 8) !== 0,
		ctrl: (code & 16) !== 0,
	};
}

const isParameter = (c: number) => c >= 0x30 && c <= 0x3f;
const isIntermediate = (c: number) => c >= 0x20 && c <= 0x2f;
const isFinal = (c: number) => c >= 0x40 && c <= 0x7e;

/** What one complete CSI sequence (its parameter text and final character) means. */
function decodeCsi(params: string, final: string): InputEvent | undefined {
	if (params.startsWith('<') && (final === 'M' || final === 'm')) {
		const [b, x, y] = params.slice(1).split(';').map(Number);
		return mouseEvent(b ?? Number.NaN, x ?? 0, y ?? 0, final === 'm');
	}
	if (/^[<=>?]/.test(params)) return undefined; // private replies (device attributes, …), not keys
	const numbers = params === '' ? [] : params.split(';').map((p) => (p === '' ? undefined : Number(p.split(':')[0])));
	if (final === 'M' && numbers.length === 3) {
		// urxvt 1015: ESC [ b ; x ; y M, the button code offset by 32 as in X10
		return mouseEvent((numbers[0] ?? 0) - 32, numbers[1] ?? 0, numbers[2] ?? 0, false);
	}
	if (final === '~') {
		const name = TILDE[numbers[0] ?? -1];
		return name === undefined ? undefined : key(withModifiers(name, numbers[1]));
	}
	if (final === 'Z') return key('shift+tab');
	if (final === 'u') {
		// CSI u: ESC [ codepoint ; modifier u
		const code = numbers[0];
		if (code === undefined) return undefined;
		const base =
			code === 13
				? 'enter'
				: code === 27
					? 'escape'
					: code === 9
						? 'tab'
						: code === 127
							? 'backspace'
							: code === 32
								? 'space'
								: String.fromCodePoint(code);
		return key(withModifiers(base, numbers[1]));
	}
	const letter = LETTER[final];
	if (
		letter !== undefined &&
		numbers.length <= 2 &&
		(numbers.length === 0 || numbers[0] === 1 || numbers[0] === undefined)
	) {
		return key(withModifiers(letter, numbers[1]));
	}
	return undefined; // focus reports (I, O), paste markers (200~ is a ~ code above), anything else
}

type Step = {readonly event?: InputEvent; readonly next: number} | 'pending';

/** A key named by the one character at `at` (SS3, the Linux console's F1–F5); unknown ones are dropped. */
function tableKey(input: string, at: number, table: Readonly<Record<string, KeyName>>): Step {
	const final = input[at];
	if (final === undefined) return 'pending';
	const name = table[final];
	return {...(name ? {event: key(name)} : {}), next: at + 1};
}

/** The sequence that starts with ESC at `i`. */
function escapeAt(input: string, i: number): Step {
	const kind = input[i + 1];
	if (kind === undefined) return 'pending';
	if (kind === '[') {
		const third = input[i + 2];
		if (third === undefined) return 'pending';
		if (third === 'M') {
			// X10 mouse: ESC [ M b x y, each byte offset by 32
			if (input.length < i + 6) return 'pending';
			const [b, x, y] = [3, 4, 5].map((k) => input.charCodeAt(i + k) - 32);
			const event = mouseEvent(b!, x!, y!, false);
			return {...(event ? {event} : {}), next: i + 6};
		}
		if (third === '[') return tableKey(input, i + 3, LINUX);
		let j = i + 2;
		while (j < input.length && isParameter(input.charCodeAt(j))) j++;
		while (j < input.length && isIntermediate(input.charCodeAt(j))) j++;
		if (j >= input.length) return 'pending';
		if (!isFinal(input.charCodeAt(j))) return {next: j}; // broken: drop what was read, go on from here
		const event = decodeCsi(input.slice(i + 2, j).replace(/[\u0020-\u002f]+$/, ''), input[j]!);
		return {...(event ? {event} : {}), next: j + 1};
	}
	if (kind === 'O') return tableKey(input, i + 2, SS3);
	if (kind === ESC) return {event: key('escape'), next: i + 1}; // Esc pressed twice: the second one starts afresh
	// ESC + a character: the Alt (Meta) form of that key
	const ch = String.fromCodePoint(input.codePointAt(i + 1)!);
	const control = controlKey(ch);
	return {event: key(`alt+${control ?? (ch === ' ' ? 'space' : ch)}`), next: i + 1 + ch.length};
}

/** Decodes `input` (the previous `rest` followed by the new chunk). */
export function parseInput(input: string): Parsed {
	const events: InputEvent[] = [];
	let i = 0;
	while (i < input.length) {
		const ch = input[i]!;
		if (ch === ESC) {
			const step = escapeAt(input, i);
			if (step === 'pending') return {events, rest: input.slice(i)};
			if (step.event) events.push(step.event);
			i = step.next;
			continue;
		}
		const code = input.codePointAt(i)!;
		const text = String.fromCodePoint(code);
		i += text.length;
		if (text === ' ') events.push(key('space'));
		else if (code < 0x20 || code === 0x7f) {
			const name = controlKey(text);
			if (name !== undefined) events.push(key(name));
		} else if (code >= 0x80 && code < 0xa0)
			continue; // C1 controls
		else events.push(key(text));
	}
	return {events, rest: ''};
}

/**
 * What an unfinished tail means once no more input follows: a lone ESC is the Esc key, ESC [ or
 * ESC O alone is Alt with that key; a sequence cut inside its parameters is dropped (it is a
 * report or key whose end was lost, and must not become keys).
 */
export function flushInput(rest: string): InputEvent[] {
	if (rest === '') return [];
	if (rest === ESC) return [key('escape')];
	if (rest === `${ESC}[` || rest === `${ESC}O`) return [key(`alt+${rest[1]}`)];
	return [];
}

/**
 * Whether a tail is only an ESC or an ESC [ / ESC O (the Esc key, likely), rather than a sequence
 * cut in its middle.
 */
export function restIsShort(rest: string): boolean {
	return rest.length <= 2;
}
