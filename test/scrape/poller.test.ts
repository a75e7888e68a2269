/**
 * The poller against a declared fake Dask (test/helpers/fake-dask.ts: recorded fixture bodies on
 * loopback) and small node:http servers for the down/hanging cases no real Dask shows on demand.
 */
import {createServer, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {missedPolls} from '../../source/model/freshness.js';
import {connect, createPipeline} from '../../source/pipeline.js';
import {HttpClient} from '../../source/scrape/client.js';
import {planHints} from '../../source/run/plan-hints.js';
import {Poller} from '../../source/scrape/poller.js';
import {SAMPLE_GRACE_MS, SPILL_SAMPLE_GRACE_MS} from '../../source/scrape/worker-sample-runner.js';
import type {PlanHints} from '../../source/scrape/poller-config.js';
import {normalizeSchedulerUrl} from '../../source/scrape/url.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {startFakeDask, type FakeDask, type FakeDaskOptions} from '../helpers/fake-dask.js';
import {readScenarioFile} from '../helpers/fixtures.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fake(options: FakeDaskOptions): Promise<FakeDask> {
	const dask = await startFakeDask(options);
	cleanups.push(() => dask.close());
	return dask;
}

function livePoller(
	url: string,
	extra: {
		intervalMs?: number;
		headers?: Array<{name: string; value: string}>;
		timeoutMs?: number;
		/** Added to the hints the snapshot gives (what the model would add, e.g. its spill watch). */
		hints?: Partial<PlanHints>;
	} = {},
) {
	const parsed = normalizeSchedulerUrl(url);
	if (!parsed.ok) throw new Error(parsed.error);
	const timeoutMs = extra.timeoutMs ?? 2000;
	const client = new HttpClient({
		timeoutMs,
		schedulerOrigin: new URL(parsed.url.base).origin,
		headers: extra.headers ?? [],
	});
	const pipeline = createPipeline();
	const poller = new Poller({
		url: parsed.url,
		client,
		intervalMs: extra.intervalMs ?? 2000,
		timeoutMs,
		hints: () => ({...planHints(pipeline.snapshot()), ...extra.hints}),
		minIntervalMs: 50,
	});
	cleanups.push(() => poller.stop());
	return {poller, pipeline};
}

const paths = (raw: RawScrape) =>
	raw.responses.map((r) => `${r.target === 'scheduler' ? '' : `${r.target} `}${r.path}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function hangingServer(): Promise<{url: string; hits: () => number}> {
	let hits = 0;
	const server: Server = createServer(() => {
		hits += 1;
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	cleanups.push(() => {
		server.closeAllConnections();
		server.close();
	});
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits};
}

describe('Poller rounds', () => {
	it(
		'asks metrics, identity, workers.html, ' + 'health and the api probe first; never the sitemap or the eventstream',
		async () => {
			const dask = await fake({version: '2026.7.1', scenario: 'busy'});
			const {poller} = livePoller(dask.url);
			const raw = await poller.round();
			expect(paths(raw)).toEqual(['/metrics', '/json/identity.json', '/info/main/workers.html', '/health', '/api/v1']);
			expect(raw.base).toBe(`${dask.url}/`);
			// The round's time for the model: when its last answer was in, not when it was asked.
			const lastAnswerMs = Math.max(...raw.responses.map((r) => r.startedMs + r.latencyMs));
			expect(raw.answeredMs).toBeGreaterThanOrEqual(Math.floor(lastAnswerMs));
			expect(raw.answeredMs).toBeGreaterThanOrEqual(raw.atMs);
			// The interval it polls at, recorded with the round: a replay counts missed polls by it.
			expect(raw.intervalMs).toBe(poller.intervalMs);
			expect(raw.responses.every((r) => r.status === 200)).toBe(true);
			expect(dask.requests.map((r) => r.path)).not.toContain('/sitemap.json');
			expect(dask.requests.map((r) => r.path)).not.toContain('/eventstream');
		},
	);

	it('follows up with counts and adaptive_target once /metrics has counted the tasks', async () => {
		const dask = await fake({version: '2026.7.1', scenario: 'busy'});
		const {poller, pipeline} = livePoller(dask.url);
		pipeline.ingest(await poller.round());
		expect(paths(await poller.round({followUp: true}))).toEqual(['/json/counts.json', '/api/v1/adaptive_target']);
	});

	it(
		'while identity.json answers 500, ' + 'reads each worker’s own /metrics on its port, stored under worker:<address>',
		async () => {
			const dask = await fake({version: '2026.7.1', scenario: 'busy', identity500: true, workers: 'own'});
			const {poller, pipeline} = livePoller(dask.url, {headers: [{name: 'Authorization', value: 'token T'}]});
			pipeline.ingest(await poller.round());
			const second = await poller.round({followUp: true});
			const workers = second.responses.filter((r) => r.target !== 'scheduler');
			expect(workers.map((r) => `${r.target} ${r.path} ${r.status}`)).toEqual([
				'worker:tcp://127.0.0.1:41001 /metrics 200',
				'worker:tcp://127.0.0.1:41002 /metrics 200',
				'worker:tcp://127.0.0.1:41003 /metrics 200',
			]);
			expect(workers[0]?.url).toBe(`http://127.0.0.1:${dask.workerPorts.get('tcp://127.0.0.1:41001')}/metrics`);
			const workerRequests = dask.requests.filter((r) => r.target !== 'scheduler');
			expect(workerRequests).toHaveLength(3);
			expect(workerRequests.every((r) => r.headers.authorization === undefined)).toBe(true);
			expect(
				dask.requests.filter((r) => r.target === 'scheduler').every((r) => r.headers.authorization === 'token T'),
			).toBe(true);
		},
	);

	it('asks workers.html in the same round when identity.json first answers 500, no round without workers', async () => {
		// A fake: the recorded answers, identity.json switching to its recorded 500 as work begins.
		const dask = await fake({version: '2026.7.1', scenario: 'busy', identity500After: 1});
		// identity.json is due every 500 ms at this interval (the heartbeat's), workers.html every 5 s.
		const {poller, pipeline} = livePoller(dask.url, {intervalMs: 50});
		const asked = (raw: RawScrape) => paths(raw).filter((p) => /identity|workers\.html/.test(p));
		const first = await poller.round();
		pipeline.ingest(first);
		expect(asked(first)).toEqual(['/json/identity.json', '/info/main/workers.html']);
		await sleep(600);
		const second = await poller.round();
		pipeline.ingest(second);
		expect(asked(second)).toEqual(['/json/identity.json', '/info/main/workers.html']);
		expect(second.responses.find((r) => r.path === '/json/identity.json')?.status).toBe(500);
		expect(pipeline.snapshot()?.workers.map((w) => w.processing)).not.toContain(undefined);
		// From then on workers.html comes with identity.json, as its fallback's cadence says.
		await sleep(600);
		expect(asked(await poller.round())).toEqual(['/json/identity.json', '/info/main/workers.html']);
		// Without the 500 nothing is added: identity.json alone while workers.html is not due.
		const steady = await fake({version: '2026.7.1', scenario: 'busy'});
		const healthy = livePoller(steady.url, {intervalMs: 50}).poller;
		await healthy.round();
		await sleep(600);
		expect(asked(await healthy.round())).toEqual(['/json/identity.json']);
	});

	it('reads spilling workers’ own /metrics at once, then each round beside identity.json, not via /proxy', async () => {
		/** The timer chain at 300 ms, the model's spill watch naming beta (spill-watch.ts; its own tests). */
		const chain = async (url: string) => {
			const {poller, pipeline} = livePoller(url, {intervalMs: 300, hints: {spilling: ['tcp://127.0.0.1:41002']}});
			const rounds: RawScrape[] = [];
			connect(poller, pipeline);
			pipeline.subscribe((_snapshot, raw) => rounds.push(raw));
			await sleep(1400);
			await poller.stop();
			return {rounds, pipeline};
		};
		const reachable = await fake({version: '2026.7.1', scenario: 'busy', workers: 'own'});
		const {rounds, pipeline} = await chain(reachable.url);
		expect(rounds.length).toBeGreaterThanOrEqual(3);
		// The first round reads no worker. Beta, named after it, is read at once (that answer comes with the
		// second round, begun before it) and then with every round; no other worker is read.
		expect(rounds[0]!.responses.filter((r) => r.target !== 'scheduler')).toEqual([]);
		const workers = (raw: RawScrape) => raw.responses.filter((r) => r.target !== 'scheduler');
		expect(workers(rounds[1]!).some((r) => r.startedMs < rounds[1]!.atMs)).toBe(true);
		for (const raw of rounds.slice(1, 3)) {
			expect(workers(raw).length).toBeGreaterThanOrEqual(1);
			expect(new Set(workers(raw).map((r) => `${r.target} ${r.status}`))).toEqual(
				new Set(['worker:tcp://127.0.0.1:41002 200']),
			);
		}
		expect(workers(rounds[2]!).every((r) => r.startedMs >= rounds[2]!.atMs)).toBe(true);
		expect(pipeline.snapshot()?.workers.find((w) => w.name === 'beta')?.spill_time_seconds_total).toBeTypeOf('number');
		// A worker that cannot be reached straight (nothing listens) is not read through the scheduler for this.
		const closed = await fake({version: '2026.7.1', scenario: 'busy', workers: 'closed', proxy: 'forward'});
		const far = await chain(closed.url);
		expect(far.rounds.length).toBeGreaterThanOrEqual(3);
		expect(closed.requests.filter((r) => r.path.startsWith('/proxy/'))).toEqual([]);
	});

	it('waits up to a second for a spilling worker slow to answer: its spill time rides with its round', async () => {
		// beta answers its /metrics 600 ms late, as a worker busy writing to disk did on a loaded machine
		// (629 ms): read with the round, not a round later, so the spill rate is not a poll late.
		const dask = await fake({version: '2026.7.1', scenario: 'busy', workers: 'own', slowWorkers: {beta: 600}});
		const {poller, pipeline} = livePoller(dask.url, {intervalMs: 300, hints: {spilling: ['tcp://127.0.0.1:41002']}});
		pipeline.ingest(await poller.round({background: true})); // the workers are known from here
		await sleep(300);
		const raw = await poller.round({background: true});
		const beta = raw.responses.filter((r) => r.target === 'worker:tcp://127.0.0.1:41002');
		expect(beta.map((r) => r.status)).toEqual([200]);
		expect(beta[0]!.startedMs).toBeGreaterThanOrEqual(raw.atMs);
		// A whole sample (every worker, CPU) still waits a moment only: its grace is not the spill's.
		expect(SPILL_SAMPLE_GRACE_MS).toBeGreaterThan(SAMPLE_GRACE_MS);
	}, 20_000);

	it('goes through the scheduler’s /proxy when workers cannot be reached, and reads their metrics there', async () => {
		const dask = await fake({
			version: '2026.7.1',
			scenario: 'busy',
			identity500: true,
			workers: 'closed',
			proxy: 'forward',
		});
		const {poller, pipeline} = livePoller(dask.url);
		pipeline.ingest(await poller.round());
		const workers = (await poller.round({followUp: true})).responses.filter((r) => r.target !== 'scheduler');
		expect(workers.map((r) => `${r.target} ${r.status} ${r.contentType}`)).toEqual([
			'worker:tcp://127.0.0.1:41001 200 text/plain; version=0.0.4',
			'worker:tcp://127.0.0.1:41002 200 text/plain; version=0.0.4',
			'worker:tcp://127.0.0.1:41003 200 text/plain; version=0.0.4',
		]);
		expect(workers[0]?.url).toMatch(/\/proxy\/\d+\/127\.0\.0\.1\/metrics$/);
	});

	it('stops asking the /proxy once it answered its jupyter-server-proxy hint page', async () => {
		const dask = await fake({
			version: '2026.7.1',
			scenario: 'busy',
			identity500: true,
			workers: 'closed',
			proxy: 'hint',
		});
		const {poller, pipeline} = livePoller(dask.url);
		pipeline.ingest(await poller.round());
		const first = (await poller.round({followUp: true})).responses.filter((r) => r.target !== 'scheduler');
		expect(first.map((r) => r.error?.kind)).toEqual(['refused', 'refused', 'refused']);
		const proxyAsks = () => dask.requests.filter((r) => r.path.startsWith('/proxy/')).length;
		const asked = proxyAsks();
		expect(asked).toBeGreaterThanOrEqual(1);
		poller.refreshNow();
		await poller.round();
		expect(proxyAsks()).toBe(asked);
	});

	it('fetches the open worker’s detail page', async () => {
		const dask = await fake({version: '2026.7.1', scenario: 'busy'});
		const {poller} = livePoller(dask.url);
		await poller.round();
		poller.setDetailWorker('tcp://127.0.0.1:41001');
		const raw = await poller.round();
		const detail = raw.responses.find((r) => r.path.startsWith('/info/worker/'));
		expect(detail).toMatchObject({path: '/info/worker/tcp%3A%2F%2F127.0.0.1%3A41001.html', status: 200});
	});
});

describe('Poller timer chain', () => {
	it('emits one RawScrape per round at its interval, rounds never overlapping', async () => {
		const dask = await fake({version: '2022.12.1', scenario: 'idle'});
		const {poller} = livePoller(dask.url, {intervalMs: 100});
		const rounds: RawScrape[] = [];
		poller.start((raw) => rounds.push(raw));
		await sleep(480);
		await poller.stop();
		expect(rounds.length).toBeGreaterThanOrEqual(3);
		expect(rounds.length).toBeLessThanOrEqual(6);
		for (let i = 1; i < rounds.length; i += 1) expect(rounds[i]!.atMs - rounds[i - 1]!.atMs).toBeGreaterThanOrEqual(90);
		expect(poller.status()).toMatchObject({state: 'live'});
		expect(poller.status().requestsPerSecond).toBeGreaterThan(0);
	});

	it('backs off 1 s, then 2 s, while nothing answers, and says why', async () => {
		const server = createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		await new Promise((resolve) => server.close(resolve));
		const {poller} = livePoller(url, {intervalMs: 100});
		const rounds: RawScrape[] = [];
		poller.start((raw) => rounds.push(raw));
		await sleep(150);
		const status = poller.status();
		expect(status.state).toBe('retrying');
		expect(status.detail).toContain('connection refused');
		expect((status.nextAttemptMs ?? 0) - Date.now()).toBeGreaterThan(700);
		expect(rounds).toHaveLength(1);
		expect(paths(rounds[0]!)).toEqual([
			'/metrics',
			'/json/identity.json',
			'/info/main/workers.html',
			'/health',
			'/api/v1',
		]);
		await sleep(1000);
		expect(rounds).toHaveLength(2);
		expect(paths(rounds[1]!)).toEqual(['/metrics']);
		expect((poller.status().nextAttemptMs ?? 0) - Date.now()).toBeGreaterThan(1700);
	});

	it('dates a round by the scheduler’s last answer, not by an endpoint that timed out beside it', async () => {
		// A fake: no real Dask hangs one endpoint on demand while answering the others.
		const metrics = readScenarioFile('2026.7.1', 'busy', 'scheduler/%2Fmetrics');
		const server: Server = createServer((request, response) => {
			if (request.url === '/metrics') {
				response.writeHead(200, {'content-type': 'text/plain; version=0.0.4'});
				response.end(metrics);
			} else if (request.url === '/json/identity.json') {
				// never answers: the request times out
			} else {
				response.writeHead(404);
				response.end();
			}
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		cleanups.push(() => {
			server.closeAllConnections();
			server.close();
		});
		const {poller} = livePoller(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {timeoutMs: 1000});
		const raw = await poller.round();
		const answered = raw.responses.find((r) => r.path === '/metrics')!;
		const timedOut = raw.responses.find((r) => r.path === '/json/identity.json')!;
		expect(timedOut.error?.kind).toBe('timeout');
		const metricsArrived = Math.round(answered.startedMs + answered.latencyMs);
		const roundEnd = timedOut.startedMs + timedOut.latencyMs;
		expect(roundEnd - metricsArrived).toBeGreaterThan(500);
		// the 404s are the scheduler answering too; the timeout is not
		const lastAnswer = Math.max(
			...raw.responses.filter((r) => r.status !== null).map((r) => Math.round(r.startedMs + r.latencyMs)),
		);
		expect(raw.answeredMs).toBe(lastAnswer);
		expect(raw.answeredMs!).toBeLessThan(roundEnd - 500);
	});

	it('stops promptly, aborting a request in flight', async () => {
		const hanging = await hangingServer();
		const {poller} = livePoller(hanging.url, {timeoutMs: 10_000});
		poller.start(() => undefined);
		await sleep(100);
		expect(hanging.hits()).toBeGreaterThan(0);
		const started = performance.now();
		await poller.stop();
		expect(performance.now() - started).toBeLessThan(1000);
	});

	it('never goes below its minimum interval', () => {
		const {poller} = livePoller('http://127.0.0.1:9', {intervalMs: 100});
		expect(poller.setIntervalMs(10)).toBe(50);
		expect(poller.setIntervalMs(5000)).toBe(5000);
		expect(poller.intervalMs).toBe(5000);
	});
});

// A DECLARED FAKE: the workers' /metrics are read only while identity.json fails, which Debian's
// Dask 2022.12 never does (HTTP 500 from 2023.4 on, dask/distributed#8370).
describe('a frozen worker while identity.json fails', () => {
	it('does not hold back the scheduler’s rounds: no stale alert, the other workers still read', async () => {
		const dask = await fake({
			version: '2026.7.1',
			scenario: 'busy',
			identity500: true,
			workers: 'own',
			proxy: 'hint',
			frozenWorkers: ['beta'],
		});
		const {poller, pipeline} = livePoller(dask.url, {intervalMs: 1000, timeoutMs: 3000});
		const rounds: RawScrape[] = [];
		pipeline.subscribe((_snapshot, raw) => rounds.push(raw));
		let worstMissed = 0;
		let stale = false;
		connect(poller, pipeline);
		const deadline = Date.now() + 6500;
		while (Date.now() < deadline) {
			await sleep(50);
			const state = pipeline.tick(Date.now());
			worstMissed = Math.max(worstMissed, missedPolls(state));
			stale ||= state.alerts.has('stale|cluster');
		}
		await poller.stop();
		const betaAsked = dask.requests.filter(
			(r) => r.target === 'worker:tcp://127.0.0.1:41002' && r.path === '/metrics',
		).length;
		expect(betaAsked).toBeGreaterThanOrEqual(1); // the sample went out to beta, which never answered
		const gaps = rounds.slice(1).map((raw, i) => raw.atMs - rounds[i]!.atMs);
		// beta's 3 s timeout never delays a round
		expect(Math.max(...gaps), `round gaps ${gaps.join(', ')} ms`).toBeLessThan(2000);
		expect(worstMissed).toBeLessThan(2); // the stale warning's threshold
		expect(stale).toBe(false);
		const workerAnswers = rounds.flatMap((raw) => raw.responses.filter((r) => r.target !== 'scheduler'));
		// alpha and gamma answered (each round once they show data on disk while busy: spill-watch.ts)
		const answered = new Set(workerAnswers.filter((r) => r.status === 200).map((r) => r.target));
		expect([...answered].sort()).toEqual(['worker:tcp://127.0.0.1:41001', 'worker:tcp://127.0.0.1:41003']);
	}, 30_000);
});

/** A loopback server answering each path with `handler`; closed after the test. */
async function garbageServer(
	handler: (path: string, response: ServerResponse) => void,
): Promise<{url: string; asked: (path: string) => number}> {
	const seen: string[] = [];
	const server: Server = createServer((request, response) => {
		seen.push(request.url ?? '/');
		response.on('error', () => undefined);
		handler(request.url ?? '/', response);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	cleanups.push(() => {
		server.closeAllConnections();
		server.close();
	});
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		asked: (path) => seen.filter((p) => p === path).length,
	};
}

/** Headers at once, then a byte now and then, never the end (slowloris). */
function trickle(response: ServerResponse): void {
	response.writeHead(200, {'content-type': 'text/plain'});
	const timer = setInterval(() => response.write('a'), 50);
	response.on('close', () => clearInterval(timer));
}

// DECLARED FAKES: garbage answers no real Dask gives (Tornado writes a whole answer at once).
describe('garbage answers', () => {
	it('is not live while only /health answers and the endpoints with figures trickle past the deadline', async () => {
		const server = await garbageServer((path, response) => {
			if (path === '/health') response.end('ok');
			else trickle(response);
		});
		const {poller} = livePoller(server.url, {intervalMs: 100, timeoutMs: 300});
		const rounds: RawScrape[] = [];
		poller.start((raw) => rounds.push(raw));
		while (rounds.length < 2) await sleep(50);
		await poller.stop();
		expect(paths(rounds[0]!)).toContain('/health');
		expect(rounds[0]!.responses.find((r) => r.path === '/health')?.status).toBe(200);
		const status = poller.status();
		expect(status.state).toBe('retrying');
		expect(status.detail).toMatch(/^\/metrics: too slow: the answer was still coming at the 300 ms deadline/);
		expect(paths(rounds[1]!)).toEqual(['/metrics']);
	});

	it('asks a /metrics whose body never ends less and less often, while the rest is still read', async () => {
		const identity = readScenarioFile('2026.7.1', 'busy', 'scheduler/%2Fjson%2Fidentity.json');
		const chunk = Buffer.alloc(16 * 1024, 'x');
		const server = await garbageServer((path, response) => {
			if (path === '/metrics') {
				response.writeHead(200, {'content-type': 'text/plain'});
				const pump = (): void => {
					while (!response.destroyed && response.write(chunk));
					if (!response.destroyed) response.once('drain', pump);
				};
				pump();
			} else if (path === '/json/identity.json') {
				response.writeHead(200, {'content-type': 'application/json'});
				response.end(identity);
			} else {
				response.writeHead(404);
				response.end();
			}
		});
		const parsed = normalizeSchedulerUrl(server.url);
		if (!parsed.ok) throw new Error(parsed.error);
		const client = new HttpClient({
			timeoutMs: 5000,
			schedulerOrigin: new URL(parsed.url.base).origin,
			headers: [],
			maxBodyBytes: 256 * 1024,
		});
		const pipeline = createPipeline();
		const poller = new Poller({
			url: parsed.url,
			client,
			intervalMs: 100,
			timeoutMs: 5000,
			hints: () => planHints(pipeline.snapshot()),
			minIntervalMs: 50,
		});
		cleanups.push(() => poller.stop());
		const started = Date.now();
		for (let round = 0; round < 16; round++) {
			pipeline.ingest(await poller.round());
			await sleep(100);
		}
		const tookMs = Date.now() - started;
		// Every round asked it, a download up to the cap each. Waiting 200, 400, 800, 1600 … ms after
		// each, it is asked about log2 of the time the rounds took in intervals.
		expect(server.asked('/metrics')).toBeLessThanOrEqual(Math.ceil(Math.log2(tookMs / 100)) + 1);
		expect(server.asked('/metrics')).toBeLessThan(8);
		expect(server.asked('/json/identity.json')).toBeGreaterThanOrEqual(3);
		expect(poller.status().state).toBe('live');
		const metrics = pipeline.snapshot()?.endpoints.find((e) => e.path === '/metrics');
		expect(metrics?.detail).toBe('too large: the answer went past the 256.0 KiB size cap; stopped reading');
	}, 20_000);
});

describe('drill-down pages', () => {
	it('are asked only when asked, ride in the next round once, and are not carried again unchanged', async () => {
		const dask = await fake({version: '2026.7.1', scenario: 'errors'});
		const {poller} = livePoller(dask.url, {intervalMs: 100});
		const rounds: RawScrape[] = [];
		poller.start((raw) => rounds.push(raw));
		const until = async (ok: () => boolean) => {
			for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
		};
		await until(() => rounds.length >= 2);
		expect(dask.requests.some((r) => r.path.startsWith('/info/main/exceptions'))).toBe(false);
		const first = await poller.fetchPage({kind: 'exceptions'});
		expect(first).toMatchObject({path: '/info/main/exceptions.html', status: 200, onDemand: true});
		expect(first.body).toBe(readScenarioFile('2026.7.1', 'errors', 'scheduler/%2Finfo%2Fmain%2Fexceptions.html'));
		const carried = () => rounds.flatMap((raw) => raw.responses.filter((r) => r.onDemand === true));
		await until(() => carried().length > 0);
		expect(carried()).toEqual([first]);
		await poller.fetchPage({kind: 'exceptions'});
		const seen = rounds.length;
		await until(() => rounds.length >= seen + 2);
		expect(carried()).toHaveLength(1);
		expect(dask.requests.filter((r) => r.path === '/info/main/exceptions.html')).toHaveLength(2);
	});
});
