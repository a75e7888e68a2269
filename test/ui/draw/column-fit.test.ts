import {describe, expect, it} from 'vitest';
import {fitColumns, fittedWidth, type ColumnSpec} from '../../../source/ui/draw/column-fit.js';
import {headerCell, WORKER_COLUMNS} from '../../../source/ui/views/worker-columns.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';

const specs: ColumnSpec[] = [
	{id: 'name', title: 'NAME', width: 8, maxWidth: 20, grow: 1, align: 'left', priority: 0},
	{id: 'host', title: 'HOST', width: 10, align: 'left', priority: 3},
	{id: 'cpu', title: 'CPU', width: 4, align: 'right', priority: 1},
	{id: 'bar', title: 'BAR', width: 6, maxWidth: 30, grow: 3, align: 'left', priority: 2},
];

describe('fitting columns to the terminal width', () => {
	it('keeps every column and grows the flexible ones when there is room', () => {
		const fitted = fitColumns(specs, 60);
		expect(fitted.map((c) => c.spec.id)).toEqual(['name', 'host', 'cpu', 'bar']);
		expect(fittedWidth(fitted)).toBe(60);
		const bar = fitted.find((c) => c.spec.id === 'bar')!;
		const name = fitted.find((c) => c.spec.id === 'name')!;
		expect(bar.width - 6).toBeGreaterThan(name.width - 8);
	});

	it('drops the least important columns first and keeps display order', () => {
		expect(fitColumns(specs, 20).map((c) => c.spec.id)).toEqual(['name', 'cpu', 'bar']);
		expect(fitColumns(specs, 13).map((c) => c.spec.id)).toEqual(['name', 'cpu']);
		expect(fitColumns(specs, 3).map((c) => c.spec.id)).toEqual([]);
	});

	it('never grows a column past its maximum', () => {
		const fitted = fitColumns(specs, 500);
		expect(fitted.find((c) => c.spec.id === 'name')!.width).toBe(20);
		expect(fitted.find((c) => c.spec.id === 'bar')!.width).toBe(30);
		expect(fitted.find((c) => c.spec.id === 'host')!.width).toBe(10);
	});

	it(
		'keeps the worker table useful at 80 columns: name, ' + 'status, CPU, memory bar and percentage, spill, heartbeat',
		() => {
			const ids = fitColumns(WORKER_COLUMNS, 80).map((c) => c.spec.id);
			expect(ids).toEqual(
				expect.arrayContaining([
					'name',
					'status',
					'cpu',
					'memory_bar',
					'memory_pct',
					'spilled',
					'executing',
					'heartbeat',
				]),
			);
			expect(fittedWidth(fitColumns(WORKER_COLUMNS, 80))).toBeLessThanOrEqual(80);
		},
	);

	it('shows every worker column at 200 columns and only the core ones at 40', () => {
		expect(fitColumns(WORKER_COLUMNS, 200)).toHaveLength(WORKER_COLUMNS.length);
		const narrow = fitColumns(WORKER_COLUMNS, 40).map((c) => c.spec.id);
		expect(narrow).toContain('name');
		expect(narrow).toContain('memory_pct');
		expect(narrow).not.toContain('net_write');
	});
});

describe('a sorted column heading', () => {
	it.each([false, true])(
		'keeps the direction arrow, never an ellipsis, in its narrowest width; THR whole (descending %s)',
		(descending) => {
			for (const ascii of [false, true]) {
				const glyphs = makeTheme({color: false, ascii}).glyphs;
				for (const column of WORKER_COLUMNS) {
					if (column.sort === undefined || column.id === 'mark' || column.id === 'memory_bar') continue;
					const cell = headerCell(column, column.width, {column: column.sort, descending}, glyphs);
					const arrow = descending ? glyphs.down : glyphs.up;
					expect(cell.trim().endsWith(arrow), column.id).toBe(true);
					expect(cell, column.id).not.toContain('…');
					expect(column.title.startsWith(cell.trim().slice(0, -arrow.length)), column.id).toBe(true);
					if (column.id === 'threads') expect(cell.trim()).toBe(`THR${arrow}`);
				}
			}
		},
	);
});
