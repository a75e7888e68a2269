/**
 * The TUI's entry: `runTui` draws the full-screen monitor on the terminal until the user quits
 * (or a signal or an error ends it) and resolves with the exit code. The caller (run/interactive.ts)
 * has connected each cluster's source to its pipeline, whose model (fed by every round, the ones
 * before the screen started included) is the one the screen shows; runTui reads status and
 * controls from the sources, passes time to the pipelines, and leaves the terminal as it found it.
 * One cluster is a list of one: the same root, without the cluster bar.
 */
import {render, useStdout} from 'ink';
import {useEffect, useState} from 'react';
import {EXIT_OK, EXIT_UNREADABLE, SIGNAL_EXIT_CODES, type EndingSignal} from '../../types/exit-codes.js';
import type {TerminalSize} from '../frame/app-frame.js';
import {createClusterStores, type TuiCluster} from './cluster-stores.js';
import {createTerminalControls} from '../input/terminal-controls.js';
import {ClustersRoot, type ClustersRootProps} from './clusters-root.js';
import {createDiffStdout} from '../../terminal/diff-stdout.js';
import {timerDelay} from '../../units/timer-delay.js';
import {keepAttributes} from '../draw/styling.js';
import {enterFullScreen} from './terminal.js';
import {makeTheme} from '../draw/theme.js';
import {BEL, createBell} from '../../output/bell.js';
import {columnChoices} from '../state/column-choice.js';
import type {WorkerColumnId} from '../../types/worker-column-ids.js';

/** The theme's and the terminal's options (run/ passes the resolved options, which hold them). */
export interface TuiOptions {
	readonly color: boolean;
	readonly ascii: boolean;
	readonly mouse: boolean;
	readonly allowActions?: boolean;
	readonly theme?: 'dark' | 'light';
	readonly bell?: boolean;
	readonly columns?: readonly WorkerColumnId[];
}

export interface TuiContext {
	readonly options: TuiOptions;
	/** F2's save of the columns chosen (run/ writes them in the config file): what happened, as the footer says it. */
	readonly saveColumns: (columns: readonly WorkerColumnId[]) => string;
	/**
	 * One or more, each source connected to its pipeline (created with the model options); several
	 * get the cluster bar and c / C.
	 */
	readonly clusters: readonly TuiCluster[];
}

/** The terminal's size, following resizes (Ink 6 has no useWindowSize). */
export function useTerminalSize(fallback: TerminalSize = {columns: 80, rows: 24}): TerminalSize {
	const {stdout} = useStdout();
	const {columns: fallbackColumns, rows: fallbackRows} = fallback;
	const [size, setSize] = useState(() => ({
		columns: stdout.columns || fallbackColumns,
		rows: stdout.rows || fallbackRows,
	}));
	useEffect(() => {
		const onResize = () => setSize({columns: stdout.columns || fallbackColumns, rows: stdout.rows || fallbackRows});
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout, fallbackColumns, fallbackRows]);
	return size;
}

/** The clusters' root, following the terminal's size. */
function Root(props: Omit<ClustersRootProps, 'size' | 'keys'>) {
	const size = useTerminalSize();
	return <ClustersRoot {...props} size={size} keys={process.stdin.isTTY === true} />;
}

function oneLine(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return (message.split('\n')[0] ?? '').slice(0, 300) || 'unknown error';
}

export async function runTui({options, clusters, saveColumns}: TuiContext): Promise<number> {
	const theme = makeTheme({color: options.color, ascii: options.ascii, light: options.theme === 'light'});
	keepAttributes(process.stdout);
	const stores = createClusterStores(clusters, Date.now);
	const screen = enterFullScreen(process.stdout);
	// Ink renders whole frames into this stream; the terminal gets only the cells that changed.
	const output = process.stdout.isTTY ? createDiffStdout(process.stdout) : undefined;
	const terminal = createTerminalControls({
		screen,
		stdin: process.stdin,
		mouse: options.mouse && process.stdin.isTTY === true && process.stdout.isTTY === true,
		write: (sequence) => process.stdout.write(sequence),
		...(output ? {redraw: () => output.redraw()} : {}),
	});
	let failure: string | undefined;
	let resolveCode: (code: number) => void = () => {};
	const finished = new Promise<number>((resolve) => {
		resolveCode = resolve;
	});
	let ticker: NodeJS.Timeout | undefined;
	let stopRearming: () => void = () => {};
	let instance: ReturnType<typeof render> | undefined;
	let done = false;

	// Synchronous on purpose: Ink's signal-exit may re-raise a signal right after our listener
	// returns, so the terminal must be restored before this function returns.
	const finish = (code: number) => {
		if (done) return;
		done = true;
		clearTimeout(ticker);
		stopRearming();
		for (const [signal, handler] of handlers) process.removeListener(signal, handler);
		process.removeListener('exit', onExit);
		terminal.dispose();
		try {
			instance?.unmount(); // Ink draws its last frame here: while the alternate screen is still up
		} catch {
			// already unmounted by an error
		}
		output?.dispose();
		screen.restore();
		resolveCode(code);
	};
	const handlers = (Object.keys(SIGNAL_EXIT_CODES) as EndingSignal[]).map(
		(signal) => [signal, () => finish(SIGNAL_EXIT_CODES[signal])] as const,
	);
	for (const [signal, handler] of handlers) process.on(signal, handler);
	// An error elsewhere ends the process with process.exit: unmount Ink before the screen is left,
	// or Ink's own exit hook would draw its last frame over the user's restored terminal.
	// Before the screen's own exit hook (registered by enterFullScreen, earlier): the last frame must
	// reach the alternate screen before it is left, never the user's restored terminal.
	const onExit = () => finish(EXIT_UNREADABLE);
	process.prependOnceListener('exit', onExit);

	try {
		instance = render(
			<Root
				stores={stores}
				theme={theme}
				onQuit={() => finish(EXIT_OK)}
				terminal={terminal}
				allowActions={options.allowActions === true}
				columns={columnChoices(options.columns)}
				saveColumns={saveColumns}
			/>,
			{
				exitOnCtrlC: false, // Ctrl-C is a binding (quit), so the terminal is restored the same way as with q
				patchConsole: true,
				// Debug mode: each render is written whole, to the diffing stream (Ink 6.8's own incremental mode ghosts lines).
				...(output ? {stdout: output.stream, debug: true} : {}),
			},
		);
		instance.waitUntilExit().then(
			() => finish(EXIT_OK),
			(error: unknown) => {
				failure = oneLine(error);
				finish(EXIT_UNREADABLE);
			},
		);
		// Time is passed to the stores when one of them has something to do (tickDelayMs), not every
		// second: live, a round every 2 s moves that moment on, and the process sleeps between polls
		// (a 1 s interval woke it twice a poll to find nothing to do). Re-armed on every publish.
		const arm = () => {
			clearTimeout(ticker);
			if (done) return;
			ticker = setTimeout(() => {
				stores.tick();
				arm();
			}, timerDelay(stores.tickDelayMs()));
		};
		// --bell: one BEL when a critical alert starts (output/bell.ts), looked for whenever a store publishes.
		const bell = options.bell
			? createBell(
					clusters.map((cluster) => () => cluster.pipeline.state().alerts),
					() => process.stdout.write(BEL),
				)
			: undefined;
		stopRearming = stores.subscribeStores(() => {
			bell?.();
			arm();
		});
		arm();
	} catch (error) {
		failure = oneLine(error);
		finish(EXIT_UNREADABLE);
	}

	const code = await finished;
	stores.dispose();
	if (failure !== undefined) process.stderr.write(`dask-top: the screen failed: ${failure}\n`);
	return code;
}
