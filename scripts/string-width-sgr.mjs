// string-width 8 (Ink's, measuring every line of every frame through widest-line) strips a line's
// escape sequences with strip-ansi's regex before it measures what is left: a new string for every
// styled line of every frame, the largest allocation left in Ink's text path under an allocation
// profile at 3 workers (about 680 KiB in 50 s). dask-top's lines are text and SGR sequences only
// (source/ui/styled-line.ts), so the bundle measures such a line in one walk by code unit: SGR
// sequences (ESC [ digits : ; m, which ansi-regex 6 reads as one CSI sequence) count nothing and
// every other code unit must be one of NARROW_CLASS's (one column, one grapheme). Anything else
// (another escape, a C1 control, a wide or combining character) goes the way it went before.
// Checked against string-width itself on seeded lines (test/build/ink-frame-loops.test.ts).

/** A regex class of \\uXXXX-\\uXXXX ranges as code-unit comparisons on `c`; throws for anything else. */
function narrowTest(narrowClass) {
	const ranges = [...narrowClass.matchAll(/\\u([0-9A-F]{4})-\\u([0-9A-F]{4})/g)];
	if (ranges.map((m) => m[0]).join('') !== narrowClass) throw new Error('the narrow class is not a list of ranges');
	return ranges.map((m) => `(c >= 0x${m[1]} && c <= 0x${m[2]})`).join(' || ');
}

const sgrNarrowWidth = (narrowClass) => `const SGR_AT = /\\u001B\\[[0-9:;]*m/y;
// The width of text made only of SGR sequences and one-column code units; -1 for anything else.
function sgrNarrowWidth(text) {
	let width = text.length;
	for (let index = 0; index < text.length; index++) {
		const c = text.charCodeAt(index);
		if (c === 0x1b) {
			SGR_AT.lastIndex = index;
			if (!SGR_AT.test(text)) return -1;
			width -= SGR_AT.lastIndex - index;
			index = SGR_AT.lastIndex - 1;
		} else if (!(${narrowTest(narrowClass)})) return -1;
	}
	return width;
}

export default function stringWidth(input, options = {}) {`;

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
