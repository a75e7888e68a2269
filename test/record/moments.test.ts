import {describe, expect, it} from 'vitest';
import {parseMoment, resolveMoment} from '../../source/record/moments.js';

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
		expect(resolveMoment(parseMoment('23:59')!, localStart, localStart + 600_000)).toBe(
			new Date(2026, 10, 29, 23, 59, 0).getTime(),
		);
		expect(resolveMoment(parseMoment('00:01:30')!, localStart, localStart + 600_000)).toBe(
			new Date(2026, 10, 30, 0, 1, 30).getTime(),
		);
	});

	it.each(['tomorrow', '25:00', '+soon', '2026-13-45T99:00:00Z'])('rejects %j', (text) => {
		expect(parseMoment(text)).toBeUndefined();
	});
});
