/**
 * The TUI's entry: `runTui` draws the full-screen monitor on the terminal until the user quits
 * (or a signal or an error ends it) and resolves with the exit code. The caller (run/main.ts) has
 * connected the source to the pipeline, whose model (fed by every round, the ones before the
 * screen started included) is the one the screen shows; runTui reads status and controls from
 * the source, passes time to the pipeline, and leaves the terminal as it found it.
 */
import {render, useStdout} from 'ink';
import {useEffect, useMemo, useState, useSyncExternalStore} from 'react';
import type {Options} from '../options/resolve.js';
import type {Pipeline} from '../pipeline.js';
import type {ScrapeSource} from '../types/scrape-source.js';
import {App, type TerminalSize} from './app.js';
import {createClusterStores, type TuiCluster} from './cluster-stores.js';
import {createTerminalControls, type TerminalControls} from './input/terminal-controls.js';
import {ClustersRoot, type ClustersRootProps} from './clusters-root.js';
import {createTuiStore, sourceControls, type TuiStore} from './store.js';
import {createDiffStdout} from '../terminal/diff-stdout.js';
import {keepAttributes} from './styling.js';
import {enterFullScreen, SIGNAL_EXIT_CODES, type EndingSignal} from './terminal.js';
import {makeTheme, type Theme} from './theme.js';

export interface TuiContext {
	readonly options: Options;
	readonly source: ScrapeSource;
	/** Connected to the source, created with the model options (thresholds, target duration, min/max workers). */
	readonly pipeline: Pipeline;
	/** Several clusters followed at once (source and pipeline are then the first's): the cluster bar and c / C. */
	readonly clusters?: readonly TuiCluster[];
}

const TICK_MS = 1000;

/** The terminal's size, following resizes (Ink 6 has no useWindowSize). */
export function useTerminalSize(fallback: TerminalSize = {columns: 80, rows: 24}): TerminalSize {
	const {stdout} = useStdout();
	const read = () => ({columns: stdout.columns || fallback.columns, rows: stdout.rows || fallback.rows});
	const [size, setSize] = useState(read);
	useEffect(() => {
		const onResize = () => setSize(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

interface RootProps {
	readonly store: TuiStore;
	readonly source: ScrapeSource;
	readonly url: string;
	readonly theme: Theme;
	readonly onQuit: () => void;
	readonly terminal: TerminalControls;
}

function Root({store, source, url, theme, onQuit, terminal}: RootProps) {
	const data = useSyncExternalStore(store.subscribe, store.getData);
	const size = useTerminalSize();
	const controls = useMemo(() => sourceControls(source, store), [source, store]);
	return <App data={data} controls={controls} url={url} size={size} theme={theme} onQuit={onQuit} keys={process.stdin.isTTY === true} terminal={terminal} />;
}

/** Several clusters: their root, following the terminal's size. */
function SeveralRoot(props: Omit<ClustersRootProps, 'size' | 'keys'>) {
	const size = useTerminalSize();
	return <ClustersRoot {...props} size={size} keys={process.stdin.isTTY === true} />;
}

function oneLine(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return (message.split('\n')[0] ?? '').slice(0, 300) || 'unknown error';
}

export async function runTui({options, source, pipeline, clusters}: TuiContext): Promise<number> {
	const theme = makeTheme({color: options.color, ascii: options.ascii});
	keepAttributes(process.stdout);
	const several = clusters !== undefined && clusters.length > 1 ? createClusterStores(clusters, Date.now) : undefined;
	const single = several ? undefined : createTuiStore({pipeline, source, now: Date.now});
	const store = several ?? single!;
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
	let instance: ReturnType<typeof render> | undefined;
	let done = false;

	// Synchronous on purpose: Ink's signal-exit may re-raise a signal right after our listener
	// returns, so the terminal must be restored before this function returns.
	const finish = (code: number) => {
		if (done) return;
		done = true;
		clearInterval(ticker);
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
	const handlers = (Object.keys(SIGNAL_EXIT_CODES) as EndingSignal[]).map((signal) => [signal, () => finish(SIGNAL_EXIT_CODES[signal])] as const);
	for (const [signal, handler] of handlers) process.on(signal, handler);
	// An error elsewhere ends the process with process.exit: unmount Ink before the screen is left,
	// or Ink's own exit hook would draw its last frame over the user's restored terminal.
	// Before the screen's own exit hook (registered by enterFullScreen, earlier): the last frame must
	// reach the alternate screen before it is left, never the user's restored terminal.
	const onExit = () => finish(1);
	process.prependOnceListener('exit', onExit);

	try {
		const root = several ? (
			<SeveralRoot stores={several} theme={theme} onQuit={() => finish(0)} terminal={terminal} />
		) : (
			<Root store={single!} source={source} url={options.url.display} theme={theme} onQuit={() => finish(0)} terminal={terminal} />
		);
		instance = render(root, {
			exitOnCtrlC: false, // Ctrl-C is a binding (quit), so the terminal is restored the same way as with q
			patchConsole: true,
			// Debug mode: each render is written whole, to the diffing stream (Ink 6.8's own incremental mode ghosts lines).
			...(output ? {stdout: output.stream, debug: true} : {}),
		});
		instance.waitUntilExit().then(
			() => finish(0),
			(error: unknown) => {
				failure = oneLine(error);
				finish(1);
			},
		);
		ticker = setInterval(() => store.tick(), TICK_MS);
	} catch (error) {
		failure = oneLine(error);
		finish(1);
	}

	const code = await finished;
	store.dispose();
	if (failure !== undefined) process.stderr.write(`dask-top: the screen failed: ${failure}\n`);
	return code;
}
