/**
 * Lines made of parts: a header line holds several facts; when the terminal is too narrow for all
 * of them the least important parts drop out whole (rather than being cut mid-word). Pure.
 */
import {columnsOf, headColumns} from './text-columns.js';
import {segmentsWidth, type Segment} from './bars.js';
import type {Tone} from './theme.js';

export interface Part {
	readonly segments: readonly Segment[];
	/** 0 is kept longest. */
	readonly priority: number;
}

export function seg(text: string, tone: Tone = 'normal', bold = false): Segment {
	return bold ? {text, tone, bold} : {text, tone};
}

export function part(priority: number, ...segments: Segment[]): Part {
	return {segments, priority};
}

/**
 * The parts that fit `width` joined by `separator`, most important kept first (ties in their given
 * order), shown in their given order. Header lines are fitted every frame: the priorities are walked
 * in place rather than sorted into new arrays.
 */
export function fitParts(parts: readonly Part[], width: number, separator: Segment): Segment[] {
	const kept: boolean[] = [];
	const gap = columnsOf(separator.text);
	let used = 0;
	let count = 0;
	let priority = Number.NEGATIVE_INFINITY;
	for (;;) {
		let next = Number.POSITIVE_INFINITY;
		for (let i = 0; i < parts.length; i++) {
			const q = parts[i]!.priority;
			if (q > priority && q < next) next = q;
		}
		if (next === Number.POSITIVE_INFINITY) break;
		priority = next;
		for (let i = 0; i < parts.length; i++) {
			const p = parts[i]!;
			if (p.priority !== priority) continue;
			const w = segmentsWidth(p.segments);
			if (w === 0) continue;
			const cost = w + (count > 0 ? gap : 0);
			if (used + cost <= width) {
				kept[i] = true;
				used += cost;
				count += 1;
			}
		}
	}
	const out: Segment[] = [];
	for (let i = 0; i < parts.length; i++) {
		if (kept[i] !== true) continue;
		if (out.length > 0) out.push(separator);
		const segments = parts[i]!.segments;
		for (let k = 0; k < segments.length; k++) out.push(segments[k]!);
	}
	return out;
}

/**
 * Cuts segments to at most `width` columns. A cut line ends with an ellipsis: in the segment it cuts,
 * or, when the cut falls between two segments and something visible is left out, in place of the
 * last kept column. A wide character is never halved, so a cut line may end a column short.
 */
export function clipSegments(segments: readonly Segment[], width: number): Segment[] {
	const out: Segment[] = [];
	clipInto(segments, width, out);
	return out;
}

/** Pads segments with spaces to exactly `width` columns (clipping when longer). */
export function padSegments(segments: readonly Segment[], width: number): Segment[] {
	const out: Segment[] = [];
	const used = clipInto(segments, width, out);
	if (used < width) out.push({text: ' '.repeat(width - used), tone: 'normal'});
	return out;
}

/** clipSegments into `out`; the columns the kept segments take. */
function clipInto(segments: readonly Segment[], width: number, out: Segment[]): number {
	let used = 0;
	// By index, for every cell of every table row each frame (docs/performance-log.md, "Loops by index").
	for (let i = 0; i < segments.length; i++) {
		const s = segments[i]!;
		const room = width - used;
		const w = columnsOf(s.text);
		if (w <= room) {
			out.push(s);
			used += w;
		} else if (room === 0) {
			return showsText(segments, i) ? markCut(out, used) : used;
		} else if (room > 1) {
			const head = headColumns(s.text, room - 1);
			out.push({...s, text: `${head.text}…`});
			return used + head.columns + 1;
		} else {
			out.push({...s, text: '…'});
			return used + 1;
		}
	}
	return used;
}

/** Whether any of the segments from `from` on shows something (not only blanks). */
function showsText(segments: readonly Segment[], from: number): boolean {
	for (let i = from; i < segments.length; i++) if (/\S/.test(segments[i]!.text)) return true;
	return false;
}

/** The last kept column becomes an ellipsis (what followed was left out); the columns kept after. */
function markCut(out: Segment[], used: number): number {
	for (let k = out.length - 1; k >= 0; k--) {
		const s = out[k]!;
		const w = columnsOf(s.text);
		if (w === 0) continue;
		const head = headColumns(s.text, w - 1);
		out[k] = {...s, text: `${head.text}…`};
		out.length = k + 1;
		return used - w + head.columns + 1;
	}
	return used;
}
