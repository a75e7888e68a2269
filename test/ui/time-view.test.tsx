/**
 * The time view (5) on the recorded fixtures through the real parser and reduce: 2026.7.1's busy
 * then memory-heavy answers (per-prefix compute seconds, spill and GC from the workers' own
 * /metrics) and 2022.12.1's (no per-prefix seconds: said in place, never a 0), at 80×24 and
 * 120×40, plain (NO_COLOR) and --ascii; w walks the windows.
 */
import {describe, expect, it} from 'vitest';
import {timeView} from '../../source/model/time/time-view.js';
import {fixtureRun, tuiData} from '../helpers/fixture-data.js';
import {ASCII, PLAIN, renderApp} from '../helpers/render.js';

const SIZES = [
	[80, 24],
	[120, 40],
] as const;

describe('the time view on Dask 2026.7.1 fixtures', () => {
	const run = fixtureRun('2026.7.1', ['busy', 'memory-heavy']);
	const split = timeView(run.model, 'minute')!;

	it.each(SIZES)('at %i×%i: the busy line, the capacity bar, its parts, the prefixes biggest first', async (c, r) => {
		const app = await renderApp(tuiData(run), {columns: c, rows: r, theme: PLAIN});
		await app.press('5');
		const lines = app.lines();
		expect(lines).toHaveLength(r);
		for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(c);
		const title = lines.findIndex((l) => l.startsWith('Time  last minute'));
		expect(title).toBeGreaterThan(0);
		expect(lines[title]).toContain('w: window');
		// The two answers 2 s apart carry about two minutes of compute: more than the window held, idle 0.
		expect(lines[title + 1]).toMatch(/^threads 100 % busy — compute \d+ · transfer \d+ · spill \d+ · GC \d+/);
		expect(lines[title + 2]).toMatch(/^\[█+[▓▒░]*\]$/);
		expect(lines.join('\n')).toContain('more was counted than the window held');
		// Nothing processes in the memory-heavy answer: no note of running tasks.
		expect(run.model.snapshot!.scheduler.tasks.processing).toBe(0);
		expect(lines.join('\n')).not.toContain('run now');
		const header = lines.findIndex((l) => /^PREFIX +COMPUTE +TRANSFER +SHARE/.test(l));
		expect(header).toBeGreaterThan(title);
		const shown = lines
			.slice(header + 1, -1)
			.filter((l) => l.trim() !== '')
			.map((l) => l.split(/\s+/)[0]!.slice(0, 8));
		// (a name longer than its column is cut in its middle: its first characters stay)
		const expected = split.prefixes.map((p) => p.prefix.slice(0, 8)).slice(0, shown.length);
		expect(shown).toEqual(expected);
		expect(shown[0]).toBe('inc');
		expect(lines.at(-1)).toContain('w window');
	});

	it('says how many tasks run now, whose compute is counted only when they end', async () => {
		const busy = fixtureRun('2026.7.1', ['idle', 'busy']);
		const processing = busy.model.snapshot!.scheduler.tasks.processing!;
		expect(processing).toBeGreaterThan(1);
		const app = await renderApp(tuiData(busy), {columns: 120, rows: 40});
		await app.press('5');
		expect(app.frame()).toContain(`${processing} tasks run now, not counted until they end`);
	});

	it('under --ascii: plain characters only, the parts marked by glyph', async () => {
		const app = await renderApp(tuiData(run), {columns: 80, rows: 24, theme: ASCII});
		await app.press('5');
		const lines = app.lines();
		for (const line of lines) expect(line).toMatch(/^[\x20-\x7e]*$/);
		expect(lines.join('\n')).toMatch(/^\[#+[=.-]*\]$/m);
		expect(lines.join('\n')).toMatch(/# compute \S+ \d+%/);
	});

	it('w walks the windows: since the last idle moment, since the scheduler started, the last minute', async () => {
		const app = await renderApp(tuiData(run), {columns: 120, rows: 40});
		await app.press('5', 'w');
		expect(app.frame()).toMatch(/^Time {2}since the last idle moment/m);
		await app.press('w');
		expect(app.frame()).toMatch(/^Time {2}since the scheduler started/m);
		// Since the scheduler started: the answers' totals, the time before the first poll at its threads.
		expect(app.frame()).toMatch(/before dask-top's first poll, counted at the threads of that poll/);
		await app.press('w');
		expect(app.frame()).toMatch(/^Time {2}last minute/m);
	});
});

describe('the time view on Dask 2022.12.1 fixtures', () => {
	it('says in place that this Dask gives no per-prefix seconds: no bar of zeros', async () => {
		const run = fixtureRun('2022.12.1', ['busy', 'memory-heavy']);
		const app = await renderApp(tuiData(run), {columns: 80, rows: 24});
		await app.press('5');
		const text = app.frame();
		expect(text).toMatch(/^threads \? % busy — no compute seconds on Dask before 2023\.1\.1/m);
		expect(text).toContain('no per-prefix seconds on this Dask: it gives them from 2023.1.1');
		expect(text).toMatch(/█ compute \? +▓ transfer \?/);
		expect(text).not.toMatch(/compute 0/);
	});
});
