import {describe, expect, it} from 'vitest';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import {parseSchedulerMetrics, workerCountsFromMetrics} from '../../source/parse/scheduler-metrics.js';
import {parseWorkerMetrics} from '../../source/parse/worker-metrics.js';
import {FIXTURE_VERSIONS, type SCENARIOS} from '../helpers/fixtures.js';
import {promByLabel, promPlain, schedulerMetricsBody, workerMetricsBody} from '../helpers/fixture-expect.js';

const scheduler = (version: (typeof FIXTURE_VERSIONS)[number], scenario: (typeof SCENARIOS)[number]) =>
	parseSchedulerMetrics(parsePrometheus(schedulerMetricsBody(version, scenario)));
const worker = (version: (typeof FIXTURE_VERSIONS)[number], scenario: (typeof SCENARIOS)[number], name: string) =>
	parseWorkerMetrics(parsePrometheus(workerMetricsBody(version, scenario, name)));

describe('parseSchedulerMetrics', () => {
	it('reads the 2022.12 worker labels as connected/idle/saturated and derives partially saturated', () => {
		const m = scheduler('2022.12.1', 'busy');
		expect(m.workerLabels).toBe('connected');
		expect(workerCountsFromMetrics(m)).toEqual({
			counts: {total: 3, idle: 0, saturated: 0, partially_saturated: 3},
			derived: ['partially_saturated'],
			fromStatuses: [],
		});
		expect(workerCountsFromMetrics(m, {paused: 1, retiring: 0})?.counts).toEqual({
			total: 3,
			idle: 0,
			saturated: 0,
			partially_saturated: 2,
			paused: 1,
			retiring: 0,
		});
	});

	it('never derives a negative partially saturated count from overlapping 2022.12 subsets', () => {
		const m = parseSchedulerMetrics(
			parsePrometheus(
				'dask_scheduler_workers{state="connected"} 2.0\ndask_scheduler_workers{state="saturated"} ' +
					'1.0\ndask_scheduler_workers{state="idle"} 2.0\n',
			),
		);
		expect(workerCountsFromMetrics(m)?.counts.partially_saturated).toBe(0);
	});

	it('adds up the modern additive labels into the total', () => {
		const m = scheduler('2026.7.1', 'idle');
		expect(m.workerLabels).toBe('additive');
		expect(workerCountsFromMetrics(m)?.counts).toEqual({
			total: 3,
			idle: 3,
			partially_saturated: 0,
			saturated: 0,
			paused: 0,
			retiring: 0,
		});
	});

	it.each(FIXTURE_VERSIONS)('%s: process figures of the scheduler process and tick figures', (version) => {
		const body = schedulerMetricsBody(version, 'errors');
		const m = scheduler(version, 'errors');
		expect(m.process_rss_bytes).toBe(promPlain(body, 'process_resident_memory_bytes'));
		expect(m.process_cpu_seconds_total).toBe(promPlain(body, 'process_cpu_seconds_total'));
		expect(m.process_open_fds).toBe(promPlain(body, 'process_open_fds'));
		expect(m.tick_count_total).toBe(promPlain(body, 'dask_scheduler_tick_count_total'));
		expect(m.tick_duration_max_seconds).toBe(promPlain(body, 'dask_scheduler_tick_duration_maximum_seconds'));
	});

	it.each(FIXTURE_VERSIONS)('%s errors: per-prefix transitions into erred and suspicious counters', (version) => {
		const m = scheduler(version, 'errors');
		expect(m.prefixes['explode']?.transitions['erred']).toBe(6);
		expect(m.prefixes['divide']?.transitions['erred']).toBe(2);
		expect(m.prefixes['explode']?.suspicious_total).toBe(0);
		expect(m.prefixes['explode']?.compute_seconds_total === undefined).toBe(version === '2022.12.1');
	});

	it('2026.7.1 worker-died: per-prefix suspicious counts after the SIGKILL', () => {
		const body = schedulerMetricsBody('2026.7.1', 'worker-died');
		const suspicious = promByLabel(body, 'dask_scheduler_tasks_suspicious_total', 'task_prefix_name');
		const m = scheduler('2026.7.1', 'worker-died');
		for (const [prefix, value] of suspicious) expect(m.prefixes[prefix]?.suspicious_total).toBe(value);
		expect([...suspicious.values()].some((v) => v > 0)).toBe(true);
	});

	it('notes the families that date a version', () => {
		expect(scheduler('2026.7.1', 'idle')).toMatchObject({
			hasClientConnectionsAdded: true,
			hasTaskGroups: true,
			task_groups: expect.any(Number) as number,
		});
		expect(scheduler('2022.12.1', 'idle')).toMatchObject({hasClientConnectionsAdded: false, hasTaskGroups: false});
	});

	it('leaves tasks and worker counts undefined when the families are absent (a worker body, say)', () => {
		const m = parseSchedulerMetrics(parsePrometheus(workerMetricsBody('2026.7.1', 'busy', 'alpha')));
		expect(m.tasks).toBeUndefined();
		expect(m.workerStates).toBeUndefined();
		expect(workerCountsFromMetrics(m)).toBeUndefined();
	});
});

describe('parseWorkerMetrics', () => {
	it('2022.12.1: the fixed set of task states with zeros, other included; memory = memory + disk', () => {
		const w = worker('2022.12.1', 'memory-heavy', 'beta');
		expect(w.task_counts).toEqual({
			executing: 0,
			'long-running': 0,
			memory: 7,
			disk: 2,
			ready: 0,
			constrained: 0,
			waiting: 0,
			fetch: 0,
			missing: 0,
			flight: 0,
			other: 0,
		});
		expect(w.tasks_in_memory).toBe(9);
	});

	it('2026.7.1: only non-zero states are printed; the ones left out read as 0', () => {
		const w = worker('2026.7.1', 'errors', 'alpha');
		expect(w.task_counts).toEqual({memory: 5, error: 3});
		expect(w).toMatchObject({tasks_executing: 0, tasks_ready: 0, tasks_in_memory: 5});
		const idle = worker('2026.7.1', 'idle', 'alpha');
		expect(idle.task_counts).toEqual({});
		expect(idle.spill_bytes).toEqual({});
		expect(idle.spill_write_bytes_total).toBe(0);
	});

	it.each(FIXTURE_VERSIONS)(
		'%s memory-heavy beta: memory breakdown and spill by activity in one spelling',
		(version) => {
			const body = workerMetricsBody(version, 'memory-heavy', 'beta');
			const memory = promByLabel(body, 'dask_worker_memory_bytes', 'type');
			const w = worker(version, 'memory-heavy', 'beta');
			expect(w.memory_managed_bytes).toBe(memory.get('managed'));
			expect(w.memory_unmanaged_bytes).toBe(memory.get('unmanaged'));
			expect(w.memory_spilled_bytes).toBe(memory.get('spilled'));
			expect(w.memory_process_bytes).toBe(memory.get('managed')! + memory.get('unmanaged')!);
			expect(w.spill_write_bytes_total).toBe(83_886_430);
			expect(w.spill_read_bytes_total).toBe(0);
			expect(Object.keys(w.spill_bytes!)).toContain('memory-read');
			expect(Object.keys(w.spill_bytes!).some((k) => k.includes('_'))).toBe(false);
			expect(w.nthreads).toBe(1);
			expect(w.transfer_incoming_count_total).toBe(promPlain(body, 'dask_worker_transfer_incoming_count_total'));
			expect(w.transfer_outgoing_bytes_total).toBe(promPlain(body, 'dask_worker_transfer_outgoing_bytes_total'));
			expect(w.process_rss_bytes).toBe(promPlain(body, 'process_resident_memory_bytes'));
			expect(w.latency_seconds).toBe(promPlain(body, 'dask_worker_latency_seconds'));
			expect(w.tick_count_total).toBe(promPlain(body, 'dask_worker_tick_count_total'));
		},
	);

	it.each(FIXTURE_VERSIONS)('%s memory-heavy: spill and GC seconds as the time view reads them', (version) => {
		for (const name of ['alpha', 'beta', 'gamma']) {
			const body = workerMetricsBody(version, 'memory-heavy', name);
			const w = worker(version, 'memory-heavy', name);
			const spill = [...promByLabel(body, 'dask_worker_spill_time_seconds_total', 'activity').values()];
			// A declared family with no activity yet (≥ 2023.3.2 prints only those that happened) is 0 s.
			expect(w.spill_time_seconds_total).toBeCloseTo(
				spill.reduce((a, b) => a + b, 0),
				9,
			);
			// ≥ 2024.8.0 only: 2022.12.1 leaves it unknown, never 0.
			expect(w.gc_collection_seconds_total).toBe(promPlain(body, 'dask_worker_gc_collection_seconds_total'));
			if (version === '2026.7.1') expect(w.gc_collection_seconds_total).toBeGreaterThan(0);
			else expect(w.gc_collection_seconds_total).toBeUndefined();
		}
	});

	it('leaves spill figures undefined when the worker has no spill families (spilling disabled)', () => {
		const w = parseWorkerMetrics(
			parsePrometheus('dask_worker_threads 2.0\ndask_worker_memory_bytes{type="managed"} 10.0\n'),
		);
		expect(w.spill_write_bytes_total).toBeUndefined();
		expect(w.task_counts).toBeUndefined();
		expect(w.memory_process_bytes).toBeUndefined();
	});
});
