/**
 * A worker's CPU from two readings of its own /metrics (parse/worker-cpu.ts), on the recorded
 * answers of both releases: the second reading is the recorded one with its process's CPU counter
 * moved on, as the same worker would answer a moment later.
 */
import {describe, expect, it} from 'vitest';
import {readAnswer} from '../../source/parse/cache.js';
import {CPU_RATE_MIN_SPAN_MS, cpuPercentBetween} from '../../source/parse/worker-cpu.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {promPlain, workerMetricsBody} from '../helpers/fixture-expect.js';
import type {FixtureVersion} from '../helpers/fixtures.js';

const MAX_SPAN_MS = 12_000;

function reading(body: string, headersMs: number) {
	const result: EndpointResult = {
		target: 'worker:tcp://127.0.0.1:41001',
		path: '/metrics',
		url: 'http://127.0.0.1:8801/metrics',
		startedMs: headersMs - 40,
		headersMs,
		latencyMs: 45,
		status: 200,
		contentType: 'text/plain; version=0.0.4; charset=utf-8',
		body,
	};
	return readAnswer(result, 'worker-metrics');
}

/** The recorded body with the process's CPU counter (and, when given, its start time) replaced. */
function moved(body: string, cpuSeconds: number, startSeconds?: number): string {
	let out = body.replace(/^process_cpu_seconds_total .*$/m, `process_cpu_seconds_total ${cpuSeconds}`);
	if (startSeconds !== undefined)
		out = out.replace(/^process_start_time_seconds .*$/m, `process_start_time_seconds ${startSeconds}`);
	return out;
}

describe.each<FixtureVersion>(['2022.12.1', '2026.7.1'])('CPU from a worker’s own /metrics (Dask %s)', (version) => {
	const body = workerMetricsBody(version, 'busy', 'alpha');
	const used = promPlain(body, 'process_cpu_seconds_total')!;
	const started = promPlain(body, 'process_start_time_seconds')!;

	it('reads the counter and the start time the recording holds', () => {
		const first = reading(body, 100_000);
		expect(first.parsed?.kind).toBe('worker-metrics');
		const value = first.parsed?.kind === 'worker-metrics' ? first.parsed.value : undefined;
		expect(value?.process_cpu_seconds_total).toBe(used);
		expect(value?.process_start_time_seconds).toBe(started);
	});

	it('is the CPU seconds used over the seconds between the answers, in percent of one core', () => {
		const first = reading(body, 100_000);
		// Two threads flat out for 2.5 s, then one thread half the time for 4 s.
		expect(cpuPercentBetween(first, reading(moved(body, used + 5), 102_500), MAX_SPAN_MS)).toBeCloseTo(200, 6);
		expect(cpuPercentBetween(first, reading(moved(body, used + 2), 104_000), MAX_SPAN_MS)).toBeCloseTo(50, 6);
		expect(cpuPercentBetween(first, reading(moved(body, used), 105_000), MAX_SPAN_MS)).toBe(0);
	});

	it('makes no rate from one reading, across two processes, a counter gone back, or a span too short or long', () => {
		const first = reading(body, 100_000);
		expect(cpuPercentBetween(undefined, first, MAX_SPAN_MS)).toBeUndefined();
		expect(
			cpuPercentBetween(first, reading(moved(body, used + 1, started + 30), 102_000), MAX_SPAN_MS),
		).toBeUndefined();
		expect(cpuPercentBetween(first, reading(moved(body, used - 0.5), 102_000), MAX_SPAN_MS)).toBeUndefined();
		const short = 100_000 + CPU_RATE_MIN_SPAN_MS - 1;
		expect(cpuPercentBetween(first, reading(moved(body, used + 0.1), short), MAX_SPAN_MS)).toBeUndefined();
		expect(
			cpuPercentBetween(first, reading(moved(body, used + 1), 100_000 + MAX_SPAN_MS + 1), MAX_SPAN_MS),
		).toBeUndefined();
	});
});
