/**
 * The diagnosis on screen, from the bundled demo (a real recording of a real cluster: beta paused
 * by memory from +52 s, gamma killed at +82 s, its pinned tasks then without a worker, beta freed by
 * +95 s, delta joined later): the verdict line under the header, the diagnosis view (4) and Enter to a finding's
 * subject, at 80 and 120 columns; and nothing at all on a healthy cluster.
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {demoRun, fixtureRun, tuiData} from '../helpers/fixture-data.js';
import {KEY, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const CLOCK = /\d\d:\d\d:\d\d/.source;

describe.each([
	[80, 24],
	[120, 40],
])('the diagnosis at %i×%i', (columns, rows) => {
	it('puts the worst finding on one line under the header, cut to the width but never its time', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns, rows});
		const lines = app.lines();
		// Two findings at +86 s, both critical: beta's pause (the older) first, then gamma's loss.
		expect(lines[4]).toMatch(
			new RegExp(`^✗ likely: beta is paused by memory .*, since ${CLOCK} {2}\\+1 more \\(4\\)$`),
		);
		expect([...lines[4]!].length).toBeLessThanOrEqual(columns);
		expect(lines[5]).toMatch(/^Workers 2 \(\+1 lost\) /);
	});

	it(
		'lists the current findings with evidence and next step, then the ended ones; ' +
			'what is not visible when room is left',
		async () => {
			const app = await renderApp(tuiData(await demoRun(126)), {columns, rows});
			await app.press('4');
			const lines = app.lines();
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
			const text = lines.join('\n');
			// (beta, slowed before its pause, is a straggler for a few seconds: 3× under its peers, 2× under
			// its tasks' means)
			expect(lines[5]).toBe('Diagnosis 1 current, 3 ended  Enter: go to its subject');
			expect(lines[6]).toMatch(new RegExp(`^✗ critical +worker-lost +gamma +since ${CLOCK}$`));
			expect(text).toMatch(/^ {2}gamma was lost: no sign in its last figures \(memory \d+ % of its limit at the/m);
			expect(text).toMatch(/^ {2}evidence: memory when last seen \d+ % of /m);
			expect(text).toMatch(/^ {2}next: its last figures are in the worker table/m);
			expect(text).toMatch(/^Ended$/m);
			expect(text).toMatch(new RegExp(`^ {2}ended ${CLOCK}-${CLOCK} memory-pressure: beta is paused by memory`, 'm'));
			expect(text).toMatch(new RegExp(`^ {2}ended ${CLOCK}-${CLOCK} no-worker: 2 tasks \\(pinned-sleep\\)`, 'm'));
			// At 80×24 the findings fill the body: the notes are left out, the last entry cut.
			if (rows >= 40) {
				expect(text).toMatch(/^Not visible on this version$/m);
				expect(text).toMatch(
					/^gil-contention: not visible on this version \(Dask <=2022\.12\): needs Dask >= 2023\.4\.0/m,
				);
			} else expect(text).not.toContain('Not visible');
			expect(lines.at(-1)).toMatch(/Enter go to/);
		},
	);

	it("goes to a finding's subject with Enter: a worker's detail, lost or present; a prefix's progress", async () => {
		const app = await renderApp(tuiData(await demoRun(126)), {columns, rows});
		await app.press('4', KEY.enter);
		expect(app.frame()).toMatch(/^Worker gamma .* lost/m);
		await app.press(KEY.escape, '4', 'j', KEY.enter);
		expect(app.frame()).toMatch(/^Worker beta .* running/m);
		await app.press(KEY.escape, '4', 'j', 'j', KEY.enter);
		// no-worker on pinned-sleep, the one prefix whose tasks no worker could run: the progress view.
		expect(app.frame()).toMatch(/^PREFIX +PROGRESS /m);
		expect(app.frame()).not.toMatch(/^Diagnosis /m);
	});
});

describe('a healthy cluster', () => {
	it('shows no verdict line, and the diagnosis view says nothing looks wrong', async () => {
		const app = await renderApp(tuiData(fixtureRun('2026.7.1', ['idle', 'busy'])), {columns: 80, rows: 24});
		expect(app.lines()[4]).toMatch(/^Workers 3 /);
		await app.press('4');
		expect(app.lines()[4]).toBe('Diagnosis 0 current  Enter: go to its subject');
		expect(app.frame()).toMatch(/^no finding: nothing looks wrong now/m);
	});
});
