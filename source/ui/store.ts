/**
 * The TUI's store: runs the pure model over the pipeline's snapshots and hands the App one
 * immutable TuiData per change (useSyncExternalStore). No Ink here. The clock is injected; while
 * replaying, "now" is the recorded time so ages and durations read as they did then.
 */
import type {Pipeline} from '../pipeline.js';
import {initialState, reduce} from '../model/index.js';
import type {ClusterState, ModelOptions} from '../model/types.js';
import {workerPageAddress} from '../parse/endpoint-kind.js';
import type {ScrapeCache} from '../parse/index.js';
import type {ScrapeSource} from '../types/scrape-source.js';
import type {WorkerPageState} from './detail-lines.js';
import type {TuiData} from './tui-data.js';

export interface TuiStore {
	getData(): TuiData;
	subscribe(listener: () => void): () => void;
	/** Time passes: a new frame of input with the clock and the source's status; the model re-evaluates staleness when the status changed or every MODEL_TICK_MS. */
	tick(): void;
	/** The worker whose detail is open (its /info/worker page is read from the cache). */
	setDetail(address: string | null): void;
	dispose(): void;
}

/** How often time alone (no new data, same connection state) is passed to the model: a tick costs O(workers). */
export const MODEL_TICK_MS = 5000;

export interface StoreOptions {
	readonly pipeline: Pipeline;
	readonly source: Pick<ScrapeSource, 'kind' | 'status' | 'intervalMs' | 'replay'>;
	readonly modelOptions?: ModelOptions;
	readonly now: () => number;
}

/** The /info/worker page of `address` in the cache: its parsed holdings, or why it could not be read. */
export function workerPageState(cache: ScrapeCache, address: string): WorkerPageState | undefined {
	for (const entry of cache.entries.values()) {
		if (entry.target !== 'scheduler' || entry.kind !== 'worker-page' || workerPageAddress(entry.path) !== address) continue;
		const ok = entry.lastOk?.parsed;
		if (ok?.kind === 'worker-page') {
			const page = ok.value;
			return {
				address,
				byPrefix: page.byPrefix,
				inMemoryBytes: page.inMemoryBytes,
				keys: page.inMemory.length,
				fetchedMs: entry.lastOk!.result.startedMs,
			};
		}
		return {address, error: entry.latest.detail ?? `answered ${entry.latest.result.status ?? 'nothing'}`, fetchedMs: entry.latest.result.startedMs};
	}
	return undefined;
}

export function createTuiStore({pipeline, source, modelOptions, now}: StoreOptions): TuiStore {
	let model: ClusterState = initialState({...modelOptions, intervalMs: source.intervalMs});
	// The caller ingests the first round (first contact) before the TUI starts: begin from it.
	const first = pipeline.snapshot();
	if (first) {
		const nowMs = source.kind === 'replay' ? first.time * 1000 : now();
		model = reduce(model, {type: 'source-status', status: source.status(), nowMs, intervalMs: source.intervalMs});
		model = reduce(model, {type: 'snapshot', snapshot: first, nowMs});
	}
	let detail: string | null = null;
	let lastStatus = source.status();
	let lastModelTickMs = now();
	const listeners = new Set<() => void>();
	const clock = () => (source.kind === 'replay' && source.replay ? source.replay.position().atMs : now());

	const build = (): TuiData => {
		const replay = source.replay?.position();
		const page = detail === null ? undefined : workerPageState(pipeline.cache(), detail);
		return {
			model,
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
		for (const listener of [...listeners]) listener();
	};

	const unsubscribe = pipeline.subscribe((snapshot, raw, info) => {
		if (info.reset) model = reduce(model, {type: 'reset'});
		const nowMs = source.kind === 'replay' ? raw.atMs : now();
		model = reduce(model, {type: 'source-status', status: source.status(), nowMs, intervalMs: source.intervalMs});
		model = reduce(model, {type: 'snapshot', snapshot, nowMs});
		lastModelTickMs = nowMs;
		lastStatus = source.status();
		publish();
	});

	return {
		getData: () => data,
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		tick() {
			const nowMs = clock();
			const status = source.status();
			const changed = status.state !== lastStatus.state || status.detail !== lastStatus.detail;
			if (changed || nowMs - lastModelTickMs >= MODEL_TICK_MS || nowMs < lastModelTickMs) {
				model = reduce(model, {type: 'source-status', status, nowMs, intervalMs: source.intervalMs});
				model = reduce(model, {type: 'tick', nowMs});
				lastModelTickMs = nowMs;
				lastStatus = status;
			}
			publish();
		},
		setDetail(address) {
			detail = address;
			publish();
		},
		dispose() {
			unsubscribe();
			listeners.clear();
		},
	};
}
