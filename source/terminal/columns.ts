/**
 * Terminal columns of text: a name in Chinese or an emoji takes two columns a character, a
 * combining accent none. Worker names, hosts and task keys are the user's text, so every width a
 * layout counts (the screen's, the --once table's) is counted in columns; dask-top's own characters
 * take the fast path (units/narrow.ts).
 */
import stringWidth from 'string-width';
import {narrowWidth} from '../units/narrow.js';

/** Columns the text takes: its length when every character is surely one column, else as measured. */
export function columnsOf(text: string): number {
	const narrow = narrowWidth(text);
	return narrow >= 0 ? narrow : stringWidth(text);
}

/** The text padded with spaces to `width` columns (never cut), on its right (`left`) or its left. */
export function padColumns(text: string, width: number, align: 'left' | 'right' = 'left'): string {
	const pad = ' '.repeat(Math.max(0, width - columnsOf(text)));
	return align === 'left' ? text + pad : pad + text;
}
