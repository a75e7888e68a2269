/**
 * The BUILT CLI (dist/dask-top.cjs; run `npm run build` first) against what goes wrong before any
 * cluster is read. Four cases use small local node:http servers — a login page, a server that
 * never answers, a garbage body and a 50 MB body — because no real Dask scheduler behaves like
 * that; the rest need no server at all.
 */
import {spawn} from 'node:child_process';
import {createServer, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {helpPage, parseArgv} from '../../source/options/flags.js';
import {versionLine} from '../../source/units/single-executable.js';
import {CLI_PATH, runCli, type CliResult} from './helpers/cli.js';
import {REPO_ROOT} from './helpers/python.js';
import {sharedCluster} from './helpers/shared-cluster.js';

const servers: Server[] = [];

afterEach(() => {
	for (const server of servers.splice(0)) {
		server.closeAllConnections();
		server.close();
	}
});
afterAll(() => {
	for (const server of servers.splice(0)) server.close();
});

async function serve(handler: (path: string, res: ServerResponse) => void): Promise<string> {
	const server = createServer((req, res) => {
		res.on('error', () => undefined);
		handler(req.url ?? '/', res);
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closedPort(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	await new Promise((resolve) => server.close(resolve));
	return url;
}

/** Exit 1 with exactly one line on stderr, nothing on stdout, and no stack trace. */
function expectOneLineFailure(result: CliResult, message: string): void {
	expect(result.timedOut).toBe(false);
	expect(result.code).toBe(1);
	expect(result.stdout).toBe('');
	expect(result.stderr).not.toMatch(/^\s+at /m);
	expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
	expect(result.stderr).toMatch(/^dask-top: /);
	expect(result.stderr).toContain(message);
}

describe('dask-top cannot read the scheduler (exit 1, one line, no stack trace)', () => {
	it('says nothing answers at a port where nothing listens', async () => {
		const url = await closedPort();
		const result = await runCli(['--once', url]);
		expectOneLineFailure(result, `nothing answers at ${url}/ (connection refused)`);
	});

	it('recognises an HTML login page and says to pass a token', async () => {
		const url = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
			res.end(
				'<!DOCTYPE html><html><head><title>Sign in</title></head><body><form action="/login">…</form></body></html>',
			);
		});
		const result = await runCli(['--once', '--json', url]);
		expectOneLineFailure(
			result,
			`${url}/ answered with an HTML page, not Dask's JSON: ` +
				"a login page? pass a token with --header 'Authorization: token …'",
		);
	});

	it('gives up on a server that never answers at the --timeout', async () => {
		const url = await serve(() => undefined);
		const result = await runCli(['--once', '--timeout', '1s', url]);
		expectOneLineFailure(result, `${url}/ did not answer within 1 s`);
		expect(result.durationMs).toBeLessThan(5000);
	});

	it('says a server answering garbage is not a Dask dashboard', async () => {
		const url = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'application/octet-stream'});
			res.end(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x7b, 0x22]));
		});
		const result = await runCli(['--once', url]);
		expectOneLineFailure(result, `${url}/ answered, but not like a Dask dashboard`);
	});

	// Garbage answers no real Dask gives (Tornado writes a whole answer at once): fakes.
	it('says an answer cut short by the connection closing is truncated: what came of what was declared', async () => {
		const url = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain; version=0.0.4', 'content-length': '20000'});
			res.write('dask_scheduler_clients 1.0\n');
			setTimeout(() => res.destroy(), 20);
		});
		const result = await runCli(['--once', url]);
		expectOneLineFailure(
			result,
			`${url}/ answered /metrics, but truncated: 27 B of the 19.5 KiB declared came before the connection closed`,
		);
	});

	it('says an answer whose body trickles past the deadline is too slow, naming the deadline', async () => {
		const url = await serve((_path, res) => {
			res.writeHead(200, {'content-type': 'text/plain; version=0.0.4'});
			const timer = setInterval(() => res.write('#'), 200);
			res.on('close', () => clearInterval(timer));
		});
		const result = await runCli(['--once', '--timeout', '1s', url]);
		expectOneLineFailure(
			result,
			`${url}/ answered /metrics, but too slow: the answer was still coming at the 1 s deadline`,
		);
		expect(result.stderr).toContain('raise --timeout');
	});

	it('does not ask for a token with --header when one was sent and a login page still answers', async () => {
		const url = await serve((path, res) => {
			res.writeHead(302, {location: `/hub/login?next=${encodeURIComponent(path)}`});
			res.end();
		});
		const result = await runCli(['--once', '-H', 'Authorization: token wrong', url]);
		expectOneLineFailure(result, "(a login page): the header 'Authorization' sent was not accepted: check the value");
		expect(result.stderr).not.toContain('pass a token');
		expect(result.stderr).not.toContain('wrong');
	});

	it('stops reading a 50 MB answer at the size cap, with bounded memory', async () => {
		const chunk = Buffer.alloc(1024 * 1024, 'dask_scheduler_tasks{state="memory"} 1.0\n');
		const url = await serve((path, res) => {
			if (path !== '/metrics') {
				res.writeHead(404, {'content-type': 'text/html'});
				res.end('<html><title>404: Not Found</title></html>');
				return;
			}
			res.writeHead(200, {'content-type': 'text/plain; version=0.0.4'});
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
		// GNU time reports the child's peak resident memory (kB) on its last stderr line.
		const child = spawn('/usr/bin/time', ['-f', 'maxrss_kb=%M', process.execPath, CLI_PATH, '--once', url], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stderr = '';
		let stdout = '';
		child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
		child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
		const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
		const code = await new Promise<number | null>((resolve) => child.once('close', resolve)).finally(() =>
			clearTimeout(killer),
		);
		const maxRssKb = Number(/maxrss_kb=(\d+)/.exec(stderr)?.[1]);
		const message = stderr.replace(/maxrss_kb=\d+\n?/, '').replace(/^Command exited with non-zero status \d+\n/m, '');
		console.log(`[cli-errors] peak RSS with a 50 MB /metrics answer: ${Math.round(maxRssKb / 1024)} MiB`);
		expectOneLineFailure(
			{code, signal: null, stdout, stderr: message, durationMs: 0, timedOut: false},
			`${url}/ answered /metrics, but too large: the answer went past the 32.0 MiB size cap; stopped reading`,
		);
		expect(maxRssKb).toBeGreaterThan(0);
		expect(maxRssKb).toBeLessThan(200 * 1024);
	});
});

describe('usage errors and help', () => {
	it('exits 2 on a bad --interval, naming the value', async () => {
		const result = await runCli(['--interval', 'abc', '--once', 'http://127.0.0.1:9']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('dask-top: --interval: "abc" is not a duration');
		expect(result.stderr).not.toMatch(/^\s+at /m);
	});

	it.each([
		[['--quuxable', 'http://127.0.0.1:9'], 'dask-top: unknown option --quuxable'],
		[
			['--stall-after', '-5s', '--once', 'http://127.0.0.1:9'],
			'dask-top: --stall-after -5s is out of range: use 1 s to 24 h',
		],
		[
			['--replay', 'x.ndjson', '--at', '-5s'],
			"dask-top: --at -5s is before the recording's start: an offset counts from it, from +0s to the recording's length",
		],
		[['--interval', '0', '--once', 'http://127.0.0.1:9'], 'dask-top: --interval 0 is out of range: use 1 s to 1 h'],
		[
			['--timeout', '9999999', '--once', 'http://127.0.0.1:9'],
			'dask-top: --timeout 9999999 is out of range: use 1 s to 10 min',
		],
		[
			['--interval', '9999999', '--once', 'http://127.0.0.1:9'],
			'dask-top: --interval 9999999 is out of range: use 1 s to 1 h',
		],
	])('exits 2 on %j with one dask-top: line and the --help hint', async (args, line) => {
		const result = await runCli(args);
		expect(result.code).toBe(2);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines).toHaveLength(2);
		expect(lines[0]).toContain(line);
		expect(lines[1]).toBe('Run dask-top --help for usage.');
	});

	it('exits 2 on --replay of a directory, saying it is one', async () => {
		const result = await runCli(['--replay', REPO_ROOT, '--once']);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/^dask-top: --replay .*: a directory, not a recording/);
		expect(result.stderr).not.toContain('internal error');
	});

	it('exits 2 on a flag given twice instead of crashing', async () => {
		const result = await runCli(['--timeout', '1s', '--timeout', '2s']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('The flag --timeout can only be set once.');
		expect(result.stderr).not.toMatch(/^\s+at /m);
	});

	it('prints the --help and --version texts baked into the bundle exactly as the source makes them', async () => {
		const parsed = parseArgv(['--help'], import.meta);
		if (!parsed.ok) throw new Error(parsed.error);
		expect(await runCli(['--help'])).toMatchObject({code: 0, stdout: helpPage(parsed.argv), stderr: ''});
		expect(await runCli(['--version'])).toMatchObject({
			code: 0,
			stdout: `${versionLine(parsed.argv.version, false)}\n`,
			stderr: '',
		});
	});

	it.each([['-h'], ['--help']])('prints the help and exits 0 for %s', async (flag) => {
		const result = await runCli([flag]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('$ dask-top [URL] [options]');
		expect(result.stdout).toContain('--interval DURATION');
		expect(result.stderr).toBe('');
	});
});

describe('addresses as users type them, against the real Dask dashboard', () => {
	it('reads a bare number as a port on this machine', async () => {
		const cluster = sharedCluster();
		const result = await runCli([String(cluster.httpPort), '--once', '--json']);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		expect((JSON.parse(result.stdout) as {url: string}).url).toBe(`http://127.0.0.1:${cluster.httpPort}/`);
	});

	it("says the scheduler's comm port given as http:// is a comm port, and where the dashboard is", async () => {
		const comm = sharedCluster().schedulerAddress.replace(/^tcp:/, 'http:');
		const result = await runCli([comm, '--once', '--timeout', '5s']);
		expect(result.code).toBe(1);
		expect(result.stderr.trimEnd()).toBe(
			`dask-top: ${comm}/ is a Dask comm port (the scheduler's tcp:// address, or a worker's), not a dashboard: ` +
				"the scheduler's dashboard is usually on port 8787 (dask-top http://127.0.0.1:8787)",
		);
	});

	it("says a worker's dashboard port is a worker's, not the scheduler's", async () => {
		const worker = sharedCluster().workers[0]!.httpUrl;
		const result = await runCli([worker, '--once']);
		expect(result.code).toBe(1);
		expect(result.stderr.trimEnd()).toBe(
			`dask-top: ${worker} is a Dask worker's dashboard, not the scheduler's: ` +
				"pass the scheduler's dashboard URL (usually port 8787), e.g. http://host:8787",
		);
	});

	it('says https:// against the plain-HTTP dashboard is not TLS, instead of a timeout', async () => {
		const cluster = sharedCluster();
		const result = await runCli([`https://127.0.0.1:${cluster.httpPort}/`, '--once', '--timeout', '2s']);
		expect(result.code).toBe(1);
		expect(result.stderr.trimEnd()).toBe(
			`dask-top: https://127.0.0.1:${cluster.httpPort}/ answers plain HTTP, ` +
				`not TLS: use http://127.0.0.1:${cluster.httpPort}/`,
		);
	});
});
