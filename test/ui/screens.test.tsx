/**
 * The screens at several widths with the real fixture snapshots of BOTH Dask versions (H1's
 * loader + buildSnapshot, H4's reduce over idle → busy → memory-heavy → errors → worker-died).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {BINDINGS} from '../../source/ui/keys/bindings.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, fixtureWorkerPage, tuiData} from '../helpers/fixture-data.js';
import {ASCII, KEY, PLAIN, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;

describe.each(FIXTURE_VERSIONS)('the screens on Dask %s fixtures', (version) => {
	const run = fixtureRun(version, SEQUENCE);
	const data = tuiData(run);

	it.each([80, 120, 200])(
		'draws the header, the workers and the footer at %i columns within the width',
		async (columns) => {
			const app = await renderApp(data, {columns, rows: 30});
			const lines = app.lines();
			expect(lines).toHaveLength(30); // every row of the terminal, the footer on the last
			expect(lines[0]).toContain('dask-top');
			expect(lines[0]).toContain('live');
			expect(lines[0]).toMatch(/alerts ✗1 ▲\d+ i\d+/);
			expect(lines[1]).toMatch(/^Workers 2 /);
			expect(lines[1]).toContain('desired');
			expect(lines[2]).toMatch(/^Memory +\[.*\] \d+ MiB \/ 2\.6 GiB \d+%/);
			expect(lines[3]).toMatch(/^Tasks +38 +processing 6 +queued 6/);
			expect(lines[3]).toContain('erred 10');
			// The diagnosis' verdict under the header: gamma was killed (SIGKILL) with no warning sign.
			expect(lines[4]).toMatch(/^✗ likely: gamma was lost: /);
			const body = lines.slice(5);
			expect(body.find((l) => l.includes('alpha'))).toContain('running');
			expect(body.find((l) => l.includes('gamma'))).toMatch(/✗ gamma .*lost/);
			expect(lines[29]).toContain('? help');
			expect(lines[29]).toContain('q quit');
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
		},
	);

	it('drops columns by priority as the terminal narrows, keeping the memory percentage', async () => {
		// (the column heading: under the header, the verdict line and the table's title)
		const narrow = (await renderApp(data, {columns: 80})).lines()[6]!;
		const wide = (await renderApp(data, {columns: 200})).lines()[6]!;
		for (const title of ['NAME', 'STATUS', 'CPU%', 'MEMORY', 'MEM%', 'SPILL', 'EXEC', 'BEAT'])
			expect(narrow).toContain(title);
		expect(narrow).not.toContain('NET-TX');
		for (const title of ['ADDRESS', 'THR', 'IN-MEM', 'XFER', 'NET-RX', 'NET-TX', 'LOOP']) expect(wide).toContain(title);
	});

	it(
		"shows each worker's memory as a bar of memory cells, " +
			"Dask's thresholds marked over it in the heading, its percentage and its spilled bytes beside it",
		async () => {
			for (const [theme, cells, mark] of [
				[PLAIN, /^[█▓░]+/, '▾'],
				[ASCII, /^[#=.]+/, 'v'],
			] as const) {
				const lines = (await renderApp(data, {columns: 120, theme})).lines();
				const heading = lines.find((l) => /^ {2}NAME/.test(l))!;
				const beta = lines.find((l) => l.includes('beta'))!;
				const start = heading.indexOf('MEMORY');
				const bar = cells.exec(beta.slice(start))![0];
				expect(bar.length).toBeGreaterThanOrEqual(10);
				expect(beta.slice(start + bar.length)).toMatch(/^\s+\d+%\s+80M/);
				// target 0.6, spill 0.7, pause 0.8, terminate 0.95: one mark over each threshold's cell
				const expected = [
					...new Set([0.6, 0.7, 0.8, 0.95].map((t) => Math.min(bar.length - 1, Math.floor(t * bar.length)))),
				];
				const marks = [...heading.slice(start, start + bar.length)].flatMap((c, i) => (c === mark ? [i] : []));
				expect(marks).toEqual(expected.filter((i) => i >= 'MEMORY'.length));
				if (theme === ASCII) expect(beta).not.toMatch(/[█▓░│▾]/);
			}
		},
	);

	it("opens a worker's detail with figures, sparklines and what holds its memory", async () => {
		const beta = [...run.model.workers.values()].find((t) => t.last.name === 'beta')!;
		const page = fixtureWorkerPage(version, 'memory-heavy', beta.address);
		const app = await renderApp(page ? tuiData(run, {workerPage: page}) : data, {columns: 120, rows: 40});
		await app.press('j', KEY.enter);
		const frame = app.frame();
		expect(frame).toContain(`Worker beta  ${beta.address.replace('tcp://', '')}`);
		expect(frame).toMatch(/cpu hist +[▁▂▃▄▅▆▇█ ]+ /);
		expect(frame).toMatch(/mem hist +[▁▂▃▄▅▆▇█ ]+ /);
		for (const label of [
			'threads',
			'managed',
			'spilled',
			'tasks',
			'xfer in',
			'network',
			'event loop',
			'heartbeat',
			'states',
		])
			expect(frame).toContain(label);
		expect(frame).toContain('What holds its memory');
		expect(page).toBeDefined();
		expect(frame).toMatch(/cache-blob|make_blob/);
		expect(app.controls.calls).toContain(`detail ${beta.address}`);
		await app.press(KEY.escape);
		expect(app.frame()).toContain('Workers 2 (+1 lost)');
		expect(app.controls.calls).toEqual([`detail ${beta.address}`, 'detail none']);
	});

	it(
		'shows tasks by state and per-prefix rows: erred apart from done, in flight proven by the ' +
			"cluster's count, MEAN and OUTPUT only where Dask gives them",
		async () => {
			const app = await renderApp(data, {columns: 120});
			await app.press('2');
			const frame = app.frame();
			expect(frame).toMatch(/^Per task prefix: /m);
			expect(frame).toMatch(/█ processing 6 +▓ queued 6/);
			expect(frame).toContain('DONE/S');
			// Erred is not done: 0 of 6, the bar drawn with the erred glyph.
			expect(frame).toMatch(/explode +×+ +0\/6 +0% +\S+\/s +6 +0 /);
			// gamma's 6 blobs recomputed after the cluster was idle: counted from then. The rows' in flight
			// (6 + 2 + 6) add up to the cluster's 14 processing, queued and no-worker tasks: each is proven,
			// the row exact although a worker was lost; the 6 results from before are held.
			expect(frame).toMatch(/make_blob +░+ +0\/6 +0% +\S+ +0 +0 +6 +6 .* \d\d:\d\d:\d\d/);
			expect(frame).toMatch(/^Per task prefix: exact since SINCE/m);
			// pinned-sleep: 2 of its 4 released unfinished (cancelled), drawn apart from what waits.
			expect(frame).toMatch(/pinned-sleep +╌+░+ +0\/4 +0% +\S+ +0 +2 +2 +0 /);
			if (version === '2022.12.1') {
				expect(frame).not.toMatch(/MEAN|BYTES/);
			} else {
				expect(frame).toMatch(/OUTPUT +MEAN +SINCE/);
				expect(frame).toMatch(/make_blob .* 480M +\d+ms/);
			}
		},
	);

	it('lists the events newest first under the adaptive target and its explanation', async () => {
		const app = await renderApp(data, {columns: 120});
		await app.press('3');
		const lines = app.lines();
		expect(lines.join('\n')).toMatch(/Adaptive target desired \d+/);
		expect(lines.join('\n')).toMatch(/recomputed .*cpu term .*memory term/);
		const eventLines = lines.filter((l) => /^\d\d:\d\d:\d\d /.test(l));
		expect(eventLines.length).toBeGreaterThanOrEqual(3);
		// gamma's loss, told once: the alert (the diagnosis' finding cites it and logs no event of its own).
		expect(eventLines[0]).toMatch(/✗ critical +ongoing .*gamma .*lost/);
		expect(lines.join('\n')).not.toMatch(/likely worker-lost/);
		const times = eventLines.map((l) => l.slice(0, 8));
		expect([...times].sort().reverse()).toEqual(times);
	});

	it.each([
		[80, 24],
		[120, 40],
		[200, 50],
	])('fits every view into %i×%i', async (columns, rows) => {
		const views: ReadonlyArray<readonly [string[], RegExp]> = [
			[['j', KEY.enter], /^Worker beta /m],
			[['2'], /^Per task prefix: /m],
			[['3'], /^Adaptive target /m],
			[['4'], /^Diagnosis 1 current/m],
			[['?'], /^Keys \(Esc or \? closes this help/m],
		];
		for (const [keys, expected] of views) {
			const app = await renderApp(data, {columns, rows});
			await app.press(...keys);
			expect(app.frame()).toMatch(expected);
			const lines = app.lines();
			expect(lines).toHaveLength(rows);
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
			expect(lines[0]).toContain('dask-top');
			expect(lines.at(-1)).toContain('q quit');
			app.unmount();
		}
	});

	it('lists every binding in the help overlay, scrolling with j', async () => {
		const app = await renderApp(data, {columns: 120, rows: 180});
		await app.press('?');
		const frame = app.frame();
		for (const binding of BINDINGS) expect(frame).toContain(binding.label.slice(0, 40));
		const small = await renderApp(data, {columns: 80, rows: 24});
		await small.press('?');
		expect(small.frame()).not.toContain('cycle the replay speed');
		await small.press(...Array.from({length: 112}, () => 'j'));
		expect(small.frame()).toContain('cycle the replay speed');
		await small.press(KEY.escape);
		expect(small.frame()).toContain('NAME');
	});
});

describe('the too-small screen', () => {
	it('says what size is needed below 60×14', async () => {
		const app = await renderApp(tuiData(fixtureRun('2026.7.1', ['busy'])), {columns: 50, rows: 10});
		expect(app.frame()).toContain('terminal too small: need 60x14');
		expect(app.frame()).toContain('now 50x10');
		await app.press('q');
		expect(app.quits()).toBe(1);
	});
});
