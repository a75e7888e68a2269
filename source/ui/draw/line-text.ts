/**
 * A screen line (segments of text, each with its tone) as the styled text the terminal is sent: its
 * look-alike neighbours joined, coloured (styled-line.ts), cut to the screen's width as Ink's
 * `<Text wrap="truncate">` cuts, and in reverse video when selected (as Ink's `inverse` does it).
 */
import cliTruncate from 'cli-truncate';
import chalk from 'chalk';
import stringWidth from 'string-width';
import {asciiCells} from '../../units/ascii.js';
import {narrowWidth} from '../../units/narrow.js';
import type {Segment} from './bars.js';
import {styledText} from './styled-line.js';
import {toneColor, type Theme} from './theme.js';

/** One line of the screen: its segments (none: a blank line), or text drawn as it is. */
export type ScreenLine = {readonly segments: readonly Segment[]; readonly inverse?: boolean} | {readonly plain: string};

export const BLANK_LINE: ScreenLine = {segments: []};

/**
 * Joins neighbours that look the same (one span instead of many: less to style and to send).
 * Under `--ascii` each glyph left after layout becomes one ASCII character (widths unchanged).
 */
export function mergeSegments(segments: readonly Segment[], theme: Theme): Segment[] {
	const out: Segment[] = [];
	// A run of look-alike neighbours becomes one segment when the next one differs (one string a run).
	let head: Segment | undefined;
	let text = '';
	let joined = false;
	const flush = () => {
		if (head) out.push(joined ? {...head, text} : head);
	};
	for (let i = 0; i < segments.length; i++) {
		const raw = segments[i]!;
		const s = theme.ascii ? {...raw, text: asciiCells(raw.text)} : raw;
		if (
			head &&
			toneColor(theme, head.tone) === toneColor(theme, s.tone) &&
			(head.bold === true) === (s.bold === true)
		) {
			text += s.text;
			joined = true;
		} else {
			flush();
			head = s;
			text = s.text;
			joined = false;
		}
	}
	flush();
	return out;
}

/** Whether two lines show the same thing: their builders make new arrays every frame, so identity says little. */
export function sameLine(a: ScreenLine, b: ScreenLine): boolean {
	if (a === b) return true;
	if ('plain' in a || 'plain' in b) return 'plain' in a && 'plain' in b && a.plain === b.plain;
	if ((a.inverse === true) !== (b.inverse === true)) return false;
	if (a.segments === b.segments) return true;
	if (a.segments.length !== b.segments.length) return false;
	for (let i = 0; i < a.segments.length; i++) {
		const x = a.segments[i]!;
		const y = b.segments[i]!;
		if (x.text !== y.text || x.tone !== y.tone || (x.bold === true) !== (y.bold === true)) return false;
	}
	return true;
}

/**
 * The text cut to `width` columns with an ellipsis, as Ink's `wrap="truncate"` does; unchanged when it
 * fits. Never wider than `width`: cli-truncate keeps a wide character whose second column the
 * ellipsis takes (`中文中文` to 4 columns gives `中文…`, 5), and in the screen's one text such a line
 * would wrap onto the next row and push every row under it down; it is cut a column shorter then.
 */
export function truncateLine(text: string, width: number): string {
	if (stringWidth(text) <= width) return text;
	let cut = cliTruncate(text, width, {position: 'end'});
	for (let room = width - 1; room > 0 && stringWidth(cut) > width; room--)
		cut = cliTruncate(text, room, {position: 'end'});
	return cut;
}

/** Whether the segments surely fit `width` columns, told from their characters alone (no measuring). */
function surelyFits(segments: readonly Segment[], width: number): boolean {
	let columns = 0;
	for (let i = 0; i < segments.length; i++) {
		const w = narrowWidth(segments[i]!.text);
		if (w < 0) return false;
		columns += w;
	}
	return columns <= width;
}

/** The line's styled text, at most `width` columns wide. */
export function lineText(line: ScreenLine, theme: Theme, width: number): string {
	if ('plain' in line) return truncateLine(line.plain, width);
	const merged = mergeSegments(line.segments, theme);
	const styled = merged.length === 0 ? ' ' : styledText(merged, theme);
	const text = surelyFits(merged, width) ? styled : truncateLine(styled, width);
	return line.inverse === true ? chalk.inverse(text) : text;
}

/**
 * The screen's text from its lines, one a row. Each row's text is kept with its line: a line that
 * shows what the same row showed the frame before is not styled again (most rows of a frame).
 */
export function createFrameText(): (lines: readonly ScreenLine[], theme: Theme, width: number) => string {
	let before: {lines: readonly ScreenLine[]; texts: string[]; theme: Theme; width: number} | undefined;
	return (lines, theme, width) => {
		const same = before !== undefined && before.theme === theme && before.width === width;
		const texts = new Array<string>(lines.length);
		for (let i = 0; i < lines.length; i++) {
			const line = lines[i]!;
			texts[i] =
				same && i < before!.lines.length && sameLine(before!.lines[i]!, line)
					? before!.texts[i]!
					: lineText(line, theme, width);
		}
		before = {lines, texts, theme, width};
		return texts.join('\n');
	};
}
