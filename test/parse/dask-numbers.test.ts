import {describe, expect, it} from 'vitest';
import {parseFormattedBytes, parseFormattedTime} from '../../source/parse/dask-numbers.js';
import {readScenarioFile, SCENARIOS} from '../helpers/fixtures.js';

// Pairs printed by dask.utils.format_bytes / format_time of the Debian Dask 2022.12.1 installed
// here (/usr/bin/python3 -c 'from dask.utils import format_bytes, format_time; …').
const FORMAT_BYTES: ReadonlyArray<readonly [number, string]> = [
	[0, '0 B'],
	[1, '1 B'],
	[920, '920 B'],
	[1000, '0.98 kiB'],
	[1024, '1.00 kiB'],
	[123_456, '120.56 kiB'],
	[600_000_000, '572.20 MiB'],
	[999_999_999, '0.93 GiB'],
	[1_000_000_000, '0.93 GiB'],
	[2_147_483_648, '2.00 GiB'],
	[41_943_040, '40.00 MiB'],
	[3_298_534_883_328, '3.00 TiB'],
	[5_629_499_534_213_120, '5.00 PiB'],
];

const UNIT_BYTES: Readonly<Record<string, number>> = {
	B: 1,
	kiB: 2 ** 10,
	MiB: 2 ** 20,
	GiB: 2 ** 30,
	TiB: 2 ** 40,
	PiB: 2 ** 50,
};

const FORMAT_TIME: ReadonlyArray<readonly [number, string, number]> = [
	// seconds, text, how far the text may be from the seconds (its last printed digit or field)
	[0, '0.00 us', 0.005e-6],
	[1e-7, '0.10 us', 0.005e-6],
	[0.000_123_45, '123.45 us', 0.005e-6],
	[0.001_234, '1.23 ms', 0.005e-3],
	[0.328_277_111_053_466_8, '328.28 ms', 0.005e-3],
	[1, '1.00 s', 0.005],
	[1.500_863_25, '1.50 s', 0.005],
	[123.456, '123.46 s', 0.005],
	[599.99, '599.99 s', 0.005],
	[1234.567, '20m 34s', 1],
	[7201, '2hr 0m', 60],
	[12_345.67, '3hr 25m', 60],
	[123_456.78, '34hr 17m', 60],
	[172_801, '2d 0hr', 3600],
	[1_234_567.89, '14d 6hr', 3600],
	[-0.5, '-500000.00 us', 0.005e-6],
];

describe('parseFormattedBytes', () => {
	it.each(FORMAT_BYTES)('reads format_bytes(%d) = %s back to within its rounding', (bytes, text) => {
		const unit = UNIT_BYTES[text.split(' ')[1]!]!;
		const parsed = parseFormattedBytes(text)!;
		expect(Math.abs(parsed - bytes)).toBeLessThanOrEqual(unit === 1 ? 0 : 0.005 * unit);
	});

	it('rejects text that is not a byte size', () => {
		for (const text of ['', 'GiB', '1.0 XB', 'one MiB', '1.00 GiB extra'])
			expect(parseFormattedBytes(text)).toBeUndefined();
	});
});

describe('parseFormattedTime', () => {
	it.each(FORMAT_TIME)('reads format_time(%d) = %s back', (seconds, text, tolerance) => {
		expect(Math.abs(parseFormattedTime(text)! - seconds)).toBeLessThanOrEqual(tolerance * 1.000_001);
	});

	it('rejects text that is not a duration', () => {
		for (const text of ['', 's', '5 weeks', '3m 2hr', '1.5']) expect(parseFormattedTime(text)).toBeUndefined();
	});
});

describe('formatted text agrees with the raw data-sort values on the 2026.7.1 pages', () => {
	it.each(SCENARIOS)(
		'workers.html of %s: every occupancy and last-seen text reads back to its data-sort',
		(scenario) => {
			const html = readScenarioFile('2026.7.1', scenario, 'scheduler/%2Finfo%2Fmain%2Fworkers.html');
			const cells = [...html.matchAll(/<td data-sort="([^"]+)">\s*([^<]+?)\s*<\/td>/g)];
			expect(cells.length).toBeGreaterThan(0);
			for (const [, raw, text] of cells) {
				const value = Number(raw);
				if (/B$/.test(text!)) {
					const unit = UNIT_BYTES[text!.split(' ')[1]!]!;
					expect(Math.abs(parseFormattedBytes(text!)! - value)).toBeLessThanOrEqual(0.005 * unit);
				} else {
					expect(Math.abs(parseFormattedTime(text!)! - value)).toBeLessThanOrEqual(
						Math.max(1e-8, Math.abs(value) * 0.01),
					);
				}
			}
		},
	);
});
