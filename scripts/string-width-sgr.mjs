// string-width 8 (Ink's, measuring every line of every frame through widest-line) strips a line's
// escape sequences with strip-ansi's regex before it measures what is left: a new string for every
// styled line of every frame, the largest allocation left in Ink's text path under an allocation
// profile at 3 workers (about 680 KiB in 50 s). dask-top's lines are text and SGR sequences only
// (source/ui/styled-line.ts), so the bundle measures such a line in one walk: SGR sequences (ESC [
// digits : ; m, which ansi-regex 6 reads as one CSI sequence) count nothing and every other code
// unit must be one of NARROW_CLASS's (one column, one grapheme), taken a run at a time. Anything else
// (another escape, a C1 control, a wide or combining character) goes the way it went before.
// Checked against string-width itself on seeded lines (test/build/ink-frame-loops.test.ts).

const sgrNarrowWidth = (narrowClass) => {
	if (!/^(?:\\u[0-9A-F]{4}-\\u[0-9A-F]{4})+$/.test(narrowClass))
		throw new Error('the narrow class is not a list of ranges');
	return `const SGR_AT = /\\u001B\\[[0-9:;]*m/y;
const NARROW_RUN = /[${narrowClass}]+/y;
// The width of text made only of SGR sequences and one-column code units; -1 for anything else.
// Runs of one-column text are taken by one sticky regular expression each, not code unit by code
// unit: this runs for every row of every frame, in V8's baseline code, where such a loop costs tens
// of bytecodes a character.
function sgrNarrowWidth(text) {
	let width = text.length;
	let index = 0;
	while (index < text.length) {
		NARROW_RUN.lastIndex = index;
		if (NARROW_RUN.test(text)) {
			index = NARROW_RUN.lastIndex;
			continue;
		}
		SGR_AT.lastIndex = index;
		if (!SGR_AT.test(text)) return -1;
		width -= SGR_AT.lastIndex - index;
		index = SGR_AT.lastIndex;
	}
	return width;
}

export default function stringWidth(input, options = {}) {`;
};

const SGR_FAST_PATH = `if (!countAnsiEscapeCodes && ambiguousIsNarrow) {
		const narrowWidth = sgrNarrowWidth(string);
		if (narrowWidth !== -1) return narrowWidth;
	}

	// Avoid calling stripAnsi when there are no ANSI`;

/** The patches of string-width/index.js, for the one-column code points of `narrowClass` (NARROW_CLASS). */
export function stringWidthSgrPatches(narrowClass) {
	return [
		['export default function stringWidth(input, options = {}) {', sgrNarrowWidth(narrowClass)],
		['// Avoid calling stripAnsi when there are no ANSI', SGR_FAST_PATH],
	];
}
