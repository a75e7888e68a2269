import {describe, expect, it} from 'vitest';
import {parseWorkerPage} from '../../source/parse/worker-page.js';
import {parseWorkersHtml} from '../../source/parse/workers-html.js';
import {FIXTURE_VERSIONS, loadClusterLayout, loadManifest, readScenarioFile, SCENARIOS} from '../helpers/fixtures.js';
import {identityJson, workersHtmlRows} from '../helpers/fixture-expect.js';

const workerPagePath = (address: string) =>
	`scheduler/${encodeURIComponent(`/info/worker/${encodeURIComponent(address)}.html`)}`;

describe('parseWorkersHtml on every recorded workers.html', () => {
	const cases = FIXTURE_VERSIONS.flatMap((version) => SCENARIOS.map((scenario) => [version, scenario] as const));

	it.each(cases)(
		'%s %s: one row per live worker with the progress bar bytes and the proxy link',
		(version, scenario) => {
			const page = parseWorkersHtml(readScenarioFile(version, scenario, 'scheduler/%2Finfo%2Fmain%2Fworkers.html'));
			const identity = identityJson(version, scenario);
			const layout = loadClusterLayout(version);
			expect(page.rows.map((r) => r.address).sort()).toEqual(
				Object.keys(loadManifest(version, scenario).meta.workers).sort(),
			);
			expect(page.scheduler_address).toBe(layout.scheduler_address);
			expect(page.hasDataSort).toBe(version === '2026.7.1');
			expect(page.hasCloseButtons).toBe(version === '2026.7.1');
			for (const row of page.rows) {
				const cluster = layout.workers.find((w) => w.address === row.address)!;
				const raw = workersHtmlRows(version, scenario).find((r) => r.address === row.address)!;
				expect(row).toMatchObject({
					name: cluster.name,
					nthreads: cluster.nthreads,
					memory_limit_bytes: cluster.memory_limit,
					dashboard_port: cluster.http_port,
					host: '127.0.0.1',
					stale: false,
				});
				expect(row.memory_process_bytes).toBe(Number(/value="(\d+)"/.exec(raw.cells[4]!)![1]));
				// The page's progress value is the heartbeat RSS identity.json reports too (that heartbeat or a close one).
				expect(Math.abs(row.memory_process_bytes! / identity.workers[row.address]!.metrics.memory - 1)).toBeLessThan(
					0.15,
				);
				expect(row.last_seen_age_seconds).toBeGreaterThanOrEqual(0);
				expect(row.last_seen_age_seconds).toBeLessThan(5);
			}
		},
	);

	it('reads names with HTML entities, integer names, a stale row and a worker without a dashboard', () => {
		// Rows as Tornado renders worker-table.html (2022.12.1 template) for cases the recordings lack.
		const html = `<h1 class="title"> Scheduler tcp://10.0.0.1:8786 </h1><table class="table">
<tr><th> Worker </th><th> Name </th><th> Cores </th><th> Memory </th><th> Memory use </th><th> Occupancy </th>
<th> Processing </th><th> In-memory </th><th> Services</th><th> Logs </th><th> Last seen </th></tr>
<tr style=background-color:#ffcdd2>
<td><a href="../worker/tcp%3A%2F%2F10.0.0.5%3A1.html">tcp://10.0.0.5:1</a></td><td> a&amp;b &lt;x&gt; </td>
<td> 4 </td><td> 15.00 GiB </td>
<td> <progress class="progress" value="1073741824" max="16106127360"></progress> </td><td> 20m 34s </td>
<td> 12 </td><td> 300 </td>
<td> </td><td> <a href="../logs/x.html">logs</a></td><td> 1hr 5m </td></tr>
<tr ><td><a href="../worker/tcp%3A%2F%2F10.0.0.6%3A2.html">tcp://10.0.0.6:2</a></td><td> 0 </td><td> 1 </td>
<td> 0 B </td>
<td> <progress class="progress" value="5" max="0"></progress> </td><td> 0.00 us </td><td> 0 </td><td> 0 </td>
<td> <a href="../../proxy/40123/10.0.0.6/status">dashboard</a> </td><td> logs </td><td> 12.50 ms </td></tr></table>`;
		const page = parseWorkersHtml(html);
		expect(page.scheduler_address).toBe('tcp://10.0.0.1:8786');
		expect(page.rows[0]).toEqual({
			address: 'tcp://10.0.0.5:1',
			name: 'a&b <x>',
			nthreads: 4,
			memory_limit_bytes: 16_106_127_360,
			memory_process_bytes: 1_073_741_824,
			occupancy_seconds: 1234,
			processing: 12,
			keys_in_memory: 300,
			last_seen_age_seconds: 3900,
			stale: true,
		});
		expect(page.rows[1]).toMatchObject({
			name: '0',
			memory_limit_bytes: 0,
			dashboard_port: 40_123,
			host: '10.0.0.6',
			occupancy_seconds: 0,
			last_seen_age_seconds: 0.0125,
			stale: false,
		});
	});

	it('rejects a page without a worker table', () => {
		expect(() => parseWorkersHtml('<html><body>Sign in</body></html>')).toThrow('no worker table');
	});
});

describe('parseWorkerPage on the recorded /info/worker pages', () => {
	it.each(FIXTURE_VERSIONS)(
		'%s memory-heavy beta: 8 cache-blob and 1 make_blob of 40 MiB each, the same keys as its In-memory count',
		(version) => {
			const beta = loadClusterLayout(version).workers.find((w) => w.name === 'beta')!;
			const page = parseWorkerPage(readScenarioFile(version, 'memory-heavy', workerPagePath(beta.address)));
			expect(page.address).toBe(beta.address);
			expect(page.row?.name).toBe('beta');
			expect(page.inMemory).toHaveLength(page.row!.keys_in_memory!);
			expect(page.byPrefix).toEqual([
				{prefix: 'cache-blob', keys: 8, bytes: 8 * 40 * 2 ** 20},
				{prefix: 'make_blob', keys: 1, bytes: 40 * 2 ** 20},
			]);
			expect(page.inMemoryBytes).toBe(9 * 40 * 2 ** 20);
			expect(page.processing).toEqual([]);
		},
	);

	it('2026.7.1 busy alpha: processing keys with their priority, in-memory inc keys of 28 B', () => {
		const alpha = loadClusterLayout('2026.7.1').workers.find((w) => w.name === 'alpha')!;
		const page = parseWorkerPage(readScenarioFile('2026.7.1', 'busy', workerPagePath(alpha.address)));
		expect(page.row?.processing).toBe(page.processing.length);
		expect(page.processing[0]).toEqual({key: 'load-csv-4', prefix: 'load-csv', priority: '(0, 3, 0)'});
		expect(page.byPrefix).toEqual([{prefix: 'inc', keys: 3, bytes: 84}]);
	});

	it(
		'reads every recorded worker page of both versions: ' +
			'keys listed = In-memory column, processing = Processing column',
		() => {
			let pages = 0;
			for (const version of FIXTURE_VERSIONS) {
				for (const scenario of SCENARIOS) {
					for (const entry of loadManifest(version, scenario).entries) {
						if (!entry.path.startsWith('/info/worker/') || !entry.file) continue;
						const page = parseWorkerPage(readScenarioFile(version, scenario, entry.file));
						expect(page.inMemory.length).toBe(page.row!.keys_in_memory);
						expect(page.processing.length).toBe(page.row!.processing);
						pages++;
					}
				}
			}
			expect(pages).toBe(2 * (3 + 3 + 3 + 3 + 2 + 2));
		},
	);
});
