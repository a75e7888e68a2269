/**
 * The screen with several clusters: two pipelines fed the REAL fixture rounds of Dask 2022.12.1
 * "busy" (3 workers) and 2026.7.1 "worker-died" (2 workers, a critical worker-lost alert), each
 * with a recording fake source (a ScrapeSource that polls nothing: the rounds are fed directly),
 * rendered with ink-testing-library: the cluster bar, c / C switching, each cluster's UI state
 * kept, background alerts in the bar, and a single cluster unchanged.
 */
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {createPipeline, type Pipeline} from '../../../source/pipeline.js';
import type {ScrapeSource, SourceStatus} from '../../../source/types/scrape-source.js';
import {createClusterStores, type TuiCluster} from '../../../source/ui/shell/cluster-stores.js';
import {ClustersRoot, stepCluster} from '../../../source/ui/shell/clusters-root.js';
import {ESCAPE_MS} from '../../../source/ui/input/input-reader.js';
import {fixtureRounds, fixtureRun, LIVE, tuiData} from '../../helpers/fixture-data.js';
import {bodyStart, KEY, PLAIN, renderApp} from '../../helpers/render.js';

afterEach(() => cleanup());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(frame: () => string | undefined): Promise<void> {
	let last = frame();
	let stable = 0;
	for (let waited = 0; waited < 1000 && stable < 3; waited += 10) {
		await sleep(10);
		const now = frame();
		stable = now === last ? stable + 1 : 0;
		last = now;
	}
}

interface FakeSource extends ScrapeSource {
	readonly calls: string[];
}

function fakeSource(status: SourceStatus = LIVE): FakeSource {
	const calls: string[] = [];
	return {
		kind: 'live',
		calls,
		start: () => calls.push('start'),
		stop: async () => {
			calls.push('stop');
		},
		status: () => status,
		intervalMs: 2000,
		setIntervalMs: (ms) => {
			calls.push(`interval ${ms}`);
			return ms;
		},
		refreshNow: () => calls.push('refresh'),
		setDetailWorker: (address) => calls.push(`detail ${address ?? 'none'}`),
	};
}

function fedPipeline(rounds: ReturnType<typeof fixtureRounds>): Pipeline {
	const pipeline = createPipeline({model: {intervalMs: 2000}});
	for (const raw of rounds) {
		pipeline.ingest(raw, {source: {status: LIVE, intervalMs: 2000}});
	}
	return pipeline;
}

function twoClusters(): {clusters: TuiCluster[]; sources: FakeSource[]; nowMs: number} {
	const prodRounds = fixtureRounds('2022.12.1', ['idle', 'busy']);
	const devRounds = fixtureRounds('2026.7.1', ['busy', 'worker-died']);
	const sources = [fakeSource(), fakeSource()];
	const clusters: TuiCluster[] = [
		{
			name: 'prod:8787',
			url: 'http://prod:8787/',
			source: sources[0]!,
			pipeline: fedPipeline(prodRounds),
			problem: () => undefined,
		},
		{
			name: 'dev:8787',
			url: 'http://dev:8787/',
			source: sources[1]!,
			pipeline: fedPipeline(devRounds),
			problem: () => undefined,
		},
	];
	return {clusters, sources, nowMs: Math.max(prodRounds.at(-1)!.atMs, devRounds.at(-1)!.atMs) + 500};
}

async function renderClusters(columns = 120, rows = 40) {
	const {clusters, sources, nowMs} = twoClusters();
	const stores = createClusterStores(clusters, () => nowMs);
	let quits = 0;
	const saved: string[][] = [];
	const r = render(
		<ClustersRoot
			stores={stores}
			size={{columns, rows}}
			theme={PLAIN}
			onQuit={() => quits++}
			saveColumns={(ids) => {
				saved.push([...ids]);
				return 'columns saved in test';
			}}
		/>,
	);
	await settle(r.lastFrame);
	return {
		frame: () => r.lastFrame() ?? '',
		lines: () => (r.lastFrame() ?? '').split('\n'),
		press: async (...keys: string[]) => {
			for (const key of keys) {
				r.stdin.write(key);
				if (key.endsWith('\u001B')) await sleep(ESCAPE_MS + 10); // a lone ESC counts as the Esc key after ESCAPE_MS
				await settle(r.lastFrame);
			}
		},
		sources,
		stores,
		quits: () => quits,
		saved,
	};
}

/** The worker names listed in the table, in screen order. */
const workerNames = (lines: string[]) =>
	lines.map((l) => /^[ ▲✗] (alpha|beta|gamma)\s/.exec(l)?.[1]).filter((n): n is string => n !== undefined);

describe('the screen with two clusters', () => {
	it(
		'draws the cluster bar under the header: each cluster, ' + 'live, its workers and alerts, the active one marked',
		async () => {
			const app = await renderClusters();
			const lines = app.lines();
			expect(lines[0]).toContain('http://prod:8787/');
			expect(lines[4]).toMatch(
				/^→ prod:8787 ● live 3 workers ✗\d+ ▲\d+ i\d+ │ dev:8787 ● live 2 workers ✗[1-9]\d* ▲\d+ i\d+ {2}c\/C switch/,
			);
			expect(workerNames(lines)).toEqual(['alpha', 'beta', 'gamma']);
			expect(app.frame()).toContain('c/C cluster');
		},
	);

	it('switches to the next cluster with c and back with C: header, bar and workers follow', async () => {
		const app = await renderClusters();
		await app.press('c');
		let lines = app.lines();
		expect(lines[0]).toContain('http://dev:8787/');
		// (dev lost a worker: the diagnosis' verdict sits between the header and the cluster bar)
		expect(lines[bodyStart(lines)]).toMatch(/^prod:8787 .* │ → dev:8787 /);
		expect(workerNames(lines)).toHaveLength(3); // the lost worker stays listed, dimmed, for a while
		expect(app.frame()).toMatch(/Workers +2/);
		await app.press('C');
		lines = app.lines();
		expect(lines[0]).toContain('http://prod:8787/');
		expect(lines[4]).toMatch(/^→ prod:8787/);
		await app.press('C');
		expect(app.lines()[0]).toContain('http://dev:8787/'); // wraps around
	});

	it("takes the columns chosen with F2 to every cluster: they are the user's, saved once", async () => {
		const app = await renderClusters();
		const heading = () => app.lines().find((l) => /^ +NAME/.test(l)) ?? '';
		expect(heading()).toContain('ADDRESS');
		await app.press('\u001BOQ', 'j', ' ', KEY.escape); // F2, ADDRESS hidden, Esc
		expect(heading()).not.toContain('ADDRESS');
		expect(app.saved).toHaveLength(1);
		expect(app.saved[0]).not.toContain('address');
		expect(app.frame()).toContain('columns saved in test');
		await app.press('c');
		expect(app.lines()[0]).toContain('http://dev:8787/');
		expect(heading()).toMatch(/NAME/);
		expect(heading()).not.toContain('ADDRESS');
		await app.press('C');
		expect(heading()).not.toContain('ADDRESS');
	});

	it("keeps each cluster's view, sort, filter and selection while the other one is on screen", async () => {
		const app = await renderClusters();
		await app.press('sssss'); // sort by memory on prod
		expect(app.frame()).toContain('sorted by memory ↓');
		await app.press('c');
		expect(app.frame()).toContain('sorted by name');
		await app.press('3'); // events view on dev
		expect(app.frame()).toMatch(/Events \d+, newest first/);
		await app.press('c');
		expect(app.frame()).toContain('sorted by memory ↓');
		await app.press('/', 'gam', KEY.enter, 'c', 'c');
		expect(workerNames(app.lines())).toEqual(['gamma']);
		await app.press('c');
		expect(app.frame()).not.toContain('sorted by'); // dev is still on its events view
	});

	it('reopens the detail page of the cluster it returns to, and stops the one it leaves', async () => {
		const app = await renderClusters();
		await app.press('j', KEY.enter);
		expect(app.frame()).toContain('Worker beta');
		expect(app.sources[0]!.calls.at(-1)).toMatch(/^detail tcp:\/\//);
		await app.press('c');
		expect(app.sources[0]!.calls.at(-1)).toBe('detail none');
		expect(app.frame()).not.toContain('Worker beta');
		await app.press('C');
		expect(app.frame()).toContain('Worker beta');
		expect(app.sources[0]!.calls.at(-1)).toMatch(/^detail tcp:\/\//);
	});

	it('sends refresh and interval keys to the cluster on screen only', async () => {
		const app = await renderClusters();
		await app.press('c', 'R', '+');
		expect(app.sources[1]!.calls).toEqual(['refresh', 'interval 3000']);
		expect(app.sources[0]!.calls).toEqual(['detail none']); // leaving a cluster closes its detail fetch (none was open)
	});

	it('fits the bar at 80×24 with both clusters and their alerts', async () => {
		const app = await renderClusters(80, 24);
		const bar = app.lines()[4]!;
		expect(bar.length).toBeLessThanOrEqual(80);
		expect(bar).toContain('→ prod:8787');
		expect(bar).toMatch(/dev:8787 .*✗[1-9]/);
		expect(app.quits()).toBe(0);
		await app.press('q');
		expect(app.quits()).toBe(1);
	});

	it('shows a cluster that could not be read at start as down, with its reason while on screen', async () => {
		const {clusters, nowMs} = twoClusters();
		const problem = 'http://dev:8787/ is not a Dask dashboard: /metrics, /json/identity.json all answered 404';
		const stores = createClusterStores([clusters[0]!, {...clusters[1]!, problem: () => problem}], () => nowMs);
		const r = render(
			<ClustersRoot stores={stores} size={{columns: 160, rows: 40}} theme={PLAIN} onQuit={() => undefined} />,
		);
		await settle(r.lastFrame);
		expect(r.lastFrame()).toMatch(/dev:8787 ● down/);
		r.stdin.write('c');
		await settle(r.lastFrame);
		expect(r.lastFrame()).toContain('is not a Dask dashboard');
	});

	it('walks through the clusters in order, wrapping at both ends', () => {
		expect([stepCluster(0, 1, 3), stepCluster(2, 1, 3), stepCluster(0, -1, 3)]).toEqual([1, 0, 2]);
	});
});

describe('one cluster', () => {
	it('has no cluster bar, and c does nothing nor shows in the footer', async () => {
		const app = await renderApp(tuiData(fixtureRun('2022.12.1', ['busy'])));
		expect(app.lines()[4]).not.toContain('→');
		expect(app.frame()).not.toContain('c/C');
		await app.press('c', 'C');
		expect(app.controls.calls).toEqual([]);
		expect(app.lines()[0]).toContain('http://scheduler:8787/');
	});
});
