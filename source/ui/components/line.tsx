/**
 * One screen line from segments: a single `<Text wrap="truncate">` of the line's text already
 * styled (styled-line.ts), so a line is one React element and one Ink text node.
 */
import {Text} from 'ink';
import {memo} from 'react';
import type {Segment} from '../bars.js';
import {asciiCells} from '../../units/ascii.js';
import {styledText} from '../styled-line.js';
import {toneColor, type Theme} from '../theme.js';

export interface LineProps {
	readonly segments: readonly Segment[];
	readonly theme: Theme;
	readonly inverse?: boolean;
}

/**
 * Joins neighbours that look the same (one span instead of many: fewer React elements per frame).
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
export function sameLine(a: LineProps, b: LineProps): boolean {
	if (a.theme !== b.theme || (a.inverse === true) !== (b.inverse === true)) return false;
	if (a.segments === b.segments) return true;
	if (a.segments.length !== b.segments.length) return false;
	for (let i = 0; i < a.segments.length; i++) {
		const x = a.segments[i]!;
		const y = b.segments[i]!;
		if (x.text !== y.text || x.tone !== y.tone || (x.bold === true) !== (y.bold === true)) return false;
	}
	return true;
}

/** A line is rendered again only when what it shows changed (most rows of a frame did not). */
export const Line = memo(function Line({segments, theme, inverse = false}: LineProps) {
	const merged = mergeSegments(segments, theme);
	return (
		<Text wrap="truncate" inverse={inverse}>
			{merged.length === 0 ? ' ' : styledText(merged, theme)}
		</Text>
	);
}, sameLine);

/** Lines stacked in a column of exactly `height` rows (blank lines fill the rest). */
export function Lines({
	lines,
	theme,
	height,
}: {
	readonly lines: readonly (readonly Segment[])[];
	readonly theme: Theme;
	readonly height?: number;
}) {
	const shown = height === undefined ? lines : lines.slice(0, height);
	const blanks = height === undefined ? 0 : Math.max(0, height - shown.length);
	return (
		<>
			{shown.map((segments, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: rows are screen lines; the row number is their identity.
				<Line key={i} segments={segments} theme={theme} />
			))}
			{Array.from({length: blanks}, (_, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: blank filler rows have nothing but their number.
				<Text key={`blank-${i}`}> </Text>
			))}
		</>
	);
}
