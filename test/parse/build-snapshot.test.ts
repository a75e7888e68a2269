import {describe, expect, it} from 'vitest';
import {TASK_STATES} from '../../source/parse/scheduler-metrics.js';
import {FIXTURE_VERSIONS, loadClusterLayout, loadManifest, SCENARIOS} from '../helpers/fixtures.js';
import {
	aliveWorkers,
	countsJson,
	identityJson,
	promByLabel,
	promPlain,
	schedulerMetricsBody,
	snapshotOf,
	workerMetricsBody,
	workersHtmlRows,
} from '../helpers/fixture-expect.js';

const CASES = FIXTURE_VERSIONS.flatMap((version) => SCENARIOS.map((scenario) => [version, scenario] as const));

describe.each(CASES)('buildSnapshot on the recorded %s %s scenario', (version, scenario) => {
	const snap = snapshotOf(version, scenario);
	const alive = aliveWorkers(version, scenario);
	const layout = loadClusterLayout(version).workers.filter((w) => w.address in alive);
	const metricsBody = schedulerMetricsBody(version, scenario);
	const counts = countsJson(version, scenario);

	it('lists the live workers of cluster.json, sorted by address, from identity.json', () => {
		expect(snap.workers_source).toBe('identity');
		expect(snap.workers.map((w) => w.address)).toEqual(layout.map((w) => w.address).sort());
		for (const expected of layout) {
			const worker = snap.workers.find((w) => w.address === expected.address)!;
			expect(worker.name).toBe(expected.name);
			expect(worker.nthreads).toBe(expected.nthreads);
			expect(worker.memory_limit_bytes).toBe(expected.memory_limit);
			expect(worker.dashboard_port).toBe(expected.http_port);
			expect(worker.nanny).toBe(expected.nanny);
			expect(worker.status).toBe('running');
		}
	});

	it('reads tasks by state from /metrics, a state the family leaves out being 0', () => {
		const byState = promByLabel(metricsBody, 'dask_scheduler_tasks', 'state');
		expect(byState.size).toBeGreaterThan(0);
		for (const state of TASK_STATES) expect(snap.scheduler.tasks[state]).toBe(byState.get(state) ?? 0);
		expect(snap.scheduler.tasks_total).toBe([...byState.values()].reduce((a, b) => a + b, 0));
		expect(snap.scheduler.sources['tasks']).toBe('metrics');
	});

	it('agrees with counts.json on processing, erred, no-worker, cores and stored bytes', () => {
		expect(snap.scheduler.tasks.processing).toBe(counts['processing']);
		expect(snap.scheduler.tasks.erred).toBe(counts['erred']);
		expect(snap.scheduler.tasks['no-worker']).toBe(counts['unrunnable']);
		expect(snap.scheduler.threads).toBe(counts['cores']);
		expect(snap.scheduler.stored_bytes).toBe(counts['bytes']);
		expect(snap.scheduler.workers.total).toBe(counts['workers']);
	});

	it('takes desired workers and clients from /metrics (clients without fire-and-forget)', () => {
		expect(snap.scheduler.desired_workers).toBe(promPlain(metricsBody, 'dask_scheduler_desired_workers'));
		expect(snap.scheduler.clients).toBe(promPlain(metricsBody, 'dask_scheduler_clients'));
		expect(snap.scheduler.clients).toBe(counts['clients']! - 1);
	});

	it('sums worker memory over all workers and reports the per-worker limits', () => {
		const identity = identityJson(version, scenario);
		const process = Object.values(identity.workers).reduce((sum, w) => sum + w.metrics.memory, 0);
		const spilled = Object.values(identity.workers).reduce((sum, w) => sum + w.metrics.spilled_bytes.disk, 0);
		expect(snap.scheduler.memory_process_bytes).toBe(process);
		expect(snap.scheduler.memory_spilled_bytes).toBe(spilled);
		expect(snap.scheduler.memory_limit_bytes).toBe(layout.reduce((sum, w) => sum + w.memory_limit, 0));
		expect(snap.scheduler.memory_managed_bytes! + snap.scheduler.memory_unmanaged_bytes!).toBe(process);
	});

	it('adds occupancy, processing and keys held from workers.html', () => {
		for (const row of workersHtmlRows(version, scenario)) {
			const worker = snap.workers.find((w) => w.address === row.address)!;
			expect(worker.processing).toBe(Number(/<td>\s*(\d+)\s*<\/td>/.exec(row.cells[6]!)![1]));
			expect(worker.keys_in_memory).toBe(Number(/<td>\s*(\d+)\s*<\/td>/.exec(row.cells[7]!)![1]));
			expect(worker.sources['occupancy_seconds']).toBe('workers_html');
			expect(worker.occupancy_seconds).toBeGreaterThanOrEqual(0);
		}
	});

	it('says where each given figure came from, workers with the same mix sharing one frozen record', () => {
		const records = new Map<string, unknown>();
		for (const worker of snap.workers) {
			for (const [key, value] of Object.entries(worker)) {
				if (key === 'sources' || key === 'address' || key === 'name') continue;
				if (value === undefined) expect(worker.sources[key], key).toBeUndefined();
				else expect(worker.sources[key], key).toMatch(/^(identity|workers_html|worker_metrics)$/);
			}
			expect(worker.sources['memory_process_bytes']).toBe('identity');
			expect(Object.isFrozen(worker.sources)).toBe(true);
			const mix = JSON.stringify(worker.sources);
			if (!records.has(mix)) records.set(mix, worker.sources);
			expect(worker.sources).toBe(records.get(mix));
		}
		expect(records.size).toBeLessThan(Math.max(2, snap.workers.length));
	});

	it('dates the version from the answers', () => {
		expect(snap.dask_version_hint).toBe(version === '2022.12.1' ? '<=2022.12' : '>=2025.4');
	});

	it('reports /metrics, identity.json and workers.html healthy and the /proxy routes unavailable', () => {
		const scheduler = snap.endpoints.filter((e) => e.target === undefined);
		for (const path of ['/metrics', '/json/identity.json', '/info/main/workers.html', '/json/counts.json']) {
			expect(scheduler.find((e) => e.path === path)?.state).toBe('ok');
		}
		const proxies = scheduler.filter((e) => e.path.startsWith('/proxy/'));
		expect(proxies.length).toBe(layout.length);
		for (const p of proxies) {
			expect(p.state).toBe('unavailable');
			expect(p.detail).toContain('jupyter-server-proxy');
		}
		expect(scheduler.find((e) => e.path === '/json/missing.json')?.state).toBe('unavailable');
	});
});

describe('buildSnapshot: scenario facts from the fixture READMEs', () => {
	it('2022.12.1 busy: 24 processing, 214 queued, 56 waiting, desired 34, three partially saturated workers', () => {
		const snap = snapshotOf('2022.12.1', 'busy');
		expect(snap.scheduler.tasks).toMatchObject({processing: 24, queued: 214, waiting: 56, memory: 5});
		expect(snap.scheduler.desired_workers).toBe(34);
		expect(snap.scheduler.adaptive_target).toBe(34);
		// 2022.12 labels: connected 3, idle 0, saturated 0 → the rest is partially saturated.
		expect(snap.scheduler.workers).toEqual({
			total: 3,
			idle: 0,
			saturated: 0,
			partially_saturated: 3,
			paused: 0,
			retiring: 0,
		});
		expect(snap.scheduler.sources['workers.partially_saturated']).toBe('derived');
		expect(snap.scheduler.sources['workers.paused']).toBe('identity');
	});

	it('2026.7.1 busy: modern additive worker states and per-prefix compute seconds', () => {
		const snap = snapshotOf('2026.7.1', 'busy');
		expect(snap.scheduler.workers).toEqual({
			total: 3,
			idle: 0,
			partially_saturated: 3,
			saturated: 0,
			paused: 0,
			retiring: 0,
		});
		expect(snap.scheduler.desired_workers).toBe(140);
		expect(snap.scheduler.prefixes['inc']).toEqual({
			transitions: {waiting: 200, processing: 8, queued: 192, memory: 6},
			compute_seconds_total: 1.511677,
			transfer_seconds_total: 0,
			output_bytes: 168,
			suspicious_total: 0,
		});
		expect(snap.scheduler.prefixes['finalize-hlgfinalizecompute']?.transitions).toEqual({waiting: 1});
	});

	it.each(FIXTURE_VERSIONS)('%s errors: 10 erred tasks', (version) => {
		expect(snapshotOf(version, 'errors').scheduler.tasks.erred).toBe(10);
	});

	it.each(FIXTURE_VERSIONS)(
		'%s worker-died: 2 workers, 2 no-worker tasks, the dead worker refusing connections',
		(version) => {
			const snap = snapshotOf(version, 'worker-died');
			const killed = loadManifest(version, 'worker-died').meta.killed!;
			expect(snap.workers).toHaveLength(2);
			expect(snap.workers.map((w) => w.name)).not.toContain(killed.name);
			expect(snap.scheduler.tasks['no-worker']).toBe(2);
			expect(snap.scheduler.workers.total).toBe(2);
			const dead = snap.endpoints.filter((e) => e.target === `worker:${killed.address}`);
			expect(dead.map((e) => e.path).sort()).toEqual(['/health', '/metrics']);
			for (const e of dead) {
				expect(e.state).toBe('failed');
				expect(e.status).toBeUndefined(); // no HTTP status came: left out, not null
				expect(e.detail).toContain('refused');
			}
		},
	);

	it.each(FIXTURE_VERSIONS)('%s memory-heavy: beta spills to disk what identity.json says', (version) => {
		const snap = snapshotOf(version, 'memory-heavy');
		const identity = identityJson(version, 'memory-heavy');
		const [betaAddress, betaRaw] = Object.entries(identity.workers).find(([, w]) => w.name === 'beta')!;
		const beta = snap.workers.find((w) => w.address === betaAddress)!;
		expect(beta.memory_spilled_bytes).toBe(betaRaw.metrics.spilled_bytes.disk);
		expect(beta.memory_spilled_bytes).toBeGreaterThan(80_000_000);
		// managed = managed_bytes − the part of it that sits spilled
		expect(beta.memory_managed_bytes).toBe(betaRaw.metrics.managed_bytes - betaRaw.metrics.spilled_bytes.memory);
		expect(beta.memory_unmanaged_bytes).toBe(betaRaw.metrics.memory - beta.memory_managed_bytes!);
		expect(beta.spill_write_bytes_total).toBe(
			promByLabel(workerMetricsBody(version, 'memory-heavy', 'beta'), 'dask_worker_spill_bytes_total', 'activity').get(
				version === '2022.12.1' ? 'disk_write' : 'disk-write',
			),
		);
		expect(snap.scheduler.tasks.memory).toBe(20);
		expect(snap.scheduler.stored_bytes).toBe(838_860_800);
	});

	it.each(FIXTURE_VERSIONS)('%s idle: three idle workers and no tasks; client-closed: two idle workers', (version) => {
		const idle = snapshotOf(version, 'idle');
		expect(idle.scheduler.workers.idle).toBe(3);
		expect(idle.scheduler.tasks_total).toBe(0);
		const closed = snapshotOf(version, 'client-closed');
		expect(closed.scheduler.workers).toMatchObject({total: 2, idle: 2});
		expect(closed.scheduler.tasks_total).toBe(0);
		expect(closed.scheduler.clients).toBe(0);
	});

	it('2022.12.1 idle: api enabled, check_idle missing (a later route), identity has no n_workers', () => {
		const snap = snapshotOf('2022.12.1', 'idle');
		expect(snap.scheduler.api_enabled).toBe(true);
		expect(snap.scheduler.prometheus_available).toBe(true);
		expect(snap.endpoints.find((e) => e.path === '/api/v1/check_idle')?.state).toBe('unavailable');
		expect(snap.scheduler.sources['threads']).toBe('derived');
	});

	it('2026.7.1 idle: threads and memory limit straight from identity totals', () => {
		const snap = snapshotOf('2026.7.1', 'idle');
		expect(snap.scheduler.threads).toBe(5);
		expect(snap.scheduler.memory_limit_bytes).toBe(3_821_225_472);
		expect(snap.scheduler.sources['threads']).toBe('identity');
		expect(snap.workers.every((w) => Object.keys(w.task_counts!).length === 0 && w.tasks_executing === 0)).toBe(true);
	});
});
