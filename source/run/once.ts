/**
 * `dask-top URL1 URL2 …`: several clusters, each its own HttpClient + Poller + Pipeline
 * (clusters.ts), contacted at the same time. main.ts hands over here when more than one cluster
 * is followed; one cluster keeps main's own path, unchanged.
 *
 * - --once / --json: each cluster's table one after another (a blank line between) or
 *   `{"clusters": [document, …]}`; a cluster that cannot be read prints its error line on stderr
 *   and is left out, the others are printed, and the exit code is 1.
 * - TUI: a cluster that cannot be read at start shows as down (or retrying) in the cluster bar
 *   and the others go on; only when none can be read for good does it exit 1 like one cluster.
 */
import {createClusters, startClusters, stopClusters, type ClusterHandle} from './clusters.js';
import {feedRound} from './first-contact.js';
import type {Options} from '../options/resolve.js';
import {formatOnceClusters} from '../output/once.js';

const EXIT_OK = 0;
const EXIT_UNREADABLE = 1;

export interface ClustersRun {
	readonly options: Options;
	/** PEM text of --ca-file, already read. */
	readonly ca?: string;
	readonly version: string;
	/** One line to stderr, prefixed `dask-top: `. */
	readonly say: (line: string) => void;
	/** Lowest poll interval (tests). */
	readonly minIntervalMs?: number;
}

export async function runClusters(run: ClustersRun): Promise<number> {
	const {options} = run;
	const clusters = createClusters({
		targets: options.clusters,
		intervalMs: options.intervalMs,
		timeoutMs: options.timeoutMs,
		model: options.model,
		...(run.ca === undefined ? {} : {ca: run.ca}),
		insecure: options.insecure,
		userAgent: `dask-top/${run.version}`,
		...(run.minIntervalMs === undefined ? {} : {minIntervalMs: run.minIntervalMs}),
	});
	try {
		return options.once ? await runOnce(clusters, run) : await runInteractive(clusters, run);
	} finally {
		await stopClusters(clusters);
	}
}

async function runOnce(clusters: readonly ClusterHandle[], {options, say}: ClustersRun): Promise<number> {
	const contact = {timeoutMs: options.timeoutMs, isDefaultUrl: false};
	const failures = await Promise.all(
		clusters.map(async (cluster) => {
			const verdict = await cluster.contact(contact);
			if (!verdict.ok) return verdict.message;
			const followUp = await cluster.poller.round({followUp: true});
			if (followUp.responses.length > 0) feedRound(cluster.poller, cluster.pipeline, followUp);
			return cluster.pipeline.snapshot() === undefined ? `no answer from ${cluster.url.display}` : undefined;
		}),
	);
	for (const failure of failures) if (failure !== undefined) say(failure);
	const read = clusters.filter((_, i) => failures[i] === undefined).map((cluster) => cluster.pipeline);
	const text = formatOnceClusters(read, options.json, options.ascii);
	if (text !== undefined) process.stdout.write(text);
	return failures.some((failure) => failure !== undefined) ? EXIT_UNREADABLE : EXIT_OK;
}

async function runInteractive(clusters: readonly ClusterHandle[], {options, say}: ClustersRun): Promise<number> {
	const tellProgress = process.stderr.isTTY === true;
	if (tellProgress) process.stderr.write(`Connecting to ${clusters.length} clusters …\r`);
	const contact = {timeoutMs: options.timeoutMs, isDefaultUrl: false};
	const verdicts = await Promise.all(clusters.map((cluster) => cluster.contact(contact)));
	if (tellProgress) process.stderr.write('\u001B[2K\r');
	if (verdicts.every((verdict) => !verdict.ok && verdict.permanent)) {
		for (const verdict of verdicts) if (!verdict.ok) say(verdict.message);
		return EXIT_UNREADABLE;
	}
	for (const verdict of verdicts) if (!verdict.ok) say(`${verdict.message} (following the other clusters)`);
	const {runTui} = await import('../ui/run.js');
	startClusters(clusters);
	const first = clusters[0]!;
	return runTui({
		options,
		source: first.poller,
		pipeline: first.pipeline,
		clusters: clusters.map((cluster) => ({name: cluster.name, url: cluster.url.display, source: cluster.poller, pipeline: cluster.pipeline, problem: () => cluster.problem()})),
	});
}
