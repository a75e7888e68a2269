/**
 * Which endpoints a poll round asks (docs/endpoints.md, "The poll plan", says why). Pure: the time,
 * the latest snapshot's worker and task counts and what each endpoint did last are passed in.
 *
 *   /metrics                    every round (the interval; cheap and rich)
 *   /json/identity.json         every max(interval, worker heartbeat)
 *   /info/main/workers.html     every 5 s (10 s from 200 workers) while identity works and tasks are
 *                               processing; every 30 s while none is (occupancy and processing are 0);
 *                               with identity while it fails, and in the very round it first fails
 *   /json/counts.json           every 30 s; never above 200,000 tasks; never before /metrics has counted
 *   /health, /api/v1            once a minute (capabilities)
 *   /api/v1/adaptive_target     when enabled: once a minute while /metrics answers (its
 *                               dask_scheduler_desired_workers is the same adaptive_target() call),
 *                               every round while /metrics does not
 *   workers' own /metrics       every 5 s (10 s above 200 workers) while identity fails, failed in the
 *                               last minute or is missing, in the round it first fails,
 *                               and the round after a sample that read a worker for the first time (its
 *                               CPU is the rate of two readings);
 *                               those writing to disk (at most 50), every round, straight only, and
 *                               right after the round that first shows one (worker-sample-runner.ts)
 *   /info/worker/<addr>.html    every 5 s while a worker's detail is open
 *   /info/main/logs.html        only while a worker's departure waits for its reason (model/departures/departure.ts),
 *                               then at most every 100 × its latest latency, within 10–45 s: the page
 *                               renders the scheduler's whole log (10,000 lines by default: 1.5 MB,
 *                               65–470 ms of the scheduler's event loop measured), so it stays under
 *                               1 % of the scheduler's time however many workers come and go
 * An endpoint that is `unavailable` (404, disabled) is asked again once a minute. An endpoint whose
 * answers came too large or too slow to read whole waits twice as long after each (strikes), up to
 * 5 minutes: a body that never ends is not downloaded up to the size cap every poll. Never
 * /eventstream, never /sitemap.json.
 */
import {IDLE_WORKERS_HTML_EVERY_MS, workerSampleEveryMs, workersHtmlEveryMs as htmlCadenceMs} from '../parse/index.js';
import type {EndpointState} from '../types/snapshot.js';

export type EndpointKey =
	| 'metrics'
	| 'identity'
	| 'workers_html'
	| 'counts'
	| 'health'
	| 'api'
	| 'adaptive_target'
	| 'worker_detail'
	| 'scheduler_log';
export type PlanKey = EndpointKey | 'worker_metrics' | 'spill_metrics';

/** Scheduler paths of the regular endpoints (the detail page's path depends on the worker). */
export const ENDPOINT_PATHS: Readonly<Record<Exclude<EndpointKey, 'worker_detail'>, string>> = {
	metrics: '/metrics',
	identity: '/json/identity.json',
	workers_html: '/info/main/workers.html',
	counts: '/json/counts.json',
	health: '/health',
	api: '/api/v1',
	adaptive_target: '/api/v1/adaptive_target',
	scheduler_log: '/info/main/logs.html',
};

export function workerDetailPath(address: string): string {
	return `/info/worker/${encodeURIComponent(address)}.html`;
}

export const COUNTS_EVERY_MS = 30_000;
/** identity.json failed this recently: the workers' own /metrics are still sampled (see cadenceMs). */
export const IDENTITY_FLAKY_MS = 60_000;
export const COUNTS_MAX_TASKS = 200_000;
export const CAPABILITIES_EVERY_MS = 60_000;
export const UNAVAILABLE_RETRY_MS = 60_000;
export const DETAIL_EVERY_MS = 5_000;
export const MAX_BACKOFF_MS = 30_000;
export const MAX_STRIKE_WAIT_MS = 300_000;
/** The scheduler's log: asked no more often than this many times its latest latency, within the bounds. */
export const LOG_COST_FACTOR = 100;
export const LOG_MIN_EVERY_MS = 10_000;
export const LOG_MAX_EVERY_MS = 45_000;

export interface EndpointMemory {
	readonly lastAttemptMs?: number;
	readonly lastOutcome?: EndpointState;
	/** When it last failed (any failure), kept across the rounds that succeed since. */
	readonly lastFailedMs?: number;
	/** Answers in a row whose body came too large or too slow to read whole (answered.ts wastedAnswer). */
	readonly strikes?: number;
	readonly lastLatencyMs?: number;
}

/** How long an endpoint waits after `strikes` wasted answers in a row: the interval, doubled each time, up to 5 min. */
export function strikeWaitMs(intervalMs: number, strikes: number): number {
	return strikes <= 0 ? 0 : Math.min(MAX_STRIKE_WAIT_MS, intervalMs * 2 ** Math.min(strikes, 16));
}

export interface PlanInput {
	readonly nowMs: number;
	readonly intervalMs: number;
	readonly workerCount?: number;
	readonly taskCount?: number;
	/** Tasks processing on the whole cluster, by the latest snapshot's /metrics. */
	readonly processingCount?: number;
	readonly endpoints: Readonly<Partial<Record<PlanKey, EndpointMemory>>>;
	readonly detailWorker?: string | null;
	/** Some worker's departure waits for the scheduler's log to say why (model/departures/departures.ts). */
	readonly departuresPending?: boolean;
	/** The latest sample of the workers' own /metrics read some worker for the first time: read again now. */
	readonly workerFirstReadings?: boolean;
	/** Some workers write to disk now (model/diagnosis/spill-watch.ts): read their own /metrics. */
	readonly spilling?: boolean;
	/** The scheduler gave no whole answer with its figures last round (answered.ts): only probe it until it does. */
	readonly schedulerDown?: boolean;
	/** Refresh now (R): everything due except counts.json, which keeps its own pace. */
	readonly force?: boolean;
	/** A follow-up pass (--once): only what was never asked yet and is allowed now. */
	readonly followUp?: boolean;
}

export interface RoundPlan {
	/** Scheduler endpoints to ask this round, in this order. */
	readonly endpoints: readonly EndpointKey[];
	/** Sample the workers' own /metrics this round. */
	readonly sampleWorkers: boolean;
	/** Read the spilling workers' own /metrics this round (when the whole sample is not due). */
	readonly sampleSpilling: boolean;
}

/** The workers' heartbeat interval Dask uses for n workers (identity.json cannot be fresher). */
export function heartbeatMs(workers: number): number {
	if (workers <= 10) return 500;
	if (workers < 50) return 1000;
	if (workers < 200) return 2000;
	return (workers / 200 + 1) * 1000;
}

export function identityEveryMs(intervalMs: number, workers: number | undefined): number {
	return Math.max(intervalMs, heartbeatMs(workers ?? 0));
}

export function workersHtmlEveryMs(input: PlanInput): number {
	if (input.endpoints.identity?.lastOutcome !== 'ok') return identityEveryMs(input.intervalMs, input.workerCount);
	if (input.processingCount === 0) return Math.max(input.intervalMs, IDLE_WORKERS_HTML_EVERY_MS);
	return Math.max(input.intervalMs, htmlCadenceMs(input.workerCount));
}

/** Counts.json is safe only once /metrics has had its say on the number of tasks. */
export function countsAllowed(input: PlanInput): boolean {
	if (input.endpoints.metrics?.lastAttemptMs === undefined) return false;
	return input.taskCount === undefined || input.taskCount <= COUNTS_MAX_TASKS;
}

function cadenceMs(key: PlanKey, input: PlanInput): number | undefined {
	switch (key) {
		case 'metrics':
			return input.intervalMs;
		case 'identity':
			return identityEveryMs(input.intervalMs, input.workerCount);
		case 'workers_html':
			return workersHtmlEveryMs(input);
		case 'counts':
			return countsAllowed(input) ? COUNTS_EVERY_MS : undefined;
		case 'health':
		case 'api':
			return CAPABILITIES_EVERY_MS;
		case 'adaptive_target':
			// The same Scheduler.adaptive_target() backs /metrics' desired_workers gauge: asking both every
			// round would make the scheduler compute it twice for one number.
			if (input.endpoints.api?.lastOutcome !== 'ok') return undefined;
			return input.endpoints.metrics?.lastOutcome === 'ok' ? CAPABILITIES_EVERY_MS : input.intervalMs;
		case 'worker_detail':
			return input.detailWorker ? DETAIL_EVERY_MS : undefined;
		case 'scheduler_log': {
			if (input.departuresPending !== true) return undefined;
			const latency = input.endpoints.scheduler_log?.lastLatencyMs ?? 0;
			return Math.min(LOG_MAX_EVERY_MS, Math.max(LOG_MIN_EVERY_MS, LOG_COST_FACTOR * latency));
		}
		case 'worker_metrics': {
			const identity = input.endpoints.identity;
			// Failing now, or lately: on a busy cluster (Dask ≥ 2023.4) identity.json answers 500 in some
			// rounds and 200 in others; the workers' readings are kept warm so that a round it fails in
			// finds a current one, with the two readings a CPU rate needs.
			const identityBroken =
				identity?.lastAttemptMs !== undefined &&
				(identity.lastOutcome !== 'ok' ||
					(identity.lastFailedMs !== undefined && input.nowMs - identity.lastFailedMs <= IDENTITY_FLAKY_MS));
			if (!identityBroken || (input.workerCount ?? 1) === 0) return undefined;
			// A worker's first reading makes no CPU rate: the second is taken a round later (worker-sample-runner.ts).
			return input.workerFirstReadings === true ? input.intervalMs : workerSampleEveryMs(input.workerCount);
		}
		case 'spill_metrics':
			return input.spilling === true ? input.intervalMs : undefined;
	}
}

/**
 * Whether an endpoint with this cadence is due; a tenth of the interval absorbs timer jitter. An
 * endpoint with strikes waits them out, a refresh (R) included.
 */
export function isDue(key: PlanKey, input: PlanInput): boolean {
	const cadence = cadenceMs(key, input);
	if (cadence === undefined) return false;
	const memory = input.endpoints[key];
	if (memory?.lastAttemptMs === undefined) return true;
	const elapsed = input.nowMs - memory.lastAttemptMs;
	const slack = input.intervalMs / 10;
	if (memory.lastOutcome === 'unavailable' && key !== 'worker_metrics')
		return elapsed + slack >= Math.max(cadence, UNAVAILABLE_RETRY_MS);
	const every = Math.max(cadence, strikeWaitMs(input.intervalMs, memory.strikes ?? 0));
	if (input.force && key !== 'counts' && key !== 'scheduler_log' && every === cadence) return true;
	return elapsed + slack >= every;
}

const ORDER: readonly EndpointKey[] = [
	'metrics',
	'identity',
	'workers_html',
	'counts',
	'adaptive_target',
	'health',
	'api',
	'worker_detail',
	'scheduler_log',
];

/**
 * The one endpoint asked while the scheduler is down: the first that carries the cluster's figures
 * and exists there (an answer of /health alone says the server is up, not that the figures come).
 */
function downProbe(input: PlanInput): EndpointKey {
	const exists = (key: EndpointKey) => input.endpoints[key]?.lastOutcome !== 'unavailable';
	const cheap = (key: EndpointKey) => exists(key) && (input.endpoints[key]?.strikes ?? 0) === 0;
	return PROBES.find(cheap) ?? PROBES.find(exists) ?? 'health';
}

const PROBES: readonly EndpointKey[] = ['metrics', 'identity', 'workers_html'];

export function planRound(input: PlanInput): RoundPlan {
	if (input.schedulerDown) return {endpoints: [downProbe(input)], sampleWorkers: false, sampleSpilling: false};
	const never = (key: PlanKey) => input.endpoints[key]?.lastAttemptMs === undefined;
	const wanted = (key: PlanKey) => isDue(key, input) && (!input.followUp || never(key));
	// A follow-up pass (--once) reads the workers a second time when the first reading was their first.
	const sampleWorkers = input.followUp
		? cadenceMs('worker_metrics', input) !== undefined &&
			(never('worker_metrics') || input.workerFirstReadings === true)
		: isDue('worker_metrics', input);
	// A follow-up pass (--once) reads no spill time: one reading makes no rate.
	const sampleSpilling = !sampleWorkers && !input.followUp && wanted('spill_metrics');
	// The second reading is a round of its own: the scheduler's /metrics read with it makes it a fresh
	// round (model/freshness.ts), so the model's workers take the CPU it gives, as the document does.
	const second = input.followUp === true && sampleWorkers && !never('worker_metrics');
	const withMetrics = (key: EndpointKey) =>
		second && key === 'metrics' && input.endpoints.metrics?.lastOutcome !== 'unavailable';
	return {endpoints: ORDER.filter((key) => wanted(key) || withMetrics(key)), sampleWorkers, sampleSpilling};
}

/**
 * identity.json's fallback within the round: it answered a server error this round (a 500 while
 * workers are busy, Dask ≥ 2023.4) and workers.html was not asked, so ask workers.html now. Otherwise
 * the round carries no worker's figures at all, and every rate that spans it starts a poll late; the
 * fallback's own cadence (workers.html with identity while it fails) takes over from the next round.
 * Not when identity.json did not answer at all (a scheduler frozen or gone: a second request would
 * wait out a second timeout), nor while workers.html is missing or waits out its strikes.
 */
export function identityFallback(
	asked: readonly EndpointKey[],
	endpoints: Readonly<Partial<Record<PlanKey, EndpointMemory>>>,
	identityStatus: number | null | undefined,
): boolean {
	if (!asked.includes('identity') || asked.includes('workers_html')) return false;
	if (identityStatus === null || identityStatus === undefined || identityStatus < 500) return false;
	const html = endpoints.workers_html;
	return html?.lastOutcome !== 'unavailable' && (html?.strikes ?? 0) === 0;
}

export interface DelayInput {
	readonly intervalMs: number;
	readonly roundStartMs: number;
	readonly roundEndMs: number;
	/** Rounds in a row in which the scheduler gave no whole answer with its figures (answered.ts). */
	readonly failures: number;
}

/**
 * How long to wait after a round ends. Down: 1, 2, 4 … 30 s. Up: the interval from the round's
 * start, but never less than the round took, so the monitor is busy at most half the time.
 */
export function nextDelayMs({intervalMs, roundStartMs, roundEndMs, failures}: DelayInput): number {
	if (failures > 0) return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 15));
	const tookMs = Math.max(0, roundEndMs - roundStartMs);
	return Math.max(intervalMs - tookMs, tookMs);
}
