/**
 * A worker's heartbeat age, from the poll to the snapshot, against a DECLARED FAKE scheduler on
 * loopback: no real Dask can be frozen for one endpoint on demand, nor made to send its headers and
 * then dribble out its body. The fake's identity.json says its one worker was last heard 0.1 s
 * before the request came in (as a scheduler frozen at that moment would: no heartbeat gets in),
 * then answers either late (headers and body after 1.5 s: the scheduler built its answer then) or
 * at once with a body that takes 1.5 s to arrive (a large identity.json on a slow link).
 */
import {createServer, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import {HttpClient} from '../../source/scrape/client.js';
import {Poller} from '../../source/scrape/poller.js';
import {normalizeSchedulerUrl} from '../../source/scrape/url.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const HEARD_BEFORE_REQUEST_S = 0.1;
const DELAY_MS = 1500;

/** identity.json (Dask 2022.12.1's shape, one worker) whose worker was last heard at `lastSeenS`. */
function identityBody(lastSeenS: number): string {
	return JSON.stringify({
		type: 'Scheduler',
		id: 'Scheduler-fake',
		address: 'tcp://127.0.0.1:8786',
		services: {dashboard: 8787},
		started: lastSeenS - 60,
		workers: {
			'tcp://127.0.0.1:40001': {
				type: 'Worker',
				id: 'alpha',
				host: '127.0.0.1',
				name: 'alpha',
				nthreads: 2,
				memory_limit: 2147483648,
				last_seen: lastSeenS,
				services: {dashboard: 8791},
				metrics: {memory: 49061888, cpu: 5.8, event_loop_interval: 0.02},
				status: 'running',
				nanny: null,
			},
		},
	});
}

/** The fake; identity.json answered by `answer` with the body it should send, everything else 404. */
async function fakeScheduler(answer: (res: ServerResponse, body: string) => void): Promise<string> {
	const server = createServer((request, response) => {
		response.on('error', () => undefined);
		if (request.url !== '/json/identity.json') {
			response.writeHead(404, {'content-type': 'text/plain'});
			response.end('404: Not Found');
			return;
		}
		answer(response, identityBody(Date.now() / 1000 - HEARD_BEFORE_REQUEST_S));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	cleanups.push(() => {
		server.closeAllConnections();
		server.close();
	});
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One poll round of the live poller through the pipeline: the identity answer and the worker's age. */
async function pollOnce(url: string) {
	const parsed = normalizeSchedulerUrl(url);
	if (!parsed.ok) throw new Error(parsed.error);
	const client = new HttpClient({timeoutMs: 5000, schedulerOrigin: new URL(parsed.url.base).origin, headers: []});
	const poller = new Poller({url: parsed.url, client, intervalMs: 1000, timeoutMs: 5000, hints: () => ({workers: []})});
	cleanups.push(() => poller.stop());
	const raw = await poller.round();
	const snapshot = createPipeline().ingest(raw);
	const identity = raw.responses.find((r) => r.path === '/json/identity.json')!;
	expect(identity.status).toBe(200);
	expect(snapshot.workers_source).toBe('identity');
	return {identity, age: snapshot.workers[0]!.heartbeat_age_seconds!};
}

describe('a worker’s heartbeat age from identity.json', () => {
	it('is as of when the scheduler answered, not when it was asked: a scheduler slow to answer', async () => {
		const url = await fakeScheduler((res, body) => {
			// Built and sent DELAY_MS after the request, as a frozen scheduler does once it resumes;
			// the worker's last heartbeat stays where it was.
			setTimeout(() => {
				res.writeHead(200, {'content-type': 'application/json'});
				res.end(body);
			}, DELAY_MS);
		});
		const {identity, age} = await pollOnce(url);
		// Taken at the request's start it was 0.1 s: the worker looked just heard.
		expect(age).toBeGreaterThanOrEqual((DELAY_MS - 20) / 1000 + HEARD_BEFORE_REQUEST_S);
		expect(age).toBeLessThan((DELAY_MS + 400) / 1000 + HEARD_BEFORE_REQUEST_S);
		expect(identity.latencyMs).toBeGreaterThanOrEqual(DELAY_MS - 20);
		expect(identity.headersMs! - identity.startedMs).toBeGreaterThanOrEqual(DELAY_MS - 20);
	});

	it('is not made older by a body that takes long to arrive after its headers', async () => {
		const url = await fakeScheduler((res, body) => {
			res.writeHead(200, {'content-type': 'application/json'});
			const half = Math.floor(body.length / 2);
			res.write(body.slice(0, half));
			setTimeout(() => res.end(body.slice(half)), DELAY_MS);
		});
		const {identity, age} = await pollOnce(url);
		// Taken at the body's last byte it would read 1.6 s.
		expect(age).toBeGreaterThanOrEqual(HEARD_BEFORE_REQUEST_S - 0.01);
		expect(age).toBeLessThan(HEARD_BEFORE_REQUEST_S + 0.5);
		expect(identity.latencyMs).toBeGreaterThanOrEqual(DELAY_MS - 20);
		expect(identity.headersMs! - identity.startedMs).toBeLessThan(400);
	});
});
