/**
 * Text from a cluster or a recording (worker names, addresses, task keys and prefixes, statuses,
 * error texts, a redirect's Location) is chosen by whoever starts a worker or submits a task, and
 * it ends up on a terminal. inert() makes it unable to drive that terminal: every character a
 * terminal might act on, or that hides or reorders what follows, is shown instead of sent.
 *
 * - C0 controls (ESC, BEL, newline, tab, …) and DEL: their Unicode control picture (`␛`, `␇`, `␊`,
 *   `␡`), one column like the character it stands for would take if printable.
 * - C1 controls (U+0080–U+009F: CSI, OSC, ST as single characters), format characters (category
 *   Cf: bidi embeddings, overrides and isolates U+202A–202E / U+2066–2069, LRM, RLM, ALM,
 *   zero-width spaces and joiners U+200B–200F, the BOM, tags), the line and paragraph separators
 *   U+2028/2029 and lone surrogates: an ASCII escape, `\x9b`, `\u202e`, `\u{e0001}`.
 * - `ascii` (--ascii, a locale that is not UTF-8): every character outside printable ASCII is an
 *   ASCII escape, the controls included (`\x1b`): what a plain terminal cannot show is spelled out,
 *   and the layout measures exactly what will be printed (one column per character).
 *
 * Wide and combining characters are kept (outside `ascii`): the layout counts the columns a terminal
 * gives them. Clean text, by far the most common, is returned as it is (the same string) after one
 * regular-expression test.
 *
 * TextStyle says what a pipeline does with such text: `exact` for --json (JSON's own escapes make
 * it inert, output/json-document.ts), `unicode` or `ascii` for everything printed as text.
 */
export type TextStyle = 'exact' | 'unicode' | 'ascii';

/** Text that may need work: anything outside printable ASCII (most names and keys are not). */
const BEYOND_ASCII = /[^\x20-\x7e]/;
/** What a terminal may act on or hide: controls, format characters, separators, lone surrogates. */
const ACTIVE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const ACTIVE_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const BEYOND_ASCII_ALL = /[^\x20-\x7e]/gu;

function hex(code: number, digits: number): string {
	return code.toString(16).padStart(digits, '0');
}

/** `\x1b`, `\u202e`, `\u{1f600}`: one character as an ASCII escape. */
export function escapedChar(char: string): string {
	const code = char.codePointAt(0) ?? 0;
	if (code < 0x100) return `\\x${hex(code, 2)}`;
	return code < 0x10000 ? `\\u${hex(code, 4)}` : `\\u{${hex(code, 1)}}`;
}

/** A control's picture (U+2400 + code, DEL U+2421), any other active character its escape. */
function shown(char: string): string {
	const code = char.charCodeAt(0);
	if (code < 0x20) return String.fromCharCode(0x2400 + code);
	return code === 0x7f ? '\u2421' : escapedChar(char);
}

/** The text with nothing a terminal acts on: see the file's comment. Clean text comes back unchanged. */
export function inert(text: string, ascii = false): string {
	if (!BEYOND_ASCII.test(text)) return text;
	if (ascii) return text.replace(BEYOND_ASCII_ALL, escapedChar);
	return ACTIVE.test(text) ? text.replace(ACTIVE_ALL, shown) : text;
}

/** The function a pipeline applies to foreign text in `style` (`exact`: none, the text as it is). */
export function inertIn(style: TextStyle): (text: string) => string {
	switch (style) {
		case 'exact':
			return exact;
		case 'unicode':
			return unicodeInert;
		case 'ascii':
			return asciiInert;
	}
}

const exact = (text: string): string => text;
const unicodeInert = (text: string): string => inert(text, false);
const asciiInert = (text: string): string => inert(text, true);

/** How a process prints foreign text: exact into --json, else inert, in ASCII when asked for. */
export function textStyleOf(options: {readonly json: boolean; readonly ascii: boolean}): TextStyle {
	return options.json ? 'exact' : options.ascii ? 'ascii' : 'unicode';
}
