/**
 * HttpClient.post against a real loopback node:http server (a deliberate fake: a real scheduler
 * cannot be made to fail a retire on demand, nor tell how many requests reached it). The real
 * retire is tested against Debian's Dask in test/e2e/retire.test.ts.
 */
import {createServer, type IncomingHttpHeaders} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from 'vitest';
import {HttpClient} from '../../source/scrape/client.js';
import {closeAfterEach} from '../helpers/loopback.js';

const {servers, clients} = closeAfterEach();

interface Seen {
	readonly method: string;
	readonly headers: IncomingHttpHeaders;
	readonly body: string;
}

async function serve(status: number): Promise<{origin: string; seen: Seen[]}> {
	const seen: Seen[] = [];
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			seen.push({method: req.method ?? '', headers: req.headers, body});
			res.writeHead(status, {'content-type': 'application/json'});
			res.end(status === 200 ? '{"tcp://w:1": {"name": "w"}}' : '{"Error": "Internal Server Error"}');
		});
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen};
}

function client(origin: string): HttpClient {
	const c = new HttpClient({
		timeoutMs: 2000,
		schedulerOrigin: origin,
		headers: [{name: 'Authorization', value: 'token s3cret'}],
	});
	clients.push(c);
	return c;
}

describe('HttpClient.post', () => {
	it("sends the JSON body once, with the scheduler's headers, and returns the answer", async () => {
		const {origin, seen} = await serve(200);
		const outcome = await client(origin).post(`${origin}/api/v1/retire_workers`, '{"workers": ["tcp://w:1"]}');
		expect(outcome).toMatchObject({status: 200, body: '{"tcp://w:1": {"name": "w"}}'});
		expect(seen).toHaveLength(1);
		expect(seen[0]).toMatchObject({method: 'POST', body: '{"workers": ["tcp://w:1"]}'});
		expect(seen[0]?.headers).toMatchObject({authorization: 'token s3cret', 'content-type': 'application/json'});
	});

	it('never retries a failed action, and never shares one between callers', async () => {
		const {origin, seen} = await serve(500);
		const c = client(origin);
		const [a, b] = await Promise.all([
			c.post(`${origin}/api/v1/retire_workers`, '{}'),
			c.post(`${origin}/api/v1/retire_workers`, '{}'),
		]);
		expect(a.status).toBe(500);
		expect(b.status).toBe(500);
		expect(seen).toHaveLength(2);
	});

	it("refuses any other origin without a request (the headers go to the scheduler's origin only)", async () => {
		const {origin, seen} = await serve(200);
		const other = await serve(200);
		const outcome = await client(origin).post(`${other.origin}/api/v1/retire_workers`, '{}');
		expect(outcome).toMatchObject({
			status: null,
			error: {kind: 'other', message: "actions go to the scheduler's origin only"},
		});
		expect(seen).toHaveLength(0);
		expect(other.seen).toHaveLength(0);
	});
});
