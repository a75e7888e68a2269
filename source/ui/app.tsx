/**
 * The full-screen monitor: header, the current view (workers, detail, progress, events, help, sort
 * list) and the footer, sized by props (the caller follows the terminal's size). Keys and mouse
 * reports (read raw: input/) go through the bindings table; the UI state is a pure reducer
 * (reduce-ui.ts, pointer.ts); effects go to the source and terminal controls.
 */
import {Box} from 'ink';
import {useEffect, useMemo, useRef, useState} from 'react';
import {progressView, severityCounts, triageView, workerRows} from '../model/index.js';
import type {ProgressView, TriageView} from '../model/types.js';
import {DASK_MEMORY_THRESHOLDS, type MemoryThresholds} from './bars.js';
import {resolveKey, type KeyContext, type KeyName} from './bindings.js';
import {formatDuration} from './cells.js';
import {fitColumns} from './columns.js';
import {syncRows} from './cursor.js';
import {effectOf} from './effects.js';
import {HEADER_LINES, staleFiguresText, type HeaderInput} from './header-lines.js';
import {ALERTS_PANEL_MIN_LINES, eventsPage} from './events-lines.js';
import {footerLine, helpLines} from './help-lines.js';
import {mouseKey, type LastPress} from './input/clicks.js';
import type {InputEvent} from './input/parse.js';
import type {TerminalControls} from './input/terminal-controls.js';
import {useTerminalInput} from './input/use-terminal-input.js';
import {stepInterval} from './interval-steps.js';
import {pointerTarget, reducePointer, type PointerLayout} from './pointer.js';
import {reduceUi} from './reduce-ui.js';
import type {Theme} from './theme.js';
import type {TuiControls, TuiData} from './tui-data.js';
import {initialUiState, type UiContext, type UiState} from './ui-state.js';
import {WORKER_COLUMNS, type CellContext} from './worker-columns.js';
import {Header} from './components/header.js';
import {ClusterBar, type ClusterBarInput} from './components/cluster-bar.js';
import {Line, Lines} from './components/line.js';
import {confirmLines, retireGate} from './confirm-lines.js';
import {retireUnderWay} from '../model/retire.js';
import {seg} from './parts.js';
import {DetailBody, EventsBody, HelpBody, progressHeadHeight, ProgressBody, TooSmall} from './components/views.js';
import {SortMenu, sortMenuFirst} from './components/sort-menu.js';
import {tableBodyRows, tableHeightFor, WorkerTable} from './components/worker-table.js';
import {Overview} from './components/overview.js';
import {timerDelay} from '../timer-delay.js';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 14;

export interface TerminalSize {
	readonly columns: number;
	readonly rows: number;
}

export interface AppProps {
	readonly data: TuiData;
	readonly controls: TuiControls;
	/** The scheduler's URL as it may be shown (tokens redacted). */
	readonly url: string;
	readonly size: TerminalSize;
	readonly theme: Theme;
	readonly onQuit: () => void;
	/** Start from this UI state (tests). */
	readonly initialUi?: UiState;
	/** Read keys (false when stdin is not a terminal: no raw mode; Ctrl-C then arrives as SIGINT). */
	readonly keys?: boolean;
	/** Several clusters are followed: the cluster bar under the header. */
	readonly clusterBar?: ClusterBarInput;
	/** Told every new UI state (the several-clusters root keeps each cluster's). */
	readonly onUiChange?: (ui: UiState) => void;
	/** Mouse reporting, Ctrl-Z and the redraw after `fg` (none in tests: Ctrl-Z then does nothing). */
	readonly terminal?: TerminalControls;
	/** --allow-actions: F9 / K may retire the selected worker (after a confirmation). */
	readonly allowActions?: boolean;
}

const MESSAGE_MS = 3000;
/** Why F9 did nothing, or that a retire was sent: long lines, read at leisure. */
const RETIRE_MESSAGE_MS = 8000;

/** The innermost screen, which decides the keys that apply. */
function modeOf(state: UiState): KeyContext['mode'] {
	if (state.confirm !== undefined) return 'confirm';
	if (state.filterEditing) return 'filter';
	if (state.help) return 'help';
	if (state.sortMenu !== undefined) return 'sort';
	if (state.detail !== undefined) return 'detail';
	return state.view;
}

export function App({
	data: liveData,
	controls,
	url,
	size,
	theme,
	onQuit,
	initialUi,
	keys = true,
	clusterBar,
	onUiChange,
	terminal,
	allowActions = false,
}: AppProps) {
	const [ui, setUi] = useState<UiState>(initialUi ?? initialUiState);
	const [message, setMessage] = useState<{text: string; untilMs: number} | undefined>();
	const frozen = useRef<TuiData | undefined>(undefined);
	if (ui.paused && frozen.current === undefined) frozen.current = liveData;
	if (!ui.paused) frozen.current = undefined;
	const data = frozen.current ?? liveData;
	const model = data.model;

	const width = Math.max(1, size.columns);
	const height = Math.max(1, size.rows - 1); // a root as tall as the terminal makes Ink 6.8 clear every frame
	const bodyTop = HEADER_LINES + (clusterBar ? 1 : 0);
	const bodyHeight = Math.max(1, height - bodyTop - 1);

	const rowsView = useMemo(
		// Lost and retired workers stay in the table, dimmed, for the model's hold period.
		() =>
			workerRows(model, {sort: ui.sort, includeLost: 'held', ...(ui.filterText === '' ? {} : {filter: ui.filterText})}),
		[model, ui.sort, ui.filterText],
	);
	const triage: TriageView | undefined = useMemo(() => (model.snapshot ? triageView(model) : undefined), [model]);
	const progress: ProgressView | undefined = useMemo(
		() => (model.snapshot && ui.view === 'progress' ? progressView(model) : undefined),
		[model, ui.view],
	);
	const addresses = useMemo(() => rowsView.rows.map((r) => r.address), [rowsView.rows]);
	// The events view's entries wrap: their heights drive its scrolling (laid out only while it is the view).
	const events = useMemo(
		() => (ui.view === 'events' ? eventsPage(triage, theme, width, bodyHeight) : undefined),
		[ui.view, triage, theme, width, bodyHeight],
	);
	const help = useMemo(() => helpLines(width), [width]);

	const thresholds = model.options.thresholds;
	const memory: MemoryThresholds = useMemo(
		() => ({
			target: DASK_MEMORY_THRESHOLDS.target,
			spill: thresholds.memory_warning,
			pause: thresholds.memory_critical,
			terminate: thresholds.memory_terminate,
		}),
		[thresholds],
	);
	const cells: CellContext = useMemo(
		() => ({
			glyphs: theme.glyphs,
			memory,
			eventLoopWarningSeconds: thresholds.event_loop_warning_s,
			eventLoopCriticalSeconds: thresholds.event_loop_critical_s,
		}),
		[theme, memory, thresholds],
	);

	const ctx: UiContext = {
		counts: {
			workers: rowsView.rows.length,
			progress: progress?.prefixes.length ?? 0,
			events: triage?.events.length ?? 0,
		},
		pageRows: {
			workers: tableBodyRows(bodyHeight),
			progress: Math.max(1, bodyHeight - progressHeadHeight(progress, theme, width)),
			events: Math.max(1, events?.room ?? bodyHeight - 2),
		},
		addresses,
		helpLines: help.length,
		helpHeight: bodyHeight - 1, // under the help's title line
		...(events ? {rowLines: {events: events.heights}} : {}),
	};
	const shown = syncRows(ui, ctx);
	// Refs hold the newest state for input that arrives before React re-renders (two chunks in a row).
	const ctxRef = useRef(ctx);
	ctxRef.current = ctx;
	const uiRef = useRef(ui);
	uiRef.current = ui;

	const keyContext: KeyContext = {
		mode: modeOf(shown),
		replay: controls.kind === 'replay',
		clusters: controls.switchCluster !== undefined,
	};

	// The rows the table leaves free show the Alerts panel; the table always comes first.
	const tableSpare = bodyHeight - tableHeightFor(rowsView.rows.length);
	const tableHeight = tableSpare >= ALERTS_PANEL_MIN_LINES ? bodyHeight - tableSpare : bodyHeight;
	// Where the screen drew what, for the mouse (the same figures the bodies below are drawn with).
	const pointerLayout: PointerLayout = (() => {
		if (shown.help || shown.detail !== undefined) return {kind: 'none'};
		if (shown.sortMenu !== undefined)
			return {kind: 'sort', itemsTop: bodyTop + 1 - sortMenuFirst(shown.sortMenu, bodyHeight)};
		switch (shown.view) {
			case 'workers':
				return {
					kind: 'workers',
					headingRow: bodyTop + 1,
					columns: fitColumns(WORKER_COLUMNS, width),
					list: {
						rowsTop: bodyTop + 2,
						top: shown.top.workers,
						count: rowsView.rows.length,
						room: tableBodyRows(tableHeight),
					},
				};
			case 'progress': {
				const head = progressHeadHeight(progress, theme, width);
				return {
					kind: 'list',
					view: 'progress',
					list: {
						rowsTop: bodyTop + head,
						top: shown.top.progress,
						count: progress?.prefixes.length ?? 0,
						room: bodyHeight - head,
					},
				};
			}
			case 'events':
				return events
					? {
							kind: 'list',
							view: 'events',
							list: {
								rowsTop: bodyTop + events.head.length + 2,
								top: shown.top.events,
								count: triage?.events.length ?? 0,
								room: events.room,
								heights: events.heights,
							},
						}
					: {kind: 'none'};
		}
	})();
	const pointerRef = useRef(pointerLayout);
	pointerRef.current = pointerLayout;
	const lastPress = useRef<LastPress | undefined>(undefined);

	// Closing the screen with a detail open stops the source fetching its worker page.
	useEffect(() => () => controls.setDetailWorker(null), [controls]);

	useEffect(() => {
		if (!message) return;
		const timer = setTimeout(() => setMessage(undefined), timerDelay(message.untilMs - Date.now()));
		return () => clearTimeout(timer);
	}, [message]);

	useEffect(() => {
		onUiChange?.(ui);
	}, [ui, onUiChange]);

	const say = (text: string, ms = MESSAGE_MS) => setMessage({text, untilMs: Date.now() + ms});

	const onInput = (input: InputEvent[]) => {
		const start = syncRows(uiRef.current, ctxRef.current);
		let state = start;
		for (const event of input) {
			let name: KeyName | undefined;
			if (event.kind === 'key') name = event.key;
			else {
				const pointing = mouseKey(event, Date.now(), lastPress.current);
				lastPress.current = pointing.last;
				name = pointing.key;
			}
			if (name === undefined) continue;
			const action = resolveKey(name, {
				mode: modeOf(state),
				replay: controls.kind === 'replay',
				clusters: controls.switchCluster !== undefined,
			});
			if (action === undefined) continue;
			if (event.kind === 'mouse' && (action === 'point' || action === 'point-open' || action === 'sort-choose')) {
				state = reducePointer(state, action, pointerTarget(pointerRef.current, event.x, event.y), ctxRef.current);
				continue;
			}
			const effect = effectOf(action);
			if (effect) {
				switch (effect.kind) {
					case 'quit':
						onQuit();
						return;
					case 'refresh':
						controls.refreshNow();
						say('refreshing now');
						break;
					case 'redraw':
						redraw();
						break;
					case 'suspend':
						if (terminal) terminal.suspend();
						else say('Ctrl-Z needs a terminal');
						break;
					case 'interval': {
						const ms = controls.setIntervalMs(
							stepInterval(controls.kind === 'live' ? liveData.intervalMs : 0, effect.step),
						);
						say(`polling every ${formatDuration(ms / 1000)}`);
						break;
					}
					case 'retire': {
						const address = state.detail ?? ctxRef.current.addresses[state.cursor.workers];
						const row = address === undefined ? undefined : rowsView.rows.find((r) => r.address === address);
						const gate = retireGate({
							allowActions,
							kind: controls.kind,
							canAct: controls.retireWorker !== undefined,
							...(liveData.model.snapshot?.scheduler.api_enabled === undefined
								? {}
								: {apiEnabled: liveData.model.snapshot.scheduler.api_enabled}),
							...(row ? {row} : {}),
							...(liveData.model.retires ? {retires: liveData.model.retires} : {}),
						});
						if (gate.ok) state = {...state, confirm: {address: gate.address, name: gate.name}};
						else say(gate.message, RETIRE_MESSAGE_MS);
						break;
					}
					case 'retire-confirm': {
						const confirm = state.confirm;
						state = reduceUi(state, action, ctxRef.current);
						if (confirm && controls.retireWorker) {
							controls.retireWorker(confirm.address);
							say(
								`retire of ${confirm.name} sent: the next polls tell what became of it (events view, 3)`,
								RETIRE_MESSAGE_MS,
							);
						}
						break;
					}
					case 'cluster':
						onUiChange?.(state);
						controls.switchCluster?.(effect.step);
						return;
					case 'replay': {
						const replay = controls.replay;
						if (!replay) break;
						if (effect.op === 'pause') replay.togglePause();
						else if (effect.op === 'step') replay.step(effect.amount ?? 1);
						else if (effect.op === 'jump') replay.jumpMs(effect.amount ?? 0);
						else if (effect.op === 'start') replay.toStart();
						else if (effect.op === 'end') replay.toEnd();
						else say(`replay speed ×${replay.cycleSpeed()}`);
						break;
					}
				}
				continue;
			}
			state = reduceUi(state, action, ctxRef.current, name);
		}
		if (state !== start) {
			uiRef.current = state;
			setUi(state);
			// The source fetches /info/worker/<address>.html only while a detail of a present worker is open.
			if (state.detail !== start.detail) {
				const present =
					state.detail !== undefined && rowsView.rows.find((r) => r.address === state.detail)?.present !== false;
				controls.setDetailWorker(present ? (state.detail ?? null) : null);
			}
		}
	};
	const {redraw} = useTerminalInput(onInput, {active: keys, ...(terminal ? {terminal} : {})});

	if (size.columns < MIN_COLUMNS || size.rows < MIN_ROWS) {
		return <TooSmall columns={size.columns} rows={size.rows} needColumns={MIN_COLUMNS} needRows={MIN_ROWS} />;
	}

	const headerInput: HeaderInput = {
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
		...(allowActions && controls.kind === 'live' ? {actionsEnabled: true} : {}),
	};

	const body = (() => {
		if (shown.confirm !== undefined) {
			const row = rowsView.rows.find((r) => r.address === shown.confirm?.address);
			const nanny = model.workers.get(shown.confirm.address)?.last.nanny;
			const lines = row
				? confirmLines(row, nanny === undefined ? undefined : typeof nanny === 'string' && nanny !== '', width)
				: [[seg(`${shown.confirm.name} is no longer listed; n / Esc closes this`, 'warning')]];
			return <Lines lines={lines} theme={theme} height={bodyHeight} />;
		}
		if (shown.help)
			return <HelpBody top={shown.helpTop} lines={help} theme={theme} width={width} height={bodyHeight} />;
		if (shown.sortMenu !== undefined)
			return (
				<SortMenu highlighted={shown.sortMenu} sort={shown.sort} theme={theme} width={width} height={bodyHeight} />
			);
		if (shown.detail !== undefined) {
			const index = Math.max(0, addresses.indexOf(shown.detail));
			const track = model.workers.get(shown.detail);
			const row = rowsView.rows.find((r) => r.address === shown.detail);
			return (
				<DetailBody
					input={{
						address: shown.detail,
						...(track ? {track} : {}),
						...(row ? {row} : {}),
						index,
						count: rowsView.rows.length,
						...(data.workerPage ? {page: data.workerPage} : {}),
						memory,
						nowMs: data.nowMs,
					}}
					theme={theme}
					width={width}
					height={bodyHeight}
				/>
			);
		}
		switch (shown.view) {
			case 'workers': {
				const follow =
					shown.follow === undefined ? undefined : rowsView.rows.find((r) => r.address === shown.follow)?.name;
				const staleNote = staleFiguresText(data.status, model.source.lastFreshMs, data.nowMs, data.intervalMs);
				const table = (
					<WorkerTable
						rows={rowsView.rows}
						total={rowsView.total}
						{...(model.source.lastFreshMs === undefined
							? {
									unreached:
										data.status.state === 'connecting'
											? 'waiting for the first answer'
											: 'no worker list: the scheduler was never reached',
								}
							: {})}
						cursor={shown.cursor.workers}
						top={shown.top.workers}
						height={tableHeight}
						width={width}
						sort={shown.sort}
						filterText={shown.filterText}
						{...(rowsView.error ? {filterError: rowsView.error} : {})}
						{...(follow === undefined ? {} : {followName: follow})}
						{...(staleNote === undefined ? {} : {staleNote})}
						theme={theme}
						cells={cells}
					/>
				);
				if (tableHeight === bodyHeight) return table;
				// The rows under the table: the cluster over time, the busiest prefixes and the Alerts panel (the panel alone when they do not fit).
				return (
					<>
						{table}
						<Overview
							model={model}
							{...(triage ? {triage} : {})}
							theme={theme}
							width={width}
							height={bodyHeight - tableHeight}
						/>
					</>
				);
			}
			case 'progress':
				return (
					<ProgressBody
						{...(progress ? {view: progress} : {})}
						cursor={shown.cursor.progress}
						top={shown.top.progress}
						theme={theme}
						width={width}
						height={bodyHeight}
					/>
				);
			case 'events':
				return (
					<EventsBody
						{...(triage ? {triage} : {})}
						page={events ?? eventsPage(triage, theme, width, bodyHeight)}
						cursor={shown.cursor.events}
						top={shown.top.events}
						theme={theme}
						width={width}
						height={bodyHeight}
					/>
				);
		}
	})();

	const underWay = retireUnderWay(model.retires);
	const footer = footerLine(
		{
			context: keyContext,
			filterText: shown.filterText,
			...(rowsView.error ? {filterError: rowsView.error} : {}),
			...(message ? {message: message.text} : underWay ? {message: underWay} : {}),
		},
		width,
	);

	return (
		<Box flexDirection="column" width={width} height={height}>
			<Header input={headerInput} theme={theme} width={width} />
			{clusterBar ? <ClusterBar input={clusterBar} theme={theme} width={width} /> : null}
			<Box flexDirection="column" height={bodyHeight} width={width}>
				{body}
			</Box>
			<Line segments={footer} theme={theme} />
		</Box>
	);
}
