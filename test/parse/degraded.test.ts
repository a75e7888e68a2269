import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {identityAnswers500, loadManifest, readScenarioFile, type ManifestEntry} from '../helpers/fixtures.js';
import {countsJson, snapshotOf} from '../helpers/fixture-expect.js';

// What /metrics answers on a scheduler without prometheus_client (docs/endpoints.md, "/metrics has
// different names"; the Debian package does not pull it in). The recordings had prometheus_client,
// so the body is written here.
const PROMETHEUS_STUB =
	'# Prometheus metrics are not available, see: ' +
	'https://docs.dask.org/en/stable/how-to/setup-prometheus.html#setup-prometheus-monitoring';

const stubMetrics = (entry: ManifestEntry): Partial<EndpointResult> | undefined =>
	entry.path === '/metrics'
		? {status: 200, contentType: 'text/plain; version=0.0.4', body: PROMETHEUS_STUB}
		: undefined;

describe('a scheduler without prometheus_client', () => {
	const snap = snapshotOf('2022.12.1', 'busy', {override: stubMetrics});
	const counts = countsJson('2022.12.1', 'busy');

	it('says Prometheus is unavailable and why', () => {
		expect(snap.scheduler.prometheus_available).toBe(false);
		const health = snap.endpoints.find((e) => !e.target && e.path === '/metrics')!;
		expect(health.state).toBe('unavailable');
		expect(health.detail).toContain('prometheus_client');
	});

	it('falls back to counts.json for the states it means the same way, and leaves queued unknown', () => {
		expect(snap.scheduler.tasks).toEqual({
			processing: counts['processing'],
			'no-worker': counts['unrunnable'],
			erred: counts['erred'],
			released: counts['released'],
		});
		expect(snap.scheduler.tasks.queued).toBeUndefined();
		expect(snap.scheduler.tasks_total).toBe(counts['tasks']);
		expect(snap.scheduler.desired_workers).toBe(34);
		expect(snap.scheduler.clients).toBe(counts['clients']! - 1);
		expect(snap.scheduler.workers).toEqual({total: 3, idle: 0, saturated: 0});
		expect(snap.scheduler.sources).toMatchObject({
			tasks: 'counts',
			workers: 'counts',
			desired_workers: 'counts',
			clients: 'counts',
		});
		expect(snap.scheduler.prefixes).toEqual({});
		expect(snap.scheduler.tick_count_total).toBeUndefined();
	});

	it('with identity.json failing too, counts workers by the workers.html list when counts.json is missing', () => {
		const override = (entry: ManifestEntry, target: EndpointResult['target']) =>
			stubMetrics(entry) ?? identityAnswers500(entry, target);
		const bare = snapshotOf('2022.12.1', 'busy', {
			override,
			only: ['/metrics', '/json/identity.json', '/info/main/workers.html'],
		});
		expect(bare.workers_source).toBe('workers_html');
		expect(bare.scheduler.workers).toEqual({total: 3});
		expect(bare.scheduler.sources['workers']).toBe('workers_html');
		expect(bare.scheduler.tasks).toEqual({});
		expect(bare.scheduler.threads).toBe(5);
	});
});

describe('the /status page of a Bokeh-less 2022.12.1 scheduler', () => {
	it('dates the version ≤2023.3 when nothing else answered', () => {
		const entry = loadManifest('2022.12.1', 'idle').entries.find(
			(e) => e.path === '/status' && e.target === 'scheduler',
		)!;
		const body = readScenarioFile('2022.12.1', 'idle', entry.file!);
		expect(body).toContain('Dask needs bokeh >= 2.4.2, < 3');
		const result: EndpointResult = {
			target: 'scheduler',
			path: '/status',
			url: entry.url,
			startedMs: 1,
			latencyMs: 1,
			status: 200,
			contentType: entry.content_type!,
			body,
		};
		const snap = buildSnapshot(
			mergeScrape(emptyCache(), {atMs: 1, base: 'http://127.0.0.1:8787/', responses: [result]}),
			1,
		);
		expect(snap.dask_version_hint).toBe('<=2023.3');
		expect(snap.workers).toEqual([]);
		expect(snap.workers_source).toBeUndefined();
	});
});

describe('source/parse stays pure', () => {
	const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'source', 'parse');
	const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

	it.each(files)('%s imports no I/O, UI or network module and reads no clock', (file) => {
		const text = readFileSync(join(dir, file), 'utf8');
		const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
		// units/inert.ts: pure text work, where foreign text is made inert as it is cached; units/defined.ts:
		// drops the undefined fields of an object.
		const allowed = (spec: string) =>
			spec.startsWith('./') ||
			spec.startsWith('../types/') ||
			spec === '../units/inert.js' ||
			spec === '../units/defined.js';
		for (const spec of imports) expect(allowed(spec), `${file} imports ${spec}`).toBe(true);
		expect(text).not.toMatch(/Date\.now\(|new Date\(|performance\.now\(|process\.hrtime/);
	});
});
