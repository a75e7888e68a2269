/**
 * `--json --watch`: the `--once --json` document of every poll, each on one line (NDJSON), for
 * scripts and pipes, until SIGINT, SIGTERM or SIGHUP, or until stdout's reader goes away (`| head`):
 * each a clean end, exit 0. The first poll must read the scheduler, as with --once (else its one
 * line, exit 1); after that the polls go on whatever happens, and each document says it.
 */
import type {Options} from '../options/resolve.js';
import {formatOnce} from '../output/once-format.js';
import {connect} from '../pipeline.js';
import {EXIT_OK, EXIT_UNREADABLE} from '../types/exit-codes.js';
import type {Cluster} from './clusters.js';
import {followUp} from './follow-up.js';
import {say} from './say.js';
import {untilStopped} from './until-stopped.js';

export async function runWatch(
	cluster: Cluster,
	options: Pick<Options, 'ascii' | 'timeoutMs' | 'urlFrom' | 'timeWindow'>,
): Promise<number> {
	const verdict = await cluster.contact({timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'});
	if (!verdict.ok) {
		say(verdict.message);
		return EXIT_UNREADABLE;
	}
	// As --once: counts.json and the workers' own /metrics when identity.json failed.
	await followUp(cluster);
	const print = (): void => {
		const line = formatOnce(cluster.pipeline, true, options.ascii, true, options.timeWindow);
		if (line !== undefined && process.stdout.writable) process.stdout.write(line);
	};
	await untilStopped(() => {
		print();
		cluster.pipeline.subscribe(print);
		connect(cluster.poller, cluster.pipeline);
	}, true);
	await cluster.poller.stop();
	return EXIT_OK;
}
