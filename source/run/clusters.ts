/**
 * Several clusters are several pipelines side by side: one HttpClient + Poller + Pipeline per
 * scheduler, created, contacted, started and stopped together. A cluster that cannot be read at
 * first contact does not stop the others: it keeps its diagnosis as a `problem` (shown as down in
 * the cluster bar) until one of its rounds answers like Dask again.
 */
import {shortClusterNames} from './cluster-name.js';
import type {ModelOptions} from '../model/types.js';
import type {ClusterTarget} from '../options/urls.js';
import {connect, createPipeline, type Pipeline} from '../pipeline.js';
import {HttpClient} from '../scrape/client.js';
import {contactRound, feedRound, type ContactOptions} from './first-contact.js';
import {looksLikeDask, type FirstContact} from '../scrape/diagnose.js';
import {planHints} from '../scrape/hints.js';
import {Poller} from '../scrape/poller.js';
import type {SchedulerUrl} from '../scrape/url.js';

export interface Cluster {
	/** Short, distinct among the clusters followed (cluster-name.ts). */
	readonly name: string;
	readonly url: SchedulerUrl;
	readonly poller: Poller;
	readonly pipeline: Pipeline;
	/** Why the first contact failed, until a round answers like Dask; undefined when all is well. */
	problem(): string | undefined;
}

export interface ClustersConfig {
	readonly targets: readonly ClusterTarget[];
	readonly intervalMs: number;
	readonly timeoutMs: number;
	readonly model: ModelOptions;
	/** PEM text of --ca-file, for every cluster. */
	readonly ca?: string;
	readonly insecure: boolean;
	readonly userAgent: string;
	/** Lowest poll interval (tests go below 1 s). */
	readonly minIntervalMs?: number;
}

export class ClusterHandle implements Cluster {
	private trouble: string | undefined;

	constructor(
		readonly name: string,
		readonly url: SchedulerUrl,
		readonly poller: Poller,
		readonly pipeline: Pipeline,
	) {
		pipeline.subscribe((_snapshot, raw) => {
			if (this.trouble !== undefined && raw.responses.some(looksLikeDask)) this.trouble = undefined;
		});
	}

	problem(): string | undefined {
		return this.trouble;
	}

	/** One full round, diagnosed and fed to the pipeline; a failure is kept as the cluster's problem. */
	async contact(options: Omit<ContactOptions, 'display'>): Promise<FirstContact> {
		const {round, verdict} = await contactRound(this.poller, {...options, display: this.url.display});
		feedRound(this.poller, this.pipeline, round);
		this.trouble = verdict.ok ? undefined : verdict.message;
		return verdict;
	}
}

export function createClusters(config: ClustersConfig): ClusterHandle[] {
	const names = shortClusterNames(config.targets.map((t) => t.url.base));
	return config.targets.map((target, i) => {
		const client = new HttpClient({
			timeoutMs: config.timeoutMs,
			schedulerOrigin: new URL(target.url.base).origin,
			headers: target.headers,
			...(config.ca === undefined ? {} : {ca: config.ca}),
			insecure: config.insecure,
			userAgent: config.userAgent,
		});
		const pipeline = createPipeline({model: config.model});
		const poller = new Poller({
			url: target.url,
			client,
			intervalMs: config.intervalMs,
			timeoutMs: config.timeoutMs,
			hints: () => planHints(pipeline.snapshot()),
			...(config.minIntervalMs === undefined ? {} : {minIntervalMs: config.minIntervalMs}),
		});
		return new ClusterHandle(names[i] ?? target.url.display, target.url, poller, pipeline);
	});
}

/** Starts every cluster's poller feeding its own pipeline. */
export function startClusters(clusters: readonly Cluster[]): void {
	for (const cluster of clusters) connect(cluster.poller, cluster.pipeline);
}

/** Stops every poller (and closes its client), all at once; one failing stop does not keep the others running. */
export async function stopClusters(clusters: readonly Cluster[]): Promise<void> {
	await Promise.allSettled(clusters.map((cluster) => cluster.poller.stop()));
}
