/**
 * One exchange through undici's dispatch(), against real loopback node:http servers that write
 * their answers byte by byte as each case needs (deliberate fakes: no Dask scheduler cuts a body
 * mid-way or splits a character between two writes on demand).
 */
import {createServer, type ServerResponse} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import {Agent} from 'undici';
import {afterEach, describe, expect, it} from 'vitest';
import {classifyError} from '../../source/scrape/errors.js';
import {Exchange} from '../../source/scrape/exchange.js';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server answering every request with `answer`, and an Agent toward it. */
async function serve(
	answer: (res: ServerResponse) => void,
): Promise<{agent: Agent; origin: string; sockets: Socket[]}> {
	const sockets: Socket[] = [];
	const server = createServer((_req, res) => {
		res.on('error', () => undefined);
		answer(res);
	});
	server.on('connection', (socket) => sockets.push(socket));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	const agent = new Agent();
	open.push(async () => {
		await agent.destroy();
		server.closeAllConnections();
		server.close();
	});
	return {agent, origin: `http://127.0.0.1:${port}`, sockets};
}

describe('Exchange', () => {
	it('joins a body written in pieces into its text, a multi-byte character cut between writes included', async () => {
		const euro = Buffer.from('€', 'utf8');
		const {agent, origin} = await serve(async (res) => {
			res.writeHead(200, {'content-type': 'text/plain; charset=utf-8', location: '/next'});
			for (const piece of [Buffer.from('a'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('b')]) {
				res.write(piece);
				await sleep(5);
			}
			res.end();
		});
		const ended = await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 100).done;
		expect(ended).toMatchObject({kind: 'whole', bytes: 5, text: 'a€b'});
		expect(ended.head).toMatchObject({status: 200, contentType: 'text/plain; charset=utf-8', location: '/next'});
		expect(ended.head!.atMs).toBeLessThanOrEqual(performance.now());
	});

	it('reads an empty body as empty text, with its status', async () => {
		const {agent, origin} = await serve((res) => {
			res.writeHead(404);
			res.end();
		});
		expect(await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 100).done).toMatchObject({
			kind: 'whole',
			head: {status: 404},
			bytes: 0,
			text: '',
		});
	});

	it('stops at the cap: the rest is never read and the connection is dropped', async () => {
		let written = 0;
		const {agent, origin, sockets} = await serve(async (res) => {
			res.writeHead(200);
			for (let i = 0; i < 50 && !res.destroyed; i++) {
				res.write(Buffer.alloc(8));
				written += 8;
				await sleep(5);
			}
			res.end();
		});
		const ended = await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 10).done;
		expect(ended).toMatchObject({kind: 'too-large', bytes: 16});
		await sleep(100);
		expect(sockets[0]!.destroyed).toBe(true);
		expect(written).toBeLessThan(400);
	});

	it('refuses a declared length over the cap before reading any of it', async () => {
		const {agent, origin} = await serve((res) => {
			res.writeHead(200, {'content-length': '1000'});
			res.end(Buffer.alloc(1000));
		});
		expect(await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 100).done).toMatchObject({
			kind: 'too-large',
			head: {status: 200},
			bytes: 0,
		});
	});

	it('gives an answer cut mid-body as failed, with its head and the bytes read (a reset)', async () => {
		const {agent, origin} = await serve((res) => {
			res.writeHead(200, {'content-length': '100'});
			res.write('{"x": ');
			setTimeout(() => res.socket?.destroy(), 20);
		});
		const ended = await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 1000).done;
		expect(ended).toMatchObject({kind: 'failed', head: {status: 200}, bytes: 6});
		expect(classifyError(ended.kind === 'failed' ? ended.error : undefined).kind).toBe('reset');
	});

	it('ends at once when aborted before any answer, with the reason as its error', async () => {
		const {agent, origin} = await serve(() => undefined); // never answers
		const exchange = Exchange.start(agent, {origin, path: '/', method: 'GET'}, 1000);
		await sleep(20);
		const t0 = performance.now();
		exchange.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
		const ended = await exchange.done;
		expect(performance.now() - t0).toBeLessThan(50);
		expect(ended.kind).toBe('failed');
		expect(ended.head).toBeUndefined();
		expect(classifyError(ended.kind === 'failed' ? ended.error : undefined).kind).toBe('timeout');
	});

	it('gives a closed dispatcher as failed, never a throw', async () => {
		const {agent, origin} = await serve((res) => res.end('x'));
		await agent.close();
		const ended = await Exchange.start(agent, {origin, path: '/', method: 'GET'}, 1000).done;
		expect(ended.kind).toBe('failed');
		expect(ended.kind === 'failed' && (ended.error as {code?: string}).code).toBe('UND_ERR_DESTROYED');
	});
});
