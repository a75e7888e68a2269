/**
 * transfer-bound: tasks wait on data moving between workers.
 *
 * Per prefix, where the scheduler's /metrics has per-prefix transfer and compute seconds (Dask
 * ≥ 2023.1.1): over the window, the prefix's tasks spent at least TRANSFER_PREFIX_SECONDS_PER_S
 * fetching their inputs and at least TRANSFER_PREFIX_RATIO × their compute time (Dask adds both
 * when a task finishes: the time its worker spent gathering its dependencies, and running it), AND
 * the workers' threads sat idle meanwhile (at least TRANSFER_IDLE_SHARE of them: the compute seconds
 * of every prefix per second are the threads busy, on average). Transfer seconds above compute
 * seconds alone are no bottleneck: an ordinary transpose or shuffle moves every input, and with
 * cheap tasks its transfer time is many times its compute time while the threads stay busy with
 * the next tasks (Dask overlaps gathering with computing). Only
 * threads left idle by the wait make it the thing that bounds the run.
 *
 * Elsewhere (Dask 2022.12), cluster-wide from the workers' task states, sampled every poll and
 * averaged over the latest polls spanning TRANSFER_SAMPLES_SPAN_S (this poll and the last at 2 s;
 * one instant catches a transfer of a second or so by chance): tasks wait for their data (worker
 * state `waiting`) now, and on average at least TRANSFER_MIN_SECONDS_PER_S incoming transfers were
 * in flight, at least TRANSFER_RATIO × the tasks executing, while at least TRANSFER_IDLE_SHARE of
 * the threads executed nothing. Transfers in flight sampled at even intervals average to the
 * transfer seconds per second (Little's law), tasks executing to the compute seconds per second:
 * the per-prefix form's figures, cluster-wide.
 */
import type {Snapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {percentText, UNKNOWN} from '../../text.js';
import {CLUSTER, evidence, prefixSubject, timesText} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, TaskReading} from '../diagnosis-types.js';
import {clusterSpan} from '../window.js';
import {present, timeShareEvidence} from '../time-evidence.js';

/** Transfer seconds of a prefix per second of wall time (half a thread waiting on data, on average). */
export const TRANSFER_MIN_SECONDS_PER_S = 0.5;
/** Transfer time at least this many times the compute time. */
export const TRANSFER_RATIO = 1;
/** Per prefix: transfer seconds per second of wall time (half a thread waiting on data, on average)… */
export const TRANSFER_PREFIX_SECONDS_PER_S = 0.5;
/** …and at least this many times the compute time. */
export const TRANSFER_PREFIX_RATIO = 2;
/** Over at least this many seconds. */
export const TRANSFER_MIN_SPAN_S = 3;
/** Without per-prefix seconds: at least this share of the threads idle, on average… */
export const TRANSFER_IDLE_SHARE = 0.5;
/**
 * …over the task readings of at least this many seconds: two polls at least (1.5 s apart, as the
 * finding's hold counts two polls), so the finding, held two polls in a row, rests on three samples.
 */
export const TRANSFER_SAMPLES_SPAN_S = 1.5;

const NEXT =
	"threads idle while tasks wait for inputs held on other workers: check the network between workers (a worker's " +
	'bandwidth: Enter on it); where the layout allows, larger chunks or partitions mean fewer transfers for the ' +
	'same data (a transpose or a shuffle moves all its data whatever the chunks)';

/**
 * The share of the workers' threads idle over the span: 1 − the compute seconds per second of every
 * prefix (the threads busy, on average) / the threads. The same /metrics answers as the per-prefix
 * figures, so it is there whenever they are (identity.json failing or not).
 */
function idleShare(input: RuleInput, span: NonNullable<ReturnType<typeof clusterSpan>>): number | undefined {
	const threads = input.snapshot.scheduler.threads;
	if (threads === undefined || threads <= 0) return undefined;
	let compute = 0;
	for (const [prefix, after] of Object.entries(span.last.prefixes))
		compute += (after.compute_seconds_total ?? 0) - (span.first.prefixes[prefix]?.compute_seconds_total ?? 0);
	return Math.max(0, 1 - compute / span.spanS / threads);
}

function perPrefix(input: RuleInput): Candidate[] {
	const span = clusterSpan(input.window, TRANSFER_MIN_SPAN_S);
	if (!span) return [];
	const idle = idleShare(input, span);
	if (idle === undefined || idle < TRANSFER_IDLE_SHARE) return [];
	const out: Candidate[] = [];
	for (const [prefix, after] of Object.entries(span.last.prefixes)) {
		if (after.transfer_seconds_total === undefined) continue;
		const before = span.first.prefixes[prefix];
		const transfer = after.transfer_seconds_total - (before?.transfer_seconds_total ?? 0);
		const compute = (after.compute_seconds_total ?? 0) - (before?.compute_seconds_total ?? 0);
		if (transfer < TRANSFER_PREFIX_SECONDS_PER_S * span.spanS || transfer < TRANSFER_PREFIX_RATIO * compute) continue;
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
				...present(timeShareEvidence(input.state, 'transfer', input.nowMs, prefix)),
				evidence('threads idle', percentText(idle), 'derived', span.last.at, input.nowMs),
			],
			summary:
				`${prefix} is transfer-bound: its tasks wait on data ` +
				(compute > 0 ? `${timesText(ratio)} as long as they compute` : 'and have not computed meanwhile') +
				`, ${percentText(idle)} of the threads idle`,
			next: NEXT,
		});
	}
	return out;
}

/**
 * The most recent task readings spanning at least `minSpanS`: sampled instants, each a poll apart.
 * A transfer lasts about as long as a poll is apart, so one instant shows it or not by chance.
 */
function recentTasks(readings: readonly TaskReading[], minSpanS: number): readonly TaskReading[] | undefined {
	const last = readings.at(-1);
	if (!last) return undefined;
	for (let k = readings.length - 2; k >= 0; k--) {
		if (last.at - readings[k]!.at >= minSpanS) return readings.slice(k);
	}
	return undefined;
}

function mean(readings: readonly TaskReading[], figure: (r: TaskReading) => number): number {
	let sum = 0;
	for (const r of readings) sum += figure(r);
	return sum / readings.length;
}

function fromWorkerStates(input: RuleInput): Candidate[] {
	const readings = recentTasks(input.window.tasks, TRANSFER_SAMPLES_SPAN_S);
	const last = readings?.at(-1);
	if (!readings || !last || last.waiting === 0) return [];
	// Transfers in flight, sampled at even intervals, average to the transfer seconds per second
	// (Little's law); tasks executing, to the compute seconds per second: the per-prefix figures.
	const transfers = mean(readings, (r) => r.transfers);
	const executing = mean(readings, (r) => r.executing);
	const idle = mean(readings, (r) => Math.max(0, r.threads - r.executing) / r.threads);
	if (transfers < TRANSFER_MIN_SECONDS_PER_S || transfers < TRANSFER_RATIO * executing || idle < TRANSFER_IDLE_SHARE)
		return [];
	const {nowMs} = input;
	const at = last.at;
	const spanS = last.at - readings[0]!.at;
	const polls = `over ${readings.length} polls`;
	return [
		{
			cause: 'transfer-bound',
			severity: 'warning',
			subject: CLUSTER,
			evidence: [
				evidence('tasks waiting for their data', String(last.waiting), 'derived', at, nowMs),
				evidence(
					'transfers in flight',
					`${transfers.toFixed(1)} on average ${polls} (now ${last.transfers}, ${bytesText(last.transferBytes, UNKNOWN)})`,
					'derived',
					at,
					nowMs,
				),
				evidence('tasks executing', `${executing.toFixed(1)} on average ${polls}`, 'derived', at, nowMs),
				evidence('threads idle', `${percentText(idle)} on average ${polls}`, 'derived', at, nowMs),
				...present(timeShareEvidence(input.state, 'transfer', nowMs)),
			],
			summary:
				`tasks wait on data: ${last.waiting} wait for inputs from other workers; over ${Math.round(spanS)} s, ` +
				`${transfers.toFixed(1)} transfers in flight for ${executing.toFixed(1)} tasks executing, ` +
				`${percentText(idle)} of the threads idle`,
			next: NEXT,
		},
	];
}

function hasPrefixSeconds(snapshot: Snapshot): boolean {
	for (const p of Object.values(snapshot.scheduler.prefixes)) if (p.transfer_seconds_total !== undefined) return true;
	return false;
}

export const transferBound: Rule = {
	id: 'transfer-bound',
	kind: 'finding',
	inputs: ['snapshot.scheduler.prefixes', 'window.tasks', 'state.time', 'nowMs'],
	text: findingText,
	hold: FINDING_HOLD,
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
