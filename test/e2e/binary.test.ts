/**
 * The single executable as a head-node user runs it: a copy alone in an empty directory, an empty
 * PATH (no node to fall back on), nothing else in the environment. --version names the Node it
 * carries; --once --json reads the shared real Debian Dask 2022.12.1 cluster (the scheduler's own
 * worker list is the truth); --demo draws a real frame in tmux from the recording it carries.
 */
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {bareEnv, ensureBinary, isolatedCopy, runProgram, type ProgramResult} from './helpers/binary.js';
import {groundTruth, listedWorkers, truthWorkers, type GroundTruth} from './helpers/ground-truth.js';
import {REPO_ROOT} from './helpers/python.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {expectCtrlZThenFg} from './helpers/suspend.js';
import {tmuxForBlock} from './helpers/tmux-block.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import {NODE_24} from '../../scripts/node24.mjs';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {version: string}).version;

function context(result: ProgramResult): string {
	return `exit ${String(result.code)}\nstderr:\n${result.stderr}\nstdout:\n${result.stdout.slice(0, 2000)}`;
}

let copy: {readonly dir: string; readonly binary: string};

beforeAll(() => {
	ensureBinary();
	copy = isolatedCopy();
}, 300_000);

afterAll(() => {
	rmSync(copy.dir, {recursive: true, force: true});
});

describe('the single executable, alone in an empty directory with an empty PATH', () => {
	it('--version prints the package version, the Node it carries and the platform', async () => {
		const result = await runProgram(copy.binary, ['--version'], bareEnv(), copy.dir);
		expect(result.code, context(result)).toBe(0);
		expect(result.stdout.trim()).toBe(
			`dask-top ${VERSION} (single executable, Node ${NODE_24}, ${process.platform}-${process.arch})`,
		);
		expect(result.stderr).toBe('');
	});

	it("runs under the bundle's V8 settings, which it has no first line to give node", async () => {
		// A preload (NODE_OPTIONS, which an executable still reads) prints what the process runs under.
		const preload = join(copy.dir, 'show-flags.cjs');
		writeFileSync(
			preload,
			"process.stderr.write(JSON.stringify({execArgv: process.execArgv, limit: require('node:v8')" +
				'.getHeapStatistics().heap_size_limit}))',
		);
		const result = await runProgram(
			copy.binary,
			['--version'],
			bareEnv({NODE_OPTIONS: `--require=${preload}`}),
			copy.dir,
		);
		expect(result.code, context(result)).toBe(0);
		const seen = JSON.parse(result.stderr) as {execArgv: string[]; limit: number};
		expect(seen.execArgv).toEqual(V8_FLAGS);
		// --max-old-space-size=1024: about 1 GiB of heap in all (old space and the young generation's share).
		expect(seen.limit / 2 ** 20).toBeGreaterThanOrEqual(1024);
		expect(seen.limit / 2 ** 20).toBeLessThan(1100);
	});

	it('--help prints the usage with the package description', async () => {
		const result = await runProgram(copy.binary, ['--help'], bareEnv(), copy.dir);
		expect(result.code, context(result)).toBe(0);
		expect(result.stdout).toContain('A full-screen terminal monitor for Dask clusters');
		expect(result.stdout).toContain('--demo');
	});

	describe('--once --json against the shared real Dask cluster', () => {
		const cluster = sharedCluster();
		let before: GroundTruth;
		let result: ProgramResult;

		beforeAll(async () => {
			before = await groundTruth(cluster);
			result = await runProgram(copy.binary, ['--once', '--json', cluster.httpUrl], bareEnv(), copy.dir);
		}, 60_000);

		it("lists exactly the scheduler's workers with their names, threads and memory limits", () => {
			expect(result.code, context(result)).toBe(0);
			const snapshot = JSON.parse(result.stdout) as Snapshot;
			expect(snapshot.scheduler.address).toBe(cluster.schedulerAddress);
			const listed = listedWorkers(snapshot);
			const expected = truthWorkers(before);
			expect(listed).toEqual(expected);
			expect(listed.map((worker) => worker.name)).toEqual(['alpha', 'beta', 'gamma']);
		});
	});

	describe('--demo in a real terminal (tmux)', () => {
		const terminal = tmuxForBlock({name: 'dask-top-binary', width: 120, height: 40});

		it('draws the demo cluster from the recording inside it, quits on q and exits 0', async () => {
			// CI=true as in the project's CI: the executable must still draw (cli.tsx clears it on a terminal).
			terminal.keys(
				`cd '${copy.dir}' && env -i PATH= TERM=tmux-256color CI=true ./dask-top --demo; echo EXIT=$?`,
				'Enter',
			);
			const frame = await terminal.waitFor(
				'the demo frame',
				(text) => text.includes('dask-top │') && text.includes('NAME') && /alpha/.test(text) && /gamma/.test(text),
				20_000,
			);
			expect(frame).toMatch(/ADDRESS\s+STATUS/);
			terminal.keys('q');
			const after = await terminal.waitFor('the exit status', (text) => /EXIT=\d+/.test(text));
			expect(after).toContain('EXIT=0');
		});

		it('Ctrl-Z gives the shell back with the job stopped, and fg brings the screen back', async () => {
			terminal.keys('clear', 'Enter');
			await expectCtrlZThenFg(terminal, `cd '${copy.dir}' && env -i PATH= TERM=tmux-256color ./dask-top --demo`);
		});
	});
});
