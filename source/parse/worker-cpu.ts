/**
 * A worker's CPU from its own /metrics, while identity.json cannot give it (HTTP 500 on busy
 * clusters, Dask ≥ 2023.4): the rate of `process_cpu_seconds_total` (user + system seconds of the
 * worker's process, prometheus_client's process collector) between two of its answers, each timed
 * by when its headers arrived (round-time.ts answerTimeMs: Tornado builds the whole page before it
 * sends them). In percent of one core, like identity.json's `cpu` (psutil's cpu_percent): a process
 * running two threads flat out reads 200.
 *
 * No rate across two processes (a new process_start_time_seconds: the nanny restarted the worker),
 * nor from a counter that went back, nor over less than half a second (the counter ticks in 10 ms:
 * a short span is mostly rounding), nor over more than `maxSpanMs` (an average of minutes is not
 * the worker's CPU now).
 */
import type {CachedAnswer} from './cache-shape.js';
import {answerTimeMs} from './round-time.js';

export const CPU_RATE_MIN_SPAN_MS = 500;

function metricsOf(answer: CachedAnswer | undefined) {
	return answer?.state === 'ok' && answer.parsed?.kind === 'worker-metrics' ? answer.parsed.value : undefined;
}

export function cpuPercentBetween(
	before: CachedAnswer | undefined,
	after: CachedAnswer | undefined,
	maxSpanMs: number,
): number | undefined {
	const a = metricsOf(before);
	const b = metricsOf(after);
	if (!a || !b || !before || !after) return undefined;
	const usedBefore = a.process_cpu_seconds_total;
	const usedAfter = b.process_cpu_seconds_total;
	if (usedBefore === undefined || usedAfter === undefined || usedAfter < usedBefore) return undefined;
	if (a.process_start_time_seconds !== b.process_start_time_seconds) return undefined;
	const spanMs = answerTimeMs(after.result) - answerTimeMs(before.result);
	if (spanMs < CPU_RATE_MIN_SPAN_MS || spanMs > maxSpanMs) return undefined;
	return (100 * (usedAfter - usedBefore)) / (spanMs / 1000);
}
