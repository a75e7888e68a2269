/**
 * Keys on the live App: movement (bursts included), sort and filter through the model's rows,
 * follow, pause, interval, refresh, quit, replay controls. Fixture data of both Dask versions;
 * the 10,000-worker case uses SYNTHESIZED snapshots (bench/synth.ts: no recording is that large).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {synthState} from '../../bench/synth.js';
import type {TuiData} from '../../source/ui/frame/tui-data.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, LIVE, tuiData} from '../helpers/fixture-data.js';
import {KEY, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

/** The names in the table's rows: from under its column header to the blank line before the overview. */
const workerNames = (lines: string[]) => {
	const start = lines.findIndex((l) => /^ {2}NAME/.test(l)) + 1;
	const end = lines.indexOf('', start);
	return lines
		.slice(start, end < 0 ? undefined : end)
		.map((l) => /^[ ▲✗] (\S+)\s/.exec(l)?.[1])
		.filter((n): n is string => n !== undefined);
};

describe.each(FIXTURE_VERSIONS)('keys on Dask %s data', (version) => {
	const data = tuiData(fixtureRun(version, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']));

	it('handles a burst of keys arriving as one chunk, one key per character', async () => {
		const app = await renderApp(data);
		await app.press('jj', KEY.enter);
		expect(app.frame()).toContain('Worker gamma');
		await app.press(KEY.escape, 'kk', KEY.enter);
		expect(app.frame()).toContain('Worker alpha');
	});

	it('sorts through the columns with s and > and back with <, reversing with r; ties keep address order', async () => {
		const app = await renderApp(data);
		expect(workerNames(app.lines())).toEqual(['alpha', 'beta', 'gamma']);
		await app.press('sssss');
		expect(app.frame()).toContain('sorted by memory ↓');
		expect(workerNames(app.lines())[0]).toBe('beta');
		await app.press('r');
		expect(app.frame()).toContain('sorted by memory ↑');
		expect(workerNames(app.lines()).at(-1)).toBe('beta');
		await app.press('<', '>', '>');
		expect(app.frame()).toContain('sorted by spilled');
		expect(workerNames(app.lines())).toEqual(['beta', 'alpha', 'gamma']);
	});

	it('filters incrementally by name, shows a bad pattern instead of throwing, and Esc clears', async () => {
		const app = await renderApp(data);
		await app.press('/', 'b');
		expect(app.frame()).toContain('Filter: b▏');
		await app.press('e');
		expect(workerNames(app.lines())).toEqual(['beta']);
		// gamma (lost) is held in the table, not counted with the live workers: no lost row matches "be".
		expect(app.frame()).toContain('Workers 1 of 2  filter');
		await app.press(KEY.backspace, KEY.backspace, '/[/');
		expect(app.frame()).toMatch(/bad filter pattern \/\[\//);
		expect(workerNames(app.lines())).toEqual(['alpha', 'beta', 'gamma']);
		await app.press(KEY.escape);
		expect(app.frame()).not.toContain('Filter:');
		expect(app.frame()).toContain('Workers 2 (+1 lost)  sorted');
	});

	it('keeps an accepted filter until Esc in the table, and q inside the prompt is text, not quit', async () => {
		const app = await renderApp(data);
		await app.press('/', 'gam', KEY.enter);
		expect(workerNames(app.lines())).toEqual(['gamma']);
		await app.press('/', 'q');
		expect(app.quits()).toBe(0);
		await app.press(KEY.backspace, KEY.enter, KEY.escape);
		expect(workerNames(app.lines())).toEqual(['alpha', 'beta', 'gamma']);
	});

	it('follows the selected worker when the sort moves it', async () => {
		const app = await renderApp(data);
		await app.press('F');
		expect(app.frame()).toContain('following alpha');
		await app.press('sssss', KEY.enter);
		expect(app.frame()).toContain('Worker alpha');
	});

	it('switches views with Tab and 1/2/3, and Esc returns to the workers', async () => {
		const app = await renderApp(data);
		await app.press(KEY.tab);
		expect(app.frame()).toContain('Per task prefix');
		await app.press(KEY.tab);
		expect(app.frame()).toContain('Adaptive target');
		await app.press('1');
		expect(app.frame()).toContain('NAME');
		await app.press('3', KEY.escape);
		expect(app.frame()).toContain('NAME');
	});

	it('pauses the display with space while new data keeps arriving', async () => {
		const app = await renderApp(data);
		await app.press(' ');
		expect(app.frame()).toContain('PAUSED (polling goes on)');
		const later: TuiData = tuiData(fixtureRun(version, ['client-closed']));
		await app.update(later);
		expect(app.frame()).toContain('Tasks   38');
		await app.press(' ');
		expect(app.frame()).not.toContain('PAUSED');
		expect(app.frame()).not.toContain('Tasks   38');
	});

	it('changes the poll interval with + and -, each step from the one before, and refreshes with R', async () => {
		const app = await renderApp(data);
		await app.press('+');
		expect(app.frame()).toContain('polling every 3s');
		// No round came in between: - steps back from the 3 s just asked, not from the last poll's 2 s.
		await app.press('-');
		await app.press('-');
		await app.press('R');
		expect(app.controls.calls).toEqual(['interval 3000', 'interval 2000', 'interval 1000', 'refresh']);
		expect(app.frame()).toContain('refreshing now');
	});

	it('quits with q and with Ctrl-C', async () => {
		const app = await renderApp(data);
		await app.press('q');
		await app.press(KEY.ctrlC);
		expect(app.quits()).toBe(2);
	});
});

describe('replay keys', () => {
	const data = tuiData(fixtureRun('2026.7.1', ['busy']), {
		status: {...LIVE, state: 'replay'},
		replay: {atMs: Date.UTC(2026, 6, 14, 9, 30, 5), startMs: 0, endMs: 1, index: 4, count: 60, paused: false, speed: 4},
	});

	it('drive the replay controls, space pausing the replay rather than the display', async () => {
		const app = await renderApp(data, {kind: 'replay'});
		expect(app.frame()).toContain('replay 09:30:05 [5/60] ×4');
		await app.press(KEY.left, KEY.right, '[', ']', '{', '}', 'x', ' ');
		expect(app.controls.calls).toEqual([
			'replay step -1',
			'replay step 1',
			'replay jump -60000',
			'replay jump 60000',
			'replay start',
			'replay end',
			'replay speed',
			'replay pause',
		]);
		expect(app.frame()).not.toContain('PAUSED (polling');
		expect(app.frame()).toContain('←/→ step');
	});

	it('do nothing while live', async () => {
		const app = await renderApp(tuiData(fixtureRun('2026.7.1', ['busy'])));
		await app.press(KEY.left, '[', '{', 'x');
		expect(app.controls.calls).toEqual([]);
	});
});

describe('ten thousand workers (synthesized snapshots)', () => {
	const data: TuiData = {model: synthState(10_000), status: LIVE, intervalMs: 2000, nowMs: 1_790_000_003_000};

	it('renders only the visible rows and scrolls to the last worker', async () => {
		const app = await renderApp(data, {columns: 120, rows: 40});
		expect(app.lines()).toHaveLength(40);
		expect(app.frame()).toContain('Workers 10000');
		expect(workerNames(app.lines())).toHaveLength(40 - 4 - 1 - 2);
		await app.press('G');
		expect(workerNames(app.lines()).at(-1)).toBe('w09999');
		await app.press(KEY.pageDown, 'g');
		expect(workerNames(app.lines())[0]).toBe('w00000');
	});
});
