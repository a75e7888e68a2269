/**
 * What a frame is drawn from: the size split into header, body and footer, the frozen frame while
 * paused, and the derivations of the model reused while their inputs are the same objects (a clock
 * tick or a cursor move must not re-sort the workers). REAL fixture data: Dask 2026.7.1 busy.
 */
import {describe, expect, it} from 'vitest';
import {frameData, frozenData, screenLayout, tooSmallLines} from '../../../source/ui/frame/app-frame.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';
import {initialUiState} from '../../../source/ui/state/ui-state.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {PLAIN} from '../../helpers/render.js';

const run = fixtureRun('2026.7.1', ['idle', 'busy']);
const later = fixtureRun('2026.7.1', ['idle', 'busy', 'memory-heavy']);
const ui = initialUiState();
const input = {model: run.model, ui, theme: PLAIN, width: 120, bodyHeight: 24};

describe('the frame a screen is drawn from', () => {
	it.each([
		[{columns: 120, rows: 30}, false, {width: 120, height: 30, bodyTop: 4, bodyHeight: 25}],
		[{columns: 120, rows: 30}, true, {width: 120, height: 30, bodyTop: 5, bodyHeight: 24}],
		[{columns: 0, rows: 0}, false, {width: 1, height: 1, bodyTop: 4, bodyHeight: 1}],
	])('splits %o (cluster bar %s) into %o', (size, bar, layout) => {
		expect(screenLayout(size, bar)).toEqual(layout);
	});

	it.each([
		[{columns: 60, rows: 14}, undefined],
		[{columns: 40, rows: 40}, ['terminal too small: need 60x14', 'now 40x40; enlarge the window or press q']],
	] as const)('at %o says %o', (size, lines) => {
		expect(tooSmallLines(size)).toEqual(lines);
	});

	it('keeps the figures of the moment of pausing while new ones arrive, and lets go on resume', () => {
		const first = tuiData(run);
		const next = tuiData(later);
		const frozen = frozenData(undefined, first, true);
		expect(frozen).toBe(first);
		const held = frozenData(frozen, next, true);
		// The figures are the first frame's; the clock, the source's state and its interval are live,
		// so the header says how old the held figures are now.
		expect(held?.model).toBe(first.model);
		expect([held?.nowMs, held?.status, held?.intervalMs]).toEqual([next.nowMs, next.status, next.intervalMs]);
		expect(held?.nowMs).toBeGreaterThan(first.nowMs);
		expect(frozenData(held, next, true)).toBe(held);
		expect(frozenData(held, next, false)).toBeUndefined();
	});

	it('derives the rows in table order, the triage and the help from the model', () => {
		const frame = frameData(input);
		expect(frame.rows.rows.map((r) => r.name)).toEqual(
			frame.addresses.map((a) => run.model.workers.get(a ?? '')?.last.name),
		);
		expect(frame.rows.total).toBe(run.model.snapshot!.workers.length);
		expect(frame.triage?.counts).toBeDefined();
		expect(frame.progress).toBeUndefined(); // only while the progress view is on
		expect(frame.events).toBeUndefined(); // only while the events view is on
		expect(frame.memory.spill).toBe(run.model.options.thresholds.memory_warning);
		expect(frameData({...input, ui: {...ui, view: 'progress'}}).progress?.prefixes.length).toBeGreaterThan(0);
		expect(frameData({...input, ui: {...ui, view: 'events'}}).events?.heights).toHaveLength(
			frame.triage!.events.length,
		);
	});

	it.each([
		['the same model and query', {}, {rows: true, triage: true, help: true, cells: true}],
		['a moved cursor', {ui: {...ui, cursor: {...ui.cursor, workers: 2}}}, {rows: true, triage: true, help: true}],
		['a new sort', {ui: {...ui, sort: {column: 'cpu', descending: true}}}, {rows: false, triage: true}],
		['a new filter', {ui: {...ui, filterText: 'w'}}, {rows: false, triage: true}],
		['a new model', {model: later.model}, {rows: false, triage: false}],
		['a new width', {width: 80}, {rows: true, help: false}],
		['a new theme', {theme: makeTheme({color: true, ascii: true})}, {rows: true, cells: false}],
	] as const)('after %s reuses %o', (_, change, reused) => {
		const previous = frameData(input);
		const next = frameData({...input, ...change}, previous);
		for (const [key, same] of Object.entries(reused)) {
			const k = key as 'rows' | 'triage' | 'help' | 'cells';
			if (same) expect(next[k]).toBe(previous[k]);
			else expect(next[k]).not.toBe(previous[k]);
		}
	});

	it('sorts the reused rows again when asked: the new order is real', () => {
		const previous = frameData(input);
		const byName = previous.rows.rows.map((r) => r.name);
		const reversed = frameData({...input, ui: {...ui, sort: {column: 'name', descending: true}}}, previous);
		expect(reversed.rows.rows.map((r) => r.name)).toEqual([...byName].reverse());
	});
});
