/**
 * Figures that are not counts. The answers are the recorded ones of real clusters with a few /metrics
 * values replaced by NaN, ±Inf or a negative number: garbage no Dask prints (every figure dask-top
 * reads is a count, bytes, seconds or a time), standing for a broken exporter or a proxy, which no
 * real part here can show. Every sink shows such a figure as unknown — never NaN, Infinity or a
 * made-up 0 — and --check does not call the cluster OK. The unaltered recordings keep every figure.
 */
import {describe, expect, it} from 'vitest';
import {checkResult, judgeCluster} from '../../source/output/check-verdict.js';
import {formatOnce} from '../../source/output/once-format.js';
import {parsePrometheus} from '../../source/parse/prometheus.js';
import {parseSchedulerMetrics} from '../../source/parse/scheduler-metrics.js';
import {parseWorkerMetrics} from '../../source/parse/worker-metrics.js';
import {createPipeline, type Pipeline} from '../../source/pipeline.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {LIVE} from '../helpers/fixture-data.js';
import {
	FIXTURE_VERSIONS,
	loadScenarioScrape,
	readScenarioFile,
	SCENARIOS,
	type FixtureVersion,
	type ScenarioScrapeOptions,
} from '../helpers/fixtures.js';

/** Replaces whole sample lines of the scheduler's recorded /metrics: `line` → `value`. */
function garbled(lines: Readonly<Record<string, string>>): NonNullable<ScenarioScrapeOptions['override']> {
	return (entry, target) => {
		if (target !== 'scheduler' || entry.path !== '/metrics' || entry.file === null) return undefined;
		let body = readScenarioFile(FIXTURE, 'busy', `scheduler/${encodeURIComponent(entry.path)}`);
		for (const [line, value] of Object.entries(lines)) {
			expect(body).toContain(`\n${line} `);
			body = body.replace(new RegExp(`\\n${line.replace(/[{}]/g, '\\$&')} \\S+\\n`), `\n${line} ${value}\n`);
		}
		return {body};
	};
}

const FIXTURE: FixtureVersion = '2022.12.1';

function polled(options: ScenarioScrapeOptions, version: FixtureVersion = FIXTURE): Pipeline {
	const pipeline = createPipeline({model: {intervalMs: 2000}});
	pipeline.ingest(loadScenarioScrape(version, 'busy', options), {source: {status: LIVE, intervalMs: 2000}});
	return pipeline;
}

const NAN_IDLE_INF_MEMORY = garbled({
	'dask_scheduler_workers{state="idle"}': 'NaN',
	'dask_scheduler_tasks{state="memory"}': '-Inf',
});

describe('a /metrics figure that is NaN, ±Inf or negative', () => {
	it('is unknown in the snapshot, with what it derives, and the answer names it', () => {
		const snapshot = polled({override: NAN_IDLE_INF_MEMORY}).snapshot()!;
		const {workers, tasks, tasks_total: total} = snapshot.scheduler;
		expect(workers).toEqual({total: 3, saturated: 0, paused: 0, retiring: 0});
		expect(tasks.memory).toBeUndefined();
		expect(tasks.processing).toBe(24);
		expect(total).toBeUndefined();
		const metrics = snapshot.endpoints.find((e) => e.path === '/metrics' && e.target === undefined);
		expect(metrics).toMatchObject({state: 'ok', unreadable: 2});
		expect(metrics?.detail).toBe(
			'2 figures are not a count, shown as unknown: ' +
				'dask_scheduler_workers{state="idle"} NaN, dask_scheduler_tasks{state="memory"} -Inf',
		);
	});

	it("takes the number of workers from the worker list when /metrics' count is not one", () => {
		const snapshot = polled({override: garbled({'dask_scheduler_workers{state="connected"}': '+Inf'})}).snapshot()!;
		expect(snapshot.scheduler.workers.total).toBe(3);
		expect(snapshot.scheduler.sources['workers.total']).toBe('identity');
		expect(snapshot.scheduler.workers.partially_saturated).toBeUndefined();
	});

	it('on the additive label set of modern Dask, leaves the total unknown when one state is negative', () => {
		const body = readScenarioFile('2026.7.1', 'busy', 'scheduler/%2Fmetrics').replace(
			'dask_scheduler_workers{state="partially_saturated"} 3.0',
			'dask_scheduler_workers{state="partially_saturated"} -3.0',
		);
		const metrics = parseSchedulerMetrics(parsePrometheus(body));
		expect(metrics.workerStates?.get('partially_saturated')).toBeUndefined();
		expect(metrics.unreadable).toEqual({count: 1, named: ['dask_scheduler_workers{state="partially_saturated"} -3']});
	});

	it('leaves out a prefix whose transition count is not a count, keeping the others', () => {
		const body = readScenarioFile(FIXTURE, 'busy', 'scheduler/%2Fmetrics');
		const line = 'dask_scheduler_prefix_state_totals_total{state="memory",task_prefix_name="inc"} 5.0';
		expect(body).toContain(line);
		const metrics = parseSchedulerMetrics(parsePrometheus(body.replace(line, line.replace('5.0', 'NaN'))));
		expect(Object.keys(metrics.prefixes)).not.toContain('inc');
		expect(Object.keys(metrics.prefixes)).toContain('sum');
	});

	it("of a worker's own /metrics is unknown, and so are the sums over it", () => {
		const body = readScenarioFile(FIXTURE, 'busy', 'worker-alpha/%2Fmetrics');
		const managed = /^dask_worker_memory_bytes\{type="managed"\} \S+$/m;
		const disk = /^dask_worker_tasks\{state="disk"\} \S+$/m;
		expect(body).toMatch(managed);
		expect(body).toMatch(disk);
		const worker = parseWorkerMetrics(
			parsePrometheus(
				body
					.replace(managed, 'dask_worker_memory_bytes{type="managed"} NaN')
					.replace(disk, 'dask_worker_tasks{state="disk"} -1'),
			),
		);
		expect(worker.memory_managed_bytes).toBeUndefined();
		expect(worker.memory_process_bytes).toBeUndefined();
		expect(worker.memory_unmanaged_bytes).toBeGreaterThan(0);
		expect(worker.task_counts).toBeUndefined();
		expect(worker.tasks_in_memory).toBeUndefined();
		expect(worker.tasks_executing).toBe(2);
		expect(worker.unreadable?.count).toBe(2);
	});
});

describe('every sink shows a figure that is not a count as unknown', () => {
	it('--once prints "-" where it printed NaN and -Infinity, and says which answer had them', () => {
		const text = formatOnce(polled({override: NAN_IDLE_INF_MEMORY}), false)!;
		expect(text.split('\n').filter((line) => /NaN|Inf/.test(line) && !line.startsWith('Source '))).toEqual([]);
		expect(text).toContain('\nWorkers   3: - idle, - partially saturated, 0 saturated, 0 paused, 0 retiring\n');
		expect(text).toMatch(/\nTasks {5}-: 56 waiting, 214 queued, 24 processing, 0 erred/);
		expect(text).toContain('unreadable: /metrics (2 figures are not a count, shown as unknown: ');
	});

	it('--json leaves them out (no null) and counts them on the answer', () => {
		const json = formatOnce(polled({override: NAN_IDLE_INF_MEMORY}), true)!;
		expect(json.split('\n').filter((line) => line.includes('null') && !line.includes('"nanny": null'))).toEqual([]);
		const document = JSON.parse(json) as Snapshot;
		expect(document.scheduler.workers.idle).toBeUndefined();
		expect(document.scheduler.tasks.memory).toBeUndefined();
		expect(document.endpoints.find((e) => e.path === '/metrics')?.unreadable).toBe(2);
	});

	it('--check is WARNING, naming them, where it said OK', () => {
		const pipeline = polled({override: NAN_IDLE_INF_MEMORY});
		const check = judgeCluster('prod:8787', pipeline.snapshot()!, pipeline.state());
		const result = checkResult([check]);
		expect(result.exitCode).toBe(1);
		expect(result.line).toMatch(
			/^DASK WARNING - \/metrics: 2 figures are not a count, shown as unknown: dask_scheduler_workers\{state="idle"\} NaN/,
		);
		expect(result.line).toContain(' | workers=3;;;0 ');
	});

	it('--check is UNKNOWN when the number of workers is what it cannot read', () => {
		const pipeline = polled({
			only: ['/metrics'],
			override: garbled({'dask_scheduler_workers{state="connected"}': 'NaN'}),
		});
		const result = checkResult([judgeCluster('prod:8787', pipeline.snapshot()!, pipeline.state())]);
		expect(result.exitCode).toBe(3);
		expect(result.line).toMatch(/^DASK UNKNOWN - cannot tell how many workers there are; \/metrics: 1 figure is not/);
		expect(result.line).not.toMatch(/workers=0|0 workers/);
	});
});

describe('the recorded answers of real clusters', () => {
	it.each(FIXTURE_VERSIONS.flatMap((v) => SCENARIOS.map((s) => [v, s] as const)))(
		'%s %s: every figure read is a count',
		(version, scenario) => {
			const pipeline = createPipeline();
			pipeline.ingest(loadScenarioScrape(version, scenario));
			expect(pipeline.snapshot()!.endpoints.filter((e) => e.unreadable !== undefined)).toEqual([]);
		},
	);
});
