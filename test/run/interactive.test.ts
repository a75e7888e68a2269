/**
 * run/interactive.ts called directly, on the paths that end before the screen: clusters that
 * cannot be read for good. The "not Dask" server is a real HTTP server answering 404 to every
 * path (what a wrong port often is); the screen itself is driven in tmux by test/e2e/tui and
 * multi-cluster.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClusters, stopClusters} from '../../source/run/clusters.js';
import {runInteractive} from '../../source/run/interactive.js';
import {EXIT_UNREADABLE} from '../../source/types/exit-codes.js';
import {captureOutput, optionsFor} from '../helpers/run-main.js';

async function notDask(): Promise<{url: string; server: Server}> {
	const server = createServer((_req, res) => res.writeHead(404, {'content-type': 'text/plain'}).end('404: Not Found'));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server};
}

async function interactive(args: string[]) {
	const options = optionsFor(args);
	const clusters = createClusters(options, {userAgent: 'dask-top/test'});
	try {
		return await captureOutput(() => runInteractive(clusters, options));
	} finally {
		await stopClusters(clusters);
	}
}

describe('runInteractive before the screen', () => {
	const servers: Server[] = [];
	let first: string;
	let second: string;

	beforeAll(async () => {
		const a = await notDask();
		const b = await notDask();
		servers.push(a.server, b.server);
		[first, second] = [a.url, b.url];
	});

	afterAll(async () => {
		await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	});

	it('one cluster that is not Dask: its one line, exit 1, no screen', async () => {
		const {result, stdout, stderr} = await interactive([first]);
		expect(result).toBe(EXIT_UNREADABLE);
		expect(stdout).toBe('');
		expect(stderr.trim().split('\n')).toEqual([
			expect.stringMatching(/^dask-top: http:\/\/127\.0\.0\.1:\d+\/ is not a Dask dashboard: .* all answered 404/),
		]);
	});

	it('several, none of them Dask: a line for each (not "following the other clusters"), exit 1, no screen', async () => {
		const {result, stdout, stderr} = await interactive([first, second]);
		expect(result).toBe(EXIT_UNREADABLE);
		expect(stdout).toBe('');
		const lines = stderr.trim().split('\n');
		expect(lines).toHaveLength(2);
		expect(
			lines.every((line) => /^dask-top: .* is not a Dask dashboard/.test(line) && !line.includes('following')),
		).toBe(true);
	});
});
