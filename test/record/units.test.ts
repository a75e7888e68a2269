import {describe, expect, it} from 'vitest';
import {formatOffset, parseDurationMs, parseMoment, parseSize, resolveMoment} from '../../source/record/units.js';

describe('parseSize', () => {
	it.each([
		['500MB', 500e6],
		['1GB', 1e9],
		['1.5G', 1.5e9],
		['100k', 100e3],
		['512KiB', 512 * 1024],
		['2MiB', 2 * 1024 ** 2],
		['1GiB', 1024 ** 3],
		['4096', 4096],
		['10 mb', 10e6],
	])('reads %s as %d bytes', (text, bytes) => {
		expect(parseSize(text)).toBe(bytes);
	});

	it.each(['', 'big', '-5MB', '0', '10XB', '1e9'])('rejects %j', (text) => {
		expect(parseSize(text)).toBeUndefined();
	});
});

describe('parseDurationMs', () => {
	it('reads units, compounds and bare seconds', () => {
		expect(parseDurationMs('90s')).toBe(90_000);
		expect(parseDurationMs('2m')).toBe(120_000);
		expect(parseDurationMs('1m30s')).toBe(90_000);
		expect(parseDurationMs('500ms')).toBe(500);
		expect(parseDurationMs('1.5h')).toBe(5_400_000);
		expect(parseDurationMs('45')).toBe(45_000);
		expect(parseDurationMs('soon')).toBeUndefined();
	});
});

describe('parseMoment and resolveMoment', () => {
	const startMs = Date.UTC(2026, 10, 29, 12, 0, 0);
	const endMs = startMs + 600_000;

	it('resolves offsets from the first round', () => {
		expect(resolveMoment(parseMoment('+90s')!, startMs, endMs)).toBe(startMs + 90_000);
		expect(resolveMoment(parseMoment('+2m')!, startMs, endMs)).toBe(startMs + 120_000);
		expect(resolveMoment(parseMoment('start')!, startMs, endMs)).toBe(startMs);
		expect(resolveMoment(parseMoment('end')!, startMs, endMs)).toBe(endMs);
	});

	it('reads ISO-8601 times with a zone', () => {
		expect(resolveMoment(parseMoment('2026-11-29T12:01:30Z')!, startMs, endMs)).toBe(startMs + 90_000);
		expect(resolveMoment(parseMoment('2026-11-29T13:01:30+01:00')!, startMs, endMs)).toBe(startMs + 90_000);
	});

	it('reads a clock time as local time on the recording day, the next day past midnight', () => {
		const localStart = new Date(2026, 10, 29, 23, 58, 0).getTime();
		expect(resolveMoment(parseMoment('23:59')!, localStart, localStart + 600_000)).toBe(new Date(2026, 10, 29, 23, 59, 0).getTime());
		expect(resolveMoment(parseMoment('00:01:30')!, localStart, localStart + 600_000)).toBe(new Date(2026, 10, 30, 0, 1, 30).getTime());
	});

	it.each(['tomorrow', '25:00', '+soon', '2026-13-45T99:00:00Z'])('rejects %j', (text) => {
		expect(parseMoment(text)).toBeUndefined();
	});
});

describe('formatOffset', () => {
	it('writes offsets the way --at reads them', () => {
		expect(formatOffset(0)).toBe('+0s');
		expect(formatOffset(90_000)).toBe('+1m30s');
		expect(formatOffset(3_725_000)).toBe('+1h02m05s');
		expect(parseDurationMs(formatOffset(90_000).slice(1))).toBe(90_000);
	});
});
