/**
 * The glue main.ts calls for the recording flags: tee rounds to a recorder, record headless
 * until a signal, and play a recording (--once at a moment, --diff, or the TUI driven by a
 * ReplaySource). All user-facing failures are one line through `say`, exit 1.
 */
import type {ModelOptions} from '../model/types.js';
import {formatOnce} from '../output/once.js';
import {createPipeline} from '../pipeline.js';
import type {RawScrape} from '../types/raw-scrape.js';
import type {ScrapeSource} from '../types/scrape-source.js';
import type {Snapshot} from '../types/snapshot.js';
import {formatDiffText} from '../record/diff-text.js';
import {diffSnapshots} from '../record/diff.js';
import {isoTime, roundIndexAt} from '../record/moments.js';
import {resolveMoment} from '../record/units.js';
import type {RecordTo, ReplayFrom} from '../options/recording.js';
import {openRecording, RecordingReadError} from '../record/reader.js';
import {ReplaySource} from '../record/replay-source.js';
import {snapshotsAt} from '../record/snapshot-at.js';
import {formatBytesShort, Recorder, RecordingOpenError} from '../record/writer.js';

const EXIT_OK = 0;
const EXIT_UNREADABLE = 1;
const EXIT_USAGE = 2;
/** A recording's rounds are data from the past: the model counts missed rounds, not wall time. */
const REPLAY_STATUS = {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0} as const;

export type Say = (line: string) => void;

/** What the recorder needs of the pipeline: every ingested round, in order. */
export interface RoundFeed {
	subscribe(listener: (snapshot: Snapshot, raw: RawScrape) => void): () => void;
}

/**
 * Opens FILE and writes every round the pipeline ingests from now on. Returns the recorder, or a
 * one-line error. The file is closed (synced) when the process exits, however it exits. On a
 * terminal the screen is the TUI's: the recorder's messages (limit reached, write error) and a
 * summary are printed at exit, once the terminal is restored.
 */
export function startRecording(record: RecordTo, feed: RoundFeed, url: string, daskTopVersion: string, say: Say): Recorder | string {
	const onTerminal = process.stdout.isTTY === true;
	const held: string[] = [];
	let recorder: Recorder;
	try {
		recorder = new Recorder({file: record.file, maxBytes: record.maxBytes, url, daskTopVersion, onStop: (line) => (onTerminal ? held.push(line) : say(line))});
	} catch (error) {
		if (error instanceof RecordingOpenError) return error.message;
		throw error;
	}
	feed.subscribe((_snapshot, raw) => recorder.write(raw));
	process.once('exit', () => {
		recorder.close();
		if (!onTerminal) return;
		for (const line of held) say(line);
		say(recordingSummary(recorder));
	});
	return recorder;
}

/** One line saying what a recording holds so far. */
export function recordingSummary(recorder: Recorder): string {
	const {file, rounds, bytesWritten, state} = recorder.status();
	const size = formatBytesShort(bytesWritten);
	return state === 'stopped' ? `recording stopped early: ${rounds} rounds (${size}) in ${file}` : `recorded ${rounds} rounds (${size}) to ${file}`;
}

/**
 * Recording without a terminal (nohup, cron, systemd): `start` connects the source, then this
 * waits for SIGINT, SIGTERM or SIGHUP, closes the file and resolves 0. main stops the source.
 */
export async function recordUntilSignalled(source: ScrapeSource, start: () => void, recorder: Recorder, urlDisplay: string, say: Say): Promise<number> {
	say(`recording ${urlDisplay} to ${recorder.status().file} every ${source.intervalMs / 1000} s; stop with Ctrl-C, SIGTERM or SIGHUP`);
	const signal = await new Promise<NodeJS.Signals>((resolve) => {
		const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
		const onSignal = (name: NodeJS.Signals): void => {
			for (const other of signals) process.off(other, onSignal);
			resolve(name);
		};
		for (const name of signals) process.on(name, onSignal);
		start();
	});
	await source.stop();
	recorder.close();
	say(`${signal}: ${recordingSummary(recorder)}`);
	return EXIT_OK;
}

export interface ReplayOutput {
	readonly once: boolean;
	readonly json: boolean;
	/** --ascii: the --once text in plain ASCII. */
	readonly ascii?: boolean;
	/** The model's options (thresholds, --stall-after, …) for --once's alerts and events. */
	readonly model?: ModelOptions;
}

/** The TUI, given a source to drive it (main passes a function that connects it and runs the UI). */
export type RunTui = (source: ScrapeSource, recordedUrl: string) => Promise<number>;

function readFailure(error: unknown, say: Say): number {
	if (!(error instanceof RecordingReadError)) throw error;
	say(error.message);
	return EXIT_UNREADABLE;
}

/** `--replay FILE` / `--demo`: a snapshot, a diff, or the TUI. */
export async function runReplay(replay: ReplayFrom, output: ReplayOutput, runTui: RunTui, say: Say): Promise<number> {
	const missingDemo = (): number => {
		say(`the bundled demo recording is missing (${replay.file}): reinstall dask-top`);
		return EXIT_UNREADABLE;
	};
	try {
		if (replay.diff !== undefined) {
			const {moments, startMs, summary} = await snapshotsAt(replay.file, replay.diff);
			for (const warning of summary.warnings) say(`warning: ${warning}`);
			const [fromMs, toMs] = replay.diff.map((spec) => (spec.kind === 'end' ? Number.POSITIVE_INFINITY : resolveMoment(spec, startMs, startMs)));
			if ((fromMs as number) > (toMs as number)) {
				say(`--diff: the first moment (${isoTime(fromMs as number)}) is after the second (${Number.isFinite(toMs) ? isoTime(toMs as number) : 'the end'}): give the earlier one first`);
				process.stderr.write('Run dask-top --help for usage.\n');
				return EXIT_USAGE;
			}
			const diff = diffSnapshots((moments[0] as {snapshot: Snapshot}).snapshot, (moments[1] as {snapshot: Snapshot}).snapshot);
			process.stdout.write(output.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiffText(diff, {startMs}));
			return EXIT_OK;
		}
		if (output.once) {
			// Every round up to the moment goes through the pipeline, so the model holds the
			// recording's events until then; its snapshot is the moment's (the same fold).
			const pipeline = createPipeline(output.model ? {model: output.model} : {});
			const fold = {
				add(raw: RawScrape) {
					pipeline.sourceStatus(REPLAY_STATUS, raw.atMs);
					pipeline.ingest(raw);
				},
				snapshot: () => pipeline.snapshot() as Snapshot,
			};
			const {summary} = await snapshotsAt(replay.file, [replay.at ?? {kind: 'end'}], fold);
			for (const warning of summary.warnings) say(`warning: ${warning}`);
			process.stdout.write(formatOnce(pipeline, output.json, output.ascii === true) ?? '');
			return EXIT_OK;
		}
		const recording = await openRecording(replay.file);
		for (const warning of recording.warnings) say(`warning: ${warning}`);
		let startIndex = 0;
		if (replay.at !== undefined) {
			const index = roundIndexAt(Array.from({length: recording.rounds.count}, (_, i) => recording.rounds.atMs(i)), replay.at);
			if (typeof index === 'string') {
				say(index);
				return EXIT_UNREADABLE;
			}
			startIndex = index;
		}
		const source = new ReplaySource(recording.rounds, {loop: replay.loop, startIndex, paused: replay.at !== undefined});
		return await runTui(source, recording.header.url || recording.rounds.round(0).base);
	} catch (error) {
		if (replay.demo && error instanceof RecordingReadError && /no such file/.test(error.message)) return missingDemo();
		return readFailure(error, say);
	}
}
