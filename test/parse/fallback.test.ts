import {describe, expect, it} from 'vitest';
import {parseFormattedTime} from '../../source/parse/dask-numbers.js';
import type {EndpointResult, Target} from '../../source/types/raw-scrape.js';
import {identity500Body, identityAnswers500, loadClusterLayout, type ManifestEntry} from '../helpers/fixtures.js';
import {
	promByLabel,
	promPlain,
	schedulerMetricsBody,
	snapshotOf,
	workerMetricsBody,
	workersHtmlRows,
} from '../helpers/fixture-expect.js';

describe('identity.json answering the recorded HTTP 500 (2026.7.1 identity-500-probe)', () => {
	const snap = snapshotOf('2026.7.1', 'busy', {override: identityAnswers500});
	const layout = loadClusterLayout('2026.7.1').workers;

	it('takes the worker list from workers.html', () => {
		expect(snap.workers_source).toBe('workers_html');
		expect(snap.workers.map((w) => w.name)).toEqual(['alpha', 'beta', 'gamma']);
	});

	it("proves every worker running from /metrics' counts, and leaves CPU to a second reading", () => {
		// The recorded /metrics counts no paused and no retiring worker, and as many as are listed.
		const states = promByLabel(schedulerMetricsBody('2026.7.1', 'busy'), 'dask_scheduler_workers', 'state');
		expect(states.get('paused')).toBe(0);
		expect(states.get('retiring')).toBe(0);
		expect([...states.values()].reduce((a, b) => a + b, 0)).toBe(snap.workers.length);
		for (const w of snap.workers) {
			expect(w.status).toBe('running');
			expect(w.sources['status']).toBe('metrics');
			// One reading of each worker's process_cpu_seconds_total makes no rate (worker-cpu.test.ts has two).
			expect(w.cpu_percent).toBeUndefined();
			expect(w.last_seen).toBeUndefined();
		}
	});

	it('keeps memory limits, cores, dashboard ports and occupancy from workers.html (raw data-sort values)', () => {
		const rows = workersHtmlRows('2026.7.1', 'busy');
		for (const expected of layout) {
			const w = snap.workers.find((x) => x.address === expected.address)!;
			const row = rows.find((r) => r.address === expected.address)!;
			expect(w.memory_limit_bytes).toBe(expected.memory_limit);
			expect(w.nthreads).toBe(expected.nthreads);
			expect(w.dashboard_port).toBe(expected.http_port);
			expect(w.host).toBe('127.0.0.1');
			expect(w.occupancy_seconds).toBe(Number(/data-sort="([^"]+)"/.exec(row.cells[5]!)![1]));
			expect(w.sources['memory_limit_bytes']).toBe('workers_html');
		}
	});

	it("fills the memory breakdown and task states from each worker's own /metrics", () => {
		for (const expected of layout) {
			const w = snap.workers.find((x) => x.address === expected.address)!;
			const memory = promByLabel(
				workerMetricsBody('2026.7.1', 'busy', expected.name),
				'dask_worker_memory_bytes',
				'type',
			);
			const tasks = promByLabel(workerMetricsBody('2026.7.1', 'busy', expected.name), 'dask_worker_tasks', 'state');
			expect(w.memory_managed_bytes).toBe(memory.get('managed'));
			expect(w.memory_unmanaged_bytes).toBe(memory.get('unmanaged'));
			expect(w.memory_process_bytes).toBe(memory.get('managed')! + memory.get('unmanaged')!);
			expect(w.tasks_executing).toBe(tasks.get('executing') ?? 0);
			expect(w.tasks_ready).toBe(tasks.get('ready') ?? 0);
			expect(w.sources['memory_managed_bytes']).toBe('worker_metrics');
		}
	});

	it('still reads paused workers from the scheduler /metrics', () => {
		expect(snap.scheduler.workers.paused).toBe(
			promByLabel(schedulerMetricsBody('2026.7.1', 'busy'), 'dask_scheduler_workers', 'state').get('paused'),
		);
		expect(snap.scheduler.sources['workers']).toBe('metrics');
	});

	it('reports identity.json failed with the HTTP status, the known bug and the fallback in use', () => {
		const health = snap.endpoints.find((e) => e.target === undefined && e.path === '/json/identity.json')!;
		expect(health.state).toBe('failed');
		expect(health.status).toBe(500);
		expect(health.detail).toContain('HTTP 500');
		expect(health.detail).toContain('dask/distributed#8370');
		expect(health.detail).toContain('worker list from workers.html');
		expect(health.last_ok).toBeUndefined();
		expect(identity500Body()).toContain('500: Internal Server Error');
	});

	it('dates the version from /metrics when identity is missing', () => {
		expect(snap.dask_version_hint).toBe('>=2024.8');
	});
});

describe('the workers.html fallback on 2022.12.1 (formatted text only)', () => {
	const snap = snapshotOf('2022.12.1', 'busy', {override: identityAnswers500});

	it('reads memory limits from the progress bar and occupancy and last seen from format_time text', () => {
		const rows = workersHtmlRows('2022.12.1', 'busy');
		for (const expected of loadClusterLayout('2022.12.1').workers) {
			const w = snap.workers.find((x) => x.address === expected.address)!;
			const row = rows.find((r) => r.address === expected.address)!;
			expect(w.memory_limit_bytes).toBe(expected.memory_limit);
			expect(w.occupancy_seconds).toBe(parseFormattedTime(/<td>([^<]+)<\/td>/.exec(row.cells[5]!)![1]!));
			expect(w.heartbeat_age_seconds).toBeCloseTo(
				parseFormattedTime(/<td>([^<]+)<\/td>/.exec(row.cells[10]!)![1]!)!,
				6,
			);
		}
		expect(snap.scheduler.tasks.queued).toBe(214);
		expect(snap.scheduler.desired_workers).toBe(
			promPlain(schedulerMetricsBody('2022.12.1', 'busy'), 'dask_scheduler_desired_workers'),
		);
	});

	it('leaves paused and retiring unknown: 2022.12 /metrics has no such label and no worker status is known', () => {
		expect(snap.scheduler.workers.paused).toBeUndefined();
		expect(snap.scheduler.workers.retiring).toBeUndefined();
		expect(snap.scheduler.workers).toMatchObject({total: 3, idle: 0, saturated: 0, partially_saturated: 3});
	});
});

describe('worker /metrics reached through the scheduler /proxy route', () => {
	it(
		'is matched to the worker by host and dashboard port (a real worker body served on the proxy path; ' +
			"the fixtures' proxy only had the hint page)",
		() => {
			const betaBody = workerMetricsBody('2026.7.1', 'busy', 'beta');
			const override = (entry: ManifestEntry, target: Target): Partial<EndpointResult> | undefined => {
				if (target === 'scheduler' && entry.path === '/json/identity.json') return identityAnswers500(entry, target);
				if (target === 'scheduler' && entry.path === '/proxy/8802/127.0.0.1/metrics') {
					return {contentType: 'text/plain; version=0.0.4', body: betaBody};
				}
				return undefined;
			};
			const snap = snapshotOf('2026.7.1', 'busy', {override, targets: ['scheduler']});
			const beta = snap.workers.find((w) => w.name === 'beta')!;
			const alpha = snap.workers.find((w) => w.name === 'alpha')!;
			const memory = promByLabel(betaBody, 'dask_worker_memory_bytes', 'type');
			expect(beta.memory_managed_bytes).toBe(memory.get('managed'));
			expect(beta.sources['memory_managed_bytes']).toBe('worker_metrics');
			expect(alpha.memory_managed_bytes).toBeUndefined();
			expect(alpha.memory_process_bytes).toBeGreaterThan(0); // the heartbeat RSS workers.html shows
			expect(snap.scheduler.memory_managed_bytes).toBeUndefined(); // not every worker has it
			expect(snap.endpoints.find((e) => e.path === '/proxy/8802/127.0.0.1/metrics')?.state).toBe('ok');
		},
	);
});
