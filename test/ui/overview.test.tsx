/**
 * The overview in the App at several sizes: the bundled demo recording at +86 s (the pipeline that
 * `--demo` and `--replay` use) and the real fixture sequences of both Dask versions. Large
 * clusters keep the table (SYNTHESIZED workers: no fixture has that many).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {synthState} from '../../bench/synth.js';
import type {TuiData} from '../../source/ui/frame/tui-data.js';
import {demoRun, LIVE, tuiData} from '../helpers/fixture-data.js';
import {ASCII, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const SIZES = [
	[80, 24],
	[120, 40],
	[200, 60],
] as const;

describe('the overview under the demo recording at +86 s', () => {
	let data: TuiData;
	beforeAll(async () => {
		data = tuiData(await demoRun(86));
	});

	it.each(SIZES)(
		'at %i×%i: the table, then the graphs with scales and time axis, ' +
			'then the prefixes and alerts when they fit; no line too wide, no row left blank at the bottom',
		async (columns, rows) => {
			const app = await renderApp(data, {columns, rows});
			const lines = app.lines();
			expect(lines).toHaveLength(rows);
			for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
			const heading = lines.findIndex((l) => /^ {2}NAME/.test(l));
			const under = lines.indexOf('', heading);
			expect(under).toBeGreaterThan(heading + 1);
			// from 120×40 on, the adaptive target's why comes first (the demo's scheduler wants more workers)
			if (rows >= 40) expect(lines[under + 1]).toMatch(/^Adaptive {2}desired 20 for 2 workers now: /);
			// then where the threads' time went in the last minute (the demo's Dask gives no compute seconds: said so)
			if (rows >= 40)
				expect(lines[under + 2]).toMatch(/^Time {6}threads \? % busy — no compute seconds on Dask before 2023\.1\.1 /);
			const blank = rows >= 40 ? under + 3 : under;
			expect(lines[blank + 1]).toMatch(/^Memory +⣿ managed ⣿ unmanaged/);
			expect(lines[blank + 1]).toMatch(/Tasks +⣿ processing \d+/);
			expect(lines[blank + 2]).toMatch(/^ *\d+(\.\d)?[KMG]┤/);
			const completed = lines.findIndex((l) => l.startsWith('Completed '));
			expect(lines[completed]).toMatch(/CPU \d+%/);
			expect(lines[completed - 1]).toMatch(/^ {4}0┤.* 0┤/);
			// braille dots drawn in the plots
			expect(lines.slice(blank + 2, completed).join('')).toMatch(/[\u2801-\u28ff]/);
			const axis = lines.findIndex((l, i) => i > completed && /\d\d:\d\d:\d\d$/.test(l.trimEnd()));
			expect(axis).toBeGreaterThan(completed);
			expect(lines.findIndex((l) => l.startsWith('Alerts '))).toBeGreaterThan(axis);
			if (rows >= 40) expect(lines.findIndex((l) => l.startsWith('Task prefixes '))).toBeGreaterThan(axis);
			// the rows are used: at most a blank line or two above the footer
			const footer = lines.length - 1;
			const lastText = lines.slice(0, footer).findLastIndex((l) => l.trim() !== '');
			expect(footer - lastText).toBeLessThanOrEqual(3);
		},
	);

	it.each(SIZES)('at %i×%i under --ascii: plain characters only', async (columns, rows) => {
		const app = await renderApp(data, {columns, rows, theme: ASCII});
		const lines = app.lines();
		const heading = lines.findIndex((l) => /^ {2}NAME/.test(l));
		// The graphs and the prefixes' title (the prefix rows are the progress view's own cells).
		const prefixes = lines.findIndex((l) => l.startsWith('Task prefixes '));
		const graphs = lines.slice(
			heading + 1,
			prefixes < 0 ? lines.findIndex((l) => l.startsWith('Alerts ')) : prefixes + 1,
		);
		for (const line of graphs) expect(line).toMatch(/^[\x20-\x7e]*$/);
		expect(graphs.join('\n')).toMatch(/^Memory +# managed = unmanaged/m);
		expect(graphs.join('\n')).toMatch(/^ *\d+(\.\d)?[KMG]\+/m);
	});

	it('gives the memory bar the spare width first as the terminal grows, its thresholds marked over it', async () => {
		const widths: number[] = [];
		for (const [columns, rows] of SIZES) {
			const lines = (await renderApp(data, {columns, rows})).lines();
			const heading = lines.find((l) => /^ {2}NAME/.test(l))!;
			const alpha = lines.find((l) => /^. alpha /.test(l))!;
			const bar = /^[█▓░]+/.exec(alpha.slice(heading.indexOf('MEMORY')))![0];
			widths.push(bar.length);
			expect(
				heading.slice(heading.indexOf('MEMORY'), heading.indexOf('MEMORY') + bar.length).match(/▾/g)!.length,
			).toBeGreaterThanOrEqual(3);
		}
		expect(widths[0]).toBeGreaterThanOrEqual(10);
		expect(widths[1]).toBeGreaterThan(widths[0]!);
		expect(widths[2]).toBe(40);
	});
});

describe('large clusters keep the table', () => {
	it.each(SIZES)('at %i×%i with 200 synthesized workers: no graphs', async (columns, rows) => {
		const state = synthState(200);
		const app = await renderApp({model: state, status: LIVE, intervalMs: 2000, nowMs: state.nowMs}, {columns, rows});
		const lines = app.lines();
		expect(lines.some((l) => l.startsWith('Memory  ⣿') || l.startsWith('Completed '))).toBe(false);
		expect(lines.filter((l) => /^. w\d+/.test(l)).length).toBeGreaterThanOrEqual(rows - 8);
	});
});
