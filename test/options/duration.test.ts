import {describe, expect, it} from 'vitest';
import {formatDurationMs, parseDurationMs} from '../../source/options/duration.js';

describe('parseDurationMs', () => {
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

describe('formatDurationMs', () => {
	it.each([
		[500, '500 ms'],
		[1000, '1 s'],
		[1500, '1.5 s'],
		[60_000, '1 min'],
		[90_000, '1.5 min'],
	])('shows %d ms as %j', (ms, text) => {
		expect(formatDurationMs(ms)).toBe(text);
	});
});
