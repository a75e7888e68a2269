/**
 * The TUI's stores, one TuiStore per cluster followed (each over its own pipeline and source),
 * ticked together, and the summaries the cluster bar shows, kept up to date from every cluster —
 * the background ones included, so their alerts are seen. One cluster has no bar: its summary is
 * not followed. No Ink here.
 */
import {createListeners} from '../../units/listeners.js';
import type {Pipeline} from '../../pipeline.js';
import type {ScrapeSource} from '../../types/scrape-source.js';
import {sameSummary, summarizeCluster, type ClusterSummary} from '../views/cluster-bar.js';
import {createTuiStore, type TuiStore} from './store.js';

/** One followed cluster as the TUI gets it. */
export interface TuiCluster {
	/** Short name for the bar (cluster-name.ts). */
	readonly name: string;
	/** The scheduler's URL as it may be shown (tokens redacted). */
	readonly url: string;
	readonly source: ScrapeSource;
	/** Connected to the source. */
	readonly pipeline: Pipeline;
	/** Why the first contact failed, until the cluster answers like Dask. */
	problem(): string | undefined;
}

export interface StoredCluster extends TuiCluster {
	readonly store: TuiStore;
}

export interface ClusterStores {
	readonly clusters: readonly StoredCluster[];
	/** The bar's summaries, in order; a new array whenever one of them changed. */
	summaries(): readonly ClusterSummary[];
	subscribe(listener: () => void): () => void;
	/** Time passes for every cluster. */
	tick(): void;
	/** How long until a cluster's tick() may next have something to do (the soonest of them). */
	tickDelayMs(): number;
	/** Calls `listener` whenever any cluster's store published new data. */
	subscribeStores(listener: () => void): () => void;
	dispose(): void;
}

export function createClusterStores(clusters: readonly TuiCluster[], now: () => number): ClusterStores {
	const stored: StoredCluster[] = clusters.map((cluster) => {
		const store = createTuiStore({pipeline: cluster.pipeline, source: cluster.source, now});
		return {...cluster, problem: () => cluster.problem(), store};
	});
	const summarize = (cluster: StoredCluster) =>
		summarizeCluster(cluster.name, cluster.store.getData(), cluster.problem());
	let summaries: readonly ClusterSummary[] = stored.map(summarize);
	const listeners = createListeners();

	const refresh = (index: number) => {
		const cluster = stored[index]!;
		const next = summarize(cluster);
		if (sameSummary(next, summaries[index]!)) return;
		summaries = summaries.map((s, i) => (i === index ? next : s));
		listeners.notify();
	};
	const unsubscribes = stored.length > 1 ? stored.map((cluster, i) => cluster.store.subscribe(() => refresh(i))) : [];

	return {
		clusters: stored,
		summaries: () => summaries,
		subscribe: listeners.subscribe,
		tick() {
			for (const cluster of stored) cluster.store.tick();
		},
		tickDelayMs: () => Math.min(...stored.map((cluster) => cluster.store.tickDelayMs())),
		subscribeStores(listener) {
			const offs = stored.map((cluster) => cluster.store.subscribe(listener));
			return () => {
				for (const off of offs) off();
			};
		},
		dispose() {
			for (const unsubscribe of unsubscribes) unsubscribe();
			for (const cluster of stored) cluster.store.dispose();
			listeners.clear();
		},
	};
}
