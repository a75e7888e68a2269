/**
 * The /metrics parser reads only the names dask-top uses (SCHEDULER_METRIC_NAMES,
 * WORKER_METRIC_NAMES) and passes over the other lines. Every /metrics answer recorded from a real
 * cluster (Dask 2022.12.1, 2023.6.0 and 2026.7.1: scheduler, proxied and direct worker pages) must
 * read the same with those names as without, and a body that is not Prometheus text must still be
 * told apart.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAnswer} from '../../source/parse/parse-answer.js';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import {parseSchedulerMetrics, SCHEDULER_METRIC_NAMES} from '../../source/parse/scheduler-metrics.js';
import {parseWorkerMetrics, WORKER_METRIC_NAMES} from '../../source/parse/worker-metrics.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';

function metricsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return metricsFiles(path);
		return name.endsWith('%2Fmetrics') ? [path] : [];
	});
}

const files = metricsFiles(FIXTURES_ROOT);
/** A worker's own page (direct, or through the scheduler's /proxy) prints dask_worker_ families. */
const isWorkerPage = (path: string) => /worker-[a-z]+\/%2Fmetrics$|%2Fproxy%2F/.test(path);

describe('the /metrics parser with the names dask-top reads', () => {
	it('finds the recorded answers of every version (scheduler and worker pages)', () => {
		const prometheus = files.filter((f) => parsePrometheus(readFileSync(f, 'utf8')).sampleCount > 0);
		expect(prometheus.filter(isWorkerPage).length).toBeGreaterThan(30);
		expect(prometheus.filter((f) => !isWorkerPage(f)).length).toBeGreaterThan(15);
	});

	it.each(files.map((f) => [relative(FIXTURES_ROOT, f), f]))('%s reads the same', (_name, path) => {
		const body = readFileSync(path, 'utf8');
		const worker = isWorkerPage(path);
		const whole = parsePrometheus(body);
		// Without jupyter-server-proxy, the scheduler's /proxy answers an HTML page: refused both ways.
		if (whole.sampleCount === 0) {
			expect(() => parseAnswer(worker ? 'worker-metrics' : 'scheduler-metrics', body)).toThrow(/not Prometheus text/);
			return;
		}
		if (worker) {
			const all = parseWorkerMetrics(whole);
			expect(parseWorkerMetrics(parsePrometheus(body, WORKER_METRIC_NAMES))).toEqual(all);
			expect(parseAnswer('worker-metrics', body)?.value).toEqual(all);
			expect(all.nthreads).toBeGreaterThan(0);
		} else {
			const all = parseSchedulerMetrics(whole);
			expect(parseSchedulerMetrics(parsePrometheus(body, SCHEDULER_METRIC_NAMES))).toEqual(all);
			expect(parseAnswer('scheduler-metrics', body)?.value).toEqual(all);
			expect(all.workerLabels).toBeDefined();
		}
	});

	it('reads nothing of other names, and counts their lines as passed over', () => {
		const body = [
			'# HELP dask_stealing_request_count_total Total number of stealing requests',
			'# TYPE dask_stealing_request_count_total counter',
			'dask_stealing_request_count_total{victim="tcp://a",thief="tcp://b"} 3.0',
			'python_info{implementation="CPython",major="3"} 1.0',
			'dask_scheduler_clients 2.0',
		].join('\n');
		const doc = parsePrometheus(body, SCHEDULER_METRIC_NAMES);
		expect([...doc.samples.keys()]).toEqual(['dask_scheduler_clients']);
		expect(doc.types.size + doc.help.size).toBe(0);
		expect(doc.sampleCount).toBe(1);
		expect(doc.skippedLines).toBe(2);
		expect(doc.invalidLines).toBe(0);
	});

	it('still checks the lines of the names it reads', () => {
		const doc = parsePrometheus(
			'dask_scheduler_clients many\ndask_scheduler_desired_workers 2e0\n',
			SCHEDULER_METRIC_NAMES,
		);
		expect(doc.invalidLines).toBe(1);
		expect(doc.firstInvalid).toEqual({line: 1, reason: 'number expected'});
		expect(doc.samples.get('dask_scheduler_desired_workers')?.[0]?.value).toBe(2);
	});

	it('still refuses a body that is not Prometheus text, though none of its words is a wanted name', () => {
		expect(() => parseAnswer('scheduler-metrics', 'Service Unavailable\n')).toThrow(/not Prometheus text/);
		expect(() => parseAnswer('worker-metrics', '<html><body>502 Bad Gateway</body></html>')).toThrow(
			/not Prometheus text/,
		);
		// Valid Prometheus text of other names only is Prometheus text: it reads as no figures.
		const other = parseAnswer('scheduler-metrics', 'python_info{major="3"} 1.0\n');
		expect(other?.kind).toBe('scheduler-metrics');
	});
});
