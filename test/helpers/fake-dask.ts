/**
 * A DECLARED FAKE of a Dask cluster's HTTP side, for the cases no real Dask here can show: it
 * serves the recorded fixture bodies of one scenario (scheduler paths, and each worker's /metrics
 * on its own loopback port) and can make identity.json answer the recorded HTTP 500 of Dask ≥ 2023.4
 * (Debian's Dask 2022.12 never answers 500 there). Worker HTTP ports in workers.html and
 * identity.json are rewritten to the ports this fake listens on.
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {
	identity500Body,
	loadClusterLayout,
	loadManifest,
	scenarioDir,
	type FixtureVersion,
	type Scenario,
} from './fixtures.js';

export interface FakeDaskOptions {
	readonly version: FixtureVersion;
	readonly scenario: Scenario;
	/** identity.json answers the recorded 500 (busy modern Dask, dask/distributed#8370). */
	readonly identity500?: boolean;
	/** identity.json answers its recorded body this many times, then the recorded 500 (work began). */
	readonly identity500After?: number;
	/** `own`: each worker's /metrics on its own port; `closed`: nothing listens on the workers' ports. */
	readonly workers?: 'own' | 'closed';
	/** `hint`: /proxy answers the recorded jupyter-server-proxy hint page; `forward`: the worker's /metrics. */
	readonly proxy?: 'hint' | 'forward';
	/** Workers (by name) frozen as by SIGSTOP: their port accepts connections, their /metrics never answers. */
	readonly frozenWorkers?: readonly string[];
	/** Workers (by name) whose /metrics answers after this many ms (a worker busy writing to disk). */
	readonly slowWorkers?: Readonly<Record<string, number>>;
}

export interface SeenRequest {
	readonly target: string;
	readonly path: string;
	readonly headers: IncomingHttpHeaders;
}

export interface FakeDask {
	readonly url: string;
	readonly requests: SeenRequest[];
	/** Worker comm address → the port its /metrics is served on (or was, when closed). */
	readonly workerPorts: ReadonlyMap<string, number>;
	close(): Promise<void>;
}

interface Answer {
	readonly status: number;
	readonly contentType: string;
	readonly body: string;
}

async function listen(server: Server): Promise<number> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
	server.closeAllConnections();
	return new Promise((resolve) => server.close(() => resolve()));
}

export async function startFakeDask(options: FakeDaskOptions): Promise<FakeDask> {
	const manifest = loadManifest(options.version, options.scenario);
	const layout = loadClusterLayout(options.version);
	const dir = scenarioDir(options.version, options.scenario);
	const requests: SeenRequest[] = [];
	const servers: Server[] = [];
	const scheduler = new Map<string, Answer>();
	const workerMetrics = new Map<string, Answer>();
	let proxyHint: Answer | undefined;

	for (const entry of manifest.entries) {
		if (entry.file === null || entry.status === null) continue;
		const answer = {
			status: entry.status,
			contentType: entry.content_type ?? 'text/plain',
			body: readFileSync(join(dir, entry.file), 'utf8'),
		};
		if (entry.target === 'scheduler') {
			if (entry.path.startsWith('/proxy/')) proxyHint ??= answer;
			else scheduler.set(entry.path, answer);
		} else if (entry.target.startsWith('worker:') && entry.path === '/metrics') {
			const name = entry.target.slice('worker:'.length);
			const address = layout.workers.find((w) => w.name === name)?.address;
			if (address !== undefined) workerMetrics.set(address, answer);
		}
	}
	const identity500: Answer = {status: 500, contentType: 'text/html; charset=UTF-8', body: identity500Body()};
	if (options.identity500) scheduler.set('/json/identity.json', identity500);
	let identityAnswers = 0;

	const workerPorts = new Map<string, number>();
	const portRewrites = new Map<number, number>();
	for (const worker of layout.workers) {
		const metrics = workerMetrics.get(worker.address);
		if (metrics === undefined) continue;
		const server = createServer((req, res) => {
			requests.push({target: `worker:${worker.address}`, path: req.url ?? '/', headers: req.headers});
			if (options.frozenWorkers?.includes(worker.name)) return; // the kernel accepted; the process never answers
			if (req.url === '/metrics') {
				const answer = () => {
					res.writeHead(metrics.status, {'content-type': metrics.contentType});
					res.end(metrics.body);
				};
				const delayMs = options.slowWorkers?.[worker.name];
				if (delayMs === undefined) answer();
				else setTimeout(answer, delayMs);
			} else {
				res.writeHead(404, {'content-type': 'text/html'});
				res.end('<html><title>404: Not Found</title></html>');
			}
		});
		const port = await listen(server);
		if (options.workers === 'closed') await closeServer(server);
		else servers.push(server);
		workerPorts.set(worker.address, port);
		portRewrites.set(worker.http_port, port);
	}

	const rewrite = (body: string): string => {
		let out = body;
		for (const [from, to] of portRewrites) {
			out = out
				.replaceAll(`/proxy/${from}/`, `/proxy/${to}/`)
				.replaceAll(`"dashboard": ${from}`, `"dashboard": ${to}`)
				.replaceAll(`"dashboard":${from}`, `"dashboard":${to}`);
		}
		return out;
	};

	const schedulerServer = createServer((req, res) => {
		const path = req.url ?? '/';
		requests.push({target: 'scheduler', path, headers: req.headers});
		const proxied = /^\/proxy\/(\d+)\/([^/]+)\/metrics$/.exec(path);
		let answer: Answer | undefined;
		if (proxied) {
			const address = [...workerPorts].find(([, port]) => String(port) === proxied[1])?.[0];
			answer = options.proxy === 'forward' && address !== undefined ? workerMetrics.get(address) : proxyHint;
		} else if (path === '/json/identity.json' && options.identity500After !== undefined) {
			answer = identityAnswers++ < options.identity500After ? scheduler.get(path) : identity500;
		} else {
			answer = scheduler.get(path);
		}
		if (answer === undefined) {
			res.writeHead(404, {'content-type': 'text/html; charset=UTF-8'});
			res.end('<html><title>404: Not Found</title><body>404: Not Found</body></html>');
			return;
		}
		res.writeHead(answer.status, {'content-type': answer.contentType});
		res.end(rewrite(answer.body));
	});
	const port = await listen(schedulerServer);
	servers.push(schedulerServer);

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		workerPorts,
		close: async () => {
			await Promise.all(servers.map(closeServer));
		},
	};
}
