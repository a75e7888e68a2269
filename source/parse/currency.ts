/**
 * How long an answer stays current. A figure belongs to the moment its answer was given: while the
 * answer is current the figure is used as it was read (never aged by adding the answer's age to
 * it); once the answer is older than its source's cadence, the figure is not current and is left
 * out. The cadences are the polling plan's (scrape/plan.ts reads them from here):
 *
 *   workers.html        every 5 s (10 s from 200 workers) while identity.json answers
 *   workers' /metrics   sampled every 5 s (10 s above 200 workers) while identity.json fails; above
 *                       the sample window a worker is read once per rotation of the window
 *
 * Answers from before the scheduler's process started belong to a previous scheduler (one that
 * was restarted on the same port) and are never current.
 */
export const LARGE_CLUSTER_WORKERS = 200;
export const WORKER_SAMPLE_EVERY_MS = 5_000;
export const LARGE_WORKER_SAMPLE_EVERY_MS = 10_000;
export const WORKERS_HTML_EVERY_MS = 5_000;
export const LARGE_WORKERS_HTML_EVERY_MS = 10_000;
/**
 * workers.html's pace while /metrics counts no task processing: each worker's occupancy and
 * processing count, all it alone gives while identity.json answers, are then zero without asking
 * (the snapshot says so from /metrics, snapshot-workers.ts); it is still asked now and then, so a
 * recording holds its rows and a figure /metrics does not cover is caught up with.
 */
export const IDLE_WORKERS_HTML_EVERY_MS = 30_000;
/**
 * identity.json's answer before a failing one stays current this long for the figures the fallbacks
 * lack (snapshot-workers.ts identityCarried): its cadence is the poll interval (2 s by default) or
 * the heartbeat, and a round that fails comes one cadence after the answer.
 */
export const IDENTITY_CARRY_MS = 5_000;
/** The smallest number of workers one sample reads (through the scheduler's /proxy). */
export const SMALLEST_SAMPLE_WINDOW = 20;
/** Timer drift and request latency: an answer this much past its cadence is still the latest due one. */
export const CURRENCY_SLACK_MS = 1_000;

export function workerSampleEveryMs(workers: number | undefined): number {
	return (workers ?? 0) > LARGE_CLUSTER_WORKERS ? LARGE_WORKER_SAMPLE_EVERY_MS : WORKER_SAMPLE_EVERY_MS;
}

/** workers.html's cadence while identity.json answers (while it fails, workers.html is asked with it). */
export function workersHtmlEveryMs(workers: number | undefined): number {
	return (workers ?? 0) >= LARGE_CLUSTER_WORKERS ? LARGE_WORKERS_HTML_EVERY_MS : WORKERS_HTML_EVERY_MS;
}

/**
 * How long a worker's own /metrics answer stays current: one sample period per rotation of the
 * smallest window, and one period more: the next sample starts with the first round past the
 * period (a 2 s poll samples every 6 s, not 5) and a busy worker can answer it after that round has
 * gone out (it then rides with the next: worker-sample-runner.ts), so the answer before stays the
 * latest until it lands.
 */
export function workerMetricsCurrentMs(workers: number): number {
	const rotations = Math.max(1, Math.ceil(workers / SMALLEST_SAMPLE_WINDOW));
	const every = workerSampleEveryMs(workers);
	return every * (workers <= SMALLEST_SAMPLE_WINDOW ? 1 : rotations) + every + CURRENCY_SLACK_MS;
}

export function workersHtmlCurrentMs(workers: number): number {
	return workersHtmlEveryMs(workers) + CURRENCY_SLACK_MS;
}

/** An answer given at `answerMs` is current at `nowMs` for a source of this currency. */
export function isCurrent(answerMs: number, nowMs: number, currentForMs: number): boolean {
	return nowMs - answerMs <= currentForMs;
}
