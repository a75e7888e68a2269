import {describe, expect, it} from 'vitest';
import {makeTheme} from '../../../source/ui/draw/theme.js';

describe('the one theme', () => {
	it('gives no colour to any tone when colour is off (NO_COLOR, --no-color)', () => {
		const theme = makeTheme({color: false, ascii: false});
		expect(Object.values(theme.tones).every((c) => c === undefined)).toBe(true);
		expect(makeTheme({color: true, ascii: false}).tones.critical).toBe('red');
	});

	it('swaps every glyph for ASCII with --ascii', () => {
		const glyphs = makeTheme({color: true, ascii: true}).glyphs;
		const all = Object.values(glyphs)
			.flatMap((g) => (Array.isArray(g) ? g : [g]))
			.join('');
		expect(all).toMatch(/^[\x20-\x7e]+$/);
		expect(makeTheme({color: true, ascii: false}).glyphs.managed).toBe('█');
	});
});
