/**
 * The screen's body as data: which body is on (retire confirmation, help, column setup, sort list,
 * detail, or a view), what each is drawn with, and where the mouse finds what was drawn (the same
 * figures). The lines of body-lines.ts draw it. Pure: no Ink.
 */
import type {ClusterState, ProgressView, TriageView} from '../../model/types.js';
import {cpuUnknownWhy, identityWhy, statusUnknownWhy} from '../../model/index.js';
import type {Snapshot, WorkerSnapshot} from '../../types/snapshot.js';
import type {Segment} from '../draw/bars.js';
import {progressHeadHeight, sortMenuFirst} from './body-layout.js';
import {tableBodyRows, tableHeightFor, type TableView} from '../views/table-lines.js';
import {fitColumns} from '../draw/column-fit.js';
import {confirmLines} from '../views/confirm-lines.js';
import {firstShown} from '../views/column-setup-lines.js';
import type {DetailInput} from '../views/detail-figures.js';
import {ALERTS_PANEL_MIN_LINES} from '../views/alerts-panel-lines.js';
import type {DiagnosisPage} from '../views/diagnosis-lines.js';
import type {TimePage} from '../views/time-lines.js';
import {eventsPage, type EventsPage} from '../views/events-lines.js';
import {staleFiguresText} from '../views/staleness.js';
import type {FrameData, ScreenLayout} from './app-frame.js';
import {seg} from '../draw/parts.js';
import type {PointerLayout} from '../keys/pointer.js';
import type {TuiData} from './tui-data.js';
import type {UiState} from '../state/ui-state.js';
import {chosenColumns} from '../views/worker-columns.js';

export type BodyView =
	| {readonly kind: 'confirm'; readonly lines: readonly Segment[][]}
	| {readonly kind: 'help'; readonly top: number; readonly lines: readonly Segment[][]}
	| {readonly kind: 'sort'; readonly highlighted: number; readonly sort: UiState['sort']}
	/** The column setup (F2): the user's columns, the highlighted one, and the width they are fitted to. */
	| {
			readonly kind: 'columns';
			readonly columns: UiState['columns'];
			readonly cursor: number;
			readonly width: number;
	  }
	| {readonly kind: 'detail'; readonly input: DetailInput}
	/** The drill-down panel: its title, its lines from `top`, the selected erred task's line. */
	| {
			readonly kind: 'drill';
			readonly title: readonly Segment[];
			readonly lines: readonly Segment[][];
			readonly top: number;
			readonly selected?: number;
	  }
	/** The table; the rows it leaves free (`overview` lines) show the overview and the Alerts panel. */
	| {
			readonly kind: 'workers';
			readonly table: TableView;
			readonly overview?: {readonly model: ClusterState; readonly triage?: TriageView; readonly height: number};
	  }
	| {readonly kind: 'progress'; readonly view?: ProgressView; readonly cursor: number; readonly top: number}
	| {
			readonly kind: 'events';
			readonly triage?: TriageView;
			readonly page: EventsPage;
			readonly cursor: number;
			readonly top: number;
	  }
	| {readonly kind: 'diagnosis'; readonly page?: DiagnosisPage; readonly cursor: number; readonly top: number}
	| {readonly kind: 'time'; readonly page?: TimePage; readonly cursor: number; readonly top: number};

/** Why the open detail's CPU or status is blank, while the worker is in the latest snapshot. */
function blankWhy(
	snapshot: Snapshot | undefined,
	w: WorkerSnapshot | undefined,
): Pick<DetailInput, 'cpuWhy' | 'statusWhy' | 'identityWhy'> {
	if (snapshot === undefined || w === undefined || !snapshot.workers.includes(w)) return {};
	const cpuWhy = cpuUnknownWhy(snapshot, w);
	const statusWhy = statusUnknownWhy(snapshot, w);
	const identity = identityWhy(snapshot);
	return {
		...(cpuWhy === undefined ? {} : {cpuWhy}),
		...(statusWhy === undefined ? {} : {statusWhy}),
		...(identity === undefined ? {} : {identityWhy: identity}),
	};
}

/** The lines the worker table takes of the body: all of it, unless it leaves room for the Alerts panel at least. */
export function tableHeight(frame: FrameData, bodyHeight: number): number {
	const spare = bodyHeight - tableHeightFor(frame.addresses.length);
	return spare >= ALERTS_PANEL_MIN_LINES ? bodyHeight - spare : bodyHeight;
}

function workersBody(shown: UiState, data: TuiData, frame: FrameData, bodyHeight: number): BodyView {
	const {rows, triage} = frame;
	const model = data.model;
	const lastFresh = model.source.lastFreshMs;
	const follow =
		shown.follow === undefined ? shown.followHost : rows.rows.find((r) => r.address === shown.follow)?.name;
	const staleNote = staleFiguresText(data.status, lastFresh, data.nowMs, data.intervalMs);
	const height = tableHeight(frame, bodyHeight);
	const table: TableView = {
		rows: rows.rows,
		...(frame.hosts ? {hosts: frame.hosts} : {}),
		total: rows.total,
		gone: rows.gone,
		shownGone: rows.shown_gone,
		...(lastFresh === undefined
			? {
					unreached:
						data.status.state === 'connecting'
							? 'waiting for the first answer'
							: 'no worker list: the scheduler was never reached',
				}
			: {}),
		cursor: shown.cursor.workers,
		top: shown.top.workers,
		height,
		sort: shown.sort,
		filterText: shown.filterText,
		...(rows.error ? {filterError: rows.error} : {}),
		...(follow === undefined ? {} : {followName: follow}),
		...(staleNote === undefined ? {} : {staleNote}),
		cells: frame.cells,
		columns: chosenColumns(shown.columns, shown.byHost === true),
	};
	if (height === bodyHeight) return {kind: 'workers', table};
	return {kind: 'workers', table, overview: {model, ...(triage ? {triage} : {}), height: bodyHeight - height}};
}

/** The place of a worker among the table's workers (host rows are not counted), -1 when not there. */
function workerIndex(frame: FrameData, address: string): number {
	if (!frame.hosts) return frame.addresses.indexOf(address);
	let index = 0;
	for (const entry of frame.addresses) {
		if (entry === address) return index;
		if (entry !== undefined) index++;
	}
	return -1;
}

/** The body for UI state `shown` (already synced to the rows): the innermost screen wins. */
export function bodyView(shown: UiState, data: TuiData, frame: FrameData, layout: ScreenLayout): BodyView {
	const {width, bodyHeight} = layout;
	const {rows, triage} = frame;
	const model = data.model;
	if (shown.confirm !== undefined) {
		const {address, name} = shown.confirm;
		const row = rows.rows.find((r) => r.address === address);
		const nanny = model.workers.get(address)?.last.nanny;
		const lines = row
			? confirmLines(row, nanny === undefined ? undefined : typeof nanny === 'string' && nanny !== '', width)
			: [[seg(`${name} is no longer listed; n / Esc closes this`, 'warning')]];
		return {kind: 'confirm', lines};
	}
	if (shown.help) return {kind: 'help', top: shown.helpTop, lines: frame.help};
	if (shown.columnSetup !== undefined)
		return {kind: 'columns', columns: shown.columns, cursor: shown.columnSetup.cursor, width};
	if (shown.sortMenu !== undefined) return {kind: 'sort', highlighted: shown.sortMenu, sort: shown.sort};
	if (shown.detail !== undefined) {
		const address = shown.detail;
		const track = model.workers.get(address);
		const row = rows.rows.find((r) => r.address === address);
		return {
			kind: 'detail',
			input: {
				address,
				...(track ? {track} : {}),
				...(row ? {row} : {}),
				index: Math.max(0, workerIndex(frame, address)),
				count: frame.hosts ? frame.addresses.filter((a) => a !== undefined).length : rows.rows.length,
				...(data.workerPage ? {page: data.workerPage} : {}),
				memory: frame.memory,
				nowMs: data.nowMs,
				...blankWhy(model.snapshot, track?.last),
			},
		};
	}
	switch (shown.view) {
		case 'workers':
			return workersBody(shown, data, frame, bodyHeight);
		case 'progress':
			return {
				kind: 'progress',
				...(frame.progress ? {view: frame.progress} : {}),
				cursor: shown.cursor.progress,
				top: shown.top.progress,
			};
		case 'events':
			return {
				kind: 'events',
				...(triage ? {triage} : {}),
				page: frame.events ?? eventsPage(triage, frame.input.theme, width, bodyHeight),
				cursor: shown.cursor.events,
				top: shown.top.events,
			};
		case 'diagnosis':
			return {
				kind: 'diagnosis',
				...(frame.diagnosisPage ? {page: frame.diagnosisPage} : {}),
				cursor: shown.cursor.diagnosis,
				top: shown.top.diagnosis,
			};
		case 'time':
			return {
				kind: 'time',
				...(frame.timePage ? {page: frame.timePage} : {}),
				cursor: shown.cursor.time,
				top: shown.top.time,
			};
	}
}

/** Where the screen drew what, for the mouse (the figures the bodies are drawn with). */
export function pointerLayout(shown: UiState, frame: FrameData, layout: ScreenLayout): PointerLayout {
	const {width, bodyTop, bodyHeight} = layout;
	if (shown.columnSetup !== undefined) {
		const count = shown.columns.length;
		const first = firstShown(shown.columnSetup.cursor, count, Math.max(0, bodyHeight - 1));
		return {kind: 'columns', itemsTop: bodyTop + 1 - first, count};
	}
	if (shown.help || shown.detail !== undefined || shown.drill !== undefined) return {kind: 'none'};
	if (shown.sortMenu !== undefined)
		return {kind: 'sort', itemsTop: bodyTop + 1 - sortMenuFirst(shown.sortMenu, bodyHeight)};
	switch (shown.view) {
		case 'workers':
			return {
				kind: 'workers',
				headingRow: bodyTop + 1,
				columns: fitColumns(chosenColumns(shown.columns, shown.byHost === true), width),
				list: {
					rowsTop: bodyTop + 2,
					top: shown.top.workers,
					count: frame.addresses.length,
					room: tableBodyRows(tableHeight(frame, bodyHeight)),
				},
			};
		case 'progress': {
			const head = progressHeadHeight(frame.progress, frame.input.theme, width);
			const count = frame.progress?.prefixes.length ?? 0;
			return {
				kind: 'list',
				view: 'progress',
				list: {rowsTop: bodyTop + head, top: shown.top.progress, count, room: bodyHeight - head},
			};
		}
		case 'events': {
			const events = frame.events;
			if (!events) return {kind: 'none'};
			return {
				kind: 'list',
				view: 'events',
				list: {
					rowsTop: bodyTop + events.head.length + 2,
					top: shown.top.events,
					count: frame.triage?.events.length ?? 0,
					room: events.room,
					heights: events.heights,
				},
			};
		}
		case 'diagnosis': {
			const page = frame.diagnosisPage;
			if (!page) return {kind: 'none'};
			return {
				kind: 'list',
				view: 'diagnosis',
				list: {
					rowsTop: bodyTop + 1,
					top: shown.top.diagnosis,
					count: page.entries.length,
					room: page.room,
					heights: page.heights,
				},
			};
		}
		case 'time': {
			const page = frame.timePage;
			if (!page) return {kind: 'none'};
			return {
				kind: 'list',
				view: 'time',
				list: {
					rowsTop: bodyTop + page.head.length,
					top: shown.top.time,
					count: page.rows.length,
					room: Math.max(1, bodyHeight - page.head.length),
				},
			};
		}
	}
}
