/**
 * RawScrape in, Snapshot and model state out — the one way through the code for live, replay and
 * demo. The Pipeline holds the ScrapeCache (latest answer of every endpoint), the latest Snapshot
 * and the model's ClusterState. No I/O, no clock: a round's own start (`raw.atMs`) stamps its
 * snapshot, and the time its answers were in (parse/round-time.ts) is the model's `nowMs` for
 * it. Every source feeds ingest(); every sink reads snapshot() / state() or subscribes.
 *
 * - ingest(raw): merge (where text from the cluster is made inert, parse/cache.ts) → buildSnapshot →
 *   reduce(state, snapshot at the round's time, with the workers' call stacks it carries). `reset` (a replay
 *   seeked) empties the cache and starts the model over (reduce 'reset': history, events and
 *   progress dropped, the poll interval in force kept).
 * - tick(nowMs, source?): time passes or the connection changes without new data, so staleness
 *   and alert durations update (live: the screen's store on the wall clock; a replay: its source on
 *   the recorded clock, model-tick.ts).
 * - connect(source, pipeline) feeds every round with the source's state at its time, and a
 *   replay's ticks.
 *
 * This is the ONE model of the process: the TUI store reads `state()` and passes time through
 * tick(), --once and the recorder read the same. Subscribers run after the state
 * is reduced, so `state()` inside a listener is current.
 */
import {createListeners} from './units/listeners.js';
import {initialState, reduce} from './model/index.js';
import type {ClusterState, ModelOptions, SourceNow} from './model/types.js';
import {
	buildSnapshot,
	emptyCache,
	mergeScrape,
	roundTimeMs,
	stackReadings,
	withActions,
	type ScrapeCache,
} from './parse/index.js';
import type {EndpointResult, RawScrape} from './types/raw-scrape.js';
import type {ScrapeSource} from './types/scrape-source.js';
import type {Snapshot} from './types/snapshot.js';
import {inertIn, type TextStyle} from './units/inert.js';

export type SnapshotListener = (snapshot: Snapshot, raw: RawScrape, info: {readonly reset: boolean}) => void;

export interface PipelineOptions {
	/** Thresholds, --stall-after, --target-duration, --minimum/--maximum, the poll interval (Options.model). */
	readonly model?: ModelOptions;
	/**
	 * What becomes of text from the cluster or a recording (units/inert.ts): made inert for a
	 * terminal (`unicode`, the default, or `ascii`), or kept `exact` for --json.
	 */
	readonly text?: TextStyle;
}

export interface IngestOptions {
	/** A replay seeked: the cache is emptied and the model starts over first. */
	readonly reset?: boolean;
	/** The source's state at the round's time (its status feeds the stale alert and the header's load). */
	readonly source?: SourceNow;
}

export interface Pipeline {
	/**
	 * Merges a round into the cache (after emptying it when `reset`: a replay seeked), rebuilds the
	 * snapshot and reduces it into the model.
	 */
	ingest(raw: RawScrape, options?: IngestOptions): Snapshot;
	/** The latest snapshot, undefined before the first round. */
	snapshot(): Snapshot | undefined;
	/** The model's state after everything ingested, ticked and told so far. */
	state(): ClusterState;
	cache(): ScrapeCache;
	/**
	 * Drill-down pages read outside the rounds (--once, --check): a worker's call stacks become the
	 * frame of the findings that wanted them (model/diagnosis/frames.ts). Listeners are not told: no
	 * round came.
	 */
	readPages(results: readonly EndpointResult[]): void;
	/** Time passes with no new data: staleness and durations are re-evaluated (`source`: its state now). */
	tick(nowMs: number, source?: SourceNow): ClusterState;
	/** Called after every ingest (the state already reduced); returns the unsubscribe function. */
	subscribe(listener: SnapshotListener): () => void;
}

export function createPipeline(options: PipelineOptions = {}): Pipeline {
	const text = options.text ?? 'unicode';
	let cache = emptyCache(text);
	let latest: Snapshot | undefined;
	let model = initialState(options.model);
	const listeners = createListeners<Parameters<SnapshotListener>>();
	const stacksOf = (results: readonly EndpointResult[]) => {
		const stacks = stackReadings(results, inertIn(text));
		return stacks.length === 0 ? {} : {stacks};
	};

	return {
		ingest(raw, ingestOptions = {}) {
			const reset = ingestOptions.reset === true;
			cache = mergeScrape(reset ? emptyCache(text) : cache, raw);
			latest = withActions(buildSnapshot(cache, raw.atMs), raw, text);
			if (reset) model = reduce(model, {type: 'reset'});
			const told = ingestOptions.source;
			const nowMs = roundTimeMs(raw);
			model = reduce(model, {
				type: 'snapshot',
				snapshot: latest,
				nowMs,
				...(told ? {source: told} : {}),
				...(raw.gap ? {gap: raw.gap} : {}),
				...stacksOf(raw.responses),
			});
			listeners.notify(latest, raw, {reset});
			return latest;
		},
		snapshot: () => latest,
		state: () => model,
		cache: () => cache,
		readPages(results) {
			const stacks = stackReadings(results, inertIn(text));
			if (stacks.length > 0) model = reduce(model, {type: 'stacks', stacks});
		},
		tick(nowMs, told) {
			model = reduce(model, {type: 'tick', nowMs, ...(told ? {source: told} : {})});
			return model;
		},
		subscribe: listeners.subscribe,
	};
}

/**
 * Starts a source feeding the pipeline: every round it delivers, with the source's status and
 * interval at the round's time and its reset flag — the order the TUI store uses — and, from a
 * replay, the recorded time passing between rounds (ticks on the recorded clock).
 */
export function connect(source: ScrapeSource, pipeline: Pipeline): void {
	const told = (): SourceNow => ({status: source.status(), intervalMs: source.intervalMs});
	source.start(
		// A reset keeps the status told here (the model's reset drops data, not the source).
		(raw, info) => pipeline.ingest(raw, {reset: info?.reset === true, source: told()}),
		(nowMs) => pipeline.tick(nowMs, told()),
	);
}
