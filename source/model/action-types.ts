/** The actions `reduce` takes: a snapshot, call stacks read, a reset, time passing. Pure data. */
import type {StackReading} from '../types/drill-page.js';
import type {OwnGap} from '../types/raw-scrape.js';
import type {SourceStatus} from '../types/scrape-source.js';
import type {Snapshot} from '../types/snapshot.js';

export type ModelAction =
	/**
	 * A new snapshot. `nowMs` is when its round's answers were in (parse/round-time.ts: at or after
	 * snapshot.time·1000, the round's start; seconds after it when the scheduler was slow to answer);
	 * `source`: the source's state at that moment, told with the round (one reduction a round).
	 */
	| {
			readonly type: 'snapshot';
			readonly snapshot: Snapshot;
			readonly nowMs: number;
			readonly source?: SourceNow;
			/** The round's `gap`: dask-top itself did not run before it (recorded; own-gap.ts). */
			readonly gap?: OwnGap;
			/** The workers' call stacks the round carries (read on demand since the round before): findings' frames. */
			readonly stacks?: readonly StackReading[];
	  }
	/** Workers' call stacks read outside the rounds (--once, --check): findings' frames (diagnosis/frames.ts). */
	| {readonly type: 'stacks'; readonly stacks: readonly StackReading[]}
	/** Start over (replay seek, another cluster): history, events and progress are dropped. */
	| {readonly type: 'reset'}
	/** Time passes with no new data: re-evaluates staleness and durations (`source`: its state now, if told). */
	| {readonly type: 'tick'; readonly nowMs: number; readonly source?: SourceNow};

/**
 * The source's connection state (it feeds the stale/unreachable alert) and the poll interval in
 * force, told with a round or a tick.
 */
export interface SourceNow {
	/** Its `gap` (live): dask-top itself did not run for that stretch (own-gap.ts). */
	readonly status: SourceStatus;
	readonly intervalMs?: number;
}
