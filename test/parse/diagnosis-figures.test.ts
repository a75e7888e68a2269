/**
 * The figures the diagnosis reads beyond the table's: a worker's spill time and longest tick (its
 * own /metrics), the resources it offers (identity.json), and GIL contention where Dask measures it.
 * The recorded fixtures of both versions; GIL contention is in none of them (gilknocker was not
 * installed), so its lines are written here in Dask's own format, as the test says.
 */
import {describe, expect, it} from 'vitest';
import {parseIdentity} from '../../source/parse/identity.js';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import {parseSchedulerMetrics} from '../../source/parse/scheduler-metrics.js';
import {parseWorkerMetrics, WORKER_METRIC_NAMES} from '../../source/parse/worker-metrics.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureSnapshot} from '../helpers/snapshots.js';

describe.each(FIXTURE_VERSIONS)('on Dask %s fixtures', (version) => {
	it("reads a worker's spill time, every activity summed, and its longest tick from its own /metrics", () => {
		const snapshot = fixtureSnapshot(version, 'memory-heavy', undefined);
		const beta = snapshot.workers.find((w) => w.name === 'beta')!;
		// 2022.12.1: pickle + disk_write (+ zeros); 2026.7.1: serialize + compress + disk-write.
		expect(beta.spill_time_seconds_total).toBeCloseTo(version === '2022.12.1' ? 0.31763 : 0.24948, 4);
		expect(beta.tick_duration_max_seconds).toBeGreaterThan(0);
		expect(beta.sources['spill_time_seconds_total']).toBe('worker_metrics');
	});

	it('reads the resources each worker offers from identity.json (none on these clusters)', () => {
		const snapshot = fixtureSnapshot(version, 'busy');
		expect(snapshot.workers.map((w) => w.resources)).toEqual([{}, {}, {}]);
	});
});

describe('GIL contention (Dask >= 2023.4.0 with gilknocker)', () => {
	it('comes from the scheduler and worker /metrics counters and the heartbeat, and is absent otherwise', () => {
		const scheduler = parseSchedulerMetrics(
			parsePrometheus(
				'# TYPE dask_scheduler_gil_contention_seconds_total counter\ndask_scheduler_gil_contention_seconds_total 12.5\n',
			),
		);
		expect(scheduler.gil_contention_seconds_total).toBe(12.5);
		const worker = parseWorkerMetrics(
			parsePrometheus(
				'# TYPE dask_worker_gil_contention_seconds_total counter\ndask_worker_gil_contention_seconds_total 3.25\n',
				WORKER_METRIC_NAMES,
			),
		);
		expect(worker.gil_contention_seconds_total).toBe(3.25);
		const identity = parseIdentity(
			JSON.stringify({
				type: 'Scheduler',
				workers: {'tcp://10.0.0.1:1': {name: 'a', metrics: {gil_contention: 0.42}, resources: {GPU: 1}}},
			}),
		);
		expect(identity.workers[0]).toMatchObject({gil_contention_fraction: 0.42, resources: {GPU: 1}});
		expect(parseWorkerMetrics(parsePrometheus('')).gil_contention_seconds_total).toBeUndefined();
	});
});
