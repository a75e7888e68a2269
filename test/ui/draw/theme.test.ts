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

describe('--theme light', () => {
	const light = makeTheme({color: true, ascii: false, light: true});

	it('picks dark-on-light colours: no white, yellow, cyan or bright foreground', () => {
		const colours = Object.values(light.tones).filter((c) => c !== undefined);
		expect(colours.length).toBeGreaterThan(5);
		for (const colour of colours) {
			expect(colour).not.toMatch(/white|yellow|cyan|Bright/);
		}
		expect(light.tones.critical).toBe('red');
		expect(light.tones.warning).not.toBe(makeTheme({color: true, ascii: false}).tones.warning);
	});

	it('still gives no colour when colour is off (NO_COLOR, --no-color win)', () => {
		const off = makeTheme({color: false, ascii: false, light: true});
		expect(Object.values(off.tones).every((c) => c === undefined)).toBe(true);
	});
});
