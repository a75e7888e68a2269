/**
 * Lost workers in the table and the detail, on the real fixture sequence of both Dask versions that
 * ends with gamma killed (idle → busy → memory-heavy → errors → worker-died).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {reduce, workerRows} from '../../source/model/index.js';
import {DASK_MEMORY_THRESHOLDS} from '../../source/ui/draw/bars.js';
import {tableCountText} from '../../source/ui/views/table-lines.js';
import {fitColumns} from '../../source/ui/draw/column-fit.js';
import {formatPercent} from '../../source/ui/draw/cells.js';
import {rowSegments, WORKER_COLUMNS} from '../../source/ui/views/worker-columns.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun, tuiData} from '../helpers/fixture-data.js';
import {bodyStart, KEY, PLAIN, renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;
const rowOf = (lines: readonly string[], name: string) => lines.find((l) => new RegExp(`^. ${name} `).test(l));
const names = (lines: readonly string[]) =>
	lines.map((l) => /^. (alpha|beta|gamma) /.exec(l)?.[1]).filter((n) => n !== undefined);

describe.each(FIXTURE_VERSIONS)('lost workers on Dask %s fixtures', (version) => {
	const run = fixtureRun(version, SEQUENCE);
	const gamma = [...run.model.workers.values()].find((t) => t.last.name === 'gamma')!;

	it('keeps a lost worker in the table with the word lost, its last figures and a critical mark', async () => {
		expect(gamma.lostMs).toBe(run.nowMs);
		const app = await renderApp(tuiData(run));
		const row = rowOf(app.lines(), 'gamma')!;
		const fraction = gamma.last.memory_process_bytes! / gamma.last.memory_limit_bytes!;
		expect(row).toMatch(new RegExp(`^✗ gamma +127\\.0\\.0\\.1:\\d+ +lost +2 .* ${formatPercent(fraction)} .* gone$`));
		expect(app.lines()[bodyStart(app.lines())]).toMatch(/^Workers 2 \(\+1 lost\) {2}sorted by name/);
	});

	it.each([80, 120])(
		'counts in the table title the live workers as the header does, the held lost one apart, at %i columns',
		async (columns) => {
			const app = await renderApp(tuiData(run), {columns, rows: 30});
			const lines = app.lines();
			const header = lines.find((l) => /^Workers \d+ +idle/.test(l));
			expect(header).toMatch(/^Workers 2 /);
			expect(run.model.snapshot?.scheduler.workers.total).toBe(2);
			const title = lines.find((l) => /^Workers \d+ .*sorted by/.test(l));
			expect(title).toMatch(/^Workers 2 \(\+1 lost\) {2}sorted by name/);
			for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
			// Once gamma's hold is over, nothing is held apart.
			const holdMs = run.model.options.thresholds.worker_lost_hold_s * 1000;
			const after = reduce(run.model, {type: 'tick', nowMs: gamma.lostMs! + holdMs});
			const later = await renderApp(tuiData({...run, model: after, nowMs: gamma.lostMs! + holdMs}), {
				columns,
				rows: 30,
			});
			expect(later.lines().find((l) => /^Workers \d+ .*sorted by/.test(l))).toMatch(/^Workers 2 {2}sorted by name/);
		},
	);

	it('sorts it like the others, by any column', async () => {
		const app = await renderApp(tuiData(run));
		expect(names(app.lines())).toEqual(['alpha', 'beta', 'gamma']);
		await app.press('sssss'); // memory ↓
		expect(app.frame()).toContain('sorted by memory ↓');
		const expected = [...run.model.workers.values()]
			.map((t) => ({name: t.last.name, fraction: t.last.memory_process_bytes! / t.last.memory_limit_bytes!}))
			.sort((a, b) => b.fraction - a.fraction)
			.map((w) => w.name);
		expect(names(app.lines())).toEqual(expected);
	});

	it('dims every cell of its row but the alert mark and the status word', () => {
		const row = workerRows(run.model, {sort: {column: 'name', descending: false}}).rows.find(
			(r) => r.name === 'gamma',
		)!;
		const columns = fitColumns(WORKER_COLUMNS, 120);
		const cells = {
			glyphs: PLAIN.glyphs,
			memory: {target: DASK_MEMORY_THRESHOLDS.target, spill: 0.7, pause: 0.8, terminate: 0.95},
			eventLoopWarningSeconds: 0.1,
			eventLoopCriticalSeconds: 1,
		};
		const segments = rowSegments(row, columns, cells);
		const status = segments.find((s) => s.text.trim() === 'lost');
		expect(status?.tone).toBe('critical');
		const others = segments.filter(
			(s) => s !== status && s.text.trim() !== PLAIN.glyphs.criticalMark && s.text.trim() !== '',
		);
		expect(others.length).toBeGreaterThan(10);
		for (const s of others) expect(s.tone).toBe('muted');
		const alpha = workerRows(run.model, {sort: {column: 'name', descending: false}}).rows.find(
			(r) => r.name === 'alpha',
		)!;
		expect(rowSegments(alpha, columns, cells).some((s) => s.tone === 'muted' && s.text.includes('alpha'))).toBe(false);
	});

	it('counts it apart under a filter too, and in the rows view of the model', () => {
		const sort = {column: 'name', descending: false} as const;
		const all = workerRows(run.model, {sort});
		expect(all).toMatchObject({total: 3, gone: {lost: 1, retired: 0}, shown_gone: {lost: 1, retired: 0}});
		const table = (filterText: string) => {
			const view = workerRows(run.model, {sort, filter: filterText});
			return tableCountText({...view, shownGone: view.shown_gone, filterText});
		};
		expect(table('')).toBe('2 (+1 lost)');
		expect(table('gam')).toBe('0 of 2 (+1 lost)');
		expect(table('al')).toBe('1 of 2');
	});

	it("drops it from the table once the model's hold period is over (worker_lost_hold_s)", async () => {
		const holdMs = run.model.options.thresholds.worker_lost_hold_s * 1000;
		const justBefore = reduce(run.model, {type: 'tick', nowMs: gamma.lostMs! + holdMs - 1000});
		const before = await renderApp(tuiData({...run, model: justBefore, nowMs: gamma.lostMs! + holdMs - 1000}));
		expect(rowOf(before.lines(), 'gamma')).toMatch(/ lost /);
		before.unmount();
		const after = reduce(run.model, {type: 'tick', nowMs: gamma.lostMs! + holdMs});
		const app = await renderApp(tuiData({...run, model: after, nowMs: gamma.lostMs! + holdMs}));
		expect(rowOf(app.lines(), 'gamma')).toBeUndefined();
		expect(app.lines()[bodyStart(app.lines())]).toMatch(/^Workers 2 {2}sorted/);
		expect(after.workers.get(gamma.address)?.lostMs).toBe(gamma.lostMs); // still remembered (--json lost_workers)
	});

	it('opens its detail with its last state and when it was lost, without asking the source for its page', async () => {
		const app = await renderApp(tuiData(run));
		await app.press('jj', KEY.enter);
		const frame = app.frame();
		const clock = new Date(gamma.lostMs!).toISOString().slice(11, 19);
		expect(frame).toMatch(/^Worker gamma +127\.0\.0\.1:\d+ +lost +\[3 of 3\]/m);
		expect(frame).toContain(
			`LOST at ${clock}, 500ms ago · last listed ` +
				`${new Date(gamma.lastSeenMs).toISOString().slice(11, 19)} · figures below are its last`,
		);
		expect(frame).toMatch(
			new RegExp(
				`^memory +\\[.*\\] ${formatPercent(gamma.last.memory_process_bytes! / gamma.last.memory_limit_bytes!)} `,
				'm',
			),
		);
		expect(frame).toMatch(new RegExp(`lost +at ${clock}`));
		expect(frame).toContain('— gone: the scheduler has no page for it');
		expect(app.controls.calls).toEqual(['detail none']);
		await app.press('k');
		expect(app.frame()).toMatch(/^Worker beta /m);
		expect(app.frame()).not.toContain('LOST at');
		expect(app.controls.calls.at(-1)).toMatch(/^detail tcp:\/\//);
	});
});

describe('the table title count with retired workers held too', () => {
	it.each([
		{gone: {lost: 0, retired: 1}, shown: {lost: 0, retired: 1}, rows: 3, total: 3, filter: '', want: '2 (+1 left)'},
		{
			gone: {lost: 1, retired: 0, gone: 2},
			shown: {lost: 1, retired: 0, gone: 2},
			rows: 5,
			total: 5,
			filter: '',
			want: '2 (+1 lost, +2 gone)',
		},
		{
			gone: {lost: 2, retired: 1},
			shown: {lost: 2, retired: 1},
			rows: 5,
			total: 5,
			filter: '',
			want: '2 (+2 lost, +1 left)',
		},
		{
			gone: {lost: 2, retired: 1},
			shown: {lost: 0, retired: 1},
			rows: 2,
			total: 5,
			filter: 'x',
			want: '1 of 2 (+1 left)',
		},
	])('$want', ({gone, shown, rows, total, filter, want}) => {
		// The count reads only how many rows there are; any real row stands for each.
		const row = workerRows(fixtureRun('2022.12.1', ['idle']).model, {sort: {column: 'name', descending: false}})
			.rows[0]!;
		const table = {rows: Array.from({length: rows}, () => row), total, gone, shownGone: shown, filterText: filter};
		expect(tableCountText(table)).toBe(want);
	});
});
