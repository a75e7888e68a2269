/** Renders the App with ink-testing-library at a given size (its fake stdout has no rows: size is a prop). */
import {render} from 'ink-testing-library';
import {App} from '../../source/ui/shell/app.js';
import {makeTheme, type Theme} from '../../source/ui/draw/theme.js';
import type {TuiControls, TuiData} from '../../source/ui/frame/tui-data.js';
import type {UiState} from '../../source/ui/state/ui-state.js';
import {ESCAPE_MS} from '../../source/ui/input/input-reader.js';
import {recordingControls, type RecordedControls} from './fixture-data.js';

export const PLAIN: Theme = makeTheme({color: false, ascii: false});
export const ASCII: Theme = makeTheme({color: false, ascii: true});

export const KEY = {
	enter: '\r',
	escape: '\u001B',
	tab: '\t',
	down: '\u001B[B',
	up: '\u001B[A',
	pageDown: '\u001B[6~',
	pageUp: '\u001B[5~',
	home: '\u001B[H',
	end: '\u001B[F',
	shiftTab: '\u001B[Z',
	left: '\u001B[D',
	right: '\u001B[C',
	backspace: '\u007F',
	ctrlC: '\u0003',
};

export interface Rendered {
	readonly frame: () => string;
	/** The last write to the fake stdout as it was (a redraw's clear-screen included). */
	readonly raw: () => string;
	readonly lines: () => string[];
	readonly press: (...keys: string[]) => Promise<void>;
	readonly controls: RecordedControls;
	readonly quits: () => number;
	readonly update: (data: TuiData) => Promise<void>;
	readonly unmount: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until React has committed: the frame stays the same for 30 ms (at most 1 s). */
async function settle(frame: () => string | undefined): Promise<void> {
	let last = frame();
	let stable = 0;
	for (let waited = 0; waited < 1000 && stable < 3; waited += 10) {
		await sleep(10);
		const now = frame();
		stable = now === last ? stable + 1 : 0;
		last = now;
	}
}

export async function renderApp(
	data: TuiData,
	options: {
		columns?: number;
		rows?: number;
		theme?: Theme;
		kind?: 'live' | 'replay';
		initialUi?: UiState;
		/** How the controls answer a drill-down page (none: the source cannot fetch pages). */
		fetchPage?: NonNullable<TuiControls['fetchPage']>;
	} = {},
): Promise<Rendered> {
	const controls: RecordedControls = {
		...recordingControls(options.kind ?? 'live'),
		...(options.fetchPage ? {fetchPage: options.fetchPage} : {}),
	};
	let quits = 0;
	const size = {columns: options.columns ?? 120, rows: options.rows ?? 40};
	const theme = options.theme ?? PLAIN;
	const element = (d: TuiData) => (
		<App
			data={d}
			controls={controls}
			url="http://scheduler:8787/"
			size={size}
			theme={theme}
			onQuit={() => quits++}
			{...(options.initialUi ? {initialUi: options.initialUi} : {})}
		/>
	);
	const r = render(element(data));
	await settle(r.lastFrame);
	return {
		frame: () => r.lastFrame() ?? '',
		raw: () => r.stdout.lastFrame() ?? '',
		lines: () => (r.lastFrame() ?? '').split('\n'),
		press: async (...keys) => {
			for (const key of keys) {
				r.stdin.write(key);
				// A lone ESC may start a sequence: the reader waits ESCAPE_MS before it counts as the Esc
				// key (as a person's next key would).
				if (key.endsWith('\u001B')) await sleep(ESCAPE_MS + 10);
				await settle(r.lastFrame);
			}
		},
		controls,
		quits: () => quits,
		update: async (d) => {
			r.rerender(element(d));
			await settle(r.lastFrame);
		},
		unmount: () => r.unmount(),
	};
}

/** The first body line of a rendered screen: under the header, and under the diagnosis' verdict line when one shows. */
export function bodyStart(lines: readonly string[]): number {
	return / likely: /.test(lines[4] ?? '') ? 5 : 4;
}
