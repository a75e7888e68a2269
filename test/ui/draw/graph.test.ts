/**
 * The graph line-builders: braille and ASCII plots (stacking, gaps, clipping, right alignment),
 * nice scales, y labels and the time axis. Values are written out by hand: each case is small
 * enough to check cell by cell.
 */
import {describe, expect, it} from 'vitest';
import {segmentsWidth} from '../../../source/ui/draw/bars.js';
import {
	axisLabels,
	niceBytesCeiling,
	niceCeiling,
	plotLines,
	stackedPeak,
	timeAxis,
	type GraphSeries,
} from '../../../source/ui/draw/graph.js';

const text = (lines: ReadonlyArray<ReadonlyArray<{text: string}>>) => lines.map((l) => l.map((s) => s.text).join(''));
const one = (values: number[], ascii = '#'): GraphSeries => ({values, tone: 'ok', ascii});

describe('plotLines in braille (2 samples across, 4 steps up per cell)', () => {
	it('fills the area under each sample from the bottom, newest at the right edge', () => {
		// max 8 over 2 rows = 8 steps: 0, 1, 4, 8 steps
		const lines = plotLines({series: [one([0, 1, 4, 8])], width: 2, height: 2, max: 8, ascii: false});
		expect(text(lines)).toEqual([' ⢸', '⢀⣿']);
	});

	it(
		'leaves the left blank when there are fewer samples than the plot holds, ' + 'and keeps only the newest when more',
		() => {
			expect(text(plotLines({series: [one([8])], width: 3, height: 1, max: 8, ascii: false}))).toEqual(['  ⢸']);
			expect(text(plotLines({series: [one([8, 8, 8, 8, 0, 8])], width: 2, height: 1, max: 8, ascii: false}))).toEqual([
				'⣿⢸',
			]);
		},
	);

	it('draws a missing sample as a gap, a positive value as at least one dot, and clips values over the scale', () => {
		expect(text(plotLines({series: [one([Number.NaN, 0.001])], width: 1, height: 1, max: 100, ascii: false}))).toEqual([
			'⢀',
		]);
		expect(text(plotLines({series: [one([500, 500])], width: 1, height: 2, max: 1, ascii: false}))).toEqual(['⣿', '⣿']);
	});

	it('stacks series and colours a cell by the series on top of it', () => {
		const lines = plotLines({
			series: [
				{values: [4, 4], tone: 'managed', ascii: '#'},
				{values: [4, 4], tone: 'unmanaged', ascii: '='},
			],
			width: 1,
			height: 2,
			max: 8,
			ascii: false,
		});
		expect(text(lines)).toEqual(['⣿', '⣿']);
		expect(lines.map((l) => l[0]!.tone)).toEqual(['unmanaged', 'managed']);
	});

	it('is exactly width cells on every row', () => {
		const values = Array.from({length: 37}, (_, i) => i % 7);
		for (const width of [1, 5, 18, 40]) {
			const lines = plotLines({series: [one(values)], width, height: 3, max: 6, ascii: false});
			expect(lines).toHaveLength(3);
			for (const l of lines) expect(segmentsWidth(l)).toBe(width);
		}
	});
});

describe('plotLines in ASCII (1 sample a cell, 2 steps up per cell)', () => {
	it("draws '.' for a half cell and the series' glyph for a full one", () => {
		// max 4 over 2 rows = 4 steps: 1, 2, 3, 4 steps
		expect(text(plotLines({series: [one([1, 2, 3, 4])], width: 4, height: 2, max: 4, ascii: true}))).toEqual([
			'  .#',
			'.###',
		]);
	});

	it('marks stacked series by glyph, not by colour alone', () => {
		const lines = plotLines({series: [one([2, 2], '#'), one([2, 2], '=')], width: 2, height: 2, max: 4, ascii: true});
		expect(text(lines)).toEqual(['==', '##']);
	});

	it('leaves gaps blank', () => {
		expect(text(plotLines({series: [one([4, Number.NaN, 4])], width: 3, height: 1, max: 4, ascii: true}))).toEqual([
			'# #',
		]);
	});
});

describe('scales', () => {
	it.each([
		[0, 1],
		[0.3, 0.5],
		[1, 1],
		[1.1, 2],
		[37, 50],
		[99, 100],
		[101, 200],
		[4999, 5000],
		[5001, 10000],
	])('niceCeiling(%d) = %d', (value, nice) => {
		expect(niceCeiling(value)).toBeCloseTo(nice, 9);
	});

	it('rounds bytes up in the unit they are shown in', () => {
		const M = 1024 ** 2;
		const G = 1024 ** 3;
		expect(niceBytesCeiling(137 * M)).toBe(200 * M);
		expect(niceBytesCeiling(3.6 * G)).toBe(5 * G);
		expect(niceBytesCeiling(900 * M)).toBe(1000 * M);
		expect(niceBytesCeiling(1023 * M)).toBe(1 * G);
		expect(niceBytesCeiling(0)).toBe(1);
	});

	it('finds the stacked peak over the newest samples only', () => {
		expect(stackedPeak([one([9, 1, 2]), one([0, 3, Number.NaN])], 2)).toBe(4);
		expect(stackedPeak([one([9, 1, 2]), one([0, 3, Number.NaN])], 3)).toBe(9);
	});

	it('labels the top, the middle when there are 5 rows or more, and 0 at the bottom', () => {
		expect(axisLabels(100, 1, String)).toEqual(['100']);
		expect(axisLabels(100, 3, String)).toEqual(['100', '', '0']);
		expect(axisLabels(100, 6, String)).toEqual(['100', '', '50', '', '', '0']);
		// no middle label that reads like the top or like zero
		expect(axisLabels(1, 6, (v) => String(Math.round(v)))).toEqual(['1', '', '', '', '', '0']);
	});
});

describe('the time axis', () => {
	// 22:13:20 UTC onwards
	const times = (n: number, step = 2) => Array.from({length: n}, (_, i) => 1_700_000_000 + i * step);

	it(
		'puts the oldest clock under where the data starts, the span, ' +
			'and the newest clock at the right edge (braille: 2 samples a cell)',
		() => {
			const [axis] = timeAxis(times(60), 40, 6, false);
			expect(axis!.text).toBe('      ' + '          22:13:20 ── 1m58s ─── 22:15:18');
			expect(axis!.text).toHaveLength(46);
		},
	);

	it('uses the whole plot when the history is longer than it, in ASCII', () => {
		const [axis] = timeAxis(times(100), 30, 0, true);
		// samples 70..99 of 100 (2 s apart): 22:15:40 to 22:16:38
		expect(axis!.text).toBe('22:15:40 --- 58s ---- 22:16:38');
		expect(axis!.text).toHaveLength(30);
	});

	it(
		'says the span and the newest clock when the data is too narrow for two clocks, ' +
			'and only the clock for one sample',
		() => {
			expect(timeAxis(times(10), 30, 0, false)[0]!.text).toBe(`${' '.repeat(15)}18s to 22:13:38`);
			expect(timeAxis(times(1), 12, 0, false)[0]!.text).toBe('    22:13:20');
		},
	);
});
