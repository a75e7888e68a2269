import {describe, expect, it} from 'vitest';
import type {PrefixProgress} from '../../../source/model/types.js';
import {prefixColumns, prefixHeader, prefixRow, progressBar} from '../../../source/ui/views/progress-lines.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';

const unicode = makeTheme({color: false, ascii: false});
const ascii = makeTheme({color: false, ascii: true});
const text = (segments: ReadonlyArray<{text: string}>) => segments.map((s) => s.text).join('');

function row(figures: Partial<PrefixProgress>): PrefixProgress {
	return {
		prefix: 'load',
		done: 0,
		total: 0,
		erred: 0,
		cancelled: 0,
		in_flight: 0,
		exact: true,
		counted_from: 'epoch',
		since: 1_800_000_000,
		...figures,
	};
}

describe('the per-prefix rows', () => {
	it.each([
		{name: 'done and erred apart, the rest empty', p: row({done: 5, erred: 2, total: 10}), want: '█████××░░░'},
		{name: 'all erred: nothing done', p: row({erred: 6, total: 6}), want: '××××××××××'},
		{name: 'a single erred task still shows', p: row({done: 50, erred: 1, total: 100}), want: '█████×░░░░'},
		{name: 'all done', p: row({done: 3, total: 3}), want: '██████████'},
		{name: 'nothing counted', p: row({}), want: '░░░░░░░░░░'},
		{
			name: 'cancelled apart from done and erred',
			p: row({done: 3, erred: 1, cancelled: 6, total: 10}),
			want: '███×╌╌╌╌╌╌',
		},
	])('bar: $name', ({p, want}) => {
		expect(text(progressBar(p, 10, unicode))).toBe(want);
	});

	it('marks a row that is not exact, in ASCII under --ascii, and shows the percentage done/total', () => {
		const p = row({done: 8, total: 20, in_flight: 12, exact: false});
		const layout = prefixColumns(120, [p]);
		expect(text(prefixRow(p, layout, unicode))).toMatch(/≈8\/20 +40% .* 12 +≈\d\d:\d\d:\d\d$/);
		const line = text(prefixRow(p, layout, ascii));
		expect(line).toMatch(/~8\/20 +40% .* 12 +~\d\d:\d\d:\d\d$/);
		expect(line).not.toContain('≈');
	});

	it('highlights the prefix name and the erred count of a row with erred tasks, not of a finished one', () => {
		const layout = prefixColumns(120, []);
		const erred = prefixRow(row({prefix: 'explode', erred: 6, total: 6}), layout, unicode);
		expect(erred[0]).toMatchObject({tone: 'critical', bold: true});
		expect(erred[0]?.text.trim()).toBe('explode');
		expect(erred.find((s) => s.text.trim() === '6' && s.tone === 'critical')).toBeDefined();
		const finished = prefixRow(row({prefix: 'load', done: 20, total: 20}), layout, unicode);
		expect(finished[0]?.tone).toBe('normal');
		expect(text(finished)).toMatch(/^load +█+ +20\/20 +100% /);
	});

	it('shows OUTPUT and MEAN only when some row has them (never on Dask 2022.12)', () => {
		expect(text(prefixHeader(prefixColumns(160, [row({done: 1, total: 1})])))).not.toMatch(/BYTES|MEAN/);
		const modern = row({done: 1, total: 1, bytes: 2048, mean_duration_seconds: 0.25});
		const layout = prefixColumns(160, [modern]);
		expect(text(prefixHeader(layout))).toMatch(/OUTPUT +MEAN +SINCE/);
		expect(text(prefixRow(modern, layout, unicode))).toMatch(/ 2K +250ms /);
	});

	it('says the total is unknown instead of a percentage or a bar, and still shows done and in flight', () => {
		const {total: _, ...rest} = row({done: 3, in_flight: 24, exact: false, counted_from: 'first-sample'});
		const p: PrefixProgress = rest;
		const layout = prefixColumns(120, [p]);
		const line = text(prefixRow(p, layout, unicode));
		expect(line).toMatch(/^load +total unknown +≈3\/\? +\? .* 24 +≈\d\d:\d\d:\d\d$/);
		expect(line).not.toMatch(/\d%/);
	});

	it('shows cancelled, and in flight and held known only between bounds as ranges (ASCII under --ascii)', () => {
		const p = row({
			done: 10,
			total: 40,
			cancelled: 2,
			cancelled_max: 5,
			in_flight: 25,
			in_flight_max: 28,
			held: 0,
			held_max: 10,
		});
		const layout = prefixColumns(140, [p]);
		expect(text(prefixHeader(layout))).toMatch(/ERRED +CANCELLED +IN FLIGHT +HELD +SINCE/);
		expect(text(prefixRow(p, layout, unicode))).toMatch(/ 0 +2–5 +25–28 +0–10 /);
		expect(text(prefixRow(p, layout, ascii))).toMatch(/ 0 +2-5 +25-28 +0-10 /);
		const cancelled = prefixRow(row({done: 35, cancelled: 65, total: 100}), prefixColumns(140, []), unicode);
		expect(cancelled.find((s) => s.text.trim() === '65')).toMatchObject({tone: 'warning'});
	});
});
