/**
 * The column setup (F2), htop's Setup → Columns for the worker table: every column in the user's
 * order, shown ([x]) or hidden ([ ]), the highlighted one inverse; a shown column the terminal is too
 * narrow for says so (it comes back on a wider one: nothing is lost). Pure.
 */
import type {Segment} from '../draw/bars.js';
import {fitColumns} from '../draw/column-fit.js';
import type {ScreenLine} from '../draw/line-text.js';
import {seg} from '../draw/parts.js';
import type {ColumnChoice} from '../state/column-choice.js';
import {ALWAYS_SHOWN} from '../../types/worker-column-ids.js';
import {chosenColumns, WORKER_COLUMNS} from './worker-columns.js';

const TITLES = new Map(WORKER_COLUMNS.map((c) => [c.id, c.title]));

/** The first entry in a window of `room` rows that keeps `cursor` in it. */
export function firstShown(cursor: number, count: number, room: number): number {
	return Math.max(0, Math.min(cursor - room + 1, count - room));
}

/** The setup's lines, at most `height`: a title, then the columns from the window's first. */
export function columnSetupLines(
	columns: readonly ColumnChoice[],
	cursor: number,
	width: number,
	height: number,
): ScreenLine[] {
	const fitting = new Set(fitColumns(chosenColumns(columns), width).map((c) => c.spec.id));
	const room = Math.max(0, height - 1);
	const first = firstShown(cursor, columns.length, room);
	const title: Segment[] = [
		seg('Columns of the worker table ', 'title', true),
		seg('(space shows/hides, [ ] move, Esc closes and saves)', 'muted'),
	];
	const lines: ScreenLine[] = [{segments: title}];
	columns.slice(first, first + room).forEach((column, i) => {
		const note =
			column.id === ALWAYS_SHOWN
				? 'always shown'
				: column.shown && !fitting.has(column.id)
					? `no room at ${width} columns: shown on a wider terminal`
					: '';
		lines.push({
			segments: [
				seg(`${column.shown ? '[x]' : '[ ]'} `, column.shown ? 'accent' : 'muted'),
				seg(`${(TITLES.get(column.id) ?? column.id).padEnd(8)} `, column.shown ? 'normal' : 'muted', column.shown),
				seg(column.id.padEnd(12), 'muted'),
				...(note === '' ? [] : [seg(`  ${note}`, 'muted')]),
			],
			inverse: first + i === cursor,
		});
	});
	return lines;
}
