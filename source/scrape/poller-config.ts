/** What the poller (poller.ts) is given: its scheduler and client, its pace, and the cluster's hints. */
import type {HttpClient} from './client.js';
import type {Clocks} from './own-clock.js';
import type {PlanInput} from './plan.js';
import type {SchedulerUrl} from './url.js';
import type {WorkerEndpoint} from './worker-plan.js';

/** What the poller needs to know of the cluster, from the latest snapshot. */
export interface PlanHints {
	readonly workerCount?: number;
	readonly taskCount?: number;
	/** Tasks processing on the whole cluster (/metrics). */
	readonly processingCount?: number;
	readonly workers: readonly WorkerEndpoint[];
	/** Some worker's departure waits for the scheduler's log. */
	readonly departuresPending?: boolean;
	/** Addresses of workers writing to disk now: their own /metrics (spill time) is read every round. */
	readonly spilling?: readonly string[];
}

export interface PollerConfig {
	readonly url: SchedulerUrl;
	readonly client: HttpClient;
	readonly intervalMs: number;
	readonly timeoutMs: number;
	/** Read before every round: the latest snapshot's counts and worker HTTP addresses. */
	readonly hints: () => PlanHints;
	/** Lowest interval setIntervalMs accepts (MIN_INTERVAL_MS, 1 s; tests go lower). */
	readonly minIntervalMs?: number;
	/** Highest interval setIntervalMs accepts (the --interval range's top; else what a timer can hold). */
	readonly maxIntervalMs?: number;
	/** The wall and monotonic clocks it watches its own time with (tests pass their own). */
	readonly clocks?: Clocks;
}

export interface RoundOptions {
	/** --once follow-up: only what was never asked and is allowed now. */
	readonly followUp?: boolean;
	/**
	 * The timer chain: the round waits for the workers' own /metrics at most a moment (SAMPLE_GRACE_MS)
	 * after the scheduler has answered. A sample still running then is delivered with a later round,
	 * so a slow or frozen worker never delays the scheduler's data (nor looks like a missed poll of it).
	 */
	readonly background?: boolean;
}

/** The cluster's hints as the round planner's input, beside the source's own. */
export function hintsInput(
	hints: PlanHints,
): Pick<PlanInput, 'workerCount' | 'taskCount' | 'processingCount' | 'departuresPending' | 'spilling'> {
	return {
		...(hints.workerCount === undefined ? {} : {workerCount: hints.workerCount}),
		...(hints.taskCount === undefined ? {} : {taskCount: hints.taskCount}),
		...(hints.processingCount === undefined ? {} : {processingCount: hints.processingCount}),
		...(hints.departuresPending === true ? {departuresPending: true} : {}),
		...((hints.spilling?.length ?? 0) > 0 ? {spilling: true} : {}),
	};
}
