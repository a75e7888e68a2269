/**
 * `dask-top --once [--json] URL1 URL2 …`, in process (main), against two declared fixture-backed
 * fakes (test/helpers/fake-dask.ts: the recorded answers of Dask 2022.12.1 "busy" and 2026.7.1
 * "worker-died") and a dead URL (a loopback port nobody listens on). Real Dask clusters are in
 * test/e2e/multi-cluster.test.ts; here the answers are fixed, so each cluster's document is known.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {deadUrl, runMain} from '../helpers/run-main.js';
import type {ClustersDocument, JsonDocument} from '../../source/output/json-document.js';
import {startFakeDask, type FakeDask} from '../helpers/fake-dask.js';

/** What of a document does not depend on when it was taken. */
function shape(document: JsonDocument) {
	return {
		keys: Object.keys(document).sort(),
		url: document.url,
		address: document.scheduler.address,
		version: document.dask_version_hint,
		workers: document.workers.map((w) => [w.name, w.address]).sort(),
		tasks: document.scheduler.tasks,
		desired: document.scheduler.desired_workers,
	};
}

describe('--once over several clusters', () => {
	let busy: FakeDask;
	let died: FakeDask;
	let dead: string;
	let configHome: string;
	const savedConfigHome = process.env['XDG_CONFIG_HOME'];

	beforeAll(async () => {
		busy = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
		died = await startFakeDask({version: '2026.7.1', scenario: 'worker-died'});
		dead = await deadUrl();
		configHome = mkdtempSync(join(tmpdir(), 'dask-top-config-'));
		process.env['XDG_CONFIG_HOME'] = configHome;
	});

	afterAll(async () => {
		await Promise.all([busy.close(), died.close()]);
		rmSync(configHome, {recursive: true, force: true});
		if (savedConfigHome === undefined) delete process.env['XDG_CONFIG_HOME'];
		else process.env['XDG_CONFIG_HOME'] = savedConfigHome;
	});

	it(
		'prints {"clusters": [...]} with --json, ' +
			'each document exactly the one a single URL prints, in the order given',
		async () => {
			const both = await runMain(['--once', '--json', busy.url, died.url]);
			expect(both.stderr).toBe('');
			expect(both.code).toBe(0);
			const document = JSON.parse(both.stdout) as ClustersDocument;
			expect(Object.keys(document)).toEqual(['clusters']);
			expect(document.clusters).toHaveLength(2);
			const alone: JsonDocument[] = [];
			for (const url of [busy.url, died.url])
				alone.push(JSON.parse((await runMain(['--once', '--json', url])).stdout) as JsonDocument);
			expect(document.clusters.map(shape)).toEqual(alone.map(shape));
			expect(document.clusters[0]?.url).toBe(`${busy.url}/`);
			expect(document.clusters[1]?.scheduler.address).toBe('tcp://127.0.0.1:8789');
			expect(document.clusters[0]?.alerts?.map((a) => a.kind)).toEqual(alone[0]?.alerts?.map((a) => a.kind));
		},
	);

	it('keeps the single-cluster document (no "clusters" wrapper) for one URL, and for one URL given twice', async () => {
		const twice = await runMain(['--once', '--json', busy.url, `${busy.url}/status`]);
		expect(twice.code).toBe(0);
		expect(twice.stderr).toBe(
			`dask-top: ${busy.url}/ was given twice (as ${busy.url} and ${busy.url}/status): following it once\n`,
		);
		const document = JSON.parse(twice.stdout) as JsonDocument;
		expect(document.format).toBe(1);
		expect(document).not.toHaveProperty('clusters');
		expect(document.workers).toHaveLength(3);
	});

	it('prints the text tables one after another with a blank line between', async () => {
		const {code, stdout} = await runMain(['--once', busy.url, died.url]);
		expect(code).toBe(0);
		const tables = stdout.split(/\n\n(?=URL {7})/);
		expect(tables).toHaveLength(2);
		expect(tables[0]).toMatch(new RegExp(`^URL {7}${busy.url}/ `));
		expect(tables[1]).toMatch(new RegExp(`^URL {7}${died.url}/ `));
		expect(tables[0]).toContain('\nWorkers   3: ');
		expect(tables[1]).toContain('\nWorkers   2: ');
		expect(stdout.endsWith('\n')).toBe(true);
	});

	it('prints the readable clusters and one error line for a dead one, and exits 1', async () => {
		const json = await runMain(['--once', '--json', busy.url, dead, died.url]);
		expect(json.code).toBe(1);
		expect(json.stderr).toBe(
			`dask-top: nothing answers at ${dead}/ (connection refused): ` +
				`is the scheduler running, and is ${new URL(dead).port} its dashboard port?\n`,
		);
		const document = JSON.parse(json.stdout) as ClustersDocument;
		expect(document.clusters.map((d) => d.url)).toEqual([`${busy.url}/`, `${died.url}/`]);

		const text = await runMain(['--once', dead, died.url]);
		expect(text.code).toBe(1);
		expect(text.stderr.split('\n').filter(Boolean)).toHaveLength(1);
		expect(text.stdout).toMatch(new RegExp(`^URL {7}${died.url}/ `));
	});

	it('prints nothing and exits 1 when no cluster can be read, one line per cluster', async () => {
		const other = await deadUrl();
		const {code, stdout, stderr} = await runMain(['--once', '--json', dead, other]);
		expect(code).toBe(1);
		expect(stdout).toBe('');
		expect(stderr.split('\n').filter(Boolean)).toEqual([
			expect.stringContaining(`nothing answers at ${dead}/`),
			expect.stringContaining(`nothing answers at ${other}/`),
		]);
	});

	it('sends --header to every scheduler, each over its own connection', async () => {
		const before = [busy.requests.length, died.requests.length];
		const {code} = await runMain(['--once', '--json', '-H', 'X-Team: data', busy.url, died.url]);
		expect(code).toBe(0);
		for (const [fake, from] of [
			[busy, before[0]!],
			[died, before[1]!],
		] as const) {
			const seen = fake.requests.slice(from);
			expect(seen.length).toBeGreaterThan(0);
			expect(seen.every((r) => r.target === 'scheduler' && r.headers['x-team'] === 'data')).toBe(true);
		}
	});

	it('refuses --record with two clusters as a usage error (exit 2), before any request', async () => {
		const before = busy.requests.length;
		const {code, stdout, stderr} = await runMain(['--record', join(configHome, 'r.ndjson'), busy.url, died.url]);
		expect(code).toBe(2);
		expect(stdout).toBe('');
		expect(stderr).toBe(
			'dask-top: --record records one cluster for now, got 2 scheduler URLs: ' +
				'run one dask-top --record per cluster\nRun dask-top --help for usage.\n',
		);
		expect(busy.requests.length).toBe(before);
	});
});
