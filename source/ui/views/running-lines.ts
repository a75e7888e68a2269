/**
 * A worker's detail: the tasks the scheduler has it processing now (its /info/worker page, read
 * every 5 s while the detail is open), longest seen first, each with how long dask-top has seen it
 * ("≥" when it was there at the first reading: it ran before). Pure.
 */
import type {Segment} from '../draw/bars.js';
import {fit, formatDuration} from '../draw/cells.js';
import {fitParts, part, seg} from '../draw/parts.js';
import type {DetailInput} from './detail-figures.js';

/** Rows the list takes at most: the holdings below keep the rest. */
const MOST_ROWS = 8;

export function runningLines(input: DetailInput, width: number, room: number): Segment[][] {
	const page = input.page;
	const running = page?.running;
	if (input.track?.lostMs !== undefined || page?.address !== input.address || running === undefined) return [];
	const title = seg('Processing now ', 'title', true);
	const nowMs = input.nowMs ?? page.fetchedMs ?? 0;
	const lines: Segment[][] = [
		fitParts(
			[
				part(0, title),
				part(0, seg(`${running.length} ${running.length === 1 ? 'task' : 'tasks'}`, 'muted')),
				part(1, seg(', longest seen first', 'muted')),
				part(2, seg(' · S: what each running one is doing', 'muted')),
			],
			width,
			seg(''),
		),
	];
	if (running.length === 0) return [...lines, [seg('nothing assigned to it', 'muted')], []];
	const rows = Math.max(1, Math.min(MOST_ROWS, room - 2));
	const shown = running.length > rows ? running.slice(0, rows - 1) : running;
	for (const task of shown) {
		const age = formatDuration(Math.max(0, nowMs - task.sinceMs) / 1000);
		lines.push([seg(fit(`${task.atFirstSight ? '≥' : ' '}${age}`, 9, 'right'), 'accent'), seg(`  ${task.key}`)]);
	}
	if (shown.length < running.length) lines.push([seg(`… ${running.length - shown.length} more`, 'muted')]);
	lines.push([]);
	return lines;
}
