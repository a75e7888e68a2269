/**
 * The screen's view-model as a table: UI state + a frame of REAL fixture data (Dask 2022.12.1,
 * idle → busy → memory-heavy → errors → worker-died as consecutive polls) → the header's text, the
 * body on screen and its figures, the footer, the keys' mode and the mouse's layout.
 */
import {describe, expect, it} from 'vitest';
import {initialState} from '../../../source/model/index.js';
import type {Segment} from '../../../source/ui/draw/bars.js';
import {appView, type AppView, type AppViewInput} from '../../../source/ui/frame/app-view.js';
import {helpLines} from '../../../source/ui/views/help-lines.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import {fixtureRun, LIVE, tuiData} from '../../helpers/fixture-data.js';
import {PLAIN} from '../../helpers/render.js';
import {localClock} from '../../../source/units/clock.js';

const text = (line: readonly Segment[]) => line.map((s) => s.text).join('');
const run = fixtureRun('2022.12.1', ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died']);
const data = tuiData(run);
const beta = run.model.snapshot!.workers.find((w) => w.name === 'beta')!.address;

const base: AppViewInput = {
	ui: initialUiState(),
	data,
	url: 'http://scheduler:8787/',
	size: {columns: 120, rows: 30},
	theme: PLAIN,
	source: {kind: 'live', clusters: false},
	clusterBar: false,
	allowActions: false,
};
const view = (ui: Partial<UiState> = {}, input: Partial<AppViewInput> = {}): AppView =>
	appView({...base, ...input, ui: {...initialUiState(), ...ui}});
const screen = (v: AppView) => {
	if (v.screen.kind !== 'screen') throw new Error('expected the screen, got the too-small notice');
	return v.screen;
};
const header = (v: AppView) => screen(v).header.map(text);
const footer = (v: AppView) => text(screen(v).footer);
const body = (v: AppView) => screen(v).body;

describe('the screen as a view-model of the UI state and the data', () => {
	it.each<{name: string; ui: Partial<UiState>; mode: string; kind: string; pointer: string}>([
		{name: 'the workers view', ui: {}, mode: 'workers', kind: 'workers', pointer: 'workers'},
		{name: 'the progress view', ui: {view: 'progress'}, mode: 'progress', kind: 'progress', pointer: 'list'},
		{name: 'the events view', ui: {view: 'events'}, mode: 'events', kind: 'events', pointer: 'list'},
		{name: 'the help over a view', ui: {view: 'events', help: true}, mode: 'help', kind: 'help', pointer: 'none'},
		{name: 'the sort list', ui: {sortMenu: 3}, mode: 'sort', kind: 'sort', pointer: 'sort'},
		{name: 'the filter prompt', ui: {filterEditing: true}, mode: 'filter', kind: 'workers', pointer: 'workers'},
		{name: 'a detail', ui: {detail: 'tcp://any:1'}, mode: 'detail', kind: 'detail', pointer: 'none'},
		{
			name: 'the retire confirmation over a detail',
			ui: {detail: 'tcp://any:1', confirm: {address: 'a', name: 'a'}},
			mode: 'confirm',
			kind: 'confirm',
			pointer: 'none',
		},
	])('$name: keys mode $mode, body $kind, pointer $pointer', ({ui, mode, kind, pointer}) => {
		const v = view(ui);
		expect(v.keyContext).toEqual({mode, replay: false, clusters: false});
		expect(body(v).kind).toBe(kind);
		expect(v.pointer.kind).toBe(pointer);
	});

	it("assembles the header from the frame (connection, workers, memory, tasks), the diagnosis' verdict under it", () => {
		expect(header(view())).toEqual([
			'dask-top │ http://scheduler:8787/ │ ● live 500ms ago │ every 2s │ cost 1.5 req/s 23.4 KiB/s 4ms │ alerts ✗1 ▲2 i0',
			'Workers 2  idle 0  partial 2  saturated 0  paused 0  retiring 0  threads 3  desired 12 ↑ (≈8 workers)  clients 1',
			'Memory  [█████▓░░░░░░░░░░░░░░░░░░░░] 585 MiB / 2.6 GiB 22%  managed 480 MiB  unmanaged 105 MiB  ' +
				'spilled 80.0 MiB on disk',
			'Tasks   38  processing 6  queued 6  waiting 0  in memory 14  erred 10  no-worker 2  released 0  done 0/s',
			'✗ likely: gamma was lost: no sign in its last figures (memory 29 % of its limit at the last poll):…, since ' +
				`${localClock(run.model.diagnosis!.tracks.values().next().value!.firstMs)}  (4)`,
		]);
	});

	it.each([
		['paused', {paused: true}, {}, /● paused, figures 500ms old │ ‖ PAUSED \(polling goes on\)/],
		['actions enabled on a live cluster', {}, {allowActions: true}, /ACTIONS ENABLED/],
		['stale figures', {}, {data: {...data, nowMs: run.nowMs + 12_000}}, /● stale 12s/],
	] as const)('says in the header: %s', (_, ui, input, pattern) => {
		expect(header(view(ui, input as Partial<AppViewInput>))[0]).toMatch(pattern);
	});

	it('never claims actions while replaying, even with --allow-actions', () => {
		const v = view({}, {allowActions: true, source: {kind: 'replay', clusters: false}});
		expect(header(v)[0]).not.toContain('ACTIONS');
		expect(v.keyContext.replay).toBe(true);
	});

	it('gives the worker table the rows it needs, the overview the rest; the mouse finds rows under the heading', () => {
		const v = view();
		const b = body(v);
		if (b.kind !== 'workers') throw new Error(b.kind);
		expect(b.table.rows.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma']);
		expect(b.table.total).toBe(3);
		expect(b.table.height).toBe(5); // title, column heading, three rows
		// (the verdict line under the header: gamma's loss)
		expect(b.overview?.height).toBe(24 - 5);
		expect(v.layout).toEqual({width: 120, height: 30, bodyTop: 5, bodyHeight: 24});
		if (v.pointer.kind !== 'workers') throw new Error(v.pointer.kind);
		expect(v.pointer.headingRow).toBe(6);
		expect(v.pointer.list).toEqual({rowsTop: 7, top: 0, count: 3, room: 3});
		expect(v.ctx.counts).toEqual({workers: 3, progress: 0, events: 3, diagnosis: 0, time: 0});
		expect(footer(v)).toMatch(/^j\/k move .*\/ filter {2}space pause {2}\? help {2}q quit$/);
	});

	it('takes the whole body for the table when the rows left are too few for the Alerts panel', () => {
		const b = body(view({}, {size: {columns: 120, rows: 14}}));
		if (b.kind !== 'workers') throw new Error(b.kind);
		expect(b.table.height).toBe(8); // 3 lines spare under a table of 5: fewer than the panel's 4
		expect(b.overview).toBeUndefined();
	});

	it('keeps the selection on the followed worker and names it in the table', () => {
		const v = view({follow: beta});
		expect(v.shown.cursor.workers).toBe(1);
		const b = body(v);
		if (b.kind !== 'workers') throw new Error(b.kind);
		expect(b.table.followName).toBe('beta');
	});

	it('keeps a cursor left past the rows inside them', () => {
		expect(view({cursor: {workers: 99, progress: 99, events: 99, diagnosis: 99, time: 99}}).shown.cursor).toEqual({
			workers: 2,
			progress: 0,
			events: 2,
			diagnosis: 0,
			time: 0,
		});
	});

	it.each([
		['a name', 'bet', ['beta'], undefined],
		['nothing', 'zzz', [], undefined],
		['a broken pattern', '/(/', ['alpha', 'beta', 'gamma'], /^bad filter pattern \/\(\/: /],
	] as const)('filters the table by %s', (_, filterText, names, error) => {
		const b = body(view({filterText}));
		if (b.kind !== 'workers') throw new Error(b.kind);
		expect(b.table.rows.map((r) => r.name)).toEqual(names);
		expect(b.table.filterText).toBe(filterText);
		if (error) expect(b.table.filterError).toMatch(error);
		else expect(b.table.filterError).toBeUndefined();
	});

	it('lays out the progress view: its prefixes, the page under its head, the rows for the mouse', () => {
		const v = view({view: 'progress'}, {size: {columns: 100, rows: 24}});
		const b = body(v);
		if (b.kind !== 'progress') throw new Error(b.kind);
		// worker-died: the recomputation's 3 prefixes in flight, then the 4 with erred tasks still held,
		// then cache-blob, whose 8 results are still in memory.
		expect(b.view?.prefixes).toHaveLength(8);
		// Every row is exact (the lost worker's retried tasks are proven), so the head's note is the short
		// one; the diagnosis' verdict line under the header takes a row.
		expect(v.ctx.pageRows.progress).toBe(12);
		expect(v.pointer).toEqual({kind: 'list', view: 'progress', list: {rowsTop: 11, top: 0, count: 8, room: 12}});
	});

	it('lays out the events view by the lines each entry wraps to', () => {
		const v = view({view: 'events'}, {size: {columns: 100, rows: 24}});
		const b = body(v);
		if (b.kind !== 'events') throw new Error(b.kind);
		// The three alerts' events, gamma's loss among them (the diagnosis' finding logs no event of its own).
		expect(b.triage?.events).toHaveLength(3);
		expect(b.page.room).toBe(8);
		expect(v.ctx.rowLines?.events).toEqual([4, 2, 2]);
		expect(v.pointer).toEqual({
			kind: 'list',
			view: 'events',
			list: {rowsTop: 15, top: 0, count: 3, room: 8, heights: [4, 2, 2]},
		});
	});

	it('opens the help with its lines at this width and the close keys in the footer', () => {
		const v = view({help: true, helpTop: 2}, {size: {columns: 100, rows: 24}});
		expect(body(v)).toEqual({kind: 'help', top: 2, lines: helpLines(100)});
		expect(v.ctx.helpLines).toBe(helpLines(100).length);
		expect(footer(v)).toBe('j/k move  PgDn page  q quit  Esc/? close');
	});

	it('places the sort list for the mouse from its first item on screen', () => {
		const v = view({sortMenu: 3});
		expect(body(v)).toEqual({kind: 'sort', highlighted: 3, sort: {column: 'name', descending: false}});
		expect(v.pointer).toEqual({kind: 'sort', itemsTop: 6});
	});

	it("opens a worker's detail with its place among the rows", () => {
		const b = body(view({detail: beta}));
		if (b.kind !== 'detail') throw new Error(b.kind);
		expect(b.input.address).toBe(beta);
		expect(b.input.row?.name).toBe('beta');
		expect([b.input.index, b.input.count]).toEqual([1, 3]);
		expect(b.input.nowMs).toBe(data.nowMs);
	});

	it('asks to confirm a retire of a listed worker, and says when it is no longer listed', () => {
		const listed = body(view({confirm: {address: beta, name: 'beta'}}));
		if (listed.kind !== 'confirm') throw new Error(listed.kind);
		expect(listed.lines.map(text).join('\n')).toContain('beta');
		const gone = body(view({confirm: {address: 'tcp://10.9.9.9:1', name: 'omega'}}));
		if (gone.kind !== 'confirm') throw new Error(gone.kind);
		expect(gone.lines.map(text)).toEqual(['omega is no longer listed; n / Esc closes this']);
	});

	it('prompts for the filter in the footer while it is typed', () => {
		expect(footer(view({filterEditing: true, filterText: 'al'}))).toMatch(/^Filter: al▏ {2}/);
	});

	it('puts a message first in the footer', () => {
		expect(footer(view({}, {message: 'polling every 5s'}))).toMatch(/^polling every 5s {2}j\/k move/);
	});

	it('moves the body down a line for the cluster bar', () => {
		const v = view({}, {clusterBar: true});
		expect(v.layout).toEqual({width: 120, height: 30, bodyTop: 6, bodyHeight: 23});
		if (v.pointer.kind !== 'workers') throw new Error(v.pointer.kind);
		expect(v.pointer.headingRow).toBe(7);
	});

	it.each([
		[59, 30, ['terminal too small: need 60x14', 'now 59x30; enlarge the window or press q']],
		[120, 13, ['terminal too small: need 60x14', 'now 120x13; enlarge the window or press q']],
	] as const)('says what size it needs at %ix%i, keys still working', (columns, rows, lines) => {
		const v = view({}, {size: {columns, rows}});
		expect(v.screen).toEqual({kind: 'too-small', lines});
		expect(v.keyContext.mode).toBe('workers');
	});

	it.each([
		['connecting', {state: 'connecting'}, 'waiting for the first answer'],
		['retrying', {state: 'retrying', detail: 'connection refused'}, 'no worker list: the scheduler was never reached'],
	] as const)('before any answer (%s) says why there is no worker list', (_, status, unreached) => {
		const never = {model: initialState({intervalMs: 2000}), status: {...LIVE, ...status}, intervalMs: 2000, nowMs: 0};
		const v = view({}, {data: never});
		const b = body(v);
		if (b.kind !== 'workers') throw new Error(b.kind);
		expect(b.table.unreached).toBe(unreached);
		expect(b.table.rows).toEqual([]);
		expect(header(v)[0]).toContain('alerts ✗0 ▲0 i0');
	});
});
