/**
 * Wrapping for lines that must not lose their end to an ellipsis: prose wraps at spaces onto
 * continuation lines with a hanging indent (a word longer than a line is broken), parts wrap whole.
 * A line that fits comes back as it is. Pure; widths in terminal columns (a wide character is two).
 */
import {boundedCache} from '../../units/bounded-cache.js';
import {columnsOf, headColumns} from './text-columns.js';
import {segmentsWidth, type Segment} from './bars.js';
import type {Part} from './parts.js';

interface Word {
	readonly pieces: Segment[];
	width: number;
}

interface Unit {
	/** Spaces before the word (segments, to keep their tone when they stay). */
	readonly spaces: Segment[];
	readonly word: Word;
}

const UNIT = /^(B|KiB|MiB|GiB|TiB|PiB|%|s|ms|min|h|workers?|tasks?|threads?)[),;:.]*$/;

/** A unit after a number, one space apart. */
function glued(previous: Word | undefined, spaces: readonly Segment[], run: string): boolean {
	if (!previous || segmentsWidth(spaces) !== 1 || !UNIT.test(run)) return false;
	const last = previous.pieces.at(-1)?.text ?? '';
	return /\d$/.test(last);
}

/** Splits segments into words, each with the spaces before it; a word may span segments of different tones. */
function unitsOf(segments: readonly Segment[]): Unit[] {
	const units: Unit[] = [];
	let spaces: Segment[] = [];
	let word: Word | undefined;
	for (const s of segments) {
		for (const run of s.text.match(/\s+|\S+/g) ?? []) {
			const piece: Segment = {...s, text: run};
			if (/^\s/.test(run)) {
				word = undefined;
				spaces.push(piece);
			} else if (word) {
				word.pieces.push(piece);
				word.width += columnsOf(run);
			} else if (glued(units.at(-1)?.word, spaces, run)) {
				// "320.3 MiB", "86 %", "0.5 s": a figure keeps its unit on its line.
				word = units.at(-1)!.word;
				word.pieces.push(...spaces, piece);
				word.width += segmentsWidth(spaces) + columnsOf(run);
				spaces = [];
			} else {
				word = {pieces: [piece], width: columnsOf(run)};
				units.push({spaces, word});
				spaces = [];
			}
		}
	}
	return units;
}

/** The first `n` columns of a word (fewer when a wide character would be halved) and the rest. */
function splitWord(word: Word, n: number): [Word, Word] {
	const head: Segment[] = [];
	const tail: Segment[] = [];
	let left = n;
	let cut = false;
	for (const p of word.pieces) {
		if (cut) {
			tail.push(p);
			continue;
		}
		const w = columnsOf(p.text);
		if (left >= w) {
			head.push(p);
			left -= w;
		} else {
			cut = true;
			const start = headColumns(p.text, left);
			if (start.text.length > 0) head.push({...p, text: start.text});
			tail.push({...p, text: p.text.slice(start.text.length)});
			left -= start.columns;
		}
	}
	const taken = n - left;
	return [
		{pieces: head, width: taken},
		{pieces: tail, width: word.width - taken},
	];
}

/**
 * Segments wrapped at spaces into lines of at most `width` columns; continuation lines start with
 * `indent` spaces; `lead` cells of the first line are already taken (by a prefix the caller puts
 * there). Spaces leading the first line are kept (they are its own indent).
 */
export function wrapSegments(segments: readonly Segment[], width: number, indent = 0, lead = 0): Segment[][] {
	if (lead + segmentsWidth(segments) <= width) return [[...segments]];
	const hang = Math.max(0, Math.min(indent, width - 8));
	const units = unitsOf(segments);
	const lines: Segment[][] = [];
	let line: Segment[] = [];
	const start = Math.max(0, Math.min(lead, width - 1));
	let used = start;
	const newLine = () => {
		lines.push(line);
		line = hang > 0 ? [{text: ' '.repeat(hang), tone: 'normal'}] : [];
		used = hang;
	};
	for (const {spaces, word: whole} of units) {
		const first = lines.length === 0;
		const fresh = used === (first ? start : hang);
		// Spaces leading a continuation line are dropped; those leading the first line are its indent.
		const gap = fresh && !first ? 0 : segmentsWidth(spaces);
		// A word goes whole to the next line when it fits there (also off a first line a prefix shortened).
		if ((!fresh || (first && start > 0)) && used + gap + whole.width > width && whole.width <= width - hang) newLine();
		else if (gap > 0) {
			if (used + gap < width) {
				line.push(...spaces);
				used += gap;
			} else newLine();
		}
		let word = whole;
		while (used + word.width > width) {
			if (used >= width) {
				newLine();
				continue;
			}
			const [head, rest] = splitWord(word, width - used);
			// A line too narrow for one character takes it anyway (the screen's line cutter cuts it).
			if (head.width === 0 && used === (lines.length === 0 ? start : hang)) break;
			line.push(...head.pieces);
			used += head.width;
			word = rest;
			newLine();
		}
		line.push(...word.pieces);
		used += word.width;
	}
	lines.push(line);
	return lines;
}

/**
 * wrapSegments, remembered by the segments' text, tone and weight and the layout: for lines laid
 * out again every frame whose text rarely changes (the event log). The lines it returns are shared
 * and must not be changed; bounded, the memory starts afresh when full.
 */
export function wrapSegmentsOnce(
	segments: readonly Segment[],
	width: number,
	indent = 0,
	lead = 0,
): readonly (readonly Segment[])[] {
	let key = `${width},${indent},${lead}`;
	for (let i = 0; i < segments.length; i++) {
		const s = segments[i]!;
		key += `\u0000${s.tone}${s.bold === true ? '!' : ''}\u0000${s.text}`;
	}
	return wrapped(key, () => wrapSegments(segments, width, indent, lead));
}

const wrapped = boundedCache<string, readonly (readonly Segment[])[]>(512);

/**
 * Parts laid out whole, joined by `separator`, onto as many lines as they need; continuation lines
 * start with `indent` spaces.
 */
export function wrapParts(parts: readonly Part[], width: number, separator: Segment, indent = 0): Segment[][] {
	const lines: Segment[][] = [];
	let line: Segment[] = [];
	const gap = columnsOf(separator.text);
	let used = 0;
	for (const p of parts) {
		const w = segmentsWidth(p.segments);
		if (w === 0) continue;
		const start = lines.length === 0 ? 0 : indent;
		if (used > start && used + gap + w > width) {
			lines.push(line);
			line = indent > 0 ? [{text: ' '.repeat(indent), tone: 'normal'}] : [];
			used = indent;
		}
		if (used > (lines.length === 0 ? 0 : indent)) {
			line.push(separator);
			used += gap;
		}
		line.push(...p.segments);
		used += w;
	}
	lines.push(line);
	return lines;
}
