import {describe, expect, it} from 'vitest';
import {memoryBar, ratioBar, segmentsWidth, sparkline} from '../../../source/ui/draw/bars.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';

const unicode = makeTheme({color: true, ascii: false}).glyphs;
const ascii = makeTheme({color: false, ascii: true}).glyphs;
const GiB = 1024 ** 3;
const flat = (segments: ReadonlyArray<{text: string}> | undefined) => segments?.map((s) => s.text).join('');

describe('the memory bar', () => {
	it('splits process memory into managed and unmanaged cells against the limit', () => {
		const bar = memoryBar({processBytes: 3 * GiB, managedBytes: 2 * GiB, limitBytes: 10 * GiB}, 10, unicode);
		expect(flat(bar)).toBe('██▓░░░││││');
		expect(segmentsWidth(bar!)).toBe(10);
	});

	it("marks Dask's thresholds in the free part: target 0.6, spill 0.7, pause 0.8, terminate 0.95", () => {
		const bar = memoryBar({processBytes: 1 * GiB, managedBytes: 0, limitBytes: 20 * GiB}, 20, ascii);
		// cells 12 (0.6), 14 (0.7), 16 (0.8) and 19 (0.95) carry the mark
		expect(flat(bar)).toBe('=...........|.|.|..|');
		const tones = bar!.filter((s) => s.text === '|').map((s) => s.tone);
		expect(tones).toEqual(['muted', 'warning', 'critical', 'critical']);
	});

	it('colours process cells past the spill and pause marks, and managed cells past the target', () => {
		const bar = memoryBar({processBytes: 8.5 * GiB, managedBytes: 6.5 * GiB, limitBytes: 10 * GiB}, 10, ascii)!;
		// managed cells 0-6 (6 is past the 0.6 target), unmanaged 7 (spill zone) and 8 (pause zone), mark 9
		expect(flat(bar)).toBe('#######==|');
		expect(bar.map((s) => s.tone)).toEqual(['managed', 'warning', 'critical']);
		expect(bar.map((s) => s.text)).toEqual(['######', '#=', '=|']);
	});

	it('fills a cell at a threshold only once the threshold is passed', () => {
		expect(flat(memoryBar({processBytes: 7 * GiB, limitBytes: 10 * GiB}, 10, ascii))).toBe('=======|||');
		expect(flat(memoryBar({processBytes: 7.1 * GiB, limitBytes: 10 * GiB}, 10, ascii))).toBe('========||');
	});

	it('fills the whole bar when the process is over its limit', () => {
		const bar = memoryBar({processBytes: 12 * GiB, managedBytes: 1 * GiB, limitBytes: 10 * GiB}, 8, ascii)!;
		expect(flat(bar)).toBe('#=======');
		expect(bar[bar.length - 1]!.tone).toBe('critical');
	});

	it('draws nothing without a limit or a process figure, so the caller can say why', () => {
		expect(memoryBar({processBytes: GiB, limitBytes: 0}, 10, ascii)).toBeUndefined();
		expect(memoryBar({limitBytes: GiB}, 10, ascii)).toBeUndefined();
	});
});

describe('ratio bars and sparklines', () => {
	it('fills a ratio bar completely only at 100 %', () => {
		expect(flat(ratioBar(0.999, 10, ascii))).toBe('#########.');
		expect(flat(ratioBar(1, 10, ascii))).toBe('##########');
		expect(flat(ratioBar(0, 4, ascii))).toBe('....');
		expect(flat(ratioBar(undefined, 4, ascii))).toBe('....');
	});

	it('scales a sparkline to its max and leaves gaps for missing samples', () => {
		expect(sparkline([0, 50, 100], 3, unicode, 100)).toBe('▁▅█');
		expect(sparkline([1, Number.NaN, 4], 5, ascii)).toBe('  - #');
		expect(sparkline([1, 2, 3, 4, 5, 6], 3, ascii, 6)).toBe('+*#');
	});
});
