import {describe, expect, it} from 'vitest';
import {durationText} from '../../source/units/duration.js';
import {secondsText} from '../../source/model/text.js';
import {durationText as tableDurationText} from '../../source/output/cells.js';

describe('durationText', () => {
	it.each([
		[0, '0 s'],
		[0.44, '0.4 s'],
		[9.96, '10 s'],
		[42.4, '42 s'],
		[119.4, '119 s'],
		[300, '5 min'],
		[7199, '120 min'],
		[9000, '2.5 h'],
	])('writes %s seconds as %s', (seconds, text) => {
		expect(durationText(seconds, '?')).toBe(text);
	});

	it.each([undefined, Number.NaN, Number.NEGATIVE_INFINITY])('writes the given placeholder for %s', (seconds) => {
		expect(durationText(seconds, '?')).toBe('?');
		expect(durationText(seconds, '-')).toBe('-');
	});

	it("is the model's secondsText ('?') and the text table's durationText ('-')", () => {
		for (const seconds of [0.3, 42, 600, 10_000]) {
			expect(secondsText(seconds)).toBe(durationText(seconds, '?'));
			expect(tableDurationText(seconds)).toBe(durationText(seconds, '-'));
		}
		expect(secondsText(undefined)).toBe('?');
		expect(tableDurationText(undefined)).toBe('-');
	});
});
