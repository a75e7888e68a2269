/**
 * TLS options of the client against a real loopback https server with a throwaway self-signed
 * certificate made by openssl for this test (no real Dask here serves TLS).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:https';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HttpClient} from '../../source/scrape/client.js';

let dir: string;
let cert: string;
let server: Server;
let url: string;
const clients: HttpClient[] = [];

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'dask-top-tls-'));
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-subj',
			'/CN=127.0.0.1',
			'-addext',
			'subjectAltName=IP:127.0.0.1',
			'-days',
			'1',
			'-keyout',
			join(dir, 'key.pem'),
			'-out',
			join(dir, 'cert.pem'),
		],
		{stdio: 'ignore'},
	);
	cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
	server = createServer({key: readFileSync(join(dir, 'key.pem')), cert}, (_req, res) => {
		res.writeHead(200, {'content-type': 'text/plain; version=0.0.4'});
		res.end('dask_scheduler_clients 1.0\n');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await Promise.all(clients.map((client) => client.close()));
	server.closeAllConnections();
	server.close();
	rmSync(dir, {recursive: true, force: true});
});

function client(extra: {ca?: string; insecure?: boolean}): HttpClient {
	const made = new HttpClient({timeoutMs: 3000, schedulerOrigin: url, headers: [], ...extra});
	clients.push(made);
	return made;
}

describe('HttpClient over TLS', () => {
	it('refuses a self-signed certificate by default, as a tls error', async () => {
		const outcome = await client({}).get(`${url}/metrics`);
		expect(outcome.status).toBeNull();
		expect(outcome.error).toEqual({kind: 'tls', message: 'self-signed certificate'});
	});

	it('trusts it when given as the CA (--ca-file)', async () => {
		expect((await client({ca: cert}).get(`${url}/metrics`)).status).toBe(200);
	});

	it('skips verification with --insecure', async () => {
		expect((await client({insecure: true}).get(`${url}/metrics`)).body).toBe('dask_scheduler_clients 1.0\n');
	});

	it('says the server does not speak TLS when https:// meets plain HTTP', async () => {
		const plain = (await import('node:http')).createServer((_req, res) => res.end('ok'));
		await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
		try {
			const target = `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
			const outcome = await client({}).get(`${target}/metrics`);
			expect(outcome.error?.kind).toBe('tls');
		} finally {
			plain.closeAllConnections();
			plain.close();
		}
	});
});
