/**
 * run/clusters.ts and run/once.ts called directly (main's flags → options → clusters path is in
 * once-clusters.test.ts): the clusters built from options, one or several, and runOnce over a
 * list of one and of two. The schedulers are the declared fixture-backed fakes of
 * test/helpers/fake-dask.ts (recorded Dask answers) and a dead loopback port.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Options} from '../../source/options/resolve.js';
import type {ClustersDocument, JsonDocument} from '../../source/output/json-document.js';
import {createClusters, stopClusters, type Cluster} from '../../source/run/clusters.js';
import {runOnce} from '../../source/run/once.js';
import {EXIT_OK, EXIT_UNREADABLE} from '../../source/types/exit-codes.js';
import {startFakeDask, type FakeDask} from '../helpers/fake-dask.js';
import {captureOutput, deadUrl, optionsFor} from '../helpers/run-main.js';

async function withClusters<T>(options: Options, use: (clusters: Cluster[]) => Promise<T>): Promise<T> {
	const clusters = createClusters(options, {userAgent: 'dask-top/test'});
	try {
		return await use(clusters);
	} finally {
		await stopClusters(clusters);
	}
}

describe('the launch code over a list of clusters', () => {
	let busy: FakeDask;
	let died: FakeDask;
	let dead: string;

	beforeAll(async () => {
		busy = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
		died = await startFakeDask({version: '2026.7.1', scenario: 'worker-died'});
		dead = await deadUrl();
	});

	afterAll(async () => {
		await Promise.all([busy.close(), died.close()]);
	});

	it('builds one client, poller and pipeline per URL, in order, with distinct short names', async () => {
		const options = optionsFor([busy.url, died.url]);
		await withClusters(options, async (clusters) => {
			expect(clusters.map((c) => c.url.display)).toEqual(options.clusters.map((t) => t.url.display));
			expect(new Set(clusters.map((c) => c.name)).size).toBe(2);
			expect(new Set(clusters.map((c) => c.pipeline)).size).toBe(2);
			expect(clusters.every((c) => c.pipeline.snapshot() === undefined && c.problem() === undefined)).toBe(true);
			expect(clusters[0]!.forTui()).toMatchObject({
				name: clusters[0]!.name,
				url: options.url.display,
				source: clusters[0]!.poller,
				pipeline: clusters[0]!.pipeline,
			});
		});
	});

	it('one cluster is a list of one: runOnce prints its own document, no "clusters" wrapper, and exits 0', async () => {
		const options = optionsFor(['--json', busy.url]);
		const {result, stdout, stderr} = await withClusters(options, (clusters) =>
			captureOutput(() => runOnce(clusters, options)),
		);
		expect(result).toBe(EXIT_OK);
		expect(stderr).toBe('');
		const document = JSON.parse(stdout) as JsonDocument;
		expect(document.url).toBe(options.url.display);
		expect(document.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta', 'gamma']);
	});

	it('several: the readable clusters in order, one line for the dead one, exit 1', async () => {
		const options = optionsFor(['--json', died.url, dead, busy.url]);
		const {result, stdout, stderr} = await withClusters(options, (clusters) =>
			captureOutput(() => runOnce(clusters, options)),
		);
		expect(result).toBe(EXIT_UNREADABLE);
		expect((JSON.parse(stdout) as ClustersDocument).clusters.map((d) => d.url)).toEqual([
			options.clusters[0]!.url.display,
			options.clusters[2]!.url.display,
		]);
		expect(stderr.trim().split('\n')).toEqual([
			expect.stringMatching(/^dask-top: nothing answers at http:\/\/127\.0\.0\.1:\d+\/ .*connection refused/),
		]);
	});

	it('one dead cluster alone: its line and exit 1, nothing on stdout', async () => {
		const options = optionsFor([dead]);
		const {result, stdout, stderr} = await withClusters(options, (clusters) =>
			captureOutput(() => runOnce(clusters, options)),
		);
		expect(result).toBe(EXIT_UNREADABLE);
		expect(stdout).toBe('');
		expect(stderr).toMatch(/^dask-top: nothing answers at /);
	});
});
