/**
 * A recording's rounds into a pipeline as live fed them, with the recorded clock: before each
 * round, time passes at the moments live's screen passed it after the round before (model-tick.ts),
 * and every round and tick is told the poll interval in force (recorded with the round, else
 * estimated the same way the replay source does). `--replay --once` folds a streamed recording
 * through this; the replay source (replay-source.ts) follows the same moments at the recorded pace,
 * so both reach the same events at the same times. Pure: no clock, no I/O.
 */
import {nextTickMs} from '../model/tick.js';
import type {SourceNow} from '../model/types.js';
import {roundTimeMs, timePassesUntilMs} from '../parse/index.js';
import type {Pipeline} from '../pipeline.js';
import {DEFAULT_INTERVAL_MS} from '../types/poll-interval.js';
import type {RawScrape} from '../types/raw-scrape.js';
import type {SourceStatus} from '../types/scrape-source.js';

/** The interval estimated before a recording shows any gap between rounds (the default --interval). */
export const UNKNOWN_INTERVAL_MS = DEFAULT_INTERVAL_MS;
/** How many gaps between the first rounds estimate the interval of a recording that did not record it. */
export const ESTIMATE_GAPS = 16;

/**
 * The poll interval of a recording made before rounds carried theirs: the median gap between its
 * first rounds (ESTIMATE_GAPS at most), as far as they were added; UNKNOWN_INTERVAL_MS before
 * any gap. Rounds are added in order; streaming (--once) and loaded (the replay source) estimates
 * agree round by round.
 */
export class IntervalEstimate {
	readonly #gaps: number[] = [];
	#lastMs: number | undefined;
	#ms = UNKNOWN_INTERVAL_MS;

	/** The next round's time (parse/round-time.ts). */
	add(timeMs: number): void {
		if (this.#lastMs !== undefined && this.#gaps.length < ESTIMATE_GAPS) {
			this.#gaps.push(timeMs - this.#lastMs);
			const sorted = [...this.#gaps].sort((a, b) => a - b);
			const median = sorted[Math.floor(sorted.length / 2)] as number;
			this.#ms = median > 0 ? median : UNKNOWN_INTERVAL_MS;
		}
		this.#lastMs = timeMs;
	}

	get ms(): number {
		return this.#ms;
	}
}

export interface RecordedFeed {
	/** The next round of the recording (in order): the time before it passes, then it is ingested. */
	add(raw: RawScrape): void;
	/** The time after the last round passes up to `atMs` (a moment before the next round: --at). */
	until(atMs: number): void;
}

/** Feeds `pipeline` from the start of a recording, each round and tick told `status`. */
export function recordedFeed(pipeline: Pick<Pipeline, 'ingest' | 'tick'>, status: SourceStatus): RecordedFeed {
	const estimate = new IntervalEstimate();
	// The last round's time and what it was told, and the recorded time now (that round's or a tick's).
	let last: {readonly roundMs: number; readonly told: SourceNow} | undefined;
	let nowMs = 0;
	/** Ticks after the last round, before `beforeMs` and at most `untilMs`. */
	const pass = (beforeMs: number, untilMs: number) => {
		if (last === undefined) return;
		const {roundMs, told} = last;
		for (
			let t = nextTickMs(roundMs, nowMs, beforeMs);
			t !== undefined && t <= untilMs;
			t = nextTickMs(roundMs, t, beforeMs)
		) {
			pipeline.tick(t, told);
			nowMs = t;
		}
	};
	return {
		add(raw) {
			const timeMs = roundTimeMs(raw);
			// Not into a gap the round carries: live did not run then, so no moment of it was judged.
			pass(timeMs, timePassesUntilMs(raw));
			estimate.add(timeMs);
			const told: SourceNow = {status, intervalMs: raw.intervalMs ?? estimate.ms};
			pipeline.ingest(raw, {source: told});
			last = {roundMs: timeMs, told};
			nowMs = timeMs;
		},
		until: (atMs) => pass(Number.POSITIVE_INFINITY, atMs),
	};
}
