/**
 * The Alerts panel in the rows a short worker table leaves free (under the overview's graphs when
 * they fit beside the worst alert whole): ongoing alerts worst first, then the latest ended events,
 * each whole, as many as fit; nothing when the table needs the room.
 * Real fixture sequences of both Dask versions; the crowded table uses SYNTHESIZED workers
 * (bench/synth.ts: no fixture has that many).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {synthState} from '../../bench/synth.js';
import {reduce, triageView} from '../../source/model/index.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, LIVE, tuiData} from '../helpers/fixture-data.js';
import {renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

/** The first line of an entry in the compact columns the panel uses at any width ("✗ crit", "for"/"ended"). */
const EVENT_LINE = /^\d\d:\d\d:\d\d [✗▲i] (crit|warn|info) (for|ended) /;
/** A continuation line: indented under the message. */
const CONTINUATION = /^ {8,}\S/;

describe.each(FIXTURE_VERSIONS)('the Alerts panel on Dask %s fixtures', (version) => {
	// memory-heavy → errors → worker-died → busy: alerts open, one resolves when beta recovers.
	const run = fixtureRun(version, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
	const triage = triageView(run.model);

	// (gamma's loss puts the diagnosis' verdict under the header: one line fewer for the body than
	// without it, so 80×24 is the smallest screen that keeps the graphs beside the panel)
	it.each([
		[120, 40],
		[80, 24],
	])(
		'closes the overview under the table at %i×%i: ongoing worst first, then the latest ended, each whole on its lines',
		async (columns, rows) => {
			const app = await renderApp(tuiData(run), {columns, rows});
			const lines = app.lines();
			expect(lines).toHaveLength(rows);
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
			const gamma = lines.findIndex((l) => /^. gamma /.test(l));
			expect(lines[gamma + 1]).toBe('');
			// the graphs of the overview come first, then the Alerts panel; at 80×24 the worst alert
			// whole (four lines) leaves no room for the graphs
			const title = lines.findIndex((l) => l.startsWith('Alerts '));
			if (columns >= 120) {
				// the adaptive target's why first, at this height: the scheduler wants more workers
				expect(lines[gamma + 2]).toMatch(/^Adaptive {2}desired \d+ for 2 workers now: /);
				// then where the threads' time went in the last minute (2022.12.1 gives no compute seconds)
				expect(lines[gamma + 3]).toMatch(/^Time {6}threads/);
				expect(lines[gamma + 5]).toMatch(/^Memory +⣿ managed/);
				expect(title).toBeGreaterThan(gamma + 5);
			} else expect(title).toBe(gamma + 2);
			const c = triage.counts;
			expect(lines[title]).toMatch(new RegExp(`^Alerts +✗${c.critical} ▲${c.warning} i${c.info} ongoing, worst first`));
			const more = lines.findIndex((l) => /^… \d+ more/.test(l));
			const panel = lines.slice(title + 1, more < 0 ? -1 : more).filter((l) => l !== '');
			const entries = panel.filter((l) => EVENT_LINE.test(l));
			for (const line of panel) expect(EVENT_LINE.test(line) || CONTINUATION.test(line), line).toBe(true);
			// (the panel leaves the diagnosis' findings to the verdict line and their view)
			const ended = triage.events.filter((e) => e.state === 'resolved' && e.kind !== 'diagnosis');
			const total = triage.alerts.length + ended.length;
			if (more < 0) expect(entries).toHaveLength(total);
			else expect(lines[more]).toMatch(new RegExp(`^… ${total - entries.length} more`));
			// The worst alert is shown whole, in the compact columns at any width (three lines at 120 columns, four at 80).
			expect(entries[0]).toMatch(/^\S+ ✗ crit for \S+ +worker gamma \(/);
			const worst = lines.slice(title + 1).findIndex((l) => EVENT_LINE.test(l));
			const worstLines = 1 + lines.slice(title + 2 + worst).findIndex((l) => !CONTINUATION.test(l));
			expect(worstLines).toBe(columns >= 120 ? 3 : 4);
			expect(lines.slice(title + 1 + worst, title + 1 + worst + worstLines).join(' ')).toContain('last seen');
			// Ongoing first, worst first; the ended ones after.
			const ongoing = entries.slice(0, Math.min(entries.length, triage.alerts.length));
			expect(ongoing.every((l) => / for /.test(l))).toBe(true);
			expect(entries.slice(triage.alerts.length).every((l) => / ended /.test(l))).toBe(true);
			const severities = ongoing.map((l) => (/ crit /.test(l) ? 2 : / warn /.test(l) ? 1 : 0));
			expect([...severities].sort((a, b) => b - a)).toEqual(severities);
			expect(lines.at(-1)).toContain('q quit');
		},
	);

	it('shows as many as fit and says how many more, in a short terminal', async () => {
		const app = await renderApp(tuiData(run), {columns: 120, rows: 16});
		const lines = app.lines();
		expect(lines).toHaveLength(16);
		const title = lines.findIndex((l) => l.startsWith('Alerts '));
		expect(title).toBeGreaterThan(0);
		const entries = lines.filter((l) => EVENT_LINE.test(l));
		const ended = triage.events.filter((e) => e.state === 'resolved' && e.kind !== 'diagnosis');
		const total = triage.alerts.length + ended.length;
		expect(entries.length).toBeGreaterThanOrEqual(1);
		expect(entries.length).toBeLessThan(total);
		// The panel uses its last row for the count; an entry cut by the panel's end says so.
		expect(lines[14]).toBe(
			`… ${total - entries.length} more (${triage.alerts.length - entries.length} ongoing): press 3 for the events view`,
		);
		const shown = lines.slice(title + 1, 13);
		for (const line of shown) expect(EVENT_LINE.test(line) || CONTINUATION.test(line), line).toBe(true);
	});

	it('is not drawn in the detail, progress or events views', async () => {
		const app = await renderApp(tuiData(run), {columns: 120, rows: 40});
		for (const key of ['2', '3']) {
			await app.press(key);
			expect(app.lines().some((l) => l.startsWith('Alerts '))).toBe(false);
		}
	});
});

describe('the Alerts panel when there is no room', () => {
	it('leaves the table the whole body when it fills it (80×24, 16 synthesized workers)', async () => {
		const state = synthState(16);
		const data = {model: state, status: LIVE, intervalMs: 2000, nowMs: state.nowMs};
		const app = await renderApp(data, {columns: 80, rows: 24});
		const lines = app.lines();
		expect(lines.some((l) => l.startsWith('Alerts '))).toBe(false);
		expect(lines.filter((l) => /^. w\d+/.test(l)).length).toBeGreaterThanOrEqual(15);
	});

	it('says there is nothing to report rather than staying blank', async () => {
		const run = fixtureRun('2026.7.1', ['idle']);
		const quiet = reduce(run.model, {type: 'tick', nowMs: run.nowMs});
		const app = await renderApp(tuiData({...run, model: quiet}), {columns: 80, rows: 24});
		expect(app.frame()).toMatch(
			new RegExp(
				/^Alerts +✗0 ▲0 i0 ongoing, worst first {2}· {2}press 3: all /.source +
					/events\nnone: nothing has joined, left or crossed a threshold yet$/.source,
				'm',
			),
		);
	});
});
