/**
 * The single executable (dist/dask-top-linux-x64, scripts/build-binary.mjs) for end-to-end tests:
 * built when missing or made from other inputs, then run as a user on a machine without Node runs
 * it: copied alone into an empty directory, started from there with an empty PATH and nothing
 * else in its environment.
 */
import {execFileSync, spawn} from 'node:child_process';
import {copyFileSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {REPO_ROOT} from './python.js';

export const BINARY_PATH = join(REPO_ROOT, 'dist', `dask-top-${process.platform}-${process.arch}`);

/** Builds the executable unless it is up to date with the bundle (seconds when it is, ~20 s when not). */
export function ensureBinary(): string {
	execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build-binary.mjs'), '--if-stale'], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	return BINARY_PATH;
}

/** A copy of the executable alone in a new empty directory: nothing of the repository beside it. */
export function isolatedCopy(): {readonly dir: string; readonly binary: string} {
	const dir = mkdtempSync(join(tmpdir(), 'dask-top-binary-'));
	const binary = join(dir, 'dask-top');
	copyFileSync(BINARY_PATH, binary);
	return {dir, binary};
}

/** The environment of those runs: an empty PATH and nothing else (what is added is named). */
export function bareEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
	return {PATH: '', ...extra};
}

export interface ProgramResult {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `program args` in `cwd` with exactly `env`, stdin closed; SIGKILL after timeoutMs. */
export async function runProgram(
	program: string,
	args: readonly string[],
	env: NodeJS.ProcessEnv,
	cwd: string,
	timeoutMs = 30_000,
): Promise<ProgramResult> {
	const child = spawn(program, [...args], {cwd, env, stdio: ['ignore', 'pipe', 'pipe']});
	const stdout: Buffer[] = [];
	const stderr: Buffer[] = [];
	child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
	child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
	const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
	const code = await new Promise<number | null>((resolve, reject) => {
		child.once('error', reject);
		child.once('close', (exitCode) => resolve(exitCode));
	}).finally(() => clearTimeout(timer));
	return {code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8')};
}
