/**
 * Running Debian's Dask: the interpreter, the scripts in test/e2e/cluster/, and the environment every
 * Dask process of the harness gets.
 */
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {DASK_MODERN, daskVenvPython} from '../../../scripts/dask-venv.mjs';

/** Debian's interpreter: a `python3` on PATH (pyenv, venv) does not see /usr/lib/python3/dist-packages. */
export const PYTHON = '/usr/bin/python3';

/**
 * The two Dask releases the end-to-end tests run: Debian's (the old end of the range) and a modern
 * one, a venv over Debian's Python with the wheels in vendor/ (scripts/dask-venv.mjs).
 */
export type DaskRelease = '2022.12.1' | '2026.7.1';
export const DASK_RELEASES: readonly DaskRelease[] = ['2022.12.1', DASK_MODERN];

/** The interpreter that runs a release's scheduler, workers and clients (the venv is made on first use). */
export function pythonFor(dask: DaskRelease): string {
	return dask === DASK_MODERN ? daskVenvPython() : PYTHON;
}
export const CLUSTER_SCRIPTS_DIR = fileURLToPath(new URL('../cluster/', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const DEFAULT_ROUTES = [
	'distributed.http.scheduler.prometheus',
	'distributed.http.scheduler.info',
	'distributed.http.scheduler.json',
	'distributed.http.health',
	'distributed.http.proxy',
	'distributed.http.statics',
];

/** The scheduler's HTTP routes: the defaults of 2022.12.1, plus the opt-in /api/v1 module when asked. */
export function schedulerRoutes(api: boolean): string {
	const routes = api ? [...DEFAULT_ROUTES, 'distributed.http.scheduler.api'] : DEFAULT_ROUTES;
	return `[${routes.map((route) => `'${route}'`).join(', ')}]`;
}

/**
 * The environment of every Python process of the harness: no user Dask config, the task module
 * importable on workers, no pyenv/venv leaking in.
 */
export function pythonEnv(daskConfigDir: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {...process.env};
	delete env['PYTHONHOME'];
	delete env['VIRTUAL_ENV'];
	for (const key of Object.keys(env)) if (key.startsWith('DASK_')) delete env[key];
	return {
		...env,
		PYTHONPATH: CLUSTER_SCRIPTS_DIR,
		PYTHONUNBUFFERED: '1',
		DASK_CONFIG: daskConfigDir,
		DASK_TOP_E2E_OWNER_PID: String(process.pid),
		...extra,
	};
}

const MISSING_DASK =
	'Debian Dask 2022.12.1 is missing: the end-to-end tests need a real scheduler. Install it with ' +
	'`apt-get install -y --no-install-recommends python3-distributed python3-prometheus-client` ' +
	'(it must import with /usr/bin/python3).';

/** Fails with one clear line when Debian's Dask (or its Prometheus client) cannot be imported. Never skips. */
export async function requireDebianDask(): Promise<void> {
	if (!existsSync(PYTHON)) throw new Error(MISSING_DASK);
	await new Promise<void>((resolve, reject) => {
		execFile(PYTHON, ['-c', 'import distributed, prometheus_client'], {timeout: 30_000}, (error) => {
			if (error) reject(new Error(`${MISSING_DASK} (${error.message.split('\n').slice(-2).join(' ').trim()})`));
			else resolve();
		});
	});
}

/** Runs one script of test/e2e/cluster/ to completion and parses the JSON it prints on stdout. */
export async function runPythonJson<T>(
	script: string,
	args: readonly string[],
	env: NodeJS.ProcessEnv,
	timeoutMs = 30_000,
	python = PYTHON,
): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		execFile(
			python,
			[`${CLUSTER_SCRIPTS_DIR}${script}`, ...args],
			{env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024},
			(error, stdout, stderr) => {
				if (error) {
					reject(new Error(`${script} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
					return;
				}
				try {
					resolve(JSON.parse(stdout) as T);
				} catch {
					reject(new Error(`${script} printed no JSON:\n${stdout}\n${stderr}`));
				}
			},
		);
	});
}
