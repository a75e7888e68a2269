/**
 * The full-screen monitor: header, the current view (workers, detail, progress, events, help, sort
 * list) and the footer, sized by props (the caller follows the terminal's size). The screen is a pure
 * function of the UI state and the data (app-view.ts); keys and mouse reports (read raw: input/) go
 * through app-keys.ts to a new UI state and effects, which this component carries out against the
 * source and the terminal controls (effect-runners.ts).
 */
import {Box, Text} from 'ink';
import {useEffect, useRef, useState} from 'react';
import type {FrameData, TerminalSize} from '../frame/app-frame.js';
import {frozenData} from '../frame/app-frame.js';
import {detailWorker, dispatchInput, inputContext} from '../keys/app-keys.js';
import {MESSAGE_MS, messageDelay, type Message} from '../keys/key-effects.js';
import {appView} from '../frame/app-view.js';
import type {LastPress} from '../input/clicks.js';
import type {InputEvent} from '../input/parse.js';
import type {TerminalControls} from '../input/terminal-controls.js';
import {useTerminalInput} from '../input/use-terminal-input.js';
import type {Theme} from '../draw/theme.js';
import type {TuiControls, TuiData} from '../frame/tui-data.js';
import {syncRows} from '../state/cursor.js';
import {initialUiState, type UiState} from '../state/ui-state.js';
import {createBodyMemo} from '../frame/body-lines.js';
import type {ClusterBarInput} from '../views/cluster-bar.js';
import {frameLines} from '../frame/frame-lines.js';
import {createFrameText} from '../draw/line-text.js';
import type {WorkerColumnId} from '../../types/worker-column-ids.js';
import {drillKey} from '../state/drill-panel.js';
import type {DrillData} from '../views/drill-lines.js';
import {drillAnswer, drillRequest, LOG_REREAD_MS, NOT_RECORDED} from './drill-fetch.js';
import {findingFrameKey} from '../views/finding-frames.js';
import {findingFrameText} from './finding-frame-text.js';
import {runEffect, type EffectHost} from './effect-runners.js';

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
	/** Keeps the columns F2 chose (in the config file); says how that went. */
	readonly saveColumns?: (columns: readonly WorkerColumnId[]) => string;
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
	saveColumns,
}: AppProps) {
	const [ui, setUi] = useState<UiState>(initialUi ?? initialUiState);
	const [message, setMessage] = useState<Message | undefined>();
	const [drill, setDrill] = useState<DrillData | undefined>();
	const [drillAsk, setDrillAsk] = useState(0);
	const frozen = useRef<TuiData | undefined>(undefined);
	frozen.current = frozenData(frozen.current, liveData, ui.paused);
	const shownData = frozen.current ?? liveData;
	const [findingFrames, setFindingFrames] = useState<ReadonlyMap<string, string>>(() => new Map());
	const framesAsked = useRef(new Set<string>());
	const data = {
		...shownData,
		...(drill === undefined ? {} : {drill}),
		...(findingFrames.size === 0 ? {} : {findingFrames}),
	};
	const source = {kind: controls.kind, clusters: controls.switchCluster !== undefined};
	const lastFrame = useRef<FrameData | undefined>(undefined);
	const view = appView(
		{
			ui,
			data,
			url,
			size,
			theme,
			source,
			clusterBar: clusterBar !== undefined,
			allowActions,
			...(message ? {message: message.text} : {}),
		},
		lastFrame.current,
	);
	lastFrame.current = view.frame;
	// Refs hold the newest state for input that arrives before React re-renders (two chunks in a row).
	const viewRef = useRef(view);
	viewRef.current = view;
	const uiRef = useRef(ui);
	uiRef.current = ui;
	const lastPress = useRef<LastPress | undefined>(undefined);
	// What the screen keeps between frames: the bodies' memos, and each row's styled text.
	const [memo] = useState(createBodyMemo);
	const [frameText] = useState(createFrameText);

	// Closing the screen with a detail open stops the source fetching its worker page.
	useEffect(() => () => controls.setDetailWorker(null), [controls]);

	// A hung, straggler or event-loop-blocked finding on a worker reads its call stacks once, when it starts.
	const framesWanted = (view.frame.diagnosis?.current ?? [])
		.map((f) => [findingFrameKey(f), f.subject.id] as const)
		.filter((pair): pair is readonly [string, string] => pair[0] !== undefined);
	const framesWantedText = framesWanted.map(([key]) => key).join('\n');
	// biome-ignore lint/correctness/useExhaustiveDependencies: framesWantedText says when framesWanted changed
	useEffect(() => {
		const fetchPage = controls.fetchPage;
		if (fetchPage === undefined) return;
		for (const [key, worker] of framesWanted) {
			if (framesAsked.current.has(key)) continue;
			framesAsked.current.add(key);
			void fetchPage({kind: 'call-stacks', worker}).then((result) =>
				setFindingFrames((before) => new Map(before).set(key, findingFrameText(result))),
			);
		}
	}, [framesWantedText, controls]);

	// The drill-down panel's page: read when it opens (and on R), a log again every LOG_REREAD_MS while shown.
	const drillOpen = ui.drill === undefined ? undefined : drillKey(ui.drill);
	const drillKind = ui.drill?.kind;
	const drillSubject = ui.drill?.subject;
	// biome-ignore lint/correctness/useExhaustiveDependencies: drillAsk is the R that asks again
	useEffect(() => {
		if (drillOpen === undefined || drillKind === undefined || drillSubject === undefined) {
			setDrill(undefined);
			return;
		}
		const panel = {kind: drillKind, subject: drillSubject};
		const fetchPage = controls.fetchPage;
		if (fetchPage === undefined) {
			setDrill({key: drillOpen, loading: false, unavailable: NOT_RECORDED});
			return;
		}
		let open = true;
		const read = () => {
			setDrill((before) => ({...(before?.key === drillOpen ? before : {}), key: drillOpen, loading: true}));
			void fetchPage(drillRequest(panel)).then((result) => {
				if (open) setDrill((before) => drillAnswer(panel, drillOpen, result, before));
			});
		};
		read();
		const timer = drillKind === 'logs' ? setInterval(read, LOG_REREAD_MS) : undefined;
		return () => {
			open = false;
			clearInterval(timer);
		};
	}, [drillOpen, drillKind, drillSubject, drillAsk, controls]);

	useEffect(() => {
		if (!message) return;
		const timer = setTimeout(() => setMessage(undefined), messageDelay(message, Date.now()));
		return () => clearTimeout(timer);
	}, [message]);

	useEffect(() => {
		onUiChange?.(ui);
	}, [ui, onUiChange]);

	const say = (text: string, ms = MESSAGE_MS) => setMessage({text, untilMs: Date.now() + ms});

	const host: EffectHost = {
		controls,
		terminal,
		say,
		onQuit,
		redraw: () => redraw(),
		rereadDrill: () => {
			if (uiRef.current.drill !== undefined) setDrillAsk((n) => n + 1);
		},
		saveColumns,
		onUiChange,
	};

	const onInput = (input: InputEvent[]) => {
		const shown = viewRef.current;
		const start = syncRows(uiRef.current, shown.ctx);
		const how = {
			source,
			allowActions,
			terminal: terminal !== undefined,
			canAct: controls.retireWorker !== undefined,
			intervalMs: controls.intervalMs(),
		};
		const result = dispatchInput(start, input, Date.now(), lastPress.current, inputContext(shown, liveData, how));
		lastPress.current = result.lastPress;
		for (const effect of result.effects) runEffect(effect, host);
		if (result.stopped || result.state === start) return;
		uiRef.current = result.state;
		setUi(result.state);
		// The source fetches /info/worker/<address>.html only while a detail of a present worker is open.
		const detail = detailWorker(start, result.state, shown.frame.rows.rows);
		if (detail !== undefined) controls.setDetailWorker(detail);
	};
	const {redraw} = useTerminalInput(onInput, {active: keys, ...(terminal ? {terminal} : {})});

	const {lines, width} = frameLines(view, theme, clusterBar, memo);
	// The screen is one Ink text of its rows (a few elements for React and nodes for Ink's layout, not
	// one per line), in a box of the screen's width (the size given, whatever the terminal's).
	return (
		<Box width={width}>
			<Text>{frameText(lines, theme, width)}</Text>
		</Box>
	);
}
