/**
 * transfer-bound: tasks wait on data moving between workers.
 *
 * Per prefix, where the scheduler's /metrics has per-prefix transfer and compute seconds (Dask
 * ≥ 2023.1.1): over the window, the prefix's tasks spent at least TRANSFER_MIN_SECONDS_PER_S
 * fetching their inputs and at least TRANSFER_RATIO × their compute time. (Dask adds both when a
 * task finishes: the time its worker spent gathering its dependencies, and running it.)
 *
 * Elsewhere (Dask 2022.12), cluster-wide from the workers' task states: tasks wait for their data
 * (worker state `waiting`) while transfers are in flight and at least TRANSFER_IDLE_SHARE of the
 * threads execute nothing.
 */
import type {Snapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {UNKNOWN} from '../../text.js';
import {CLUSTER, evidence, prefixSubject, timesText} from '../figures.js';
import {DEFAULT_HYSTERESIS, type Rule, type RuleInput} from '../rule.js';
import type {Candidate} from '../types.js';
import {clusterSpan} from '../window.js';

/** Transfer seconds of a prefix per second of wall time (half a thread waiting on data, on average). */
export const TRANSFER_MIN_SECONDS_PER_S = 0.5;
/** Transfer time at least this many times the compute time. */
export const TRANSFER_RATIO = 1;
/** Over at least this many seconds. */
export const TRANSFER_MIN_SPAN_S = 3;
/** Without per-prefix seconds: at least this share of the threads idle… */
export const TRANSFER_IDLE_SHARE = 0.5;
/** …while at least this many tasks wait for their data. */
export const TRANSFER_MIN_WAITING = 2;

const NEXT =
	'tasks wait for inputs held on other workers: rechunk or repartition so tasks need less data from elsewhere, ' +
	'persist inputs where they are used, or check the network between workers';

function perPrefix(input: RuleInput): Candidate[] {
	const span = clusterSpan(input.window, TRANSFER_MIN_SPAN_S);
	if (!span) return [];
	const out: Candidate[] = [];
	for (const [prefix, after] of Object.entries(span.last.prefixes)) {
		if (after.transfer_seconds_total === undefined) continue;
		const before = span.first.prefixes[prefix];
		const transfer = after.transfer_seconds_total - (before?.transfer_seconds_total ?? 0);
		const compute = (after.compute_seconds_total ?? 0) - (before?.compute_seconds_total ?? 0);
		if (transfer < TRANSFER_MIN_SECONDS_PER_S * span.spanS || transfer < TRANSFER_RATIO * compute) continue;
		const ratio = compute > 0 ? transfer / compute : Number.POSITIVE_INFINITY;
		out.push({
			cause: 'transfer-bound',
			severity: 'warning',
			subject: prefixSubject(prefix),
			evidence: [
				evidence(
					'transfer seconds per second',
					(transfer / span.spanS).toFixed(2),
					'metrics',
					span.last.at,
					input.nowMs,
				),
				evidence('compute seconds per second', (compute / span.spanS).toFixed(2), 'metrics', span.last.at, input.nowMs),
			],
			summary:
				`${prefix} is transfer-bound: its tasks wait on data ` +
				(compute > 0 ? `${timesText(ratio)} as long as they compute` : 'and have not computed meanwhile'),
			next: NEXT,
		});
	}
	return out;
}

function fromWorkerStates(input: RuleInput): Candidate[] {
	const {snapshot, nowMs} = input;
	let threads = 0;
	let executing = 0;
	let waiting = 0;
	let flight = 0;
	let inFlightBytes = 0;
	let known = false;
	for (const w of snapshot.workers) {
		const counts = w.task_counts;
		if (!counts || w.nthreads === undefined) continue;
		known = true;
		threads += w.nthreads;
		executing += (counts['executing'] ?? 0) + (counts['long-running'] ?? 0);
		waiting += counts['waiting'] ?? 0;
		flight += counts['flight'] ?? 0;
		inFlightBytes += w.transfer_incoming_bytes ?? 0;
	}
	if (!known || threads === 0) return [];
	const idle = Math.max(0, threads - executing);
	if (waiting < TRANSFER_MIN_WAITING || idle < TRANSFER_IDLE_SHARE * threads || (flight === 0 && inFlightBytes === 0))
		return [];
	const at = snapshot.time;
	return [
		{
			cause: 'transfer-bound',
			severity: 'warning',
			subject: CLUSTER,
			evidence: [
				evidence('tasks waiting for their data', String(waiting), 'derived', at, nowMs),
				evidence('threads idle', `${idle} of ${threads}`, 'derived', at, nowMs),
				evidence('transfers in flight', `${flight} (${bytesText(inFlightBytes, UNKNOWN)})`, 'derived', at, nowMs),
			],
			summary:
				`tasks wait on data: ${waiting} wait for inputs from other workers ` +
				`while ${idle} of ${threads} threads idle`,
			next: NEXT,
		},
	];
}

function hasPrefixSeconds(snapshot: Snapshot): boolean {
	for (const p of Object.values(snapshot.scheduler.prefixes)) if (p.transfer_seconds_total !== undefined) return true;
	return false;
}

export const transferBound: Rule = {
	cause: 'transfer-bound',
	hysteresis: DEFAULT_HYSTERESIS,
	onePoll: false,
	judge(input) {
		return hasPrefixSeconds(input.snapshot) ? perPrefix(input) : fromWorkerStates(input);
	},
	blind(snapshot) {
		if (hasPrefixSeconds(snapshot) || Object.keys(snapshot.scheduler.prefixes).length === 0) return undefined;
		return (
			'per-prefix transfer seconds are not on this version (Dask >= 2023.1.1 has them): judged cluster-wide ' +
			"from the workers' tasks waiting for data"
		);
	},
};
