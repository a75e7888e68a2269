/**
 * The overview's line-builders: how the free rows under the table are shared, and the graph block
 * built from a model fed the REAL fixtures of both Dask versions (idle → busy → memory-heavy →
 * errors → worker-died as consecutive polls), in braille and in ASCII, at several widths.
 */
import {describe, expect, it} from 'vitest';
import {progressView, triageView} from '../../../source/model/index.js';
import {segmentsWidth} from '../../../source/ui/draw/bars.js';
import {alertsPanelEntries, alertsPanelLines, alertsPanelNeeds} from '../../../source/ui/views/alerts-panel-lines.js';
import {eventLayout, eventLines} from '../../../source/ui/views/events-lines.js';
import {
	graphBlockLines,
	overviewGraphLines,
	overviewMinRows,
	overviewPrefixLines,
	planOverview,
} from '../../../source/ui/views/overview-lines.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';
import {fixtureRun} from '../../helpers/fixture-data.js';

const UNICODE = makeTheme({color: false, ascii: false});
const ASCII = makeTheme({color: false, ascii: true});
const text = (line: ReadonlyArray<{text: string}>) => line.map((s) => s.text).join('');

describe('planOverview: sharing the rows under the table', () => {
	it('needs a blank, two rows of graphs at least 2 high, the axis and 4 lines of alerts', () => {
		expect(graphBlockLines(120, 2)).toBe(1 + 2 * 3 + 1);
		expect(overviewMinRows(120)).toBe(12);
		// one graph a row under 80 columns
		expect(graphBlockLines(70, 2)).toBe(1 + 4 * 3 + 1);
		expect(planOverview(11, 120, {prefixes: 3, eventLines: 3})).toBeUndefined();
		expect(planOverview(12, 120, {prefixes: 3, eventLines: 3})).toEqual({
			plotRows: 2,
			graphLines: 8,
			prefixLines: 0,
			eventLines: 4,
		});
	});

	it('keeps the lines the worst alert needs whole, or leaves the rows to the Alerts panel alone', () => {
		expect(planOverview(13, 80, {prefixes: 5, eventLines: 10, firstEventLines: 5})).toEqual({
			plotRows: 2,
			graphLines: 8,
			prefixLines: 0,
			eventLines: 5,
		});
		expect(planOverview(13, 80, {prefixes: 5, eventLines: 10, firstEventLines: 6})).toBeUndefined();
	});

	it.each([
		// rows, width, prefixes, event lines wanted → plot rows, prefix lines, event lines
		[13, 80, 5, 10, 2, 0, 5], // 80×24 with three workers
		[29, 120, 7, 8, 6, 6, 7], // 120×40 with three workers: graphs, three prefixes, seven lines of alerts
		[29, 120, 7, 4, 6, 8, 5], // fewer alerts: five prefixes
		[29, 120, 0, 3, 10, 0, 5], // nothing else to show: taller graphs
		[49, 200, 7, 30, 12, 8, 13], // 200×60
		[49, 200, 0, 3, 20, 0, 5], // the plots stop growing at 20 rows
	])(
		'%i rows at %i columns, %i prefixes, %i event lines wanted: plots %i high, %i prefix lines, %i for alerts',
		(rows, width, prefixes, eventLines, plotRows, prefixLines, events) => {
			const plan = planOverview(rows, width, {prefixes, eventLines})!;
			expect(plan).toEqual({plotRows, graphLines: graphBlockLines(width, plotRows), prefixLines, eventLines: events});
			expect(plan.graphLines + plan.prefixLines + plan.eventLines).toBeLessThanOrEqual(rows);
		},
	);
});

describe.each(FIXTURE_VERSIONS)('the overview on Dask %s fixtures', (version) => {
	const run = fixtureRun(version, ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
	const history = run.model.history;

	it.each([
		[80, 2, UNICODE],
		[120, 6, UNICODE],
		[200, 10, UNICODE],
		[120, 6, ASCII],
		[80, 2, ASCII],
	])(
		'at %i columns with plots %i high: every line exactly the width, titles, scales and the time axis',
		(width, plotRows, theme) => {
			const lines = overviewGraphLines(history, theme, width, plotRows);
			expect(lines).toHaveLength(graphBlockLines(width, plotRows));
			expect(lines[0]).toEqual([]);
			for (const line of lines.slice(1)) expect(segmentsWidth(line)).toBeLessThanOrEqual(width);
			const all = lines.map(text);
			// two graphs a row: Memory beside Tasks, Completed beside CPU
			expect(all[1]).toMatch(/^Memory +. managed .* unmanaged .*Tasks +. processing \d+/);
			expect(all[2 + plotRows]).toMatch(/^Completed [\d.]+\/s .*CPU \d+%/);
			// y scales: memory against the workers' summed limit, 0 at the bottom row, the ticks on the axis
			const limit = history.memoryLimitBytes.last()!;
			expect(limit).toBeGreaterThan(0);
			expect(all[2]).toMatch(/^ *\d+(\.\d)?[KMG][┤+]/);
			expect(all[1 + plotRows]).toMatch(/^ {4}0[┤+]/);
			expect(all[2 + plotRows + 1]).toMatch(/^ *\d+(\.\d)?[┤+].* \d+%[┤+]/);
			// the time axis: the newest poll's clock at the right edge of each graph column
			const newest = new Date(history.time.last()! * 1000).toISOString().slice(11, 19);
			expect(all.at(-1)!.trimEnd().endsWith(newest)).toBe(true);
			expect(all.at(-1)!.split(newest)).toHaveLength(3);
			if (theme.ascii) for (const line of all) expect(line).toMatch(/^[\x20-\x7e]*$/);
			else expect(all.slice(2, 2 + plotRows).join('')).toMatch(/[\u2801-\u28ff]/);
		},
	);

	it('never draws a line wider than the screen, down to the narrowest widths', () => {
		for (const theme of [UNICODE, ASCII])
			for (let width = 1; width <= 130; width++)
				for (const plotRows of [1, 2, 5])
					for (const line of overviewGraphLines(history, theme, width, plotRows))
						expect(segmentsWidth(line), `${width} columns, ${plotRows} rows`).toBeLessThanOrEqual(width);
	});

	it('draws the memory that the fixtures recorded: the busiest poll fills more dots than the idle one', () => {
		const lines = overviewGraphLines(history, ASCII, 120, 6).map(text);
		const memoryColumn = lines.slice(2, 8).map((l) => l.slice(6, 59));
		// five polls, one cell each at the right edge of the plot
		const cells = (i: number) => memoryColumn.filter((row) => row[row.length - 5 + i] !== ' ').length;
		const filled = [0, 1, 2, 3, 4].map(cells);
		expect(Math.max(...filled)).toBeGreaterThan(filled[0]!);
	});

	it('lists the busiest prefixes under a title and the column header, as many as the lines hold', () => {
		const view = progressView(run.model);
		expect(view.prefixes.length).toBeGreaterThan(1);
		const lines = overviewPrefixLines(view, UNICODE, 120, 5).map(text);
		expect(lines).toHaveLength(5);
		expect(lines[0]).toBe('');
		expect(lines[1]).toMatch(new RegExp(`^Task prefixes ${view.prefixes.length} +· +busiest first`));
		expect(lines[2]).toMatch(/^PREFIX +PROGRESS/);
		expect(lines[3]!.startsWith(view.prefixes[0]!.prefix)).toBe(true);
		expect(overviewPrefixLines(view, UNICODE, 120, 3)).toEqual([]);
	});

	it('asks the Alerts panel for everything it would hold, and for its worst entry whole', () => {
		const triage = triageView(run.model);
		const needs = alertsPanelNeeds(alertsPanelEntries(triage, UNICODE, 120, 40));
		expect(needs.all).toBeGreaterThanOrEqual(2 + triage.alerts.length);
		// the worst alert here is a lost worker: three lines at 120 columns, four at 80
		expect(triage.alerts[0]!.kind).toBe('worker_lost');
		expect(needs.first).toBe(1 + 3 + 1);
		expect(alertsPanelNeeds(alertsPanelEntries(triage, UNICODE, 80, 40)).first).toBe(1 + 4 + 1);
	});

	it('lays out a resolved event once per layout and theme, as a fresh copy of it would be laid out', () => {
		const triage = triageView(run.model);
		const alert = triage.alerts[0]!;
		const resolved = {...alert, state: 'resolved' as const, end_time: alert.start_time + 12, duration_seconds: 12};
		for (const width of [120, 80]) {
			const layout = eventLayout([resolved], width, true);
			const first = eventLines(resolved, layout, UNICODE);
			// the same lines handed back for an equal layout made afresh; what a copy of the event gets laid out as
			expect(eventLines(resolved, eventLayout([resolved], width, true), UNICODE)).toBe(first);
			expect(eventLines({...resolved}, layout, UNICODE)).toEqual(first);
			expect(text(first[0]!)).toContain('ended 12s');
			// another theme or layout is laid out for itself
			expect(eventLines(resolved, layout, ASCII).map(text)).toEqual(eventLines({...resolved}, layout, ASCII).map(text));
			expect(eventLines(resolved, layout, UNICODE)).toEqual(first);
		}
		expect(eventLines(resolved, eventLayout([resolved], 80, true), UNICODE).map(text)).not.toEqual(
			eventLines(resolved, eventLayout([resolved], 120, true), UNICODE).map(text),
		);
		// an ongoing alert's duration moves: laid out every time
		const layout = eventLayout([alert], 120, true);
		expect(eventLines(alert, layout, UNICODE)).not.toBe(eventLines(alert, layout, UNICODE));
	});

	it('lays out only the entries a panel of its rows can show, and draws the same lines as with all of them', () => {
		const triage = triageView(run.model);
		// (an alert's event: the panel leaves the diagnosis' findings to the verdict line)
		const resolved = triage.events.find((e) => e.state === 'resolved' && e.kind !== 'diagnosis') ?? {
			...triage.alerts[0]!,
			state: 'resolved',
		};
		// A full event log: 500 resolved events under the ongoing alerts.
		const events = Array.from({length: 500}, (_, i) => ({
			...resolved,
			state: 'resolved' as const,
			start_time: resolved.start_time - i,
			message: `${resolved.message} (${i})`,
		}));
		const full = {...triage, events};
		const all = alertsPanelEntries(full, UNICODE, 120, 10_000)!;
		expect(all.entries).toHaveLength(triage.alerts.length + 500);
		for (const rows of [4, 9, 20, 38]) {
			const panel = alertsPanelEntries(full, UNICODE, 120, rows)!;
			expect(panel.count).toBe(all.count);
			expect(panel.entries.length).toBeLessThan(rows + 1);
			expect(panel.entries.flat().length).toBeGreaterThan(rows);
			for (let height = 4; height <= rows; height++)
				expect(alertsPanelLines(panel, 120, height).map(text)).toEqual(alertsPanelLines(all, 120, height).map(text));
			expect(text(alertsPanelLines(panel, 120, rows).at(-1)!)).toMatch(/^… \d+ more/);
			expect(alertsPanelNeeds(panel).first).toBe(alertsPanelNeeds(all).first);
			expect(alertsPanelNeeds(panel).all).toBeGreaterThan(rows);
		}
	});
});
