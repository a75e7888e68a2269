/**
 * --replay FILE / --demo: a recording drives the same outputs and screen as a live cluster: a
 * snapshot at a moment (--once, --json), a --diff of two moments, or the TUI driven by a
 * ReplaySource. All user-facing failures are one line (say.ts), exit 1 (--diff's moments in the
 * wrong order: a usage error, exit 2).
 */
import type {TimeWindowKind} from '../model/types.js';
import type {ModelOptions} from '../model/types.js';
import type {ReplayFrom} from '../options/recording.js';
import type {Options} from '../options/resolve.js';
import {jsonText} from '../output/json-document.js';
import {formatOnce} from '../output/once-format.js';
import {createPipeline} from '../pipeline.js';
import {formatDiffText} from '../record/diff-text.js';
import {diffSnapshots} from '../record/diff.js';
import {isoTime, resolveMoment, roundIndexAt} from '../record/moments.js';
import {openRecording, RecordingReadError} from '../record/reader.js';
import {recordedFeed} from '../record/recorded-feed.js';
import {ReplaySource} from '../record/replay-source.js';
import {cacheFold, snapshotsAt} from '../record/snapshot-at.js';
import {EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE} from '../types/exit-codes.js';
import type {RawScrape} from '../types/raw-scrape.js';
import type {Snapshot} from '../types/snapshot.js';
import {inert, textStyleOf} from '../units/inert.js';
import {runScreen} from './interactive.js';
import {prose, say} from './say.js';

/** What --once tells the model of a replay's source (its recorded clock is the rounds' and their ticks'). */
const REPLAY_STATUS = {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0} as const;

export interface ReplayOutput
	extends Pick<Options, 'color' | 'ascii' | 'mouse'>,
		Partial<Pick<Options, 'theme' | 'columns' | 'configFile'>> {
	readonly once: boolean;
	readonly json: boolean;
	/** --time-window: the window of --once's time spent (default: since the scheduler started). */
	readonly timeWindow?: TimeWindowKind;
	/** The model's options (thresholds, --stall-after, …) for --once's alerts and events, and the TUI's. */
	readonly model?: ModelOptions;
}

function readFailure(error: unknown): number {
	if (!(error instanceof RecordingReadError)) throw error;
	say(error.message);
	return EXIT_UNREADABLE;
}

/** What the screen's header names the --demo cluster by, in place of the recording's URL. */
export const DEMO_NAME = 'demo';

/** `--replay FILE` / `--demo`: a snapshot, a diff, or the TUI. */
export async function runReplay(replay: ReplayFrom, output: ReplayOutput): Promise<number> {
	const missingDemo = (): number => {
		say(`the bundled demo recording is missing (${replay.file}): reinstall dask-top`);
		return EXIT_UNREADABLE;
	};
	try {
		if (replay.diff !== undefined) {
			const {moments, startMs, summary} = await snapshotsAt(replay.file, replay.diff, cacheFold(textStyleOf(output)));
			for (const warning of summary.warnings) say(`warning: ${warning}`);
			const [fromMs, toMs] = replay.diff.map((spec) =>
				spec.kind === 'end' ? Number.POSITIVE_INFINITY : resolveMoment(spec, startMs, startMs),
			);
			if ((fromMs as number) > (toMs as number)) {
				say(
					`--diff: the first moment (${isoTime(fromMs as number)}) ` +
						`is after the second (${Number.isFinite(toMs) ? isoTime(toMs as number) : 'the end'}): ` +
						'give the earlier one first',
				);
				process.stderr.write('Run dask-top --help for usage.\n');
				return EXIT_USAGE;
			}
			const diff = diffSnapshots(
				(moments[0] as {snapshot: Snapshot}).snapshot,
				(moments[1] as {snapshot: Snapshot}).snapshot,
			);
			process.stdout.write(output.json ? jsonText(diff, output.ascii) : prose(formatDiffText(diff, {startMs})));
			return EXIT_OK;
		}
		if (output.once) {
			// Every round up to the moment goes through the pipeline, with the recorded time passing
			// between rounds as in the TUI's replay (recorded-feed.ts), so the model holds the
			// recording's events until then; its snapshot is the moment's (the same fold).
			const pipeline = createPipeline({...(output.model ? {model: output.model} : {}), text: textStyleOf(output)});
			const feed = recordedFeed(pipeline, REPLAY_STATUS);
			const fold = {add: (raw: RawScrape) => feed.add(raw), snapshot: () => pipeline.snapshot() as Snapshot};
			const {summary, startMs} = await snapshotsAt(replay.file, [replay.at ?? {kind: 'end'}], fold);
			// A moment between two rounds: the time up to it passes, as on the screen then.
			if (replay.at !== undefined && replay.at.kind !== 'end') feed.until(resolveMoment(replay.at, startMs, startMs));
			for (const warning of summary.warnings) say(`warning: ${warning}`);
			process.stdout.write(formatOnce(pipeline, output.json, output.ascii, false, output.timeWindow) ?? '');
			return EXIT_OK;
		}
		const recording = await openRecording(replay.file);
		for (const warning of recording.warnings) say(`warning: ${warning}`);
		let start: {startIndex: number; startAtMs?: number} = {startIndex: 0};
		if (replay.at !== undefined) {
			const times = Array.from({length: recording.rounds.count}, (_, i) => recording.rounds.atMs(i));
			const index = roundIndexAt(times, replay.at);
			if (typeof index === 'string') {
				say(index);
				return EXIT_UNREADABLE;
			}
			start = {startIndex: index, startAtMs: resolveMoment(replay.at, times[0]!, times.at(-1)!)};
		}
		const source = new ReplaySource(recording.rounds, {...start, loop: replay.loop, paused: replay.at !== undefined});
		// The TUI driven by the replay: the recorded URL (foreign text too) stands in for the scheduler's;
		// the demo's is a loopback address of the machine it was recorded on, so the header says "demo".
		const url = replay.demo ? DEMO_NAME : inert(recording.header.url || recording.rounds.round(0).base, output.ascii);
		const text = textStyleOf({json: false, ascii: output.ascii});
		const pipeline = createPipeline({...(output.model ? {model: output.model} : {}), text});
		try {
			return await runScreen([{name: url, url, source, pipeline, problem: () => undefined}], output);
		} finally {
			await source.stop();
		}
	} catch (error) {
		if (replay.demo && error instanceof RecordingReadError && /no such file/.test(error.message)) return missingDemo();
		return readFailure(error);
	}
}
