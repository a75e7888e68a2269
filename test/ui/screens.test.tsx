/**
 * The screens at several widths with the real fixture snapshots of BOTH Dask versions (H1's
 * loader + buildSnapshot, H4's reduce over idle → busy → memory-heavy → errors → worker-died).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {BINDINGS} from '../../source/ui/bindings.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, fixtureWorkerPage, tuiData} from '../helpers/fixture-data.js';
import {ASCII, KEY, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;

describe.each(FIXTURE_VERSIONS)('the screens on Dask %s fixtures', (version) => {
	const run = fixtureRun(version, SEQUENCE);
	const data = tuiData(run);

	it.each([80, 120, 200])('draws the header, the workers and the footer at %i columns within the width', async (columns) => {
		const app = await renderApp(data, {columns, rows: 30});
		const lines = app.lines();
		expect(lines).toHaveLength(29); // the root is one row shorter than the terminal
		expect(lines[0]).toContain('dask-top');
		expect(lines[0]).toContain('live');
		expect(lines[0]).toMatch(/alerts ✗1 ▲\d+ i\d+/);
		expect(lines[1]).toMatch(/^Workers 2 /);
		expect(lines[1]).toContain('desired');
		expect(lines[2]).toMatch(/^Memory +\[.*\] \d+M \/ 2\.6G \d+%/);
		expect(lines[3]).toMatch(/^Tasks +38 +processing 6 +queued 6/);
		expect(lines[3]).toContain('erred 10');
		expect(lines.find((l) => l.includes('alpha'))).toContain('running');
		expect(lines.find((l) => l.includes('gamma'))).toMatch(/✗ gamma .*lost/);
		expect(lines[28]).toContain('? help');
		expect(lines[28]).toContain('q quit');
		for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
	});

	it('drops columns by priority as the terminal narrows, keeping the memory percentage', async () => {
		const narrow = (await renderApp(data, {columns: 80})).lines()[5]!;
		const wide = (await renderApp(data, {columns: 200})).lines()[5]!;
		for (const title of ['NAME', 'STATUS', 'CPU%', 'MEMORY', 'MEM%', 'SPILL', 'EXEC', 'BEAT']) expect(narrow).toContain(title);
		expect(narrow).not.toContain('NET-TX');
		for (const title of ['ADDRESS', 'THR', 'IN-MEM', 'XFER', 'NET-RX', 'NET-TX', 'LOOP']) expect(wide).toContain(title);
	});

	it("shows each worker's memory as a bar with Dask's threshold marks, its percentage and its spilled bytes beside it", async () => {
		const beta = (await renderApp(data, {columns: 120})).lines().find((l) => l.includes('beta'))!;
		expect(beta).toMatch(/[█▓]+[░│]*│[░│]*\s+\d+%\s+80M/);
		const ascii = (await renderApp(data, {columns: 120, theme: ASCII})).lines().find((l) => l.includes('beta'))!;
		expect(ascii).toMatch(/[#=]+[.|]*\|[.|]*\s+\d+%\s+80M/);
		expect(ascii).not.toMatch(/[█▓░│]/);
	});

	it("opens a worker's detail with figures, sparklines and what holds its memory", async () => {
		const beta = [...run.model.workers.values()].find((t) => t.last.name === 'beta')!;
		const page = fixtureWorkerPage(version, 'memory-heavy', beta.address);
		const app = await renderApp(page ? tuiData(run, {workerPage: page}) : data, {columns: 120, rows: 40});
		await app.press('j', KEY.enter);
		const frame = app.frame();
		expect(frame).toContain(`Worker beta  ${beta.address.replace('tcp://', '')}`);
		expect(frame).toMatch(/cpu hist +[▁▂▃▄▅▆▇█ ]+ /);
		expect(frame).toMatch(/mem hist +[▁▂▃▄▅▆▇█ ]+ /);
		for (const label of ['threads', 'managed', 'spilled', 'tasks', 'xfer in', 'network', 'event loop', 'heartbeat', 'states']) expect(frame).toContain(label);
		expect(frame).toContain('What holds its memory');
		expect(page).toBeDefined();
		expect(frame).toMatch(/cache-blob|make_blob/);
		expect(app.controls.calls).toContain(`detail ${beta.address}`);
		await app.press(KEY.escape);
		expect(app.frame()).toContain('Workers 3');
		expect(app.controls.calls).toEqual([`detail ${beta.address}`, 'detail none']);
	});

	it('shows tasks by state and APPROXIMATE per-prefix bars with completions/s and erred', async () => {
		const app = await renderApp(data, {columns: 120});
		await app.press('2');
		const frame = app.frame();
		expect(frame).toContain('APPROXIMATE');
		expect(frame).toMatch(/█ processing 6 +▓ queued 6/);
		expect(frame).toContain('DONE/S');
		expect(frame).toMatch(/explode .* 6\/6 +100% +\S+\/s +6 /);
		expect(frame).toMatch(/make_blob .*12\/18 +67%/);
	});

	it('lists the events newest first under the adaptive target and its explanation', async () => {
		const app = await renderApp(data, {columns: 120});
		await app.press('3');
		const lines = app.lines();
		expect(lines.join('\n')).toMatch(/Adaptive target desired \d+/);
		expect(lines.join('\n')).toMatch(/recomputed .*cpu term .*memory term/);
		const eventLines = lines.filter((l) => /^\d\d:\d\d:\d\d /.test(l));
		expect(eventLines.length).toBeGreaterThanOrEqual(3);
		expect(eventLines[0]).toMatch(/✗ critical +ongoing .*gamma .*lost/);
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
			[['2'], /^Per task prefix APPROXIMATE/m],
			[['3'], /^Adaptive target /m],
			[['?'], /^Keys \(Esc or \? closes this help/m],
		];
		for (const [keys, expected] of views) {
			const app = await renderApp(data, {columns, rows});
			await app.press(...keys);
			expect(app.frame()).toMatch(expected);
			const lines = app.lines();
			expect(lines).toHaveLength(rows - 1);
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
			expect(lines[0]).toContain('dask-top');
			expect(lines.at(-1)).toContain('q quit');
			app.unmount();
		}
	});

	it('lists every binding in the help overlay, scrolling with j', async () => {
		const app = await renderApp(data, {columns: 120, rows: 80});
		await app.press('?');
		const frame = app.frame();
		for (const binding of BINDINGS) expect(frame).toContain(binding.label.slice(0, 40));
		const small = await renderApp(data, {columns: 80, rows: 24});
		await small.press('?');
		expect(small.frame()).not.toContain('cycle the replay speed');
		await small.press(...Array.from({length: 60}, () => 'j'));
		expect(small.frame()).toContain('cycle the replay speed');
		await small.press(KEY.escape);
		expect(small.frame()).toContain('NAME');
	});
});

describe('the too-small screen', () => {
	it('says what size is needed below 60×14', async () => {
		const app = await renderApp(tuiData(fixtureRun('2026.7.1', ['busy'])), {columns: 50, rows: 10});
		expect(app.frame()).toContain('terminal too small: need 60×14');
		expect(app.frame()).toContain('now 50×10');
		await app.press('q');
		expect(app.quits()).toBe(1);
	});
});
