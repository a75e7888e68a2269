/**
 * The screen as a pure function of the UI state and one frame of data: the state as shown (synced to
 * the rows), the keys' context, what the reducer and the mouse need, and the header, body and footer
 * to draw, or the "too small" notice. The App component holds the state and the effects and renders
 * this. Pure: no Ink, no clock (the frame's time is in the data).
 */
import {diagnosisView} from '../../model/diagnosis/index.js';
import {severityCounts} from '../../model/index.js';
import {retireUnderWay} from '../../model/departures/retire.js';
import {bodyView, pointerLayout, type BodyView} from './app-body.js';
import {
	frameData,
	LAST_ROW_SLACK,
	screenLayout,
	tooSmallLines,
	uiContext,
	type FrameData,
	type ScreenLayout,
	type TerminalSize,
} from './app-frame.js';
import type {Segment} from '../draw/bars.js';
import type {KeyContext} from '../keys/key-lookup.js';
import {headerLines, type HeaderInput} from '../views/header-lines.js';
import {footerLayout, type FooterLayout} from '../views/help-lines.js';
import {memoLast} from '../../units/memo-last.js';
import type {FooterPointer, PointerLayout} from '../keys/pointer.js';
import type {Theme} from '../draw/theme.js';
import type {TuiData} from './tui-data.js';
import {syncRows} from '../state/cursor.js';
import {verdictLine} from '../views/verdict-line.js';
import {drillPage} from '../views/drill-lines.js';
import {drillKey} from '../state/drill-panel.js';
import type {UiContext, UiState} from '../state/ui-state.js';

export interface AppViewInput {
	readonly ui: UiState;
	/** The frame on screen: the frozen one while paused (frozenData). */
	readonly data: TuiData;
	/** The scheduler's URL as it may be shown. */
	readonly url: string;
	readonly size: TerminalSize;
	readonly theme: Theme;
	readonly source: {readonly kind: 'live' | 'replay'; readonly clusters: boolean};
	/** The cluster bar takes a line under the header. */
	readonly clusterBar: boolean;
	readonly allowActions: boolean;
	/** The transient message of the footer (interval changed, retire sent, …). */
	readonly message?: string;
}

export type ScreenView =
	| {readonly kind: 'too-small'; readonly lines: readonly string[]}
	| {
			readonly kind: 'screen';
			readonly header: readonly Segment[][];
			readonly body: BodyView;
			readonly footer: readonly Segment[];
	  };

export interface AppView {
	/** The UI state as shown: the selection kept inside this frame's rows. */
	readonly shown: UiState;
	readonly layout: ScreenLayout;
	readonly frame: FrameData;
	readonly ctx: UiContext;
	readonly keyContext: KeyContext;
	readonly pointer: PointerLayout;
	/** The footer's row and its entries, for a click (none on the "too small" notice). */
	readonly footer: FooterPointer;
	readonly screen: ScreenView;
}

/** The innermost screen, which decides the keys that apply. */
export function modeOf(state: UiState): KeyContext['mode'] {
	if (state.confirm !== undefined) return 'confirm';
	if (state.filterEditing) return 'filter';
	if (state.help) return 'help';
	if (state.drill !== undefined) return state.drill.filterEditing ? 'filter' : 'drill';
	if (state.columnSetup !== undefined) return 'columns';
	if (state.sortMenu !== undefined) return 'sort';
	if (state.detail !== undefined) return 'detail';
	return state.view;
}

export function keyContextOf(state: UiState, source: AppViewInput['source']): KeyContext {
	return {mode: modeOf(state), replay: source.kind === 'replay', clusters: source.clusters};
}

export function headerInput(input: AppViewInput, shown: UiState, frame: FrameData): HeaderInput {
	const {data, url} = input;
	const model = data.model;
	const {triage} = frame;
	return {
		url,
		...(model.snapshot ? {snapshot: model.snapshot} : {}),
		status: data.status,
		intervalMs: data.intervalMs,
		...(model.source.lastFreshMs === undefined ? {} : {lastFreshMs: model.source.lastFreshMs}),
		nowMs: data.nowMs,
		...(model.rates.tasksDonePerSecond === undefined ? {} : {tasksDonePerSecond: model.rates.tasksDonePerSecond}),
		...(triage ? {adaptive: triage.adaptive} : {}),
		// Before any snapshot (a cluster never reached) the alerts are still there: the same count as the cluster bar's.
		alerts: triage?.counts ?? severityCounts(model.alerts.values()),
		paused: shown.paused,
		...(data.replay ? {replay: data.replay} : {}),
		...(input.allowActions && input.source.kind === 'live' ? {actionsEnabled: true} : {}),
	};
}

/**
 * The footer line and its click targets, kept while what it shows is the same: it changes with a key
 * press, a message or the width, not with the data.
 */
const footerOf = memoLast(
	(
		mode: KeyContext['mode'],
		replay: boolean,
		clusters: boolean,
		filterText: string,
		filterError: string | undefined,
		message: string | undefined,
		width: number,
		paused: boolean,
		ascii: boolean,
	): FooterLayout =>
		footerLayout(
			{
				context: {mode, replay, clusters},
				filterText,
				...(filterError ? {filterError} : {}),
				...(message ? {message} : {}),
				state: {paused, ascii},
			},
			width,
		),
);

/**
 * The screen for `input`; `previous` is the last frame's data, whose derivations are reused while
 * their inputs hold.
 */
export function appView(input: AppViewInput, previous?: FrameData): AppView {
	const {ui, data, theme, size} = input;
	const findings = data.model.snapshot ? diagnosisView(data.model) : undefined;
	const verdict = findings ? verdictLine(findings, theme, Math.max(1, size.columns)) : undefined;
	const layout = screenLayout(size, input.clusterBar, verdict !== undefined);
	const frame = frameData(
		{
			model: data.model,
			...(data.findingFrames ? {findingFrames: data.findingFrames} : {}),
			ui,
			theme,
			width: layout.width,
			bodyHeight: layout.bodyHeight,
		},
		previous,
	);
	const drill =
		ui.drill === undefined
			? undefined
			: drillPage(ui.drill, data.drill?.key === drillKey(ui.drill) ? data.drill : undefined, {
					theme,
					width: layout.width,
					nowMs: data.nowMs,
					nameOf: (address) => data.model.workers.get(address)?.last.name ?? '',
				});
	const drillRows = Math.max(1, layout.bodyHeight - 1);
	const ctx = {
		...uiContext(frame, layout),
		...(drill ? {drillLines: drill.lines.length, drillHeight: drillRows, drillTaskLines: drill.taskLines} : {}),
	};
	const shown = syncRows(ui, ctx);
	const keyContext = keyContextOf(shown, input.source);
	const pointer = pointerLayout(shown, frame, layout);
	const tooSmall = tooSmallLines(size);
	const base = {shown, layout, frame, ctx, keyContext, pointer};
	if (tooSmall) return {...base, footer: {row: -1, targets: []}, screen: {kind: 'too-small', lines: tooSmall}};
	const underWay = retireUnderWay(data.model.retires);
	const message = input.message ?? underWay;
	const footer = footerOf(
		keyContext.mode,
		keyContext.replay,
		keyContext.clusters === true,
		shown.drill?.filterEditing ? shown.drill.filter : shown.filterText,
		shown.drill?.filterEditing ? undefined : frame.rows.error,
		message,
		Math.max(1, layout.width - LAST_ROW_SLACK),
		data.replay ? data.replay.paused : shown.paused,
		theme.ascii,
	);
	return {
		...base,
		footer: {row: layout.bodyTop + layout.bodyHeight, targets: footer.targets},
		screen: {
			kind: 'screen',
			header: [...headerLines(headerInput(input, shown, frame), theme, layout.width), ...(verdict ? [verdict] : [])],
			body:
				drill && shown.drill && shown.confirm === undefined && !shown.help
					? {
							kind: 'drill',
							title: drill.title,
							lines: drill.lines,
							top: shown.drill.top,
							...(shown.drill.kind === 'errors' && drill.taskLines.length > 0
								? {selected: drill.taskLines[shown.drill.cursor] ?? -1}
								: {}),
						}
					: bodyView(shown, data, frame, layout),
			footer: footer.segments,
		},
	};
}
