/**
 * The App read through the raw input layer, on the recorded fixtures: mouse reports in the SGR form
 * (what the terminal sends once SGR mouse mode is on) select rows, open a detail, sort by a
 * heading and scroll, and never act as keys; htop's function keys and Ctrl-L reach their bindings.
 * The byte sequences are the ones xterm and tmux send (the same reach a real tmux in
 * test/e2e/input.test.ts).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {DOUBLE_CLICK_MS} from '../../../source/ui/input/clicks.js';
import {HEADER_LINES} from '../../../source/ui/views/header-lines.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {KEY, renderApp} from '../../helpers/render.js';

afterEach(() => cleanup());

const ESC = '\u001B';
/** A left click at 0-based column x, row y: press and release, as SGR mouse mode reports it. */
const click = (x: number, y: number) => `${ESC}[<0;${x + 1};${y + 1}M${ESC}[<0;${x + 1};${y + 1}m`;
const wheel = (down: boolean, y = 10) => `${ESC}[<${down ? 65 : 64};5;${y + 1}M`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const data = tuiData(fixtureRun('2022.12.1', ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']));
/** The diagnosis' verdict (gamma's loss) takes the line under the header. */
const VERDICT_LINES = 1;
/** The worker table's rows start under the header, the verdict, the table's title and its column heading. */
const firstRowY = HEADER_LINES + VERDICT_LINES + 2;

describe('the mouse', () => {
	it('selects the clicked row, and a double-click opens its detail', async () => {
		const app = await renderApp(data);
		await app.press(click(10, firstRowY + 2));
		await app.press(KEY.enter);
		expect(app.frame()).toContain('Worker gamma');
		await app.press(KEY.escape);
		await app.press(click(10, firstRowY + 1));
		await app.press(click(10, firstRowY + 1));
		expect(app.frame()).toContain('Worker beta');
	});

	it('needs the second press soon and on the same row for a double-click', async () => {
		const app = await renderApp(data);
		await app.press(click(10, firstRowY), click(10, firstRowY + 1));
		expect(app.frame()).not.toContain('Worker ');
		await app.press(click(10, firstRowY + 2));
		await sleep(DOUBLE_CLICK_MS + 50);
		await app.press(click(10, firstRowY + 2));
		expect(app.frame()).not.toContain('Worker gamma');
	});

	it('sorts by the clicked column heading, and reverses on a second click', async () => {
		const app = await renderApp(data, {columns: 120, rows: 40});
		const headingY = HEADER_LINES + VERDICT_LINES + 1;
		const heading = app.lines()[headingY]!;
		const x = heading.indexOf('MEM%');
		expect(x).toBeGreaterThan(0);
		await app.press(click(x + 1, headingY));
		expect(app.frame()).toContain('sorted by memory ↓');
		await sleep(DOUBLE_CLICK_MS + 50);
		await app.press(click(x + 1, headingY));
		expect(app.frame()).toContain('sorted by memory ↑');
		const address = app.lines()[headingY]!.indexOf('ADDRESS');
		await sleep(DOUBLE_CLICK_MS + 50);
		await app.press(click(address, headingY));
		expect(app.frame()).toContain('sorted by address ↑');
	});

	it('scrolls with the wheel: 3 rows a notch, in the help 3 lines', async () => {
		const app = await renderApp(data);
		await app.press(wheel(true));
		await app.press(KEY.enter);
		expect(app.frame(), 'three rows down from alpha, held at the last of three').toContain('Worker gamma');
		await app.press(KEY.escape, wheel(false), KEY.enter);
		expect(app.frame()).toContain('Worker alpha');
		await app.press(KEY.escape, '?', wheel(true));
		expect(app.frame()).toMatch(/lines 4–/);
	});

	it('never acts on a mouse report as keys: the view, sort and filter stay', async () => {
		const app = await renderApp(data);
		const before = app.frame();
		// Each of these, read as keys, would switch views (1 2 3), sort (< >), quit (q) or filter (/).
		await app.press(`${ESC}[<0;123;2M`, `${ESC}[<3;12;3m`, `${ESC}[<35;32;1M`, `${ESC}[M#!!`, `${ESC}[<2;2;2M`);
		expect(app.quits()).toBe(0);
		expect(app.frame()).toBe(before);
	});
});

describe("htop's function keys and Ctrl-L", () => {
	it('F1 opens the help and closes it; F10 quits', async () => {
		const app = await renderApp(data);
		await app.press(`${ESC}OP`);
		expect(app.frame()).toContain('Keys (Esc or ? closes this help');
		await app.press(`${ESC}[11~`);
		expect(app.frame()).not.toContain('Keys (Esc');
		await app.press(`${ESC}[21~`);
		expect(app.quits()).toBe(1);
	});

	it('F3 and F4 open the filter prompt, as / does', async () => {
		for (const key of [`${ESC}OR`, `${ESC}OS`, `${ESC}[13~`]) {
			const app = await renderApp(data);
			await app.press(key, 'be');
			expect(app.frame()).toContain('Filter: be▏');
			cleanup();
		}
	});

	it('F6 lists the sort columns: j and Enter choose, a click chooses, Esc keeps the sort', async () => {
		const app = await renderApp(data);
		await app.press(`${ESC}[17~`);
		expect(app.frame()).toContain('Sort by (Enter or a click chooses, Esc closes)');
		await app.press('jjjjj', KEY.enter);
		expect(app.frame()).toContain('sorted by memory ↓');
		await app.press(`${ESC}[17~`, 'j', KEY.escape);
		expect(app.frame()).toContain('sorted by memory ↓');
		await app.press(`${ESC}[17~`);
		const lines = app.lines();
		const y = lines.findIndex((l) => /^ {2}address /.test(l));
		await app.press(click(4, y));
		expect(app.frame()).toContain('sorted by address ↑');
		expect(app.frame()).not.toContain('Sort by');
	});

	it(
		'Ctrl-L writes a clear-screen through Ink (which then draws the whole frame again: ' +
			'seen in tmux, not in this debug-mode renderer)',
		async () => {
			const app = await renderApp(data);
			expect(app.raw()).not.toContain('\u001B[2J');
			await app.press('\u000C');
			expect(app.raw()).toMatch(/^\u001B\[2J\u001B\[H/);
		},
	);
});

describe('the footer at 80 columns', () => {
	it('keeps / filter and space pause', async () => {
		const app = await renderApp(data, {columns: 80, rows: 24});
		const footer = app.lines().at(-1)!;
		expect(footer).toContain('/ filter');
		expect(footer).toContain('space pause');
		expect(footer).toContain('? help');
		expect(footer).toContain('q quit');
	});
});
