/**
 * What `--once` and `--json --watch` read after the first contact, before their first document:
 * counts.json and the workers' own /metrics when identity.json failed (a follow-up pass of what was
 * never asked), then, when that pass read some worker for the first time, a second reading of the
 * workers about a second later, so that their CPU (the rate of two readings, parse/worker-cpu.ts)
 * is in the first document rather than unknown.
 */
import type {Cluster} from './clusters.js';
import {feedRound} from './first-contact.js';

/** How long after the workers' first readings the second are asked (a CPU rate over about a second). */
const SECOND_READING_AFTER_MS = 1000;

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function followUp(cluster: Cluster): Promise<void> {
	const first = await cluster.poller.round({followUp: true});
	if (first.responses.length > 0) feedRound(cluster.poller, cluster.pipeline, first);
	if (cluster.poller.firstReadingsAtMs() === undefined) return;
	// From the end of the first pass: a busy worker's first answer can come late in it.
	await sleep(SECOND_READING_AFTER_MS);
	const second = await cluster.poller.round({followUp: true});
	if (second.responses.length > 0) feedRound(cluster.poller, cluster.pipeline, second);
}
