/**
 * Replaying a long SYNTHESIZED recording with the BUILT CLI (bench/synth-recording.ts, written
 * through the real Recorder): time to the first frame (the whole file read and checked), RSS once
 * loaded, the cost of seeking (`}` feeds every round to the end; `←` from there starts over and
 * feeds all but one again), and `--replay --once --json` (streaming).
 */
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {measureHeadless, PROBE, probePid, scratchDir, type HeadlessMemory} from './memory.js';
import {liveHeapBytes, probeEnv, residentBytes} from './proc.js';
import {hasFirstFrame, startInPty} from './pty.js';
import {writeSynthRecording} from './synth-recording.js';

export interface ReplayMemory {
	readonly workers: number;
	readonly rounds: number;
	readonly intervalMs: number;
	readonly rawBytes: number;
	readonly fileBytes: number;
	readonly writeMs: number;
	readonly loadMs: number;
	readonly loadedRssBytes: number;
	/** Heap used after a full collection, once loaded and once every round was fed. */
	readonly loadedLiveHeapBytes: number;
	readonly toEndMs: number;
	readonly atEndRssBytes: number;
	readonly atEndLiveHeapBytes: number;
	readonly stepBackMs: number;
	readonly peakRssBytes: number;
	readonly once: HeadlessMemory;
}

const LEFT = '\u001B[D';

export async function measureReplay(workers: number, rounds: number, intervalMs = 2000): Promise<ReplayMemory> {
	const scratch = scratchDir();
	const file = join(scratch.dir, 'long.ndjson.gz');
	const probe = join(scratch.dir, 'probe.jsonl');
	try {
		const writeStart = performance.now();
		const {rawBytes, bytesOnDisk} = writeSynthRecording(file, {workers, rounds, intervalMs});
		const writeMs = performance.now() - writeStart;
		const position = (index: number) => (text: string) => text.includes(`[${index}/${rounds}]`);

		const run = startInPty(['--replay', file], {env: probeEnv(probe, PROBE)});
		let loadMs: number;
		let loadedRssBytes: number;
		let loadedLiveHeapBytes: number;
		let toEndMs: number;
		let atEndRssBytes: number;
		let atEndLiveHeapBytes: number;
		let stepBackMs: number;
		let peakRssBytes: number;
		try {
			loadMs = await run.waitFor(
				'first replay frame',
				(text) => hasFirstFrame(text) && /\[\d+\/\d+\]/.test(text),
				120_000,
			);
			const pid = await probePid(probe);
			run.type(' '); // pause: the clock no longer moves the replay on
			await sleep(3000);
			const resident = () => residentBytes(pid) ?? {rss: Number.NaN, peak: Number.NaN};
			loadedRssBytes = resident().rss;
			loadedLiveHeapBytes = await liveHeapBytes(pid, probe);

			// The position is read off the screen as a terminal shows it: only changed cells are written.
			let pressed = performance.now();
			run.type('}');
			await run.waitForScreen('the last round', position(rounds), 300_000);
			toEndMs = performance.now() - pressed;
			await sleep(1000);
			atEndRssBytes = resident().rss;
			atEndLiveHeapBytes = await liveHeapBytes(pid, probe);

			pressed = performance.now();
			run.type(LEFT);
			await run.waitForScreen('the round before the last', position(rounds - 1), 300_000);
			stepBackMs = performance.now() - pressed;
			peakRssBytes = resident().peak;
		} finally {
			await run.stop();
		}
		const once = await measureHeadless(['--replay', file, '--once', '--json']);
		return {
			workers,
			rounds,
			intervalMs,
			rawBytes,
			fileBytes: bytesOnDisk,
			writeMs,
			loadMs,
			loadedRssBytes,
			loadedLiveHeapBytes,
			toEndMs,
			atEndRssBytes,
			atEndLiveHeapBytes,
			stepBackMs,
			peakRssBytes,
			once,
		};
	} finally {
		scratch.remove();
	}
}
