/**
 * RawScrape in, Snapshot out: holds the ScrapeCache (latest answer of every endpoint) and the
 * latest Snapshot. No I/O, no clock: a round's own time stamps its snapshot. Every source (live,
 * replay, demo) feeds ingest(); every sink reads snapshot() or subscribes.
 *
 * `produce` is the one place a new snapshot is made; the model reducer plugs in right after it.
 */
import {buildSnapshot, emptyCache, mergeScrape, type ScrapeCache} from './parse/index.js';
import type {RawScrape} from './types/raw-scrape.js';
import type {ScrapeSource} from './types/scrape-source.js';
import type {Snapshot} from './types/snapshot.js';

export type SnapshotListener = (snapshot: Snapshot, raw: RawScrape, info: {readonly reset: boolean}) => void;

export interface Pipeline {
	/** Merges a round into the cache (after emptying it when `reset`: a replay seeked) and rebuilds the snapshot. */
	ingest(raw: RawScrape, options?: {readonly reset?: boolean}): Snapshot;
	/** The latest snapshot, undefined before the first round. */
	snapshot(): Snapshot | undefined;
	cache(): ScrapeCache;
	/** Called after every ingest; returns the unsubscribe function. */
	subscribe(listener: SnapshotListener): () => void;
}

export function createPipeline(): Pipeline {
	let cache = emptyCache();
	let latest: Snapshot | undefined;
	const listeners = new Set<SnapshotListener>();

	const produce = (raw: RawScrape, reset: boolean): Snapshot => {
		cache = mergeScrape(reset ? emptyCache() : cache, raw);
		return buildSnapshot(cache, raw.atMs);
	};

	return {
		ingest(raw, options = {}) {
			const reset = options.reset === true;
			latest = produce(raw, reset);
			for (const listener of [...listeners]) listener(latest, raw, {reset});
			return latest;
		},
		snapshot: () => latest,
		cache: () => cache,
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
	};
}

/** Starts a source feeding the pipeline: every round it delivers is ingested (with its reset flag). */
export function connect(source: ScrapeSource, pipeline: Pipeline): void {
	source.start((raw, info) => {
		pipeline.ingest(raw, {reset: info?.reset === true});
	});
}
