/**
 * A DECLARED FAKE Dask scheduler serving a SYNTHESIZED cluster of any size over HTTP on loopback
 * (answers from bench/synth-dask.ts, Dask 2026.7.1 shapes): /metrics, /json/identity.json,
 * /info/main/workers.html, /json/counts.json, /health; /api/v1 is not enabled (404), as by default.
 * Every /metrics request starts a new poll round, so every answer moves on and the monitor's
 * history fills. No real cluster of 1,000 or 10,000 workers can be started here.
 */
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {countsBody, identityBody, metricsBody, workersHtml} from './synth-dask.js';

export interface SynthDask {
	readonly url: string;
	/** Requests served per path. */
	readonly served: ReadonlyMap<string, number>;
	close(): Promise<void>;
}

const NOT_FOUND = '<html><title>404: Not Found</title><body>404: Not Found</body></html>';

export async function startSynthDask(workers: number): Promise<SynthDask> {
	const served = new Map<string, number>();
	let round = 0;
	// The fake scheduler has been up an hour when it is started.
	const startedS = Date.now() / 1000 - 3600;
	// The big bodies are built once per round, whoever asks.
	const cache = new Map<string, {readonly round: number; readonly body: string}>();
	const cached = (path: string, build: () => string): string => {
		const hit = cache.get(path);
		if (hit?.round === round) return hit.body;
		const body = build();
		cache.set(path, {round, body});
		return body;
	};
	const server = createServer((req, res) => {
		const path = (req.url ?? '/').replace(/\?.*$/, '');
		served.set(path, (served.get(path) ?? 0) + 1);
		const send = (status: number, contentType: string, body: string) => {
			res.writeHead(status, {'content-type': contentType});
			res.end(body);
		};
		const nowS = Date.now() / 1000;
		switch (path) {
			case '/metrics':
				round += 1;
				return send(200, 'text/plain; version=0.0.4; charset=utf-8', metricsBody(workers, round));
			case '/json/identity.json':
				return send(
					200,
					'application/json; charset=UTF-8',
					cached(path, () => identityBody(workers, round, nowS, startedS)),
				);
			case '/info/main/workers.html':
				return send(
					200,
					'text/html; charset=UTF-8',
					cached(path, () => workersHtml(workers, round)),
				);
			case '/json/counts.json':
				return send(200, 'application/json; charset=UTF-8', countsBody(workers, round));
			case '/health':
				return send(200, 'text/plain', 'ok');
			default:
				return send(404, 'text/html; charset=UTF-8', NOT_FOUND);
		}
	});
	// Dask's HTTP server (Tornado's HTTPServer, distributed/node.py) keeps an idle connection for an
	// hour (its idle_connection_timeout), where Node's closes it after 5 s: a client polling three
	// pages every 2 s from a pool would reconnect several times a minute here and never against Dask.
	server.keepAliveTimeout = 3_600_000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/`,
		served,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
