/**
 * Record and replay end to end: the built CLI records the shared real Dask 2022.12.1 cluster (busy
 * workload) without a terminal, is stopped by signals, and its recordings replay to the very
 * snapshots the live process built. Also redaction on the wire, the size limit while polling goes
 * on (counted through a small local proxy: only it can show the requests continue) and a recorder
 * killed with SIGKILL. Recordings read back (bad, torn, --at/--diff, the demo): replay-files.test.ts.
 */
import {once} from 'node:events';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, request, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {gunzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {roundTimeMs} from '../../source/parse/round-time.js';
import {loadRecording} from '../../source/record/reader.js';
import {CLI, json, killAll, pipelineDocuments, roundsOnDisk, run, start, waitFor} from './helpers/cli-runs.js';
import {sharedCluster, sharedClusterUnder} from './helpers/shared-cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-record-e2e-'));

afterAll(() => {
	killAll();
	rmSync(dir, {recursive: true, force: true});
});

describe('recording a real Dask cluster with the built CLI', () => {
	const cluster = sharedClusterUnder('busy');

	it('replays a recording to exactly the snapshot the live process printed', async () => {
		// One process does both: it prints its live --once --json snapshot and records the rounds it built it from.
		const file = join(dir, 'once.ndjson');
		const live = await run(['--once', '--json', '--record', file, cluster.httpUrl]);
		const replayed = await run(['--replay', file, '--once', '--json']);
		expect(json(replayed)).toEqual(json(live));
		expect(
			json(replayed)
				.workers.map((w) => w.name)
				.sort(),
		).toEqual(['alpha', 'beta', 'gamma']);
	});

	it('polls until SIGTERM without a terminal, and every moment replays as the live pipeline built it', async () => {
		const file = join(dir, 'polls.ndjson.gz');
		const recorder = start(['--record', file, '--interval', '1s', cluster.httpUrl]);
		await waitFor('5 recorded rounds', () => roundsOnDisk(file) >= 5);
		expect(recorder.child.exitCode).toBeNull(); // not --once: still polling
		recorder.child.kill('SIGTERM');
		const stopped = await recorder.done;
		expect(stopped.code).toBe(0);
		expect(stopped.stderr).toMatch(
			new RegExp(
				/^dask-top: recording http:\/\/127\.0\.0\.1:\d+\/ to /.source +
					/.*polls\.ndjson\.gz every 1 s; stop with Ctrl-C, SIGTERM or SIGHUP$/.source,
				'm',
			),
		);
		expect(stopped.stderr).toMatch(/^dask-top: SIGTERM: recorded \d+ rounds \([\d.]+ kB\) to .*polls\.ndjson\.gz$/m);

		const recording = await loadRecording(file);
		expect(recording.warnings).toEqual([]);
		const documents = pipelineDocuments(recording.rounds);
		// A moment names the rounds whose answers were in by then (the screen showed those).
		const startMs = roundTimeMs(recording.rounds[0]!);
		const middle = 2;
		const offsetMs = roundTimeMs(recording.rounds[middle]!) - startMs;
		expect(json(await run(['--replay', file, '--once', '--json']))).toEqual(documents.at(-1));
		expect(json(await run(['--replay', file, '--once', '--json', '--at', `+${offsetMs / 1000}s`]))).toEqual(
			documents[middle],
		);
		const atIso = new Date(roundTimeMs(recording.rounds[middle]!)).toISOString();
		expect(json(await run(['--replay', file, '--once', '--json', '--at', atIso]))).toEqual(documents[middle]);
	});

	it('stops recording on SIGHUP and SIGINT too, leaving a complete file', async () => {
		for (const signal of ['SIGHUP', 'SIGINT'] as const) {
			const file = join(dir, `${signal}.ndjson`);
			const recorder = start(['--record', file, '--interval', '1s', cluster.httpUrl]);
			await waitFor('2 recorded rounds', () => roundsOnDisk(file) >= 2);
			recorder.child.kill(signal);
			const stopped = await recorder.done;
			expect(stopped.code).toBe(0);
			expect(stopped.stderr).toContain(`${signal}: recorded`);
			expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
		}
	});

	it('leaves a readable gzip file when the recorder is killed with SIGKILL', async () => {
		const file = join(dir, 'killed.ndjson.gz');
		const recorder = start(['--record', file, '--interval', '1s', cluster.httpUrl]);
		await waitFor('3 recorded rounds', () => roundsOnDisk(file) >= 3);
		recorder.child.kill('SIGKILL');
		await recorder.done;
		const replayed = await run(['--replay', file, '--once', '--json']);
		expect(json(replayed).workers).toHaveLength(3);
	});

	it('records while the TUI runs in a terminal, and says what it recorded once the screen is restored', async () => {
		const file = join(dir, 'tui.ndjson.gz');
		const command = `CI=true node ${CLI} --record ${file} --interval 1s ${cluster.httpUrl}; echo EXITED $?; sleep 60`;
		const terminal = new TmuxSession({name: 'dask-top-record-tui', width: 120, height: 40, command});
		try {
			expect(terminal.start()).toBe(0);
			await terminal.waitFor('the workers on screen', (t) => /gamma/.test(t), 15_000);
			await waitFor('3 recorded rounds', () => roundsOnDisk(file) >= 3);
			terminal.keys('q');
			await terminal.waitFor('the CLI to exit', (t) => /EXITED/.test(t), 10_000);
			expect(terminal.screen()).toMatch(/^dask-top: recorded \d+ rounds \([\d.]+ kB\) to .*tui\.ndjson\.gz$/m);
			expect(terminal.screen()).toMatch(/EXITED 0/);
		} finally {
			terminal.kill();
		}
		expect((await loadRecording(file)).rounds.length).toBeGreaterThanOrEqual(3);
	});

	it('never writes a token, a password or a request header', async () => {
		const file = join(dir, 'secrets.ndjson.gz');
		const url = `http://someone:pw-SECRET1@127.0.0.1:${cluster.httpPort}/status?token=tok-SECRET2`;
		const live = await run([
			'--once',
			'--json',
			'--record',
			file,
			'-H',
			'Authorization: token hdr-SECRET3',
			'-H',
			'X-Api-Key: hdr-SECRET4',
			url,
		]);
		expect(live.code).toBe(0);
		const text = gunzipSync(readFileSync(file)).toString();
		expect(text.split('\n').length).toBeGreaterThan(2);
		for (const secret of [
			'SECRET1',
			'SECRET2',
			'SECRET3',
			'SECRET4',
			Buffer.from('someone:pw-SECRET1').toString('base64'),
		])
			expect(text).not.toContain(secret);
		expect(text).not.toMatch(/authorization|x-api-key/i);
		expect(JSON.parse(text.split('\n')[0]!).url).not.toContain('SECRET');
	});
});

describe('the --record-max limit', () => {
	const cluster = sharedCluster();
	let proxy: Server;
	let proxyPort = 0;
	let requests = 0;

	beforeAll(async () => {
		// Counts the requests the CLI makes: the one way to see that polling goes on after recording stopped.
		const target = new URL(cluster.httpUrl);
		proxy = createServer((incoming, answer) => {
			requests += 1;
			const forward = request(
				{
					host: target.hostname,
					port: target.port,
					path: incoming.url,
					method: incoming.method,
					headers: incoming.headers,
				},
				(upstream) => {
					answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
					upstream.pipe(answer);
				},
			);
			forward.on('error', () => answer.destroy());
			incoming.pipe(forward);
		});
		proxy.listen(0, '127.0.0.1');
		await once(proxy, 'listening');
		proxyPort = (proxy.address() as {port: number}).port;
	});

	afterAll(() => {
		proxy.closeAllConnections();
		proxy.close();
	});

	it('stops recording with one message at the limit while polling goes on', async () => {
		const file = join(dir, 'limited.ndjson');
		const recorder = start([
			'--record',
			file,
			'--record-max',
			'40kB',
			'--interval',
			'1s',
			`http://127.0.0.1:${proxyPort}/`,
		]);
		await waitFor('the limit message', () => /recording stopped/.test(recorder.stderr()));
		const stopLine = recorder
			.stderr()
			.split('\n')
			.find((line) => line.includes('recording stopped'));
		expect(stopLine).toMatch(
			new RegExp(
				/^dask-top: recording stopped: .*limited\.ndjson reached the /.source +
					/--record-max limit of 40 kB after \d+ rounds; monitoring goes on$/.source,
			),
		);
		const sizeAtStop = readFileSync(file).length;
		expect(sizeAtStop).toBeLessThanOrEqual(40_000);
		const requestsAtStop = requests;
		await sleep(2500);
		expect(requests).toBeGreaterThan(requestsAtStop); // still polling
		expect(recorder.child.exitCode).toBeNull();
		expect(readFileSync(file).length).toBe(sizeAtStop); // nothing more written
		recorder.child.kill('SIGTERM');
		const stopped = await recorder.done;
		expect(stopped.code).toBe(0);
		expect(stopped.stderr).toMatch(/SIGTERM: recording stopped early: \d+ rounds \([\d.]+ kB\) in .*limited\.ndjson/);
		const rounds = Number(/after (\d+) rounds/.exec(stopLine ?? '')?.[1]);
		expect((await loadRecording(file)).rounds).toHaveLength(rounds);
	});
});
