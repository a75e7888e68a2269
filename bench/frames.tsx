/**
 * Render time per frame of the real App (React reconcile + Yoga layout + Ink output and write) on
 * a fake 120×40 TTY, Ink unthrottled (debug), React production build, colours on. Workers are
 * SYNTHESIZED (bench/synth.ts). Two cases: a data tick (a new model state, every row rebuilt) and
 * a scroll (one `j` keypress through Ink's input path).
 */
import {EventEmitter} from 'node:events';
import {render} from 'ink';
import type {ClusterState} from '../source/model/types.js';
import {App} from '../source/ui/app.js';
import {makeTheme} from '../source/ui/theme.js';
import type {TuiControls, TuiData} from '../source/ui/tui-data.js';
import {synthState} from './synth.js';

class FakeStdout extends EventEmitter {
	readonly isTTY = true;
	bytes = 0;
	constructor(
		readonly columns: number,
		readonly rows: number,
	) {
		super();
	}
	write(chunk: string | Uint8Array): boolean {
		this.bytes += chunk.length;
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

const controls: TuiControls = {kind: 'live', setIntervalMs: (ms) => ms, refreshNow() {}, setDetailWorker() {}};

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
	// A few distinct model states to cycle through, each a full poll of `workers` synthesized workers.
	const states: ClusterState[] = [synthState(workers, 2), synthState(workers, 3), synthState(workers, 4)];
	const dataOf = (i: number): TuiData => {
		const model = states[i % states.length]!;
		return {
			model,
			status: {state: 'live', requestsPerSecond: 1, bytesPerSecond: 20_000, meanLatencyMs: 5},
			intervalMs: 2000,
			nowMs: model.nowMs + 500,
		};
	};
	const stdout = new FakeStdout(size.columns, size.rows);
	const stdin = new FakeStdin();
	const element = (i: number) => (
		<App
			data={dataOf(i)}
			controls={controls}
			url="http://synthetic:8787/"
			size={size}
			theme={theme}
			onQuit={() => {}}
		/>
	);
	const instance = render(element(0), {
		stdout: stdout as unknown as NodeJS.WriteStream,
		stdin: stdin as unknown as NodeJS.ReadStream,
		debug: true,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	await sleep(20);
	// Warm-up: JIT and the model's row caches.
	for (let i = 0; i < 10; i++) instance.rerender(element(i));

	const tick: number[] = [];
	for (let i = 0; i < frames; i++) {
		const start = performance.now();
		instance.rerender(element(i + 1));
		tick.push(performance.now() - start);
	}
	const scroll: number[] = [];
	let rendered = stdout.bytes;
	for (let i = 0; i < frames; i++) {
		const start = performance.now();
		stdin.type('j');
		// Ink 6.8 renders the key's state change synchronously in debug mode; wait if it did not.
		while (stdout.bytes === rendered) await sleep(0);
		scroll.push(performance.now() - start);
		rendered = stdout.bytes;
	}
	instance.unmount();
	return [stats(workers, 'tick', tick), stats(workers, 'scroll', scroll)];
}
