import {describe, expect, it} from 'vitest';
import {fitColumns} from '../../../source/ui/draw/column-fit.js';
import {mouseKey, DOUBLE_CLICK_MS} from '../../../source/ui/input/clicks.js';
import {leftPress} from '../../helpers/mouse.js';
import {columnAt, listIndexAt, pointerTarget} from '../../../source/ui/keys/pointer.js';
import {WORKER_COLUMNS} from '../../../source/ui/views/worker-columns.js';

describe('what a click points at', () => {
	it('finds the entry of a list at a screen row, entries of several lines included', () => {
		const list = {rowsTop: 6, top: 2, count: 10, room: 5};
		expect(listIndexAt(list, 5)).toBeUndefined();
		expect(listIndexAt(list, 6)).toBe(2);
		expect(listIndexAt(list, 10)).toBe(6);
		expect(listIndexAt(list, 11), 'below the room').toBeUndefined();
		expect(listIndexAt({rowsTop: 6, top: 8, count: 10, room: 5}, 8), 'below the last entry').toBeUndefined();
		const tall = {rowsTop: 3, top: 0, count: 3, room: 10, heights: [1, 3, 2]};
		expect([3, 4, 5, 6, 7, 8, 9].map((y) => listIndexAt(tall, y))).toEqual([0, 1, 1, 1, 2, 2, undefined]);
	});

	it('finds the column under x; the blank between two columns is none of them', () => {
		const columns = [
			{spec: {id: 'a', title: 'A', width: 3, align: 'left' as const, priority: 0}, width: 3},
			{spec: {id: 'b', title: 'B', width: 2, align: 'left' as const, priority: 0}, width: 2},
		];
		expect([0, 2, 3, 4, 5, 6].map((x) => columnAt(columns, x))).toEqual([0, 0, undefined, 1, 1, undefined]);
	});

	it('maps the heading row of the workers table to sort columns', () => {
		const columns = fitColumns(WORKER_COLUMNS, 120);
		const layout = {kind: 'workers' as const, headingRow: 5, columns, list: {rowsTop: 6, top: 0, count: 3, room: 20}};
		expect(pointerTarget(layout, 3, 5)).toEqual({kind: 'heading', column: 'name'});
		expect(pointerTarget(layout, 3, 7)).toEqual({kind: 'row', view: 'workers', index: 1});
		expect(pointerTarget(layout, 3, 9)).toEqual({kind: 'none'});
	});
});

describe('mouse reports as binding names', () => {
	const press = leftPress;

	it('tells clicks from double-clicks by row and time', () => {
		const first = mouseKey(press(3, 7), 1000, undefined);
		expect(first.key).toBe('click');
		expect(mouseKey(press(9, 7), 1000 + DOUBLE_CLICK_MS, first.last).key).toBe('double-click');
		expect(mouseKey(press(3, 8), 1100, first.last).key, 'another row').toBe('click');
		expect(mouseKey(press(3, 7), 1001 + DOUBLE_CLICK_MS, first.last).key, 'too late').toBe('click');
		const double = mouseKey(press(3, 7), 1100, first.last);
		expect(mouseKey(press(3, 7), 1200, double.last).key, 'a third press starts afresh').toBe('click');
	});

	it('names the wheel, and nothing for releases, other buttons, moves or modified clicks', () => {
		expect(mouseKey(press(0, 0, {button: 'wheel-down'}), 0, undefined).key).toBe('wheel-down');
		expect(mouseKey(press(0, 0, {button: 'wheel-up'}), 0, undefined).key).toBe('wheel-up');
		for (const extra of [
			{action: 'release' as const},
			{button: 'right' as const},
			{button: 'middle' as const},
			{action: 'drag' as const},
			{shift: true},
			{ctrl: true},
		]) {
			expect(mouseKey(press(0, 0, extra), 0, undefined).key).toBeUndefined();
		}
	});
});
