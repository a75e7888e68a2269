/**
 * The BUILT bundle's first line is a plain `#!/usr/bin/env node` (any `env` runs it), and the runs
 * that last still get the V8 settings of scripts/v8-flags.mjs: the command starts them again in a
 * child node under those settings (source/run/relaunch.ts), which it waits for and passes signals
 * to. A preload given through NODE_OPTIONS (which node reads in every process, and which leaves
 * process.execArgv alone) writes what each process runs under to a file. Against the shared real
 * Debian Dask cluster.
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {isAlive} from './helpers/processes.js';
import {sharedCluster} from './helpers/shared-cluster.js';

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

describe('a run that lasts starts again under the V8 settings', () => {
	it('--record without a terminal: a child node with the settings works; SIGTERM ends both', async () => {
		rmSync(seenFile, {force: true});
		const recording = join(dir, 'rec.ndjson');
		const child = spawn(process.execPath, [CLI_PATH, '--record', recording, sharedCluster().httpUrl], {
			env: {...process.env, ...env()},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
		const [launcher, worker] = await until('two processes', () => {
			const all = seen();
			return all.length >= 2 ? all : undefined;
		});
		expect(launcher?.pid).toBe(child.pid);
		expect(launcher?.execArgv).toEqual([]);
		expect(worker?.ppid).toBe(child.pid);
		expect(worker?.execArgv).toEqual(V8_FLAGS);
		// --max-old-space-size=1024: about 1 GiB of heap in all (old space and the young generation's share).
		expect(worker?.limitMiB).toBeGreaterThanOrEqual(1024);
		expect(worker?.limitMiB).toBeLessThan(1100);
		await until('the recording under way', () => (/recording .* to /.test(stderr) ? true : undefined));
		child.kill('SIGTERM');
		expect(await exited, stderr).toBe(0);
		expect(stderr).toMatch(/SIGTERM: recorded \d+ rounds/);
		expect(isAlive(worker!.pid)).toBe(false);
	}, 60_000);

	it('the child ends by itself when the command is killed outright (SIGKILL)', async () => {
		rmSync(seenFile, {force: true});
		const child = spawn(process.execPath, [CLI_PATH, '--record', join(dir, 'killed.ndjson'), sharedCluster().httpUrl], {
			env: {...process.env, ...env()},
			stdio: 'ignore',
		});
		const worker = await until('the child', () => seen()[1]);
		child.kill('SIGKILL');
		await until('the child gone', () => (isAlive(worker.pid) ? undefined : true), 10_000);
	}, 60_000);

	it('--once is one process, with nothing started again', async () => {
		rmSync(seenFile, {force: true});
		const result = await runCli(['--once', sharedCluster().httpUrl], env());
		expect(result.code, result.stderr).toBe(0);
		expect(seen()).toHaveLength(1);
	}, 60_000);
});
