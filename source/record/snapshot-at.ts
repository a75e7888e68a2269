/**
 * The snapshot at given moments of a recording, streaming: rounds are folded into the parse
 * cache (or a pipeline) one by one, exactly as the live pipeline folds them, and the fold's
 * Snapshot is taken when the next round would pass a moment. Reading stops as soon as every moment is
 * taken, so `--at +30s` on a long recording reads only its first half minute.
 */
import {buildSnapshot, emptyCache, mergeScrape, type ScrapeCache} from '../parse/index.js';
import {withActions} from '../parse/index.js';
import {roundTimeMs} from '../parse/index.js';
import type {RawScrape} from '../types/raw-scrape.js';
import type {Snapshot} from '../types/snapshot.js';
import type {TextStyle} from '../units/inert.js';
import {readRecording, RecordingReadError, type ReadSummary} from './reader.js';
import {outsideReason, resolveMoment, type MomentSpec} from './moments.js';

/** The time the live pipeline stamps a round's snapshot with (pipeline.ts): the round's own start. */
export function snapshotTimeMs(raw: RawScrape): number {
	return raw.atMs;
}

export interface MomentSnapshot {
	readonly snapshot: Snapshot;
	/** The round the snapshot was built after, and when it started. */
	readonly index: number;
	readonly atMs: number;
}

export interface SnapshotsAt {
	readonly summary: ReadSummary;
	/** The first round's time (parse/round-time.ts: when its answers were in), epoch ms. */
	readonly startMs: number;
	/** In the order the moments were given. */
	readonly moments: readonly MomentSnapshot[];
}

/** Where rounds are folded: the snapshot of everything added so far. */
export interface RoundFold {
	add(raw: RawScrape): void;
	snapshot(): Snapshot;
}

/** Folds into a parse cache, as the live pipeline does (`text`: what becomes of foreign text, units/inert.ts). */
export function cacheFold(text: TextStyle = 'unicode'): RoundFold {
	let cache: ScrapeCache = emptyCache(text);
	let last: RawScrape | undefined;
	return {
		add(raw) {
			cache = mergeScrape(cache, raw);
			last = raw;
		},
		snapshot: () => withActions(buildSnapshot(cache, snapshotTimeMs(last as RawScrape)), last as RawScrape, cache.text),
	};
}

interface Folded {
	readonly last: RawScrape;
	readonly index: number;
}

/**
 * Snapshots at each moment of `file`. `end` (and a moment past the last round by at most
 * moments.END_TOLERANCE_MS) is the last round. Rejects with RecordingReadError for a bad file or a
 * moment outside the recording. `fold` gets every round up to the last moment, in order: a parse
 * cache by default; --replay --once passes its pipeline (a pipeline builds the same snapshots), so
 * its model holds the events until then and every answer is parsed once.
 */
export async function snapshotsAt(
	file: string,
	specs: readonly MomentSpec[],
	fold: RoundFold = cacheFold(),
): Promise<SnapshotsAt> {
	const snapshotOf = (folded: Folded): MomentSnapshot => ({
		snapshot: fold.snapshot(),
		index: folded.index,
		atMs: folded.last.atMs,
	});
	const taken: Array<MomentSnapshot | undefined> = specs.map(() => undefined);
	let targets: number[] | undefined;
	let folded: Folded | undefined;
	let startMs = 0;
	let outside: string | undefined;
	const summary = await readRecording(file, (raw, index) => {
		if (targets === undefined) {
			startMs = roundTimeMs(raw);
			// `end` is only known at the end of the file: Infinity keeps it waiting.
			targets = specs.map((spec) =>
				spec.kind === 'end' ? Number.POSITIVE_INFINITY : resolveMoment(spec, startMs, startMs),
			);
			const early = specs.findIndex((spec, i) => spec.kind !== 'end' && (targets as number[])[i]! < startMs);
			if (early !== -1) {
				outside = outsideReason(specs[early] as MomentSpec, startMs, startMs);
				return false;
			}
		}
		if (folded !== undefined) {
			// A round counts from when its answers were in (as on the screen, and as a replay's --at).
			for (let i = 0; i < specs.length; i += 1)
				if (taken[i] === undefined && roundTimeMs(raw) > (targets[i] as number)) taken[i] = snapshotOf(folded);
			if (taken.every((t) => t !== undefined)) return false;
		}
		fold.add(raw);
		folded = {last: raw, index};
		return true;
	});
	if (outside !== undefined) throw new RecordingReadError(outside);
	const last = folded as Folded;
	for (let i = 0; i < specs.length; i += 1) {
		if (taken[i] !== undefined) continue;
		const reason = outsideReason(specs[i] as MomentSpec, startMs, roundTimeMs(last.last));
		if (reason !== undefined) throw new RecordingReadError(reason);
		taken[i] = snapshotOf(last);
	}
	return {summary, startMs, moments: taken as MomentSnapshot[]};
}
