import {describe, expect, it} from 'vitest';
import {durationText, formatDurationMs, formatOffset, parseDurationMs} from '../../source/units/duration.js';
import {secondsText} from '../../source/model/text.js';
import {durationText as tableDurationText} from '../../source/output/table-cells.js';

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

describe('parseDurationMs of a setting (--interval, --timeout…)', () => {
	it.each([
		['2s', 2000],
		['500ms', 500],
		['1m', 60_000],
		['1.5s', 1500],
		['2', 2000],
		['0.25', 250],
		['.5s', 500],
		['1h', 3_600_000],
		['10S', 10_000],
		[' 3s ', 3000],
	])('reads %j as %d ms', (text, ms) => {
		expect(parseDurationMs(text)).toBe(ms);
	});

	it.each([['abc'], [''], ['-1'], ['0'], ['0s'], ['2 seconds'], ['1d'], ['1e3'], ['s']])('rejects %j', (text) => {
		expect(parseDurationMs(text)).toBeUndefined();
	});
});

describe('parseDurationMs of a signed setting (read so that a range check can refuse it)', () => {
	it.each([
		['-1', -1000],
		['0', 0],
		['0s', 0],
		['+2s', 2000],
		['-500ms', -500],
		['2h', 7_200_000],
	])('reads %j as %d ms', (text, ms) => {
		expect(parseDurationMs(text, 'signed')).toBe(ms);
	});

	it.each([['abc'], [''], ['1d'], ['--1'], ['1m30s']])('rejects %j', (text) => {
		expect(parseDurationMs(text, 'signed')).toBeUndefined();
	});
});

describe('formatDurationMs', () => {
	it.each([
		[500, '500 ms'],
		[1000, '1 s'],
		[1500, '1.5 s'],
		[60_000, '1 min'],
		[90_000, '1.5 min'],
		[3_600_000, '1 h'],
		[5_400_000, '1.5 h'],
	])('shows %d ms as %j', (ms, text) => {
		expect(formatDurationMs(ms)).toBe(text);
	});
});

describe('parseDurationMs of an offset (--at, --diff)', () => {
	it('reads units, compounds and bare seconds', () => {
		expect(parseDurationMs('90s', 'offset')).toBe(90_000);
		expect(parseDurationMs('2m', 'offset')).toBe(120_000);
		expect(parseDurationMs('1m30s', 'offset')).toBe(90_000);
		expect(parseDurationMs('500ms', 'offset')).toBe(500);
		expect(parseDurationMs('1.5h', 'offset')).toBe(5_400_000);
		expect(parseDurationMs('45', 'offset')).toBe(45_000);
		expect(parseDurationMs('soon', 'offset')).toBeUndefined();
	});
});

describe('formatOffset', () => {
	it('writes offsets the way --at reads them', () => {
		expect(formatOffset(0)).toBe('+0s');
		expect(formatOffset(90_000)).toBe('+1m30s');
		expect(formatOffset(3_725_000)).toBe('+1h02m05s');
		expect(parseDurationMs(formatOffset(90_000).slice(1), 'offset')).toBe(90_000);
	});
});

describe('durationText in each style', () => {
	it.each([
		['compact', 0.85, '850ms'],
		['compact', 2.1, '2.1s'],
		['compact', 185, '3m05s'],
		['compact', 3720, '1h02m'],
		['compact', 183_600, '2d03h'],
		['compact', -5, '0ms'],
		['ago', 0.3, '0.3s ago'],
		['ago', 42, '42s ago'],
		['ago', 300, '5m ago'],
		['ago', 7200, '2h ago'],
	] as const)('%s: %s seconds as %s', (style, seconds, text) => {
		expect(durationText(seconds, '?', style)).toBe(text);
	});
});
