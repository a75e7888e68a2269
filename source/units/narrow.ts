/**
 * Characters that take one terminal column for sure: printable ASCII, Latin/Greek/Cyrillic,
 * punctuation, letterlike symbols, arrows, mathematical operators, box drawing, blocks, shapes, the
 * check marks ✓ to ✘ and braille (what dask-top's screens are made of). Not the soft hyphen (no
 * column) nor the two squares at the end of the shapes (◽◾: two columns). Each is one grapheme of
 * one UTF-16 code unit, never combining, never full width.
 *
 * The list is narrow-ranges.json, read here and by the build's patches of Ink and string-width
 * (scripts/ink-cache-bound.mjs), so the screen's own measures and Ink's agree on one set.
 * test/units/narrow.test.ts holds every character of it to string-width's one column, and
 * test/build/ink-cache-bound.test.ts to one grapheme.
 */
import NARROW_RANGES from './narrow-ranges.json' with {type: 'json'};

/** The list as a regular-expression class of `\uXXXX-\uXXXX` ranges. */
export const NARROW_CLASS: string = NARROW_RANGES.map((range) => range.replace(/([0-9A-F]{4})/g, '\\u$1')).join('');

/**
 * Text made only of the list's characters, as one regular expression: V8 runs it as compiled code,
 * about twice as fast as a loop over the characters in the baseline code most of dask-top runs in
 * (the layout measures every segment of every frame; the cell diff every changed row).
 */
const NARROW_TEXT = new RegExp(`^[${NARROW_CLASS}]*$`);

/** The text's width in columns when every character of it is surely one column wide, else -1 (measure it). */
export function narrowWidth(text: string): number {
	return NARROW_TEXT.test(text) ? text.length : -1;
}
