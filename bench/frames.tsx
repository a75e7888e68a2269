/**
 * Render time per frame of the real App (React reconcile + Yoga layout + Ink output + the cell diff
 * the terminal gets) on a fake 120×40 TTY, drawn as the TUI draws it: Ink in debug mode (unthrottled,
 * whole frames) into the diffing stream (source/terminal/diff-stdout.ts), each frame's diff written
 * before its time is taken. Run as a bundle (bench/frames-bundle.mjs: the shipped build's esbuild
 * options and plugins, so Ink and string-width are patched as in dist/ and React is
 * its production build), colours on. Workers are SYNTHESIZED (bench/synth.ts). Two cases: a data tick
 * (a new model state, every row rebuilt) and a scroll (one `j` keypress through Ink's input path).
 */
import {EventEmitter} from 'node:events';
import {render} from 'ink';
import {reduce} from '../source/model/index.js';
import {createDiffStdout} from '../source/terminal/diff-stdout.js';
import {App} from '../source/ui/shell/app.js';
import {makeTheme} from '../source/ui/draw/theme.js';
import type {TuiControls, TuiData} from '../source/ui/frame/tui-data.js';
import {synthSnapshot, synthState} from './synth.js';

class FakeStdout extends EventEmitter {
	readonly isTTY = true;
	constructor(
		readonly columns: number,
		readonly rows: number,
	) {
		super();
	}
	write(): boolean {
		return true;
	}
}

class FakeStdin extends EventEmitter {
	readonly isTTY = true;
	private queue: string[] = [];
	setRawMode(): this {
		return this;
	}
	setEncoding(): this {
		return this;
	}
	ref(): this {
		return this;
	}
	unref(): this {
		return this;
	}
	resume(): this {
		return this;
	}
	pause(): this {
		return this;
	}
	read(): string | null {
		return this.queue.shift() ?? null;
	}
	/** A keypress as a terminal delivers it: dask-top's reader listens for 'data' (Ink's own input for 'readable'). */
	type(text: string): void {
		this.queue.push(text);
		this.emit('readable');
		this.emit('data', text);
	}
}

const controls: TuiControls = {
	kind: 'live',
	intervalMs: () => 2000,
	setIntervalMs: (ms) => ms,
	refreshNow() {},
	setDetailWorker() {},
};

export interface FrameStats {
	readonly workers: number;
	readonly case: 'tick' | 'scroll';
	readonly medianMs: number;
	readonly p95Ms: number;
	readonly frames: number;
}

function quantile(sorted: readonly number[], q: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function stats(workers: number, which: FrameStats['case'], samples: number[]): FrameStats {
	const sorted = [...samples].sort((a, b) => a - b);
	return {workers, case: which, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), frames: samples.length};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureFrames(
	workers: number,
	frames: number,
	size = {columns: 120, rows: 40},
): Promise<FrameStats[]> {
	const theme = makeTheme({color: true, ascii: false});
	// Polls as the TUI gets them: each data tick draws a model state never drawn before (the next poll
	// reduced into the last state, outside the timing), so every derivation of the model runs again
	// (rows sorted, triage, header figures), as on a real poll. Three rounds of synthesized figures in turn.
	const snapshots = [2, 3, 4].map((round) => synthSnapshot(workers, round, 0));
	let model = synthState(workers, 2);
	let polls = 0;
	const poll = (): TuiData => {
		const nowMs = model.nowMs + 2000;
		const status = {state: 'live', requestsPerSecond: 1, bytesPerSecond: 20_000, meanLatencyMs: 5} as const;
		const snapshot = snapshots[polls++ % snapshots.length]!;
		const source = {status, intervalMs: 2000};
		model = reduce(model, {type: 'snapshot', snapshot: {...snapshot, time: nowMs / 1000}, nowMs, source});
		return {model, status, intervalMs: 2000, nowMs: nowMs + 500};
	};
	const terminal = new FakeStdout(size.columns, size.rows);
	const output = createDiffStdout(terminal as unknown as NodeJS.WriteStream);
	const stdin = new FakeStdin();
	let renders = 0;
	const element = (data: TuiData) => (
		<App data={data} controls={controls} url="http://synthetic:8787/" size={size} theme={theme} onQuit={() => {}} />
	);
	let data = poll();
	const instance = render(element(data), {
		stdout: output.stream,
		stdin: stdin as unknown as NodeJS.ReadStream,
		debug: true,
		exitOnCtrlC: false,
		patchConsole: false,
		onRender: () => {
			renders++;
		},
	});
	await sleep(20);
	// Warm-up: the JIT, for the code this size takes.
	for (let i = 0; i < 10; i++) {
		instance.rerender(element(poll()));
		output.flush();
	}

	const tick: number[] = [];
	for (let i = 0; i < frames; i++) {
		data = poll();
		const start = performance.now();
		instance.rerender(element(data));
		output.flush(); // the cells that changed, written to the terminal (the TUI does it on the next turn)
		tick.push(performance.now() - start);
	}
	const scroll: number[] = [];
	for (let i = 0; i < frames; i++) {
		const rendered = renders;
		const start = performance.now();
		stdin.type('j');
		// Ink 6.8 renders the key's state change synchronously in debug mode; wait if it did not.
		while (renders === rendered) await sleep(0);
		output.flush();
		scroll.push(performance.now() - start);
	}
	instance.unmount();
	output.dispose();
	return [stats(workers, 'tick', tick), stats(workers, 'scroll', scroll)];
}

/**
 * Frames at 100 workers, not counted: the first case measured then does not pay the JIT's warm-up
 * (it used to pay it: the first case, 100 workers, was slower than 5,000).
 */
export async function warmUpFrames(): Promise<void> {
	await measureFrames(100, 60);
}

/** The markdown table of `npm run bench`: data tick and scroll per worker count, median and p95. */
export async function framesTable(sizes: readonly number[], frames: number): Promise<string> {
	const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
	const lines = ['| workers | data tick: median | p95 | scroll (j): median | p95 |', '|---:|---:|---:|---:|---:|'];
	for (const workers of sizes) {
		const [tick, scroll] = await measureFrames(workers, frames);
		lines.push(
			`| ${workers.toLocaleString('en')} | ${fmt(tick!.medianMs)} | ${fmt(tick!.p95Ms)} | ` +
				`${fmt(scroll!.medianMs)} | ${fmt(scroll!.p95Ms)} |`,
		);
	}
	return lines.join('\n');
}
