/**
 * A cell-diffing screen: takes whole frames (lines of text with SGR colour codes, as Ink renders
 * them) and returns the bytes that turn what the terminal shows into the new frame — only the
 * cells that changed, each run placed with a cursor move, its colours set where they differ from
 * the pen. Pure: no I/O, no clock. A row holding anything whose width is not surely one column
 * (wide or combining characters, escape codes other than SGR) is rewritten whole when it changes.
 */

import {narrowWidth} from '../units/narrow.js';
import {DEFAULT_PEN, nextPen, sgrEnd} from './sgr-pen.js';

const ESC = '\u001B';
export const SYNC_BEGIN = `${ESC}[?2026h`;
export const SYNC_END = `${ESC}[?2026l`;
const RESET = `${ESC}[0m`;

/**
 * One parsed row: its characters, one UTF-16 code unit a column (every cell-safe character is one),
 * and the SGR (from scratch) of each column's pen; `raw` when the row is not cell-safe.
 */
export interface Row {
	readonly text: string;
	readonly pens: readonly string[];
	/** The row as given, when it holds something not surely one column wide: compared and written whole. */
	readonly raw?: string;
}

/** The row's cells, at most `columns` of them (what lies beyond the terminal's width is cut, never wrapped). */
export function parseRow(line: string, columns = Number.POSITIVE_INFINITY): Row {
	let text = '';
	// Sized once (a row never holds more cells than characters or columns), cut to its cells below.
	const pens: string[] = new Array(Math.min(line.length, columns));
	let cells = 0;
	let key = DEFAULT_PEN;
	let i = 0;
	while (i < line.length && cells < columns) {
		if (line.charCodeAt(i) === 0x1b) {
			const end = sgrEnd(line, i);
			if (end < 0) return {text: '', pens: [], raw: line};
			key = nextPen(key, line.slice(i + 2, end));
			i = end + 1;
			continue;
		}
		// A run of characters up to the next escape (or the screen's edge), all in one pen: checked
		// by one regular expression and its pens filled at once, not character by character.
		let next = line.indexOf(ESC, i);
		if (next < 0) next = line.length;
		const take = Math.min(next - i, columns - cells);
		const run = line.slice(i, i + take);
		if (narrowWidth(run) < 0) return {text: '', pens: [], raw: line};
		text += run;
		pens.fill(key, cells, cells + take);
		cells += take;
		i += take;
	}
	// Trailing blanks in the default pen are the same as nothing.
	let length = cells;
	while (length > 0 && text.charCodeAt(length - 1) === 0x20 && pens[length - 1] === DEFAULT_PEN) length--;
	if (length < text.length) text = text.slice(0, length);
	pens.length = length;
	return {text, pens};
}

function sameRow(a: Row, b: Row): boolean {
	if (a === b) return true;
	if (a.raw !== undefined || b.raw !== undefined) return a.raw === b.raw;
	if (a.text !== b.text || a.pens.length !== b.pens.length) return false;
	for (let i = 0; i < a.pens.length; i++) if (a.pens[i] !== b.pens[i]) return false;
	return true;
}

/**
 * Whether column `c` shows the same in both rows; a column past a row's end is blank, which no cell
 * of the other row equals. No read past either row's end: the cell diff runs once a frame for the
 * process's life, and V8's optimized code for it was thrown away and rebuilt (about 16 ms each time,
 * three times in its first five minutes) each time a string or array read fell past the end.
 */
function sameCell(a: Row, b: Row, c: number): boolean {
	const inA = c < a.pens.length;
	const inB = c < b.pens.length;
	if (!inA || !inB) return false;
	return a.text.charCodeAt(c) === b.text.charCodeAt(c) && a.pens[c] === b.pens[c];
}

const moveTo = (row: number, column: number) => `${ESC}[${row + 1};${column + 1}H`;

/** Unchanged cells bridged rather than jumped over (a cursor move costs about this much). */
const BRIDGE = 6;

export interface Screen {
	/** The bytes that bring the terminal from the last frame to `frame`; '' when nothing visible changed. */
	update(frame: string): string;
	/**
	 * Forget what the terminal shows: the next update clears it and draws every row (resize, Ctrl-L,
	 * a terminal that was written over).
	 */
	invalidate(): void;
	/** The rows as the terminal now shows them (tests). */
	rows(): readonly Row[];
}

export interface ScreenSize {
	readonly columns: number;
	readonly rows: number;
}

/**
 * A screen of the terminal's size. Rows of a frame beyond its height and cells beyond its width are
 * cut (the terminal would scroll or wrap), and so is the last cell of the last row (written, it can
 * scroll the screen: autowrap moves the cursor past it); a frame that is smaller leaves the rest blank.
 */
export function createScreen(size: () => ScreenSize): Screen {
	let shown: Row[] | undefined;
	/** The frame's lines as given, beside their parsed rows: a line given again is not parsed again. */
	let shownLines: string[] = [];
	let shownColumns = 0;
	let pen = DEFAULT_PEN;

	const writeCells = (row: Row, from: number, to: number): string => {
		let out = '';
		const end = Math.min(to, row.pens.length);
		// Runs of one pen, each written as one slice of the row's text.
		for (let i = from; i < end; ) {
			const runPen = row.pens[i]!;
			let j = i + 1;
			while (j < end && row.pens[j] === runPen) j++;
			if (runPen !== pen) {
				pen = runPen;
				out += pen;
			}
			out += row.text.slice(i, j);
			i = j;
		}
		if (to > row.pens.length && from < to) {
			// The rest of the row is blank: clear it in the default pen.
			if (pen !== DEFAULT_PEN) out += RESET;
			pen = DEFAULT_PEN;
			return `${out}${ESC}[K`;
		}
		return out;
	};

	const writeWhole = (index: number, row: Row): string => {
		const body = row.raw !== undefined ? `${RESET}${row.raw}${RESET}` : writeCells(row, 0, row.pens.length);
		pen = row.raw !== undefined ? DEFAULT_PEN : pen;
		const clear = pen === DEFAULT_PEN ? `${ESC}[K` : `${RESET}${ESC}[K`;
		pen = DEFAULT_PEN;
		return `${moveTo(index, 0)}${body}${clear}`;
	};

	return {
		update(frame) {
			const {columns, rows} = size();
			const limit = Math.max(1, rows);
			const lines = frame.split('\n');
			if (lines.length > 1 && lines.at(-1) === '') lines.pop();
			const next: Row[] = [];
			const kept = shown !== undefined && columns === shownColumns ? shown : [];
			// Rows and lines are read only within their lengths (see sameCell); a row past a frame's lines is ''.
			for (let i = 0; i < limit; i++) {
				const line = i < lines.length ? lines[i]! : '';
				const was = i < shownLines.length ? shownLines[i]! : '';
				// The last row stops a cell short: a character in the terminal's last cell can scroll it.
				const cells = i === limit - 1 && limit > 1 ? columns - 1 : columns;
				next.push(i < kept.length && was === line ? kept[i]! : parseRow(line, Math.max(1, cells)));
			}
			let out = '';
			if (shown === undefined || shown.length !== next.length || columns !== shownColumns) {
				pen = DEFAULT_PEN;
				out = `${RESET}${ESC}[H${ESC}[2J`;
				for (let i = 0; i < next.length; i++) {
					const row = next[i]!;
					if (row.raw === undefined && row.pens.length === 0) continue;
					out += writeWhole(i, row);
				}
			} else {
				for (let r = 0; r < next.length; r++) {
					const before = shown[r]!;
					const after = next[r]!;
					if (sameRow(before, after)) continue;
					if (before.raw !== undefined || after.raw !== undefined) {
						out += writeWhole(r, after);
						continue;
					}
					const width = Math.max(before.pens.length, after.pens.length);
					let column = 0;
					while (column < width) {
						while (column < width && sameCell(before, after, column)) column++;
						if (column >= width) break;
						// A run of changes, bridging short stretches of unchanged cells.
						let end = column + 1;
						let same = 0;
						for (let c = end; c < width && same <= BRIDGE; c++) {
							if (sameCell(before, after, c)) same++;
							else {
								same = 0;
								end = c + 1;
							}
						}
						out += moveTo(r, column) + writeCells(after, column, end);
						column = end;
					}
				}
			}
			shown = next;
			shownLines = lines;
			shownColumns = columns;
			if (out === '') return '';
			if (pen !== DEFAULT_PEN) out += RESET;
			pen = DEFAULT_PEN;
			return SYNC_BEGIN + out + SYNC_END;
		},
		invalidate() {
			shown = undefined;
		},
		rows: () => shown ?? [],
	};
}
