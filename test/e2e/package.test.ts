/**
 * The npm package as a user gets it: `npm pack` of the built tree, then `npm install -g` of that
 * tarball into an empty prefix (offline: the bundle holds every dependency, so the tarball alone
 * installs), and the installed `dask-top` run from another directory: --version, --demo --once
 * --json, and --demo drawing a real frame in tmux.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	realpathSync,
	rmSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {runProgram} from './helpers/binary.js';
import {REPO_ROOT} from './helpers/python.js';
import {expectCtrlZThenFg} from './helpers/suspend.js';
import {tmuxForBlock} from './helpers/tmux-block.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {version: string}).version;

interface PackResult {
	readonly filename: string;
	readonly files: ReadonlyArray<{readonly path: string}>;
}

function bundleFiles(dir = join(REPO_ROOT, 'dist'), prefix = 'dist'): string[] {
	return readdirSync(dir, {withFileTypes: true}).flatMap((item) => {
		if (item.isDirectory())
			return item.name.startsWith('.') ? [] : bundleFiles(join(dir, item.name), `${prefix}/${item.name}`);
		return /\.[mc]js$/.test(item.name) ? [`${prefix}/${item.name}`] : [];
	});
}

let work: string;
let packed: PackResult;
let prefix: string;
let command: string;
let installOutput: string;

beforeAll(() => {
	if (!existsSync(join(REPO_ROOT, 'dist', 'dask-top.cjs')))
		throw new Error('dist/dask-top.cjs is missing: run npm run build');
	work = mkdtempSync(join(tmpdir(), 'dask-top-package-'));
	// --ignore-scripts: pack the tree as built (prepack would only rebuild the same bundle).
	const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	packed = (JSON.parse(out) as PackResult[])[0] as PackResult;
	prefix = join(work, 'prefix');
	mkdirSync(prefix);
	installOutput = execFileSync(
		'npm',
		['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(work, packed.filename)],
		{cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
	);
	command = join(prefix, 'bin', 'dask-top');
}, 120_000);

afterAll(() => {
	rmSync(work, {recursive: true, force: true});
});

/** The environment of the installed command: node on PATH (the one running the tests), nothing of the repository. */
function userEnv(): NodeJS.ProcessEnv {
	return {PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`, HOME: work};
}

describe('npm pack → npm install -g into an empty prefix', () => {
	it(
		'packs only what the command needs: the bundle, the demo recording, ' +
			"package.json, README, LICENSE, the man page, the example config and the bundled packages' licences",
		() => {
			const files = packed.files.map((file) => file.path).sort();
			expect(files).toEqual(
				[
					...bundleFiles(),
					'dist/dask-top',
					'LICENSE',
					'README.md',
					'dist/THIRD-PARTY-NOTICES.txt',
					'docs/config.example.json',
					'man/dask-top.1',
					'media/demo.ndjson.gz',
					'package.json',
				].sort(),
			);
			expect(files).toContain('dist/dask-top.cjs');
		},
	);

	it('installs from the tarball alone, with no dependency to fetch', () => {
		expect(installOutput).toMatch(/added 1 package/);
		expect(existsSync(command)).toBe(true);
		expect(existsSync(join(prefix, 'lib', 'node_modules', 'dask-top', 'node_modules'))).toBe(false);
	});

	it('man dask-top finds the installed page through PATH alone (PREFIX/share/man)', async () => {
		expect(existsSync(join(prefix, 'share', 'man', 'man1', 'dask-top.1'))).toBe(true);
		const env = {...userEnv(), MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80', LANG: 'C.UTF-8'};
		const where = await runProgram('man', ['-w', 'dask-top'], env, work);
		expect(where.code, where.stderr).toBe(0);
		expect(where.stdout.trim()).toBe(join(prefix, 'lib', 'node_modules', 'dask-top', 'man', 'dask-top.1'));
		const page = await runProgram('man', ['dask-top'], env, work);
		expect(page.code, page.stderr).toBe(0);
		expect(page.stdout).toMatch(/^DASK-TOP\(1\)/);
		expect(page.stdout).toContain('--scheduler-file FILE');
	});

	it('dask-top --version prints the package version, the Node it runs on and the platform', async () => {
		const result = await runProgram('dask-top', ['--version'], userEnv(), work);
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout.trim()).toBe(
			`dask-top ${VERSION} (Node ${process.versions.node}, ${process.platform}-${process.arch})`,
		);
	});

	it("dask-top --demo --once --json prints the bundled recording's cluster", async () => {
		const result = await runProgram('dask-top', ['--demo', '--once', '--json'], userEnv(), work);
		expect(result.code, result.stderr).toBe(0);
		const snapshot = JSON.parse(result.stdout) as Snapshot;
		expect(snapshot.format).toBe(1);
		expect(snapshot.workers.length).toBeGreaterThan(0);
		expect(snapshot.workers.map((worker) => worker.name)).toContain('alpha');
	});

	describe('dask-top --demo in a real terminal (tmux)', () => {
		const terminal = tmuxForBlock({name: 'dask-top-package', width: 120, height: 40});

		it('draws the demo cluster, quits on q and exits 0', async () => {
			const env = userEnv();
			terminal.keys(
				`cd '${work}' && env -i PATH='${env['PATH'] ?? ''}' HOME='${work}' ` +
					'TERM=tmux-256color CI=true dask-top --demo; echo EXIT=$?',
				'Enter',
			);
			const frame = await terminal.waitFor(
				'the demo frame',
				(text) => text.includes('dask-top │') && text.includes('NAME') && /alpha/.test(text),
				20_000,
			);
			expect(frame).toMatch(/ADDRESS\s+STATUS/);
			// One process: the sh launcher exec'd node (the flags it got: first-line.test.ts); no parent waits.
			const pid = terminal.childPid();
			expect(readlinkSync(`/proc/${pid}/exe`)).toBe(realpathSync(process.execPath));
			expect(spawnSync('pgrep', ['-P', String(pid)]).status).toBe(1);
			terminal.keys('q');
			expect(await terminal.waitFor('the exit status', (text) => /EXIT=\d+/.test(text))).toContain('EXIT=0');
		});

		it('Ctrl-Z gives the shell back with the job stopped, and fg brings the screen back', async () => {
			const env = userEnv();
			terminal.keys('clear', 'Enter');
			await expectCtrlZThenFg(
				terminal,
				`cd '${work}' && env -i PATH='${env['PATH'] ?? ''}' HOME='${work}' TERM=tmux-256color dask-top --demo`,
			);
		});
	});
});
