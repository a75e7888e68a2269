#!/usr/bin/env node
// A modern Dask (distributed 2026.7.1) for the end-to-end tests, beside Debian's 2022.12.1: a
// virtual environment over Debian's Python (--system-site-packages: tornado, msgpack, psutil, …
// come from Debian) with the nine wheels in vendor/dask-2026.7.1/, installed with no package
// index. It lives in node_modules/.cache/, like Node 24, so a clean clone makes it afresh.
// Run directly, it prints the path of the venv's python (making the venv first when missing).
import {execFileSync} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

/** The modern release the tests run, as `distributed.__version__` says it. */
export const DASK_MODERN = '2026.7.1';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wheels = join(root, 'vendor', `dask-${DASK_MODERN}`);
const venv = join(root, 'node_modules', '.cache', `dask-${DASK_MODERN}`);
const python = join(venv, 'bin', 'python');

function installedVersion() {
	if (!existsSync(python)) return undefined;
	try {
		return execFileSync(python, ['-c', 'import distributed; print(distributed.__version__)'], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
			timeout: 60_000,
		}).trim();
	} catch {
		return undefined;
	}
}

/** The venv's python, the venv made first when it is missing or holds another release. */
export function daskVenvPython() {
	if (installedVersion() === DASK_MODERN) return python;
	rmSync(venv, {recursive: true, force: true});
	process.stderr.write(`making a Dask ${DASK_MODERN} venv in ${venv}\n`);
	const run = (command, args) => execFileSync(command, args, {stdio: ['ignore', 2, 2], timeout: 300_000});
	try {
		run('/usr/bin/python3', ['-m', 'venv', '--system-site-packages', venv]);
	} catch {
		throw new Error(
			"/usr/bin/python3 -m venv failed: install Debian's python3-venv " +
				'(apt-get install -y --no-install-recommends python3-venv)',
		);
	}
	const pip = [join(venv, 'bin', 'pip'), 'install', '--quiet', '--no-index', '--find-links', wheels];
	// distributed pins dask 2026.7.1, which has no wheel; 2026.8.0 runs it (vendor/…/README.md).
	run(pip[0], [...pip.slice(1), 'dask==2026.8.0', 'cloudpickle==3.1.2', 'zict==3.1.0']);
	run(pip[0], [...pip.slice(1), '--no-deps', `distributed==${DASK_MODERN}`]);
	const version = installedVersion();
	if (version !== DASK_MODERN)
		throw new Error(`distributed ${DASK_MODERN} did not install into ${venv} (found ${version ?? 'none'})`);
	return python;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	try {
		process.stdout.write(`${daskVenvPython()}\n`);
	} catch (error) {
		process.stderr.write(`dask-venv: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
		process.exit(1);
	}
}
