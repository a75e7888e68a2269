/**
 * The BUILT bundle's first line is a plain `#!/usr/bin/env node` (any `env` runs it), and the
 * installed command, dist/dask-top (package.json's bin), is a POSIX sh launcher that execs node
 * with the V8 settings of scripts/v8-flags.mjs: ONE process, its pid the command's own, so signals
 * and the exit code are node's with nothing between. It finds the bundle through npm's link (a
 * symlink, or a chain of relative ones), with `readlink -f` or without it. A preload given through
 * NODE_OPTIONS (which node reads in every process, and which leaves process.execArgv alone) writes
 * what each process runs under to a file. Against the shared real Debian Dask cluster.
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {REPO_ROOT} from './helpers/python.js';
import {sharedCluster} from './helpers/shared-cluster.js';

const LAUNCHER = join(REPO_ROOT, 'dist', 'dask-top');

interface Seen {
	readonly pid: number;
	readonly ppid: number;
	readonly execArgv: string[];
	/** V8's heap limit in MiB. */
	readonly limitMiB: number;
}

let dir: string;
let preload: string;
let seenFile: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'dask-top-first-line-'));
	preload = join(dir, 'show-process.cjs');
	seenFile = join(dir, 'seen.ndjson');
	writeFileSync(
		preload,
		"require('node:fs').appendFileSync(process.env.SEEN_FILE, JSON.stringify({pid: process.pid, " +
			'ppid: process.ppid, execArgv: process.execArgv, ' +
			"limitMiB: require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20}) + '\\n');\n",
	);
});

afterAll(() => {
	rmSync(dir, {recursive: true, force: true});
});

function seen(): Seen[] {
	if (!existsSync(seenFile)) return [];
	return readFileSync(seenFile, 'utf8')
		.trim()
		.split('\n')
		.map((line) => JSON.parse(line) as Seen);
}

const env = () => ({NODE_OPTIONS: `--require=${preload}`, SEEN_FILE: seenFile});

async function until<T>(what: string, get: () => T | undefined, timeoutMs = 20_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = get();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe("the bundle's first line", () => {
	it('is a plain #!/usr/bin/env node, and node runs the bundle by it', () => {
		expect(readFileSync(CLI_PATH, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
		expect(execFileSync(CLI_PATH, ['--version'], {encoding: 'utf8'})).toMatch(/^dask-top \d+\.\d+\.\d+ /);
	});

	it('leaves out V8 settings this node refuses: node starts with every one of them', () => {
		// node stops at an unknown or malformed flag with 'bad option', before any script runs.
		expect(execFileSync(process.execPath, [...(V8_FLAGS as string[]), '-e', 'process.stdout.write("ok")'])).toEqual(
			Buffer.from('ok'),
		);
	});
});

describe('the installed command, a sh launcher: one process', () => {
	it('--record without a terminal: the command is node itself, under the settings; SIGTERM ends it', async () => {
		rmSync(seenFile, {force: true});
		const recording = join(dir, 'rec.ndjson');
		const child = spawn(LAUNCHER, ['--record', recording, sharedCluster().httpUrl], {
			env: {...process.env, ...env()},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
			child.once('exit', (code, signal) => resolve([code, signal])),
		);
		const [node] = await until('the node process', () => {
			const all = seen();
			return all.length >= 1 ? all : undefined;
		});
		// exec: the launcher's pid is node's, its parent this test; no second node ever starts.
		expect(node?.pid).toBe(child.pid);
		expect(node?.ppid).toBe(process.pid);
		expect(node?.execArgv).toEqual(V8_FLAGS);
		// --max-old-space-size=1024: about 1 GiB of heap in all (old space and the young generation's share).
		expect(node?.limitMiB).toBeGreaterThanOrEqual(1024);
		expect(node?.limitMiB).toBeLessThan(1100);
		await until('the recording under way', () => (/recording .* to /.test(stderr) ? true : undefined));
		child.kill('SIGTERM');
		expect(await exited, stderr).toEqual([0, null]);
		expect(stderr).toMatch(/SIGTERM: recorded \d+ rounds/);
		expect(seen()).toHaveLength(1);
	}, 60_000);

	it('answers at once without the settings (--once, --version): one plain node, the exit code its own', async () => {
		rmSync(seenFile, {force: true});
		const once = await runProgram(LAUNCHER, ['--once', sharedCluster().httpUrl]);
		expect(once.code, once.stderr).toBe(0);
		expect(once.stdout).toMatch(/^URL {7}http:\/\/127\.0\.0\.1:\d+\//);
		expect(seen().map((s) => s.execArgv)).toEqual([[]]);
		const usage = await runProgram(LAUNCHER, ['--interval', '0s']);
		expect(usage.code).toBe(2);
		const unreadable = await runProgram(LAUNCHER, ['--once', '--timeout', '1s', 'http://127.0.0.1:9']);
		expect(unreadable.code).toBe(1);
	}, 60_000);

	it('finds the bundle through symlinks, absolute or a relative chain, with readlink -f or without it', async () => {
		const bin = join(dir, 'prefix', 'bin');
		const lib = join(dir, 'prefix', 'lib');
		mkdirSync(bin, {recursive: true});
		mkdirSync(lib, {recursive: true});
		symlinkSync(LAUNCHER, join(lib, 'dask-top'));
		// npm's own form: a relative link, here to another relative link.
		symlinkSync('../lib/dask-top', join(bin, 'dask-top'));
		// A readlink without -f (as on older BSDs and macOS before 12.3): -f fails, a plain read works.
		const noF = join(dir, 'no-f');
		mkdirSync(noF);
		const readlink = execFileSync('sh', ['-c', 'command -v readlink'], {encoding: 'utf8'}).trim();
		writeFileSync(join(noF, 'readlink'), `#!/bin/sh\n[ "$1" = -f ] && exit 1\nexec ${readlink} "$@"\n`, {mode: 0o755});
		const node = dirname(process.execPath);
		for (const path of [`${node}:/usr/bin:/bin`, `${noF}:${node}:/usr/bin:/bin`]) {
			const result = await runProgram(join(bin, 'dask-top'), ['--version'], {PATH: path});
			expect(result.stderr).toBe('');
			expect(result.stdout).toMatch(/^dask-top \d+\.\d+\.\d+ \(Node /);
		}
	}, 60_000);
});

/** A program with stdin closed and its output captured; `extra` is added to this environment. */
function runProgram(
	program: string,
	args: readonly string[],
	extra: NodeJS.ProcessEnv = {},
): Promise<{code: number | null; stdout: string; stderr: string}> {
	return new Promise((resolve, reject) => {
		const child = spawn(program, [...args], {
			env: {...process.env, ...env(), ...extra},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.once('error', reject);
		child.once('close', (code) => resolve({code, stdout, stderr}));
	});
}

// The bundle run by node directly (as the tests' runCli does) is dask-top too, without the settings.
it('node dist/dask-top.cjs runs as one plain process', async () => {
	rmSync(seenFile, {force: true});
	const result = await runCli(['--once', sharedCluster().httpUrl], env());
	expect(result.code, result.stderr).toBe(0);
	expect(seen()).toHaveLength(1);
}, 60_000);
