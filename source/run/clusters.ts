/**
 * The clusters followed, one or several: one HttpClient + Poller + Pipeline per scheduler, built
 * here and nowhere else, contacted, started and stopped together. One cluster is a list of one.
 * A cluster that cannot be read at first contact does not stop the others: it keeps its diagnosis
 * as a `problem` (shown as down in the cluster bar) until one of its rounds answers like Dask again.
 */
import {INTERVAL_RANGE} from '../options/ranges.js';
import type {Options} from '../options/resolve.js';
import {createPipeline, type Pipeline} from '../pipeline.js';
import {HttpClient} from '../scrape/client.js';
import {looksLikeDask, type FirstContact} from '../scrape/first-contact-verdict.js';
import {planHints} from './plan-hints.js';
import {Poller} from '../scrape/poller.js';
import type {SchedulerUrl} from '../scrape/url.js';
import type {TuiCluster} from '../ui/shell/cluster-stores.js';
import {textStyleOf} from '../units/inert.js';
import {shortClusterNames} from './cluster-name.js';
import {contactRound, feedRound, type ContactOptions} from './first-contact.js';

export class Cluster {
	private trouble: string | undefined;

	constructor(
		/** Short, distinct among the clusters followed (cluster-name.ts). */
		readonly name: string,
		readonly url: SchedulerUrl,
		readonly poller: Poller,
		readonly pipeline: Pipeline,
		/** Plain ASCII output: how a diagnosis shows what the server said (units/inert.ts). */
		private readonly ascii = false,
		/** Names of the headers sent to its scheduler (-H), never their values. */
		private readonly headerNames: readonly string[] = [],
	) {
		pipeline.subscribe((_snapshot, raw) => {
			if (this.trouble !== undefined && raw.responses.some(looksLikeDask)) this.trouble = undefined;
		});
	}

	/** Why the first contact failed, until a round answers like Dask; undefined when all is well. */
	problem(): string | undefined {
		return this.trouble;
	}

	/** One full round, diagnosed and fed to the pipeline; a failure is kept as the cluster's problem. */
	async contact(options: Omit<ContactOptions, 'display' | 'ascii' | 'headerNames'>): Promise<FirstContact> {
		const {round, verdict} = await contactRound(this.poller, {
			...options,
			display: this.url.display,
			ascii: this.ascii,
			headerNames: this.headerNames,
		});
		feedRound(this.poller, this.pipeline, round);
		this.trouble = verdict.ok ? undefined : verdict.message;
		return verdict;
	}

	/** The cluster as the TUI gets it. */
	forTui(): TuiCluster {
		return {
			name: this.name,
			url: this.url.display,
			source: this.poller,
			pipeline: this.pipeline,
			problem: () => this.problem(),
		};
	}
}

export interface Connection {
	/** PEM text of --ca-file, for every cluster. */
	readonly ca?: string;
	readonly userAgent: string;
}

/** Every cluster of options.clusters, in order (the first is options.url), none contacted yet. */
export function createClusters(
	options: Pick<Options, 'clusters' | 'intervalMs' | 'timeoutMs' | 'model' | 'insecure' | 'json' | 'ascii'>,
	connection: Connection,
): Cluster[] {
	const names = shortClusterNames(options.clusters.map((t) => t.url.base));
	return options.clusters.map((target, i) => {
		const client = new HttpClient({
			timeoutMs: options.timeoutMs,
			schedulerOrigin: new URL(target.url.base).origin,
			headers: target.headers,
			...(connection.ca === undefined ? {} : {ca: connection.ca}),
			insecure: options.insecure,
			userAgent: connection.userAgent,
		});
		const pipeline = createPipeline({model: options.model, text: textStyleOf(options)});
		const poller = new Poller({
			url: target.url,
			client,
			intervalMs: options.intervalMs,
			maxIntervalMs: INTERVAL_RANGE.maxMs,
			timeoutMs: options.timeoutMs,
			hints: () => planHints(pipeline.snapshot(), pipeline.state()),
		});
		const headerNames = target.headers.map((header) => header.name);
		return new Cluster(names[i] ?? target.url.display, target.url, poller, pipeline, options.ascii, headerNames);
	});
}

/** Stops every poller (and closes its client), all at once; one failing stop does not keep the others running. */
export async function stopClusters(clusters: readonly Cluster[]): Promise<void> {
	await Promise.allSettled(clusters.map((cluster) => cluster.poller.stop()));
}
