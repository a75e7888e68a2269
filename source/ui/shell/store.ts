/**
 * The TUI's store: reads the ONE model of the process — the pipeline's, fed by every round the
 * source delivered, including those before the screen started (first contact, `--at`) — and
 * hands the App one immutable TuiData per change (useSyncExternalStore). It never reduces on its
 * own: new rounds arrive through the pipeline; time and connection changes go to the pipeline's
 * tick(). No Ink here. The clock is injected; while replaying, "now" is the
 * recorded time so ages and durations read as they did then, and the replay passes its recorded
 * time to the pipeline itself (model-tick.ts): the store only shows what changed.
 */
import {createListeners} from '../../units/listeners.js';
import {msUntilTickDue, tickDue} from '../../model/tick.js';
import {longestFirst, seeRunning, type RunningMemory} from '../../model/index.js';
import type {Pipeline} from '../../pipeline.js';
import {workerPageAddress} from '../../parse/index.js';
import type {ScrapeCache} from '../../parse/index.js';
import type {ReplayControls, ScrapeSource} from '../../types/scrape-source.js';
import type {DrillPage} from '../../types/drill-page.js';
import type {WorkerPageState} from '../views/detail-figures.js';
import type {TuiControls, TuiData} from '../frame/tui-data.js';

export interface TuiStore {
	getData(): TuiData;
	subscribe(listener: () => void): () => void;
	/**
	 * Time passes: when the source's status changed, or MODEL_TICK_MS passed without a round, the
	 * model re-evaluates staleness and a new TuiData (with the clock) is published; otherwise
	 * nothing. A replay's time is the recording's, passed by its source: the wall clock moving
	 * changes nothing; a new TuiData is published when the recorded time passed (the model changed).
	 */
	tick(): void;
	/**
	 * How long until tick() may next have something to do: a second while the source is not live
	 * (connecting, or a retry's countdown on screen) or is a replay; else until time is next due to
	 * the model (MODEL_TICK_MS after it last heard of time). Live rounds keep moving that moment on,
	 * so between rounds the screen sleeps instead of being ticked every second for nothing.
	 */
	tickDelayMs(): number;
	/** The worker whose detail is open (its /info/worker page is read from the cache). */
	setDetail(address: string | null): void;
	/** Publishes the source's state again: a replay paused or sped up shows it at once. */
	republish(): void;
	dispose(): void;
}

/** The controls the keys drive for one source: its own, with the open detail told to its store too. */
export function sourceControls(source: ScrapeSource, store: Pick<TuiStore, 'setDetail' | 'republish'>): TuiControls {
	return {
		kind: source.kind,
		intervalMs: () => source.intervalMs,
		// Published at once: the header says the new interval with the footer's message, not a round later.
		setIntervalMs: (ms) => {
			const set = source.setIntervalMs(ms);
			store.republish();
			return set;
		},
		refreshNow: () => source.refreshNow(),
		setDetailWorker: (address) => {
			source.setDetailWorker(address);
			store.setDetail(address);
		},
		...(source.replay ? {replay: republishing(source.replay, store)} : {}),
		...(source.retireWorker ? {retireWorker: (address: string) => source.retireWorker?.(address)} : {}),
		...(source.fetchPage ? {fetchPage: (page: DrillPage) => source.fetchPage!(page)} : {}),
	};
}

/**
 * A replay's controls that publish the store after each: pausing, resuming or a new speed changes
 * the header and the footer without a new round (a step or a seek publishes by its rounds too).
 */
function republishing(replay: ReplayControls, store: Pick<TuiStore, 'republish'>): ReplayControls {
	const then =
		<A extends unknown[], R>(op: (...args: A) => R) =>
		(...args: A): R => {
			const result = op(...args);
			store.republish();
			return result;
		};
	return {
		position: () => replay.position(),
		togglePause: then(() => replay.togglePause()),
		step: then((rounds: number) => replay.step(rounds)),
		jumpMs: then((deltaMs: number) => replay.jumpMs(deltaMs)),
		toStart: then(() => replay.toStart()),
		toEnd: then(() => replay.toEnd()),
		cycleSpeed: then(() => replay.cycleSpeed()),
	};
}

/** The tick of a countdown on screen ("retrying in 3s") and of a replay following its recording. */
export const SECOND_MS = 1000;

export interface StoreOptions {
	readonly pipeline: Pipeline;
	readonly source: Pick<ScrapeSource, 'kind' | 'status' | 'intervalMs' | 'replay'>;
	readonly now: () => number;
}

/** The /info/worker page of `address` in the cache: its parsed holdings, or why it could not be read. */
export function workerPageState(cache: ScrapeCache, address: string): WorkerPageState | undefined {
	for (const entry of cache.entries.values()) {
		if (entry.target !== 'scheduler' || entry.kind !== 'worker-page' || workerPageAddress(entry.path) !== address)
			continue;
		const ok = entry.lastOk?.parsed;
		if (ok?.kind === 'worker-page') {
			const page = ok.value;
			return {
				address,
				byPrefix: page.byPrefix,
				inMemoryBytes: page.inMemoryBytes,
				keys: page.inMemory.length,
				fetchedMs: entry.lastOk!.result.startedMs,
				processing: page.processing.map((task) => task.key),
			};
		}
		return {
			address,
			error: entry.latest.detail ?? `answered ${entry.latest.result.status ?? 'nothing'}`,
			fetchedMs: entry.latest.result.startedMs,
		};
	}
	return undefined;
}

export function createTuiStore({pipeline, source, now}: StoreOptions): TuiStore {
	let detail: string | null = null;
	/** Since when each task the open detail's worker processes was seen (its page, read every 5 s). */
	let running: RunningMemory | undefined;
	let lastStatus = source.status();
	const listeners = createListeners();
	const recorded = source.kind === 'replay' ? source.replay : undefined;
	const clock = () => (recorded ? recorded.position().atMs : now());
	let lastModelTickMs = clock();

	const build = (): TuiData => {
		const replay = source.replay?.position();
		// A recording that never fetched this worker's page will not: say so rather than wait.
		const read = detail === null ? undefined : workerPageState(pipeline.cache(), detail);
		if (read?.processing !== undefined && read.fetchedMs !== undefined)
			running = seeRunning(running, read.address, read.processing, read.fetchedMs);
		const page =
			detail === null
				? undefined
				: read !== undefined
					? {...read, ...(running?.address === detail ? {running: longestFirst(running)} : {})}
					: recorded
						? {address: detail, notRecorded: true}
						: undefined;
		return {
			model: pipeline.state(),
			status: source.status(),
			intervalMs: source.intervalMs,
			nowMs: clock(),
			...(replay ? {replay} : {}),
			...(page ? {workerPage: page} : {}),
		};
	};
	let data = build();
	const publish = () => {
		data = build();
		listeners.notify();
	};

	// The pipeline has already reduced the round (and the source's status) when it calls back.
	const unsubscribe = pipeline.subscribe(() => {
		lastModelTickMs = clock();
		lastStatus = source.status();
		publish();
	});

	return {
		getData: () => data,
		subscribe: listeners.subscribe,
		tick() {
			if (recorded) {
				if (pipeline.state() !== data.model) publish();
				return;
			}
			const nowMs = clock();
			const status = source.status();
			const changed = status.state !== lastStatus.state || status.detail !== lastStatus.detail;
			if (changed || tickDue(lastModelTickMs, nowMs)) {
				pipeline.tick(nowMs, {status, intervalMs: source.intervalMs});
				lastModelTickMs = nowMs;
				lastStatus = status;
				publish();
			} else if (status.state === 'retrying') publish(); // "retrying in 3s" counts down
			// Otherwise nothing: a frame is not drawn again just because a second passed ("ago" texts
			// move with the data, or every MODEL_TICK_MS).
		},
		tickDelayMs() {
			if (recorded || lastStatus.state !== 'live') return SECOND_MS;
			return msUntilTickDue(lastModelTickMs, clock());
		},
		setDetail(address) {
			if (address !== detail) running = undefined;
			detail = address;
			publish();
		},
		republish: publish,
		dispose() {
			unsubscribe();
			listeners.clear();
		},
	};
}
