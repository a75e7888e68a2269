import {render, cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import type {Segment} from '../../source/ui/bars.js';
import {Line, sameLine} from '../../source/ui/components/line.js';
import {makeTheme} from '../../source/ui/theme.js';

const theme = makeTheme({color: false, ascii: true});
const line = (...parts: Array<[string, Segment['tone'], boolean?]>): Segment[] =>
	parts.map(([text, tone, bold]) => ({text, tone, ...(bold ? {bold} : {})}));

afterEach(cleanup);

describe('Line is rendered again only when what it shows changed', () => {
	it('takes new arrays with the same segments as the same line', () => {
		expect(
			sameLine(
				{segments: line(['a', 'muted'], ['b', 'title', true]), theme},
				{segments: line(['a', 'muted'], ['b', 'title', true]), theme},
			),
		).toBe(true);
		expect(
			sameLine({segments: line(['a', 'muted']), theme, inverse: false}, {segments: line(['a', 'muted']), theme}),
		).toBe(true);
	});

	it('sees a change of text, tone, weight, length, inverse or theme', () => {
		const a = {segments: line(['a', 'muted'], ['b', 'title', true]), theme};
		expect(sameLine(a, {segments: line(['a', 'muted'], ['c', 'title', true]), theme})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'title'], ['b', 'title', true]), theme})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'muted'], ['b', 'title']), theme})).toBe(false);
		expect(sameLine(a, {segments: line(['a', 'muted']), theme})).toBe(false);
		expect(sameLine(a, {...a, inverse: true})).toBe(false);
		expect(sameLine(a, {...a, theme: makeTheme({color: true, ascii: false})})).toBe(false);
	});

	it('still draws the new text when the segments changed, and the same text when they did not', () => {
		const app = render(<Line segments={line(['3 workers', 'muted'])} theme={theme} />);
		expect(app.lastFrame()).toBe('3 workers');
		app.rerender(<Line segments={line(['3 workers', 'muted'])} theme={theme} />);
		expect(app.lastFrame()).toBe('3 workers');
		app.rerender(<Line segments={line(['4 workers', 'muted'])} theme={theme} />);
		expect(app.lastFrame()).toBe('4 workers');
	});
});
