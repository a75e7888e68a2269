/**
 * What one frame of the screen is drawn from: its size and where the body goes, the data it shows
 * (the frozen frame while paused), and the derivations of the model the views and the reducer read
 * (rows, triage, progress, the events page, the help text). A derivation is reused from the previous
 * frame while its inputs are the same objects: a clock tick or a key press does not re-sort 10,000
 * workers. Pure: no Ink, no clock.
 */
import {diagnosisView, type DiagnosisView} from '../../model/diagnosis/index.js';
import {isDaskDefault, progressView, triageView, workerRows} from '../../model/index.js';
import type {ClusterState, ProgressView, TriageView, WorkerRowsView} from '../../model/types.js';
import {hostTable, locateFlat, type HostTable} from '../../model/rows/host-groups.js';
import {DASK_MEMORY_THRESHOLDS, type MemoryThresholds, type Segment} from '../draw/bars.js';
import {progressHeadHeight} from './body-layout.js';
import {tableBodyRows} from '../views/table-lines.js';
import {diagnosisPage, type DiagnosisPage} from '../views/diagnosis-lines.js';
import {eventsPage, type EventsPage} from '../views/events-lines.js';
import {HEADER_LINES} from '../views/header-lines.js';
import {helpLines} from '../views/help-lines.js';
import {timePage, type TimePage} from '../views/time-lines.js';
import {timeView} from '../../model/time/time-view.js';
import type {Theme} from '../draw/theme.js';
import type {TuiData} from './tui-data.js';
import type {UiContext, UiState} from '../state/ui-state.js';
import type {CellContext} from '../views/worker-columns.js';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 14;

export interface TerminalSize {
	readonly columns: number;
	readonly rows: number;
}

/** Where the parts of the screen go: the root's size, the body's first row and its height. */
export interface ScreenLayout {
	readonly width: number;
	readonly height: number;
	readonly bodyTop: number;
	readonly bodyHeight: number;
}

/**
 * `verdict`: the diagnosis' verdict takes a line under the header; `clusterBar`: the cluster bar one
 * under it. The screen takes every row of the terminal: Ink (in its debug mode) writes each frame to
 * the cell-diffing stream, never to the terminal, so a root as tall as the terminal no longer makes
 * Ink clear it every frame; the last row is drawn one column short (LAST_ROW_SLACK) so that nothing
 * is ever written in the terminal's last cell, where a character can scroll the screen.
 */
export function screenLayout(size: TerminalSize, clusterBar: boolean, verdict = false): ScreenLayout {
	const width = Math.max(1, size.columns);
	const height = Math.max(1, size.rows);
	const bodyTop = HEADER_LINES + (verdict ? 1 : 0) + (clusterBar ? 1 : 0);
	return {width, height, bodyTop, bodyHeight: Math.max(1, height - bodyTop - 1)};
}

/** Columns the last row leaves blank at its end (see screenLayout). */
export const LAST_ROW_SLACK = 1;

/** Below the minimum size, the two lines said instead of the screen (btop's habit); undefined when it fits. */
export function tooSmallLines(size: TerminalSize): readonly string[] | undefined {
	if (size.columns >= MIN_COLUMNS && size.rows >= MIN_ROWS) return undefined;
	return [
		`terminal too small: need ${MIN_COLUMNS}x${MIN_ROWS}`,
		`now ${size.columns}x${size.rows}; enlarge the window or press q`,
	];
}

/**
 * The frame a paused screen keeps showing: the live one's figures at the moment of pausing, until it
 * resumes (polling goes on). The clock, the source's state and its interval stay live: the header
 * says how old the held figures are now ("paused, figures 40s old"), and the interval `+` set.
 */
export function frozenData(frozen: TuiData | undefined, live: TuiData, paused: boolean): TuiData | undefined {
	if (!paused) return undefined;
	if (frozen === undefined) return live;
	if (frozen.nowMs === live.nowMs && frozen.status === live.status && frozen.intervalMs === live.intervalMs)
		return frozen;
	return {...frozen, nowMs: live.nowMs, status: live.status, intervalMs: live.intervalMs};
}

/** What the derivations depend on; each is reused while its own inputs are identical. */
interface FrameInput {
	readonly model: ClusterState;
	/** Where each worker finding's tasks were when it started (TuiData.findingFrames). */
	readonly findingFrames?: ReadonlyMap<string, string>;
	readonly ui: Pick<UiState, 'sort' | 'filterText' | 'view' | 'byHost' | 'folds' | 'timeWindow'>;
	readonly theme: Theme;
	readonly width: number;
	readonly bodyHeight: number;
}

export interface FrameData {
	readonly input: FrameInput;
	/** The workers in table order; lost and retired ones stay, dimmed, for the model's hold period. */
	readonly rows: WorkerRowsView;
	/** Grouped by host: the table's rows, hosts and the workers under the open ones. */
	readonly hosts?: HostTable;
	/** The worker of each row of the table, in order; undefined on a host's row. */
	readonly addresses: readonly (string | undefined)[];
	readonly triage?: TriageView;
	/** Only while the progress view is on. */
	readonly progress?: ProgressView;
	/** The events view's entries wrap: their heights drive its scrolling (laid out only while it is the view). */
	readonly events?: EventsPage;
	/** The diagnosis (the verdict line reads it on every view). */
	readonly diagnosis?: DiagnosisView;
	/** The diagnosis view laid out (only while it is the view). */
	readonly diagnosisPage?: DiagnosisPage;
	/** The time view laid out (only while it is the view). */
	readonly timePage?: TimePage;
	readonly help: readonly Segment[][];
	readonly memory: MemoryThresholds;
	readonly cells: CellContext;
}

/** `previous` when it may be reused (and there is one), else a new one. */
function reuse<T>(same: boolean, previous: T | undefined, make: () => T): T {
	return same && previous !== undefined ? previous : make();
}

export function frameData(input: FrameInput, previous?: FrameData): FrameData {
	const {model, ui, theme, width, bodyHeight} = input;
	const last = previous?.input;
	const sameModel = last?.model === model;
	const rows = reuse(
		sameModel && last?.ui.sort === ui.sort && last.ui.filterText === ui.filterText,
		previous?.rows,
		() =>
			workerRows(model, {sort: ui.sort, includeLost: 'held', ...(ui.filterText === '' ? {} : {filter: ui.filterText})}),
	);
	const hosts = reuse(
		previous?.rows === rows && last?.ui.byHost === ui.byHost && last?.ui.folds === ui.folds,
		previous?.hosts,
		() =>
			ui.byHost === true
				? hostTable(
						// A host's sums are all its workers', whatever the filter keeps.
						ui.filterText === '' ? rows.rows : workerRows(model, {sort: ui.sort, includeLost: 'held'}).rows,
						rows.rows,
						ui.sort,
						ui.folds,
					)
				: undefined,
	);
	const addresses = reuse(
		previous?.rows === rows && previous.hosts === hosts,
		previous?.addresses,
		() => hosts?.addresses ?? rows.rows.map((r) => r.address),
	);
	const triage = reuse(sameModel, previous?.triage, () => (model.snapshot ? triageView(model) : undefined));
	const sameView = last?.ui.view === ui.view;
	const progress = reuse(sameModel && sameView, previous?.progress, () =>
		model.snapshot && ui.view === 'progress' ? progressView(model) : undefined,
	);
	const sameScreen = last?.theme === theme && last.width === width && last.bodyHeight === bodyHeight;
	const events = reuse(sameView && previous?.triage === triage && sameScreen, previous?.events, () =>
		ui.view === 'events' ? eventsPage(triage, theme, width, bodyHeight) : undefined,
	);
	const diagnosis = reuse(sameModel, previous?.diagnosis, () => (model.snapshot ? diagnosisView(model) : undefined));
	const sameFrames = last?.findingFrames === input.findingFrames;
	const page = reuse(
		sameView && previous?.diagnosis === diagnosis && sameScreen && sameFrames,
		previous?.diagnosisPage,
		() =>
			ui.view === 'diagnosis' ? diagnosisPage(diagnosis, theme, width, bodyHeight, input.findingFrames) : undefined,
	);
	const time = reuse(
		sameModel && sameView && last?.ui.timeWindow === ui.timeWindow && sameScreen,
		previous?.timePage,
		() =>
			ui.view === 'time'
				? timePage(
						timeView(model, ui.timeWindow),
						ui.timeWindow,
						theme,
						width,
						model.snapshot?.scheduler.tasks.processing,
					)
				: undefined,
	);
	const help = reuse(last?.width === width, previous?.help, () => helpLines(width));
	const thresholds = model.options.thresholds;
	const sameThresholds = last?.model.options.thresholds === thresholds;
	const memory = reuse(sameThresholds, previous?.memory, () => {
		const own = new Set<'spill' | 'pause' | 'terminate'>();
		if (!isDaskDefault(thresholds, 'memory_warning')) own.add('spill');
		if (!isDaskDefault(thresholds, 'memory_critical')) own.add('pause');
		if (!isDaskDefault(thresholds, 'memory_terminate')) own.add('terminate');
		return {
			target: DASK_MEMORY_THRESHOLDS.target,
			spill: thresholds.memory_warning,
			pause: thresholds.memory_critical,
			terminate: thresholds.memory_terminate,
			...(own.size > 0 ? {own} : {}),
		};
	});
	const cells = reuse(sameThresholds && last?.theme === theme, previous?.cells, () => ({
		glyphs: theme.glyphs,
		memory,
		eventLoopWarningSeconds: thresholds.event_loop_warning_s,
		eventLoopCriticalSeconds: thresholds.event_loop_critical_s,
	}));
	return {
		input,
		rows,
		...(hosts ? {hosts} : {}),
		addresses,
		...(triage ? {triage} : {}),
		...(progress ? {progress} : {}),
		...(events ? {events} : {}),
		...(diagnosis ? {diagnosis} : {}),
		...(page ? {diagnosisPage: page} : {}),
		...(time ? {timePage: time} : {}),
		help,
		memory,
		cells,
	};
}

/** What the reducer needs of this frame: row counts, page heights, the workers in order, the help's size. */
export function uiContext(frame: FrameData, layout: ScreenLayout): UiContext {
	const {bodyHeight, width} = layout;
	const {progress, triage, events, diagnosisPage: page} = frame;
	return {
		counts: {
			workers: frame.addresses.length,
			progress: progress?.prefixes.length ?? 0,
			events: triage?.events.length ?? 0,
			diagnosis: page?.entries.length ?? 0,
			time: frame.timePage?.rows.length ?? 0,
		},
		pageRows: {
			workers: tableBodyRows(bodyHeight),
			progress: Math.max(1, bodyHeight - progressHeadHeight(progress, frame.input.theme, width)),
			events: Math.max(1, events?.room ?? bodyHeight - 2),
			diagnosis: Math.max(1, page?.room ?? bodyHeight - 1),
			time: Math.max(1, bodyHeight - (frame.timePage?.head.length ?? 0)),
		},
		addresses: frame.addresses,
		locate: frame.hosts?.locate ?? ((anchor) => locateFlat(frame.rows.rows, anchor)),
		...(frame.hosts ? {hostAt: frame.hosts.hostAt} : {}),
		helpLines: frame.help.length,
		helpHeight: bodyHeight - 1, // under the help's title line
		...(events || page
			? {rowLines: {...(events ? {events: events.heights} : {}), ...(page ? {diagnosis: page.heights} : {})}}
			: {}),
		...(page
			? {
					subjects: page.entries.map((e) => e.subject),
					prefixes: progressView(frame.input.model).prefixes.map((p) => p.prefix),
				}
			: {}),
	};
}
