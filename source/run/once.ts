/**
 * `--once` / `--json` (or stdout not a terminal): one complete poll of every cluster, contacted at
 * the same time, plus the follow-up passes (follow-up.ts); then one table or JSON document, and exit.
 *
 * One cluster prints its table or document. Several print each table one after another (a blank
 * line between) or `{"clusters": [document, …]}`; a cluster that cannot be read prints its error
 * line on stderr and is left out, the others are printed, and the exit code is 1.
 */
import type {Options} from '../options/resolve.js';
import {formatOnce, formatOnceClusters} from '../output/once-format.js';
import {EXIT_OK, EXIT_UNREADABLE} from '../types/exit-codes.js';
import type {Cluster} from './clusters.js';
import {followUp} from './follow-up.js';
import {say} from './say.js';

export async function runOnce(
	clusters: readonly Cluster[],
	options: Pick<Options, 'json' | 'ascii' | 'timeoutMs' | 'urlFrom' | 'timeWindow'>,
): Promise<number> {
	const contact = {timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'};
	const failures = await Promise.all(
		clusters.map(async (cluster) => {
			const verdict = await cluster.contact(contact);
			if (!verdict.ok) return verdict.message;
			await followUp(cluster);
			return cluster.pipeline.snapshot() === undefined ? `no answer from ${cluster.url.display}` : undefined;
		}),
	);
	for (const failure of failures) if (failure !== undefined) say(failure);
	const read = clusters.filter((_, i) => failures[i] === undefined).map((cluster) => cluster.pipeline);
	const text =
		clusters.length === 1
			? read.map((pipeline) => formatOnce(pipeline, options.json, options.ascii, false, options.timeWindow))[0]
			: formatOnceClusters(read, options.json, options.ascii, options.timeWindow);
	if (text !== undefined) process.stdout.write(text);
	return failures.some((failure) => failure !== undefined) ? EXIT_UNREADABLE : EXIT_OK;
}
