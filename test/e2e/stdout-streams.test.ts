/**
 * What the built CLI streams on stdout for scripts and pipes, against the shared real Dask cluster:
 * `--record -` (the recording, NDJSON) and `--json --watch` (one document per poll). Each ends
 * cleanly, exit 0 with no stack trace, when interrupted (SIGINT) or when its reader goes away
 * (`| head -n 2`: EPIPE).
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {REPO_ROOT} from './helpers/python.js';
import {sharedCluster} from './helpers/shared-cluster.js';

interface Streamed {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** `dask-top ARGS | head -n LINES` in bash; code is dask-top's own exit code (PIPESTATUS). */
function throughHead(args: readonly string[], lines: number): Promise<Streamed> {
	const script = `"$0" "$@" | head -n ${lines}; echo "dask-top exit=\${PIPESTATUS[0]}" >&2`;
	const child = spawn('bash', ['-c', script, process.execPath, CLI_PATH, ...args], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
	return new Promise((resolve) => {
		child.once('close', () => {
			clearTimeout(killer);
			const code = /dask-top exit=(\d+)/.exec(stderr)?.[1];
			resolve({
				code: code === undefined ? null : Number(code),
				stdout,
				stderr: stderr.replace(/dask-top exit=.*\n/, ''),
			});
		});
	});
}

/** dask-top ARGS with stdout a pipe, interrupted with SIGINT once it printed LINES lines. */
function untilLines(args: readonly string[], lines: number): Promise<Streamed> {
	const child = spawn(process.execPath, [CLI_PATH, ...args], {cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe']});
	let stdout = '';
	let stderr = '';
	let interrupted = false;
	child.stdout.on('data', (chunk: Buffer) => {
		stdout += chunk.toString();
		if (!interrupted && stdout.split('\n').length > lines) {
			interrupted = true;
			child.kill('SIGINT');
		}
	});
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
	return new Promise((resolve) => {
		child.once('close', (code) => {
			clearTimeout(killer);
			resolve({code, stdout, stderr});
		});
	});
}

function expectClean(result: Streamed): void {
	expect(result.code, result.stderr).toBe(0);
	expect(result.stderr).not.toMatch(/^\s+at |internal error|EPIPE/m);
}

describe('--record - (the recording on stdout)', () => {
	it('streams a recording that --replay reads, until SIGINT', async () => {
		const cluster = sharedCluster();
		const result = await untilLines(['--record', '-', '--interval', '1s', cluster.httpUrl], 3);
		expectClean(result);
		expect(result.stderr).toContain('to stdout');
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines.length).toBeGreaterThanOrEqual(3);
		for (const line of lines) JSON.parse(line);
		const file = join(mkdtempSync(join(tmpdir(), 'dask-top-stdout-')), 'rec.ndjson');
		writeFileSync(file, result.stdout);
		const replayed = await runCli(['--replay', file, '--once', '--json']);
		expect(replayed.code, replayed.stderr).toBe(0);
		expect((JSON.parse(replayed.stdout) as {url: string}).url).toContain(`127.0.0.1:${cluster.httpPort}`);
	});

	it('ends cleanly when its reader goes away (| head -n 2)', async () => {
		const result = await throughHead(['--record', '-', '--interval', '1s', sharedCluster().httpUrl], 2);
		expectClean(result);
		expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
		expect(result.stderr).toContain('stdout closed');
	});
});

describe('--json --watch (a document per poll, NDJSON)', () => {
	it('prints the --once --json document of every poll on one line each, until SIGINT', async () => {
		const cluster = sharedCluster();
		const [watched, once] = await Promise.all([
			untilLines(['--json', '--watch', '--interval', '1s', cluster.httpUrl], 3),
			runCli(['--once', '--json', cluster.httpUrl]),
		]);
		expectClean(watched);
		const lines = watched.stdout.trimEnd().split('\n');
		expect(lines.length).toBeGreaterThanOrEqual(3);
		const documents = lines.map((line) => JSON.parse(line) as {format: number; url: string; time: number});
		const shape = Object.keys(JSON.parse(once.stdout) as object).sort();
		for (const document of documents) {
			expect(document.format).toBe(1);
			expect(document.url).toContain(`127.0.0.1:${cluster.httpPort}`);
			expect(Object.keys(document).sort()).toEqual(shape);
		}
		// One per poll: each a later round than the one before.
		for (let i = 1; i < documents.length; i += 1) expect(documents[i]!.time).toBeGreaterThan(documents[i - 1]!.time);
	});

	it('ends cleanly when its reader goes away (| head -n 2)', async () => {
		const result = await throughHead(['--json', '--watch', '-i', '1s', sharedCluster().httpUrl], 2);
		expectClean(result);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(2);
		for (const line of lines) expect((JSON.parse(line) as {format: number}).format).toBe(1);
	});

	it('exits 1 with one line when the scheduler cannot be read at all', async () => {
		const result = await runCli(['--json', '--watch', '--timeout', '1s', 'http://127.0.0.1:9']);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toContain('nothing answers at http://127.0.0.1:9/');
	});
});
