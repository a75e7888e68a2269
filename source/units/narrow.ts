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

/** The text's width in columns when every character of it is surely one column wide, else -1 (measure it). */
export function narrowWidth(text: string): number {
	for (let i = 0; i < text.length; i++) if (!isNarrow(text.charCodeAt(i))) return -1;
	return text.length;
}
