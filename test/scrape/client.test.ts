/**
 * The HTTP client against real loopback node:http servers. These are deliberate fakes: no real
 * Dask scheduler hangs, answers 50 MB, or lets us count its sockets on demand.
 */
import {createServer, type IncomingHttpHeaders, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from 'vitest';
import {HttpClient} from '../../source/scrape/client.js';
import {closeAfterEach} from '../helpers/loopback.js';

interface TestServer {
	readonly url: string;
	readonly origin: string;
	readonly server: Server;
	readonly seen: IncomingHttpHeaders[];
	connections: number;
}

const {servers, clients} = closeAfterEach();

async function serve(handler: (path: string, res: ServerResponse) => void): Promise<TestServer> {
	const seen: IncomingHttpHeaders[] = [];
	const server = createServer((req, res) => {
		seen.push(req.headers);
		res.on('error', () => undefined);
		handler(req.url ?? '/', res);
	});
	servers.push(server);
	const state: TestServer = {url: '', origin: '', server, seen, connections: 0};
	server.on('connection', () => {
		state.connections += 1;
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return Object.assign(state, {url: `http://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`});
}

function client(origin: string, extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}): HttpClient {
	const made = new HttpClient({timeoutMs: 2000, schedulerOrigin: origin, headers: [], ...extra});
	clients.push(made);
	return made;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HttpClient', () => {
	it('returns status, content type and body', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain; version=0.0.4'});
			res.end('dask_scheduler_clients 1.0\n');
		});
		const outcome = await client(server.origin).get(`${server.url}/metrics`);
		expect(outcome).toMatchObject({
			status: 200,
			contentType: 'text/plain; version=0.0.4',
			body: 'dask_scheduler_clients 1.0\n',
			bytes: 27,
		});
		expect(outcome.error).toBeUndefined();
	});

	it('joins a body that arrives in pieces, a multi-byte character cut between them included', async () => {
		const euro = Buffer.from('€', 'utf8');
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain; charset=utf-8'});
			res.write('a');
			res.write(euro.subarray(0, 1));
			// Later writes arrive as chunks of their own.
			setTimeout(() => {
				res.write(euro.subarray(1));
				setTimeout(() => res.end('b'), 20);
			}, 20);
		});
		const outcome = await client(server.origin).get(`${server.url}/metrics`);
		expect(outcome).toMatchObject({status: 200, body: 'a€b', bytes: 5});
		expect(outcome.error).toBeUndefined();
	});

	it('reads an empty body as empty text', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(204);
			res.end();
		});
		const outcome = await client(server.origin).get(`${server.url}/health`);
		expect(outcome).toMatchObject({status: 204, body: '', bytes: 0});
	});

	it('skips an informational 1xx answer and keeps the final one', async () => {
		const server = await serve((_path, res) => {
			res.writeProcessing();
			res.writeHead(200, {'content-type': 'text/plain'});
			res.end('ok');
		});
		const outcome = await client(server.origin).get(`${server.url}/metrics`);
		expect(outcome).toMatchObject({status: 200, contentType: 'text/plain', body: 'ok'});
	});

	it('says a body cut short by the connection closing is truncated, with what came of what was declared', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain', 'content-length': '100'});
			res.write('0123456789');
			setTimeout(() => res.destroy(), 20);
		});
		const outcome = await client(server.origin).get(`${server.url}/metrics`);
		expect(outcome.status).toBe(200);
		expect(outcome.body).toBeUndefined();
		expect(outcome.bytes).toBe(10);
		expect(outcome.error).toEqual({
			kind: 'reset',
			message: 'truncated: 10 B of the 100 B declared came before the connection closed',
		});
	});

	it('gives up on a hanging server at its own deadline, well before undici’s coarse timers', async () => {
		const server = await serve(() => undefined);
		const started = performance.now();
		const outcome = await client(server.origin, {timeoutMs: 300}).get(`${server.url}/metrics`);
		const took = performance.now() - started;
		expect(outcome.status).toBeNull();
		expect(outcome.error?.kind).toBe('timeout');
		expect(took).toBeGreaterThanOrEqual(280);
		expect(took).toBeLessThan(900);
	});

	it('holds its deadline over the body too: headers at once, then a body that stalls, is too slow', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'application/json'});
			res.write('{"workers": ');
		});
		const started = performance.now();
		const outcome = await client(server.origin, {timeoutMs: 300}).get(`${server.url}/json/identity.json`);
		const took = performance.now() - started;
		expect(outcome.status).toBe(200);
		expect(outcome.body).toBeUndefined();
		expect(outcome.error).toEqual({
			kind: 'timeout',
			message: 'too slow: the answer was still coming at the 300 ms deadline (12 B read)',
		});
		expect(took).toBeGreaterThanOrEqual(280);
		expect(took).toBeLessThan(900);
	});

	it('leaves no deadline timer behind once a request has ended, answered or failed', async () => {
		const server = await serve((path, res) => {
			if (path === '/refuse') res.destroy();
			else res.end('ok');
		});
		const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
		const http = client(server.origin, {timeoutMs: 60_000});
		const before = timers();
		const pending = http.get(`${server.url}/metrics`);
		expect(timers()).toBe(before + 1); // the request's deadline, held while it runs
		expect((await pending).body).toBe('ok');
		expect((await http.get(`${server.url}/refuse`)).error?.kind).toBe('reset');
		expect(timers()).toBe(before);
	});

	it('stops reading a 50 MB body past the cap, keeps memory bounded, and says too large, naming the cap', async () => {
		const chunk = Buffer.alloc(1024 * 1024, 'x');
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain'});
			let sent = 0;
			const pump = (): void => {
				while (sent < 50) {
					sent += 1;
					if (!res.write(chunk)) {
						res.once('drain', pump);
						return;
					}
				}
				res.end();
			};
			pump();
		});
		global.gc?.();
		const before = process.memoryUsage();
		// A deadline a loaded 2-core machine reads 32 MiB within: the cap, not the deadline, ends it.
		const outcome = await client(server.origin, {timeoutMs: 30_000}).get(`${server.url}/metrics`);
		const after = process.memoryUsage();
		expect(outcome.status).toBe(200);
		expect(outcome.error).toEqual({
			kind: 'too-large',
			message: 'too large: the answer went past the 32.0 MiB size cap; stopped reading',
		});
		expect(outcome.body).toBeUndefined();
		expect(outcome.bytes).toBeLessThan(34 * 1024 * 1024);
		const grewBytes = after.rss - before.rss;
		expect(grewBytes).toBeLessThan(120 * 1024 * 1024);
	});

	it('refuses a declared Content-Length over the cap without reading it, naming both', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024)});
			res.write('x');
		});
		const outcome = await client(server.origin, {maxBodyBytes: 1024 * 1024}).get(`${server.url}/metrics`);
		expect(outcome.error).toEqual({
			kind: 'too-large',
			message: 'too large: the answer declared 50.0 MiB, over the 1.0 MiB size cap; not read',
		});
		expect(outcome.bytes).toBe(0);
	});

	it('reuses one keep-alive connection for requests spaced like a poll loop', async () => {
		const server = await serve((_path, res) => res.end('ok'));
		const http = client(server.origin);
		for (let i = 0; i < 5; i += 1) {
			expect((await http.get(`${server.url}/health`)).body).toBe('ok');
			await sleep(20);
		}
		expect(server.connections).toBe(1);
	});

	it('sends the configured headers to the scheduler origin only, never to a worker host', async () => {
		const scheduler = await serve((_path, res) => res.end('ok'));
		const worker = await serve((_path, res) => res.end('ok'));
		const http = client(scheduler.origin, {headers: [{name: 'Authorization', value: 'token SECRET'}]});
		await http.get(`${scheduler.url}/metrics`);
		await http.get(`${worker.url}/metrics`);
		expect(scheduler.seen[0]?.authorization).toBe('token SECRET');
		expect(worker.seen[0]?.authorization).toBeUndefined();
		expect(worker.seen[0]?.['user-agent']).toBe('dask-top');
	});

	it('asks each URL at its own path and query, again and again, and refuses what is not a URL', async () => {
		const paths: string[] = [];
		const server = await serve((path, res) => {
			paths.push(path);
			res.end(path);
		});
		const http = client(server.origin);
		for (let round = 0; round < 2; round++)
			for (const path of ['/metrics', '/json/identity.json?token=x', '/info/worker/tcp%3A%2F%2F1.2.3.4%3A5.html'])
				expect((await http.get(`${server.url}${path}`)).body).toBe(path);
		expect(paths).toHaveLength(6);
		const bad = await http.get('not a url');
		expect(bad).toMatchObject({status: null, error: {kind: 'other', message: 'invalid URL'}});
	});

	it('keeps one request per URL in flight: a second caller shares the first', async () => {
		let requests = 0;
		const server = await serve((_path, res) => {
			requests += 1;
			setTimeout(() => res.end('ok'), 100);
		});
		const http = client(server.origin);
		const [a, b] = await Promise.all([
			http.get(`${server.url}/json/identity.json`),
			http.get(`${server.url}/json/identity.json`),
		]);
		expect(a).toBe(b);
		expect(requests).toBe(1);
	});

	it('reports a redirect with its Location instead of following it', async () => {
		const server = await serve((_path, res) => {
			res.writeHead(302, {location: '/hub/login?next=%2Fuser%2Fa'});
			res.end();
		});
		const outcome = await client(server.origin).get(`${server.url}/metrics`);
		expect(outcome).toMatchObject({status: 302, location: '/hub/login?next=%2Fuser%2Fa'});
	});

	it('stamps an answer with when its headers arrived: after a slow start, before a slow body’s end', async () => {
		const server = await serve((path, res) => {
			if (path === '/late-headers') {
				setTimeout(() => res.end('{}'), 600);
				return;
			}
			res.writeHead(200, {'content-type': 'application/json'});
			res.write('{"a":');
			setTimeout(() => res.end('1}'), 600);
		});
		const http = client(server.origin);
		const late = await http.get(`${server.url}/late-headers`);
		expect(late.headersMs! - late.startedMs).toBeGreaterThanOrEqual(580);
		expect(late.headersMs!).toBeLessThanOrEqual(late.startedMs + late.latencyMs + 1);
		const slowBody = await http.get(`${server.url}/slow-body`);
		expect(slowBody.body).toBe('{"a":1}');
		expect(slowBody.latencyMs).toBeGreaterThanOrEqual(580);
		expect(slowBody.headersMs! - slowBody.startedMs).toBeLessThan(300);
	});

	it('has no header time when no answer came', async () => {
		const server = await serve(() => undefined);
		const outcome = await client(server.origin, {timeoutMs: 200}).get(`${server.url}/metrics`);
		expect(outcome.error?.kind).toBe('timeout');
		expect(outcome.headersMs).toBeUndefined();
	});

	it('reports a port where nothing listens as refused', async () => {
		const server = await serve((_path, res) => res.end('ok'));
		const {url} = server;
		server.server.close();
		await sleep(10);
		const outcome = await client(url).get(`${url}/metrics`);
		expect(outcome.error?.kind).toBe('refused');
	});

	it('aborts what is in flight when closed', async () => {
		const server = await serve(() => undefined);
		const http = new HttpClient({timeoutMs: 5000, schedulerOrigin: server.origin, headers: []});
		const pending = http.get(`${server.url}/metrics`);
		await sleep(50);
		await http.close();
		expect((await pending).error?.kind).toBe('aborted');
	});
});
