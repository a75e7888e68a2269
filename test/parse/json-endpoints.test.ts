import {describe, expect, it} from 'vitest';
import {parseAdaptiveTarget, parseApiRoot, parseCheckIdle, parseGetWorkers} from '../../source/parse/api.js';
import {parseCounts} from '../../source/parse/counts.js';
import {IDENTITY_FIELDS, parseIdentity} from '../../source/parse/identity.js';
import {
	FIXTURE_VERSIONS,
	identity200ProbeBody,
	loadClusterLayout,
	readScenarioFile,
	SCENARIOS,
} from '../helpers/fixtures.js';
import {countsJson, identityJson} from '../helpers/fixture-expect.js';

const file = (path: string) => `scheduler/${encodeURIComponent(path)}`;

describe('parseIdentity', () => {
	it('2022.12.1: no totals at the top, task_counts with all ten states and zeros', () => {
		const identity = parseIdentity(readScenarioFile('2022.12.1', 'busy', file('/json/identity.json')));
		expect(identity.hasNWorkers).toBe(false);
		expect(identity.hasDigests).toBe(false);
		expect(identity.scheduler).toEqual({
			address: 'tcp://127.0.0.1:8786',
			id: expect.stringMatching(/^Scheduler-/) as string,
			started: expect.any(Number) as number,
			dashboard_port: 8787,
		});
		const alpha = identity.workers.find((w) => w.name === 'alpha')!;
		expect(Object.keys(alpha.task_counts!)).toHaveLength(10);
		expect(alpha).toMatchObject({
			tasks_executing: 2,
			tasks_ready: 6,
			tasks_in_memory: 2,
			status: 'running',
			nanny: 'tcp://127.0.0.1:40011',
			dashboard_port: 8791,
		});
	});

	it('2026.7.1: totals at the top, sparse task_counts, digests present', () => {
		const identity = parseIdentity(readScenarioFile('2026.7.1', 'errors', file('/json/identity.json')));
		expect(identity.hasNWorkers).toBe(true);
		expect(identity.hasDigests).toBe(true);
		expect(identity.scheduler).toMatchObject({n_workers: 3, total_threads: 5, total_memory: 3_821_225_472});
		for (const w of identity.workers) {
			expect(w.task_counts).toEqual({memory: w.tasks_in_memory, error: 3});
			expect(w.tasks_executing).toBe(0);
		}
		expect(identity.workers.find((w) => w.name === 'gamma')?.nanny).toBeNull();
	});

	it.each(FIXTURE_VERSIONS)(
		'%s: reads every field of IDENTITY_FIELDS from some recorded worker, none dead',
		(version) => {
			const found = new Set<string>();
			for (const scenario of SCENARIOS)
				for (const w of parseIdentity(readScenarioFile(version, scenario, file('/json/identity.json'))).workers)
					for (const [key, value] of Object.entries(w)) if (value !== undefined) found.add(key);
			// Given only by some setups: workers started with --resources; Dask ≥ 2023.x with gilknocker installed.
			const setupOnly = new Set<string>(['resources', 'gil_contention_fraction']);
			expect(IDENTITY_FIELDS.filter((f) => !found.has(f) && !setupOnly.has(f))).toEqual([]);
		},
	);

	it.each(FIXTURE_VERSIONS.flatMap((v) => SCENARIOS.map((s) => [v, s] as const)))(
		'%s %s: memory as WorkerState.memory derives it',
		(version, scenario) => {
			const raw = identityJson(version, scenario);
			for (const w of parseIdentity(readScenarioFile(version, scenario, file('/json/identity.json'))).workers) {
				const m = raw.workers[w.address]!.metrics;
				const managed = Math.min(m.memory, Math.max(0, m.managed_bytes - m.spilled_bytes.memory));
				expect(w).toMatchObject({
					memory_process_bytes: m.memory,
					memory_managed_bytes: managed,
					memory_unmanaged_bytes: m.memory - managed,
					memory_spilled_bytes: m.spilled_bytes.disk,
				});
			}
		},
	);

	it('reads the 200 body of the busy identity probe, where a worker runs tasks', () => {
		const identity = parseIdentity(identity200ProbeBody());
		expect(identity.workers.map((w) => w.name).sort()).toEqual(
			loadClusterLayout('2026.7.1').workers.map((w) => w.name),
		);
	});

	it('clamps managed memory into 0…process and names integer-named workers', () => {
		const body = JSON.stringify({
			type: 'Scheduler',
			workers: {
				'tcp://h:1': {
					name: 0,
					nthreads: 1,
					memory_limit: 0,
					metrics: {memory: 100, managed_bytes: 500, spilled_bytes: {memory: 0, disk: 0}},
				},
				'tcp://h:2': {name: 1, metrics: {memory: 100, managed_bytes: 10, spilled_bytes: {memory: 50, disk: 7}}},
			},
		});
		const [a, b] = parseIdentity(body).workers;
		expect(a).toMatchObject({name: '0', memory_limit_bytes: 0, memory_managed_bytes: 100, memory_unmanaged_bytes: 0});
		expect(b).toMatchObject({name: '1', memory_managed_bytes: 0, memory_unmanaged_bytes: 100, memory_spilled_bytes: 7});
		expect(a?.tasks_executing).toBeUndefined(); // no task_counts at all: unknown, not 0
	});

	it('rejects bodies that are not an identity document', () => {
		expect(() => parseIdentity('<html>')).toThrow('identity.json is not valid JSON');
		expect(() => parseIdentity('[1]')).toThrow('not a JSON object');
		expect(() => parseIdentity('{"type":"Scheduler"}')).toThrow('no "workers" object');
	});
});

describe('parseCounts and the /api/v1 parsers', () => {
	it.each(FIXTURE_VERSIONS)('%s worker-died counts.json: the 16 keys as recorded', (version) => {
		const counts = parseCounts(readScenarioFile(version, 'worker-died', file('/json/counts.json')));
		expect(counts).toEqual(countsJson(version, 'worker-died'));
		expect(Object.keys(counts)).toHaveLength(16);
	});

	it('reads the recorded api answers of both versions', () => {
		expect(parseApiRoot(readScenarioFile('2022.12.1', 'idle', file('/api/v1')))).toBe(true);
		expect(parseAdaptiveTarget(readScenarioFile('2026.7.1', 'busy', file('/api/v1/adaptive_target')))).toBe(140);
		expect(parseAdaptiveTarget(readScenarioFile('2022.12.1', 'busy', file('/api/v1/adaptive_target')))).toBe(34);
		expect(parseCheckIdle(readScenarioFile('2026.7.1', 'busy', file('/api/v1/check_idle')))).toEqual({
			idle_since: null,
		});
		const idleSince = parseCheckIdle(readScenarioFile('2026.7.1', 'idle', file('/api/v1/check_idle'))).idle_since;
		expect(idleSince).toBeGreaterThan(1_795_000_000);
		const workers = parseGetWorkers(readScenarioFile('2026.7.1', 'worker-died', file('/api/v1/get_workers')));
		expect(workers.num_workers).toBe(2);
		expect(workers.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta']);
	});

	it('reads integer worker names from get_workers and rejects a wrong greeting', () => {
		expect(parseGetWorkers('{"num_workers": 1, "workers": [{"name": 0, "address": "tcp://h:1"}]}').workers).toEqual([
			{name: '0', address: 'tcp://h:1'},
		]);
		expect(() => parseApiRoot('<html>login</html>')).toThrow('API V1');
		expect(() => parseCheckIdle('{"idle_since": "soon"}')).toThrow('neither a number nor null');
	});
});
