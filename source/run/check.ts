/**
 * `--check`: one complete poll of every cluster, judged (output/check-verdict.ts), one plugin line on
 * stdout and the plugin exit code. The whole check is bounded by --timeout plus a second, so it
 * finishes well within Nagios' 10 s default: a cluster whose first round has not answered by then
 * is CRITICAL, and the follow-up (counts.json, the workers' own /metrics when identity.json failed)
 * is only waited for while time is left.
 */
import type {Options} from '../options/resolve.js';
import {
	checkResult,
	judgeCluster,
	unreadableCluster,
	type CheckResult,
	type ClusterCheck,
} from '../output/check-verdict.js';
import {timerDelay} from '../units/timer-delay.js';
import {formatDurationMs} from '../units/duration.js';
import type {Cluster} from './clusters.js';
import {feedRound} from './first-contact.js';

/** What the check may take beyond --timeout: Nagios' default limit is 10 s, ours 5 s + 1 s. */
export const CHECK_GRACE_MS = 1000;

const TIMED_OUT = Symbol('timed out');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
	let timer: NodeJS.Timeout | undefined;
	const expiry = new Promise<typeof TIMED_OUT>((resolve) => {
		timer = setTimeout(() => resolve(TIMED_OUT), timerDelay(ms));
	});
	return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

async function checkCluster(
	cluster: Cluster,
	options: Pick<Options, 'timeoutMs' | 'urlFrom'>,
	deadlineMs: number,
): Promise<ClusterCheck> {
	const contact = await within(
		cluster.contact({timeoutMs: options.timeoutMs, isDefaultUrl: options.urlFrom === 'default'}),
		deadlineMs - Date.now(),
	);
	if (contact === TIMED_OUT)
		return unreadableCluster(
			cluster.name,
			`no complete answer within ${formatDurationMs(options.timeoutMs + CHECK_GRACE_MS / 2)}`,
		);
	if (!contact.ok) return unreadableCluster(cluster.name, contact.message);
	const followUp = await within(cluster.poller.round({followUp: true}), deadlineMs - Date.now());
	if (followUp !== TIMED_OUT && followUp.responses.length > 0) feedRound(cluster.poller, cluster.pipeline, followUp);
	const snapshot = cluster.pipeline.snapshot();
	if (snapshot === undefined) return unreadableCluster(cluster.name, `no answer from ${cluster.url.display}`);
	return judgeCluster(cluster.name, snapshot, cluster.pipeline.state());
}

/** Polls every cluster at once, judges each, and prints the one line; returns the plugin exit code. */
export async function runCheck(
	clusters: readonly Cluster[],
	options: Pick<Options, 'timeoutMs' | 'urlFrom'>,
): Promise<number> {
	const deadlineMs = Date.now() + options.timeoutMs + CHECK_GRACE_MS / 2;
	const checks = await Promise.all(clusters.map((cluster) => checkCluster(cluster, options, deadlineMs)));
	return printCheck(checkResult(checks));
}

export function printCheck(result: CheckResult): number {
	process.stdout.write(`${result.line}\n`);
	return result.exitCode;
}
