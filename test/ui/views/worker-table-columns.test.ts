/**
 * The worker table in the user's columns (F2 / the config file's `columns`), over REAL fixture data
 * (Dask 2022.12.1) laid out by appView and drawn by frameLines: their order, the hidden ones gone,
 * width fitting on top (a shown column may drop on a narrow terminal, and comes back on a wider one),
 * the headings a click sorts by in the same order, and the setup screen saying what has no room.
 */
import {describe, expect, it} from 'vitest';
import {appView} from '../../../source/ui/frame/app-view.js';
import {createBodyMemo} from '../../../source/ui/frame/body-lines.js';
import {frameLines} from '../../../source/ui/frame/frame-lines.js';
import {lineText} from '../../../source/ui/draw/line-text.js';
import {pointerTarget} from '../../../source/ui/keys/pointer.js';
import {columnChoices} from '../../../source/ui/state/column-choice.js';
import {initialUiState, type UiState} from '../../../source/ui/state/ui-state.js';
import type {WorkerColumnId} from '../../../source/types/worker-column-ids.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {PLAIN} from '../../helpers/render.js';

const data = tuiData(fixtureRun('2022.12.1', ['idle', 'busy', 'memory-heavy']));

function screen(ui: UiState, columns: number) {
	const view = appView({
		ui,
		data,
		url: 'http://scheduler:8787/',
		size: {columns, rows: 30},
		theme: PLAIN,
		source: {kind: 'live', clusters: false},
		clusterBar: false,
		allowActions: false,
	});
	const {lines, width} = frameLines(view, PLAIN, undefined, createBodyMemo());
	return {view, rows: lines.map((line) => lineText(line, PLAIN, width))};
}

/** The column headings, left to right. */
function headings(rows: readonly string[]): string[] {
	const heading = rows[rows.findIndex((row) => /^Workers .*sorted by/.test(row)) + 1]!;
	return heading
		.trim()
		.split(/\s+/)
		.filter((word) => /^[A-Z%-]+[↑↓]?$/.test(word))
		.map((word) => word.replace(/[↑↓]$/, ''));
}

const chosen = (ids: readonly WorkerColumnId[]): UiState => ({...initialUiState(), columns: columnChoices(ids)});

describe("the worker table in the user's columns", () => {
	it('draws the shown columns in their order, and no hidden one', () => {
		const {rows} = screen(chosen(['name', 'cpu', 'memory_pct', 'status', 'heartbeat']), 120);
		expect(headings(rows)).toEqual(['NAME', 'CPU%', 'MEM%', 'STATUS', 'BEAT']);
		const alpha = rows.find((row) => /^. alpha /.test(row))!;
		expect(alpha).toMatch(/alpha +\S+ +\d+% +(running|idle)/);
	});

	it('the default is every column in the table order, as before', () => {
		expect(headings(screen(initialUiState(), 200).rows)).toEqual([
			'NAME',
			'ADDRESS',
			'STATUS',
			'THR',
			'CPU%',
			'MEMORY',
			'MEM%',
			'SPILL',
			'EXEC',
			'READY',
			'IN-MEM',
			'XFER',
			'NET-RX',
			'NET-TX',
			'LOOP',
			'BEAT',
		]);
	});

	it('fits the width on top of the choice: a narrow terminal drops by priority, keeping the order', () => {
		const ui = chosen(['net_write', 'name', 'address', 'cpu', 'memory_bar', 'memory_pct', 'status', 'spilled']);
		const all = ['NET-TX', 'NAME', 'ADDRESS', 'CPU%', 'MEMORY', 'MEM%', 'STATUS', 'SPILL'];
		expect(headings(screen(ui, 120).rows)).toEqual(all);
		// At 60 columns ADDRESS (priority 6) has no room; the choice keeps it, and its place.
		const narrow = screen(ui, 60);
		expect(headings(narrow.rows)).toEqual(all.filter((h) => h !== 'ADDRESS'));
		expect(narrow.view.shown.columns.filter((c) => c.shown).map((c) => c.id)).toContain('address');
	});

	it('a click on a heading sorts by the column drawn there', () => {
		const {view, rows} = screen(chosen(['name', 'heartbeat', 'cpu']), 120);
		const row = rows.findIndex((r) => /^ +NAME/.test(r));
		const x = rows[row]!.indexOf('BEAT');
		expect(pointerTarget(view.pointer, x, row)).toEqual({kind: 'heading', column: 'heartbeat'});
		expect(pointerTarget(view.pointer, rows[row]!.indexOf('CPU%'), row)).toEqual({kind: 'heading', column: 'cpu'});
	});
});

describe('the column setup screen', () => {
	it('lists every column in the order chosen, shown or not, the highlighted one selected', () => {
		const ui = {...chosen(['name', 'cpu']), columnSetup: {cursor: 1, before: columnChoices(['name', 'cpu'])}};
		const {rows, view} = screen(ui, 120);
		const body = rows.slice(view.layout.bodyTop);
		expect(body[0]).toMatch(/^Columns of the worker table/);
		expect(body[1]).toMatch(/^\[x\] NAME +name +always shown/);
		expect(body[2]).toMatch(/^\[x\] CPU% +cpu/);
		expect(body[3]).toMatch(/^\[ \] ADDRESS +address/);
		expect(view.keyContext.mode).toBe('columns');
		expect(rows[view.footer.row]).toMatch(/j\/k move +space show\/hide +\[\/\] move left\/right +Esc\/F2 close/);
	});

	it('says which shown columns have no room at this width', () => {
		const ui = {...initialUiState(), columnSetup: {cursor: 0, before: initialUiState().columns}};
		const body = screen(ui, 80).rows;
		expect(body.find((r) => /NET-TX/.test(r))).toMatch(/no room at 80 columns: shown on a wider terminal/);
		expect(body.find((r) => /\bNAME\b/.test(r))).not.toMatch(/no room/);
	});
});
