/** Runs the built CLI (dist/dask-top.cjs) as a child process, the way a user does. */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {REPO_ROOT} from './python.js';

/**
 * The bundle the tests run: dist/dask-top.cjs, or DASK_TOP_TEST_CLI (from the repository's root)
 * for another build of the CLI, e.g. the one without rewrites CI tests (build/no-patches/dask-top.cjs).
 */
export const CLI_PATH = resolve(REPO_ROOT, process.env['DASK_TOP_TEST_CLI'] ?? join('dist', 'dask-top.cjs'));

export interface CliResult {
	/** Exit code; null when killed by a signal (see signal, timedOut). */
	readonly code: number | null;
	readonly signal: NodeJS.Signals | null;
	readonly stdout: string;
	readonly stderr: string;
	readonly durationMs: number;
	readonly timedOut: boolean;
}

export interface CliOptions {
	readonly timeoutMs?: number;
	readonly cwd?: string;
}

/**
 * `node dist/dask-top.cjs ...args` with stdin closed and stdout/stderr captured (not a TTY).
 * env entries are added to this process's environment; an undefined value removes the variable.
 * SIGKILLed after timeoutMs (default 30 s).
 */
export async function runCli(
	args: readonly string[],
	env: Readonly<Record<string, string | undefined>> = {},
	options: CliOptions = {},
): Promise<CliResult> {
	if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run npm run build`);
	const childEnv: NodeJS.ProcessEnv = {...process.env};
	for (const [key, value] of Object.entries(env)) {
		if (value === undefined) delete childEnv[key];
		else childEnv[key] = value;
	}
	const startedAt = performance.now();
	const child = spawn(process.execPath, [CLI_PATH, ...args], {
		cwd: options.cwd ?? REPO_ROOT,
		env: childEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const stdout: Buffer[] = [];
	const stderr: Buffer[] = [];
	child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
	child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		child.kill('SIGKILL');
	}, options.timeoutMs ?? 30_000);
	const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
		child.once('error', reject);
		child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
	}).finally(() => clearTimeout(timer));
	return {
		code,
		signal,
		stdout: Buffer.concat(stdout).toString('utf8'),
		stderr: Buffer.concat(stderr).toString('utf8'),
		durationMs: Math.round(performance.now() - startedAt),
		timedOut,
	};
}

/**
 * A module for `node --import` that throws an uncaught error in the CLI's process when it gets
 * SIGUSR2 (a declared fake: nothing real makes dask-top throw on cue), so a test crashes it only
 * after it has seen what it needs on screen.
 */
export const CRASH_ON_SIGUSR2 =
	"process.on('SIGUSR2', () => setImmediate(() => { throw new Error('injected failure'); }));\n";
