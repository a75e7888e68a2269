/**
 * The screen's body as lines, from its view-model (app-body.ts): the worker table with the overview
 * under it, a worker's detail, task progress, events (triage), the help, the sort list and the column
 * setup. Each body is exactly `height` lines; lists build only the rows in their window.
 */
import type {ModelEvent} from '../../model/types.js';
import type {BodyView} from './app-body.js';
import type {Segment} from '../draw/bars.js';
import {sortMenuFirst} from './body-layout.js';
import {columnSetupLines} from '../views/column-setup-lines.js';
import {detailLines} from '../views/detail-lines.js';
import {NO_FINDING} from '../views/diagnosis-lines.js';
import {wrapSegments} from '../draw/wrap.js';
import {eventLines, eventsTitle, markCut} from '../views/events-lines.js';
import {helpTitle} from '../views/help-lines.js';
import {BLANK_LINE, type ScreenLine} from '../draw/line-text.js';
import {createOverviewMemo, overviewSection, type OverviewMemo} from '../views/overview-section.js';
import {seg} from '../draw/parts.js';
import {prefixColumns, prefixHeader, progressHead, prefixRow} from '../views/progress-lines.js';
import {SORT_ORDER} from '../state/sort-order.js';
import {createTableMemo, tableLines, type TableMemo} from '../views/table-lines.js';
import type {Theme} from '../draw/theme.js';
import {sortLabel} from '../views/worker-columns.js';

/** What the bodies keep between frames (one per screen). */
export interface BodyMemo {
	readonly table: TableMemo;
	readonly overview: OverviewMemo;
}

export function createBodyMemo(): BodyMemo {
	return {table: createTableMemo(), overview: createOverviewMemo()};
}

/** A line of segments, not selected. */
const toLine = (segments: readonly Segment[]): ScreenLine => ({segments});

/** Exactly `height` lines: those beyond it cut, blank ones added under them. */
export function fitHeight(lines: readonly ScreenLine[], height: number): ScreenLine[] {
	const out = lines.slice(0, Math.max(0, height));
	while (out.length < height) out.push(BLANK_LINE);
	return out;
}

function sortLines(view: Extract<BodyView, {kind: 'sort'}>, theme: Theme, height: number): ScreenLine[] {
	const {highlighted, sort} = view;
	const room = Math.max(0, height - 1);
	const first = sortMenuFirst(highlighted, height);
	const lines: ScreenLine[] = [
		toLine([seg('Sort by ', 'title', true), seg('(Enter or a click chooses, Esc closes)', 'muted')]),
	];
	SORT_ORDER.slice(first, first + room).forEach((s, i) => {
		const current = s.column === sort.column;
		const arrow = s.descending ? theme.glyphs.down : theme.glyphs.up;
		lines.push({
			segments: [
				seg(
					`${current ? '*' : ' '} ${sortLabel(s.column).padEnd(12)} ${arrow}`,
					current ? 'accent' : 'normal',
					current,
				),
			],
			inverse: first + i === highlighted,
		});
	});
	return lines;
}

function progressLines(
	view: Extract<BodyView, {kind: 'progress'}>,
	theme: Theme,
	width: number,
	height: number,
): ScreenLine[] {
	const {cursor, top} = view;
	const head = progressHead(view.view, theme, width);
	const rows = view.view?.prefixes ?? [];
	const layout = prefixColumns(width, rows);
	const room = Math.max(0, height - head.length - 1);
	const lines: ScreenLine[] = [...head.map(toLine), toLine(prefixHeader(layout))];
	if (view.view && rows.length === 0) lines.push(toLine([seg('no task prefixes seen yet', 'muted')]));
	const end = Math.min(rows.length, top + room);
	for (let i = top; i < end; i++) lines.push({segments: prefixRow(rows[i]!, layout, theme), inverse: i === cursor});
	return lines;
}

function eventsLines(view: Extract<BodyView, {kind: 'events'}>, theme: Theme, width: number): ScreenLine[] {
	const {triage, page, cursor, top} = view;
	const events: readonly ModelEvent[] = triage?.events ?? [];
	const lines: ScreenLine[] = [...page.head.map(toLine), BLANK_LINE, toLine(eventsTitle(triage, theme, width))];
	if (triage && events.length === 0)
		lines.push(toLine([seg('no events yet: nothing has joined, left or crossed a threshold', 'muted')]));
	// The entries from `top` while there are lines; the last one may go on below the screen.
	let room = page.room;
	for (let i = top; i < events.length && room > 0; i++) {
		const all = eventLines(events[i]!, page.layout, theme);
		const shown = all.length <= room ? all : [...all.slice(0, room - 1), markCut(all[room - 1]!, width)];
		for (const segments of shown) lines.push({segments, inverse: i === cursor});
		room -= shown.length;
	}
	return lines;
}

function diagnosisLines(view: Extract<BodyView, {kind: 'diagnosis'}>, width: number, height: number): ScreenLine[] {
	const {page, cursor, top} = view;
	if (!page) return [toLine([seg('Diagnosis ', 'title', true), seg('waiting for the first answer…', 'muted')])];
	const lines: ScreenLine[] = [toLine(page.title)];
	if (page.entries.length === 0)
		for (const line of wrapSegments([seg(NO_FINDING, 'muted')], width, 2)) lines.push(toLine(line));
	// The entries from `top` while there are lines; the last one may go on below the list.
	let room = page.room;
	for (let i = top; i < page.entries.length && room > 0; i++) {
		const all = page.entries[i]!.lines;
		const shown = all.length <= room ? all : [...all.slice(0, room - 1), markCut(all[room - 1]!, width)];
		for (const segments of shown) lines.push({segments, inverse: i === cursor});
		room -= shown.length;
	}
	const list = fitHeight(lines, height - page.notes.length);
	return [...list, ...page.notes.map(toLine)];
}

function timeLines(view: Extract<BodyView, {kind: 'time'}>, height: number): ScreenLine[] {
	const {page, cursor, top} = view;
	if (!page) return [];
	const lines: ScreenLine[] = page.head.map(toLine);
	const end = Math.min(page.rows.length, top + Math.max(1, height - page.head.length));
	for (let i = top; i < end; i++) lines.push({segments: page.rows[i]!, inverse: i === cursor});
	return lines;
}

/** The body's `height` lines. */
export function bodyLines(view: BodyView, theme: Theme, width: number, height: number, memo: BodyMemo): ScreenLine[] {
	switch (view.kind) {
		case 'confirm':
			return fitHeight(view.lines.map(toLine), height);
		case 'help': {
			const rows = Math.max(1, height - 1);
			const title = toLine(helpTitle(view.top, rows, view.lines.length, width));
			return fitHeight([title, ...view.lines.slice(view.top, view.top + rows).map(toLine)], height);
		}
		case 'drill': {
			const rows = Math.max(1, height - 1);
			const shown = view.lines
				.slice(view.top, view.top + rows)
				.map((segments, i) => ({segments, inverse: view.top + i === view.selected}));
			return fitHeight([toLine([...view.title]), ...shown], height);
		}
		case 'sort':
			return fitHeight(sortLines(view, theme, height), height);
		case 'columns':
			return fitHeight(columnSetupLines(view.columns, view.cursor, view.width, height), height);
		case 'detail':
			return fitHeight(detailLines(view.input, theme, width, height).map(toLine), height);
		case 'progress':
			return fitHeight(progressLines(view, theme, width, height), height);
		case 'events':
			return fitHeight(eventsLines(view, theme, width), height);
		case 'diagnosis':
			return fitHeight(diagnosisLines(view, width, height), height);
		case 'time':
			return fitHeight(timeLines(view, height), height);
		case 'workers': {
			const {table, overview} = view;
			const lines = tableLines(table, theme, width, memo.table);
			if (!overview) return fitHeight(lines, height);
			// The rows under the table: the cluster over time, the busiest prefixes and the Alerts panel.
			const below = overviewSection(overview.model, overview.triage, theme, width, overview.height, memo.overview);
			return fitHeight([...fitHeight(lines, table.height), ...fitHeight(below.map(toLine), overview.height)], height);
		}
	}
}
