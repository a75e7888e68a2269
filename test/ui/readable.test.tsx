/**
 * Every view readable at 80×24 and 120×40: alert messages and the adaptive explanation appear in
 * full (read across their continuation lines), no line is wider than the terminal, and what does
 * not fit is scrolled to, not cut. Data: the bundled demo recording at +86 s (as `--demo --at
 * +86s` opens it) and the real fixture sequences of both Dask versions.
 */
import {COLUMN_MEANINGS} from '../../source/ui/views/worker-columns.js';
import {cleanup} from 'ink-testing-library';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import type {TriageView} from '../../source/model/types.js';
import {whereText} from '../../source/ui/keys/binding-text.js';
import {BINDINGS} from '../../source/ui/keys/bindings.js';
import type {TuiData} from '../../source/ui/frame/tui-data.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {demoRun, fixtureRun, tuiData, type FixtureRun} from '../helpers/fixture-data.js';
import {ASCII, bodyStart, KEY, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const SIZES = [
	[80, 24],
	[120, 40],
] as const;

/**
 * Screen lines read as prose: each line trimmed, joined by one space (a wrap happens at a space),
 * runs of spaces as one.
 */
function prose(lines: readonly string[]): string {
	return lines
		.map((l) => l.trim())
		.filter((l) => l !== '')
		.join(' ')
		.replace(/ {2,}/g, ' ');
}

/** `text` (prose()) holds `whole`, its runs of spaces read as one. */
function expectWhole(text: string, whole: string): void {
	expect(text).toContain(whole.replace(/ {2,}/g, ' '));
}

function expectWithin(lines: readonly string[], columns: number): void {
	for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

interface Case {
	readonly name: string;
	readonly load: () => Promise<FixtureRun> | FixtureRun;
}

const CASES: readonly Case[] = [
	{name: 'the demo at +86 s', load: () => demoRun(86)},
	...FIXTURE_VERSIONS.map((version) => ({
		name: `Dask ${version} fixtures`,
		load: () => fixtureRun(version, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']),
	})),
];

describe.each(CASES)('$name', ({load}) => {
	let data: TuiData;
	let triage: TriageView;
	beforeAll(async () => {
		const run = await load();
		data = tuiData(run);
		triage = triageView(run.model);
	});

	it('has alerts, ended events and an adaptive explanation to show (else these tests would prove nothing)', () => {
		expect(triage.alerts.length).toBeGreaterThanOrEqual(2);
		expect(triage.adaptive.recomputed?.explanation.length).toBeGreaterThanOrEqual(2);
	});

	it.each(SIZES)('shows every alert message whole in the Alerts panel at %i×%i', async (columns, rows) => {
		const app = await renderApp(data, {columns, rows});
		const lines = app.lines();
		expect(lines).toHaveLength(rows);
		expectWithin(lines, columns);
		const panel = lines.slice(lines.findIndex((l) => l.startsWith('Alerts ')) + 1, -1);
		expect(panel.length).toBeGreaterThan(0);
		const text = prose(panel);
		if (/ more( \(\d+ ongoing\))?: press 3/.test(text)) {
			// Out of rows (the overview's graphs share them): the ongoing alerts come first, so the shown
			// ones are whole but the last.
			const shown = triage.alerts.filter((a) => text.includes(a.message));
			expect(shown.length).toBeGreaterThanOrEqual(1);
		} else for (const alert of triage.alerts) expectWhole(text, alert.message);
		// A continuation line is indented: it never starts where an entry's time starts.
		for (const line of panel)
			if (!/^\d\d:\d\d:\d\d /.test(line) && line.trim() !== '' && !line.startsWith('…'))
				expect(line).toMatch(/^ {8,}\S/);
	});

	it.each(SIZES)(
		'shows every event message whole in the events view at %i×%i, scrolling to the ones below',
		async (columns, rows) => {
			const app = await renderApp(data, {columns, rows});
			await app.press('3');
			const seen: string[] = [];
			for (let i = 0; i < triage.events.length; i++) {
				const lines = app.lines();
				expect(lines).toHaveLength(rows);
				expectWithin(lines, columns);
				seen.push(prose(lines.slice(lines.findIndex((l) => /^Events \d+/.test(l)) + 1, -1)));
				await app.press('j');
			}
			const text = seen.join(' ');
			for (const event of triage.events) expectWhole(text, event.message);
		},
	);

	it.each(SIZES)(
		"shows the adaptive target's explanation whole at %i×%i, its numbers in binary units",
		async (columns, rows) => {
			const app = await renderApp(data, {columns, rows});
			await app.press('3');
			const lines = app.lines();
			const head = prose(
				lines.slice(
					bodyStart(lines),
					lines.findIndex((l) => /^Events \d+/.test(l)),
				),
			);
			expect(head).toMatch(/^Adaptive target desired \d+/);
			for (const line of triage.adaptive.recomputed?.explanation ?? []) expectWhole(head, line);
			if (triage.adaptive.disagreement) expectWhole(head, triage.adaptive.disagreement_note ?? '');
			expect(head).toMatch(
				new RegExp(
					/memory: stored \d+(\.\d)? (B|KiB|MiB|GiB) \(\d+ %\) (<=|>) /.source +
						/60 % of the \d+(\.\d)? (KiB|MiB|GiB|TiB) memory limits -> \d+/.source,
				),
			);
			expect(head).not.toMatch(/\d{7,} B/);
			const notes = [triage.adaptive.flavor_note, ...triage.adaptive.notes];
			if (columns >= 120) for (const note of notes) expectWhole(head, note);
			else if (!notes.every((note) => head.includes(note.replace(/ {2,}/g, ' '))))
				expect(head).toMatch(/… \d+ more adaptive lines?: a taller terminal or --once shows them$/);
		},
	);

	it.each(SIZES)('wraps the progress note and cuts long prefix names in the middle at %i×%i', async (columns, rows) => {
		const app = await renderApp(data, {columns, rows});
		await app.press('2');
		const lines = app.lines();
		expectWithin(lines, columns);
		const note = lines.findIndex((l) => l.startsWith('Per task prefix: '));
		const text = prose(
			lines.slice(
				note,
				lines.findIndex((l) => l.startsWith('PREFIX')),
			),
		);
		expect(text).toMatch(/erred (tasks )?are not done$/);
		const legend = prose(
			lines.slice(
				4,
				lines.findIndex((l) => l.startsWith('[')),
			),
		);
		for (const word of ['processing', 'queued', 'waiting', 'in memory', 'erred', 'no-worker', 'done'])
			expect(legend).toContain(word);
		for (const line of lines.slice(note)) expect(line).not.toMatch(/^\S+… /);
	});
});

describe('the legend of the threshold marks', () => {
	it('names what each ▾ over the memory bars stands for: in full where it fits, as shares at 80 columns', async () => {
		const data = tuiData(await demoRun(86));
		const wide = await renderApp(data, {columns: 120, rows: 30});
		expect(wide.frame()).toMatch(/^Workers .* sorted by name ↑ {2}▾ target 60 spill 70 pause 80 terminate 95 %$/m);
		const narrow = await renderApp(data, {columns: 80, rows: 24});
		expect(narrow.frame()).toMatch(/^Workers .* sorted by name ↑ {2}▾ 60\/70\/80\/95 %$/m);
		const ascii = await renderApp(data, {columns: 120, rows: 30, theme: ASCII});
		expect(ascii.frame()).toMatch(/^Workers .* sorted by name \^ {2}v target 60 spill 70/m);
	});
});

describe("the adaptive target's why on the overview", () => {
	it('says in one line why the scheduler wants more workers, where the header shows the number', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 120, rows: 40});
		expect(app.frame()).toMatch(/desired 20 ↑ \(≈14 workers\)/);
		expect(app.frame()).toMatch(
			new RegExp(
				/^Adaptive {2}desired 20 for 2 workers now: this Dask counts threads \(≈14 workers\); /.source +
					/96 s of work for a 5 s target {2}· 3: how$/.source,
				'm',
			),
		);
		const idle = await renderApp(tuiData(fixtureRun('2022.12.1', ['idle'])), {columns: 120, rows: 40});
		expect(idle.frame()).not.toMatch(/^Adaptive /m);
	});
});

describe('long names at 80 columns', () => {
	it('keeps the start and the end of a task prefix longer than its column (the demo’s slow-process-late)', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 80, rows: 24});
		await app.press('2');
		expect(app.frame()).toMatch(/^slow-proc\S*…\S*-late +/m);
	});
});

describe('the events at 80 columns', () => {
	it(
		'say the same in fewer columns: the severity as glyph and short word, ' +
			'the state as a short word, no subject already named by the message',
		async () => {
			const run = await demoRun(86);
			const triage = triageView(run.model);
			const app = await renderApp(tuiData(run), {columns: 80, rows: 40});
			await app.press('3');
			const entries = app.lines().filter((l) => /^\d\d:\d\d:\d\d /.test(l));
			expect(entries.length).toBeGreaterThanOrEqual(3);
			for (const line of entries)
				expect(line).toMatch(/^\d\d:\d\d:\d\d (✗ crit|▲ warn|i info) (for|ended) \d+(ms|s|m\d\ds|h\d\dm) +\S/);
			expect(entries.find((l) => l.includes('worker gamma'))).toMatch(/✗ crit for \S+ +worker gamma \(/);
			// The cluster is not named by its messages: it leads them.
			const cluster = triage.events.find((e) => e.subject_name === 'cluster');
			expect(cluster).toBeDefined();
			expect(app.frame()).toContain(`cluster: ${cluster!.message.split(' ').slice(0, 3).join(' ')}`);
		},
	);

	it('keep the same columns in plain ASCII', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 80, rows: 24, theme: ASCII});
		await app.press('3');
		const entries = app.lines().filter((l) => /^\d\d:\d\d:\d\d /.test(l));
		for (const line of entries) expect(line).toMatch(/^\d\d:\d\d:\d\d (X crit|! warn|i info) (for|ended) /);
		expect(app.frame()).not.toMatch(/[✗▲█▓░│]/);
	});
});

describe('the help overlay at 80×24', () => {
	it('wraps every description under itself and scrolls with j to the last line, its title line staying', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 80, rows: 24});
		await app.press('?');
		const pages: string[] = [];
		for (let i = 0; i < 150; i++) {
			const lines = app.lines();
			expectWithin(lines, 80);
			expect(lines[bodyStart(lines)]).toMatch(
				/^Keys \(Esc or \? closes this help; j\/k scroll\) {2}lines \d+–\d+ of \d+/,
			);
			pages.push(prose(lines.slice(bodyStart(lines) + 1, -1)));
			await app.press('j');
		}
		const last = /lines \d+–(\d+) of (\d+)/.exec(app.lines()[bodyStart(app.lines())]!);
		expect(last?.[1]).toBe(last?.[2]);
		const text = pages.join(' ');
		for (const binding of BINDINGS) expectWhole(text, `${binding.label}  [${whereText(binding)}]`);
		for (const meaning of Object.values(COLUMN_MEANINGS)) expectWhole(text, meaning);
	});

	it('pages with PgDn/PgUp and goes to either end with End/Home, as in a pager', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 80, rows: 24});
		await app.press('?');
		const range = () => /lines (\d+)–(\d+) of (\d+)/.exec(app.lines()[bodyStart(app.lines())]!)!.slice(1).map(Number);
		const [first, shown, total] = range() as [number, number, number];
		expect(first).toBe(1);
		await app.press(KEY.pageDown);
		expect(range()[0]).toBe(shown);
		await app.press(KEY.end);
		expect(range()[1]).toBe(total);
		await app.press(KEY.pageUp);
		expect(range()[1]).toBeLessThan(total);
		await app.press(KEY.home);
		expect(range()[0]).toBe(1);
	});
});

describe('the smallest screen, 60×16', () => {
	it(
		'keeps the explanation of the adaptive target in reading order: ' +
			'no caveat in place of a line of it, and says how many lines are left out',
		async () => {
			const run = await demoRun(86);
			const triage = triageView(run.model);
			const app = await renderApp(tuiData(run), {columns: 60, rows: 16});
			await app.press('3');
			const lines = app.lines();
			expectWithin(lines, 60);
			const head = lines.slice(
				bodyStart(lines),
				lines.findIndex((l) => /^Events \d+/.test(l)),
			);
			expect(head[0]).toMatch(/^Adaptive target desired 20/);
			expect(head.filter((l) => l !== '').at(-1)).toMatch(/^… \d+ more adaptive lines \(taller terminal, --once\)$/);
			const text = prose(head);
			const shown = (triage.adaptive.recomputed?.explanation ?? []).map((line) =>
				text.includes(line.replace(/ {2,}/g, ' ')),
			);
			// Whole lines, in order: a shown line is never after one left out.
			expect(shown.indexOf(false) === -1 || shown.slice(shown.indexOf(false)).every((s) => !s)).toBe(true);
			if (shown.includes(false)) expect(text).not.toMatch(/flavor:|note:/);
		},
	);

	it('shortens the help title to keep where the lines are', async () => {
		const app = await renderApp(tuiData(await demoRun(86)), {columns: 60, rows: 16});
		await app.press('?');
		// (beta is paused at +86 s: the diagnosis' verdict takes a line under the header)
		expect(app.lines()[bodyStart(app.lines())]).toMatch(/^Keys \(Esc\/\? close; j\/k scroll\) {2}lines 1–9 of \d+ ↓$/);
	});
});
