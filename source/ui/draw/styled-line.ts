/**
 * A screen line's text with its SGR codes, made as Ink's `<Text>` makes them (chalk, the same
 * instance and level Ink styles with): per span its colour, then bold, in Ink's order. The screen
 * drawn as one `<Text>` of these lines (line-text.ts) reaches the terminal byte for byte as a
 * `<Text>` a line with one nested `<Text color bold>` per span did (test/ui/styled-line.test.tsx),
 * for a fraction of the work: a few React elements and Ink nodes a frame instead of three per span,
 * and one string for Ink to sanitize and measure instead of one per span and then the line again.
 */
import chalk from 'chalk';
import type {Segment} from './bars.js';
import {toneColor, type Theme} from './theme.js';

type Painter = (text: string) => string;

/** chalk's styler for one of the theme's named colours (chalk reads its level when it styles, not here). */
function painter(color: string): Painter | undefined {
	const styler = (chalk as unknown as Record<string, unknown>)[color];
	return typeof styler === 'function' ? (styler as Painter) : undefined;
}

/** The segments as one styled string; their neighbours that look alike are expected merged already. */
export function styledText(segments: readonly Segment[], theme: Theme): string {
	let out = '';
	for (let i = 0; i < segments.length; i++) {
		const segment = segments[i]!;
		let text = segment.text;
		if (text.length === 0) continue;
		const color = toneColor(theme, segment.tone);
		if (color !== undefined) text = painter(color)?.(text) ?? text;
		if (segment.bold === true) text = chalk.bold(text);
		out += text;
	}
	return out;
}
