/**
 * Terminal columns of text (units/columns.ts), and the longest start of a text that fits a number
 * of columns, for the screen's cells.
 */
import stringWidth from 'string-width';
import {narrowWidth} from '../../units/narrow.js';

export {columnsOf} from '../../terminal/columns.js';

const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});

/**
 * The longest start of the text that fits `columns` columns, and the columns it takes (fewer than
 * asked when the next character is wide: a character is never halved, nor a grapheme split).
 */
export function headColumns(text: string, columns: number): {readonly text: string; readonly columns: number} {
	if (columns <= 0) return {text: '', columns: 0};
	const narrow = narrowWidth(text);
	if (narrow >= 0) return narrow <= columns ? {text, columns: narrow} : {text: text.slice(0, columns), columns};
	let end = 0;
	let used = 0;
	for (const {segment, index} of graphemes.segment(text)) {
		const w = stringWidth(segment);
		if (used + w > columns) break;
		used += w;
		end = index + segment.length;
	}
	return {text: text.slice(0, end), columns: used};
}
