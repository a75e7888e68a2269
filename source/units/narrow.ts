/**
 * Characters that take one terminal column for sure: printable ASCII, Latin/Greek/Cyrillic,
 * punctuation, arrows, box drawing, blocks, shapes, braille (what dask-top's screens are made of).
 * Not the soft hyphen (no column) nor the two squares at the end of the shapes (◽◾: two columns):
 * test/units/narrow.test.ts holds every character counted here to string-width's one column.
 */
export function isNarrow(code: number): boolean {
	return (
		(code >= 0x20 && code < 0x7f) ||
		(code >= 0xa0 && code < 0xad) ||
		(code > 0xad && code < 0x300) ||
		(code >= 0x370 && code < 0x483) ||
		(code >= 0x2010 && code < 0x2028) ||
		(code >= 0x2030 && code < 0x205f) ||
		(code >= 0x2070 && code < 0x20c0) ||
		(code >= 0x2100 && code < 0x2300) ||
		(code >= 0x2500 && code < 0x25fd) ||
		(code >= 0x2800 && code < 0x2900)
	);
}

/**
 * Text made only of isNarrow's characters, as one regular expression: V8 runs it as compiled code,
 * about twice as fast as a loop over isNarrow in the baseline code most of dask-top runs in (the
 * layout measures every segment of every frame). test/units/narrow.test.ts holds it to isNarrow.
 */
const NARROW_TEXT = new RegExp(
	String.raw`^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e` +
		String.raw`\u2070-\u20bf\u2100-\u22ff\u2500-\u25fc\u2800-\u28ff]*$`,
);

/** The text's width in columns when every character of it is surely one column wide, else -1 (measure it). */
export function narrowWidth(text: string): number {
	return NARROW_TEXT.test(text) ? text.length : -1;
}
