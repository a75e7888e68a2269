/**
 * The drill-down panel on the screen (S stacks, E erred tasks, L a log), its pages answered from the
 * recorded answers of both releases (test/fixtures, real clusters). A page that never answers and
 * one answering 500 are fakes (no real scheduler can be made to do either on cue); so are controls
 * that cannot fetch at all. A replay's pages: test/record/drill-pages.test.ts and test/e2e/drill.test.ts.
 */
import {describe, expect, it} from 'vitest';
import type {DrillPage} from '../../source/types/drill-page.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {fixtureRun, tuiData} from '../helpers/fixture-data.js';
import {FIXTURE_VERSIONS, readScenarioFile, type Scenario} from '../helpers/fixtures.js';
import {KEY, renderApp} from '../helpers/render.js';

const file = (page: DrillPage): string => {
	switch (page.kind) {
		case 'call-stacks':
			return `/info/call-stacks/${encodeURIComponent(page.worker)}.html`;
		case 'exceptions':
			return '/info/main/exceptions.html';
		case 'scheduler-logs':
			return '/info/main/logs.html';
		case 'worker-logs':
			return `/info/logs/${encodeURIComponent(page.worker)}.html`;
		case 'call-stack':
			return `/info/call-stack/${encodeURIComponent(page.key)}.html`;
	}
};

function answer(body: string, status = 200): EndpointResult {
	return {target: 'scheduler', path: '/x', url: 'http://scheduler:8787/x', startedMs: 0, latencyMs: 3, status, body};
}

describe.each(FIXTURE_VERSIONS)('the drill-down panel on Dask %s', (version) => {
	const recorded = (scenario: Scenario) => async (page: DrillPage) =>
		answer(readScenarioFile(version, scenario, `scheduler/${encodeURIComponent(file(page))}`));

	it("S shows the selected worker's running tasks' stacks, innermost last, the user's frames marked", async () => {
		const asked: DrillPage[] = [];
		const fetchPage = async (page: DrillPage) => {
			asked.push(page);
			return recorded('busy')(page);
		};
		const app = await renderApp(tuiData(fixtureRun(version, ['busy'])), {columns: 140, rows: 60, fetchPage});
		await app.press('g', 'S');
		const frame = app.frame();
		expect(asked).toEqual([{kind: 'call-stacks', worker: expect.stringMatching(/^tcp:\/\/127\.0\.0\.1:4\d001$/)}]);
		expect(frame).toMatch(/Call stacks alpha \(tcp:\/\/127\.0\.0\.1:4\d001\)/);
		expect(frame).toMatch(/^task slow-process-1$/m);
		expect(frame).toMatch(/^> you {2}slow {2}worker-[^/]+\/workload\.py:52$/m);
		expect(frame).toMatch(/^ {9}time\.sleep\(seconds\)$/m);
		expect(frame).toMatch(/^ {2}std {2}_bootstrap {2}python3\.11\/threading\.py:\d+$/m);
		await app.press(KEY.escape);
		expect(app.frame()).toContain('NAME');
		expect(asked).toHaveLength(1);
	});

	it("E shows the erred tasks counted by type and prefix, Enter the selected one's traceback", async () => {
		const app = await renderApp(tuiData(fixtureRun(version, ['errors'])), {
			columns: 140,
			rows: 60,
			fetchPage: recorded('errors'),
		});
		await app.press('E');
		const frame = app.frame();
		expect(frame).toContain('Erred tasks 9');
		expect(frame).toMatch(/^ {5}6 {2}ValueError {2}explode$/m);
		expect(frame).toMatch(/^ {5}2 {2}ZeroDivisionError {2}divide$/m);
		expect(frame).not.toContain('Traceback');
		await app.press(KEY.enter);
		expect(app.frame()).toMatch(
			/Traceback \(most recent call last\):\n {6}File ".*workload\.py", line 67, in explode\n {8}raise ValueError/,
		);
		await app.press('j', KEY.enter);
		expect(app.frame()).toMatch(/line 71, in divide\n {8}return a \/ b/);
	});

	it("L shows the scheduler's log oldest first, filtered by /", async () => {
		const app = await renderApp(tuiData(fixtureRun(version, ['errors'])), {
			columns: 140,
			rows: 60,
			fetchPage: recorded('errors'),
		});
		await app.press('L');
		expect(app.frame()).toMatch(/Log scheduler {2}following/);
		expect(app.frame()).toMatch(/INFO +distributed\.scheduler State start/);
		await app.press('/', ...'register worker', KEY.enter);
		const lines = app.lines().filter((l) => /distributed\.scheduler/.test(l));
		expect(lines).toHaveLength(3);
		for (const line of lines) expect(line).toMatch(/Register worker/);
	});
});

describe('a page that is slow, fails, or cannot be asked', () => {
	const data = tuiData(fixtureRun('2026.7.1', ['busy']));

	it('says it is reading, and the screen goes on (a page that never answers: a fake)', async () => {
		const app = await renderApp(data, {columns: 120, rows: 40, fetchPage: () => new Promise<EndpointResult>(() => {})});
		await app.press('E');
		expect(app.frame()).toContain('reading the erred tasks…');
		await app.press(KEY.escape, '2');
		expect(app.frame()).toContain('Per task prefix');
	});

	it('says in one line why it could not be read (a 500: a fake)', async () => {
		const app = await renderApp(data, {columns: 120, rows: 40, fetchPage: async () => answer('oops', 500)});
		await app.press('g', 'S');
		expect(app.frame()).toContain('not read: the scheduler answered 500 (the worker may not have answered it)');
	});

	it('over a source that cannot read pages, says so', async () => {
		const app = await renderApp(data, {columns: 120, rows: 40, kind: 'replay'});
		await app.press('E');
		expect(app.frame()).toContain('this source cannot read call stacks, erred tasks or logs');
	});

	it('shows escape sequences in a log line and an exception inert', async () => {
		const hostile = 'x\u001b]0;pwned\u0007y\u001b[2Jz';
		const page = (p: DrillPage) =>
			p.kind === 'exceptions'
				? answer(
						`<div class="box"><span>Task:</span><code> <a href="x">k-1</a> </code>` +
							`<span>Exception:</span><code> E(${hostile}) </code>` +
							'<pre><code>  File "/a.py", line 1, in f\n    g()\n </code></pre></div>',
					)
				: answer(`<p> 2026-01-01 00:00:00,000 - distributed.scheduler - WARNING - ${hostile} </p>`);
		const app = await renderApp(data, {columns: 120, rows: 40, fetchPage: async (p) => page(p)});
		await app.press('E');
		expect(app.raw()).not.toMatch(/pwned\u0007/);
		expect(app.frame()).toContain('E(x␛]0;pwned␇y␛[2Jz)');
		await app.press(KEY.escape, 'L');
		expect(app.frame()).toContain('x␛]0;pwned␇y␛[2Jz');
	});
});
