/**
 * --record FILE: every round the (one) cluster's pipeline ingests is also written to FILE by a
 * Recorder (record/writer.ts), under the TUI on a terminal, or without one polling until a signal.
 * `--record -` writes to stdout, only without a screen (options/resolve.ts refuses the rest), and
 * also ends when stdout's reader goes away. All user-facing failures are one line (say.ts), exit 1.
 */
import type {RecordTo} from '../options/recording.js';
import {Recorder, RecordingOpenError} from '../record/writer.js';
import {EXIT_OK} from '../types/exit-codes.js';
import type {RawScrape} from '../types/raw-scrape.js';
import type {ScrapeSource} from '../types/scrape-source.js';
import type {Snapshot} from '../types/snapshot.js';
import {bytesText} from '../units/bytes.js';
import {say} from './say.js';
import {untilStopped} from './until-stopped.js';

/** `--record -`: the recording goes to stdout. */
export const RECORD_TO_STDOUT = '-';

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
export function startRecording(
	record: RecordTo,
	feed: RoundFeed,
	url: string,
	daskTopVersion: string,
): Recorder | string {
	const onTerminal = process.stdout.isTTY === true;
	const held: string[] = [];
	let recorder: Recorder;
	try {
		const toStdout = record.file === RECORD_TO_STDOUT;
		recorder = new Recorder({
			...(toStdout ? {file: 'stdout', stream: process.stdout} : {file: record.file}),
			maxBytes: record.maxBytes,
			url,
			daskTopVersion,
			onStop: (line) => (onTerminal ? held.push(line) : say(line)),
		});
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
	const size = bytesText(bytesWritten, '?', 'decimal');
	return state === 'stopped'
		? `recording stopped early: ${rounds} rounds (${size}) in ${file}`
		: `recorded ${rounds} rounds (${size}) to ${file}`;
}

/**
 * Recording without a terminal (nohup, cron, systemd): `start` connects the source, then this
 * waits for SIGINT, SIGTERM or SIGHUP, closes the file and resolves 0. main stops the cluster.
 */
export async function recordUntilSignalled(
	source: ScrapeSource,
	start: () => void,
	recorder: Recorder,
	urlDisplay: string,
): Promise<number> {
	say(
		`recording ${urlDisplay} to ${recorder.status().file} every ${source.intervalMs / 1000} s; ` +
			'stop with Ctrl-C, SIGTERM or SIGHUP',
	);
	const signal = await untilStopped(start, recorder.streams());
	await source.stop();
	recorder.close();
	say(`${signal}: ${recordingSummary(recorder)}`);
	return EXIT_OK;
}
