import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import type {Segment} from '../../source/ui/draw/bars.js';
import {createFrameText, sameLine, truncateLine} from '../../source/ui/draw/line-text.js';
import {makeTheme} from '../../source/ui/draw/theme.js';

const theme = makeTheme({color: false, ascii: true});
const line = (...parts: Array<[string, Segment['tone'], boolean?]>): Segment[] =>
	parts.map(([text, tone, bold]) => ({text, tone, ...(bold ? {bold} : {})}));

describe('a line is styled again only when what it shows changed', () => {
	it('takes new arrays with the same segments as the same line', () => {
		expect(
			sameLine(
				{segments: line(['a', 'muted'], ['b', 'title', true])},
				{segments: line(['a', 'muted'], ['b', 'title', true])},
			),
		).toBe(true);
		expect(sameLine({segments: line(['a', 'muted']), inverse: false}, {segments: line(['a', 'muted'])})).toBe(true);
		expect(sameLine({plain: 'too small'}, {plain: 'too small'})).toBe(true);
	});

	it('sees a change of text, tone, weight, length, inverse or kind', () => {
		const a = {segments: line(['a', 'muted'], ['b', 'title', true])};
		expect(sameLine(a, {segments: line(['a', 'muted'], ['c', 'title', true])})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'title'], ['b', 'title', true])})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'muted'], ['b', 'title'])})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'muted'])})).toBe(false);
		expect(sameLine(a, {...a, inverse: true})).toBe(false);
		expect(sameLine({segments: line(['ab', 'normal'])}, {plain: 'ab'})).toBe(false);
		expect(sameLine({plain: 'a'}, {plain: 'b'})).toBe(false);
	});

	it('draws a line again only when it changed, and every line again for a new theme or width', () => {
		const frameText = createFrameText();
		expect(frameText([{segments: line(['3 workers', 'muted'])}, {segments: []}], theme, 20)).toBe('3 workers\n ');
		expect(frameText([{segments: line(['3 workers', 'muted'])}], theme, 20)).toBe('3 workers');
		expect(frameText([{segments: line(['4 workers', 'muted'])}, {plain: 'plain text'}], theme, 20)).toBe(
			'4 workers\nplain text',
		);
		expect(frameText([{segments: line(['4 workers', 'muted'])}], theme, 5)).toBe('4 wo…');
		const colour = makeTheme({color: false, ascii: false});
		expect(frameText([{segments: line(['▲ 4 workers', 'muted'])}], colour, 20)).toBe('▲ 4 workers');
		expect(frameText([{segments: line(['▲ 4 workers', 'muted'])}], theme, 20)).not.toContain('▲');
	});

	it('cuts a line of wide characters by their measured width', () => {
		const frameText = createFrameText();
		const colour = makeTheme({color: false, ascii: false});
		expect(frameText([{segments: line(['ab中', 'normal'])}], colour, 4)).toBe('ab中');
		expect(frameText([{segments: line(['ab中', 'normal'])}], colour, 3)).toBe('ab…');
		// (◽ is two columns wide though it stands among the one-column shapes)
		expect(frameText([{segments: line(['ab◽', 'normal'])}], colour, 3)).toBe('ab…');
	});

	it('cuts a line wider than the screen with an ellipsis, counting wide characters as two columns', () => {
		expect(truncateLine('abcdef', 6)).toBe('abcdef');
		expect(truncateLine('abcdefg', 6)).toBe('abcde…');
		expect(truncateLine('中文中', 6)).toBe('中文中');
		// (where a wide character straddles the edge, cli-truncate's cut, a column shorter when it overflows: below)
		expect(truncateLine('中文中文', 6)).toMatch(/^中文.*…$/);
		expect(truncateLine('\u001B[31mabcdefg\u001B[39m', 4)).toBe('\u001B[31mabc…\u001B[39m');
	});

	it('never leaves a line wider than the screen where a wide character meets the cut', () => {
		expect(truncateLine('中文中文', 4)).toBe('中…');
		expect(truncateLine('\u001B[32m中文中文中文\u001B[39m', 6)).toBe('\u001B[32m中文…\u001B[39m');
		const texts = ['gpu◽中文-worker', '中文中文中文', 'a中b文c中d', '\u001B[1m中\u001B[22mx中文y', 'ab◽◾cd中'];
		for (const text of texts)
			for (let width = 1; width <= stringWidth(text) + 1; width++) {
				const cut = truncateLine(text, width);
				expect(stringWidth(cut), `${JSON.stringify(text)} to ${width}`).toBeLessThanOrEqual(width);
				if (stringWidth(text) > width) expect(cut.replace(/\u001B\[[0-9;]*m/g, '')).toMatch(/…$/);
			}
	});
});
