import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'cjs-entry-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/**
 * Runs `file` under a CommonJS probe that prints, at exit, which of node's ES module loader's own
 * modules were loaded.
 */
function esmLoaderModules(
	file: string,
	args: readonly string[] = [],
): {status: number | null; stdout: string; loaded: string[]} {
	const probe = join(scratch, 'loaded.cjs');
	writeFileSync(
		probe,
		"process.on('exit', () => process.stderr.write('\\nLOADED ' + process.moduleLoadList.join(',') + '\\n'));\n",
	);
	const run = spawnSync(process.execPath, ['--require', probe, file, ...args], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const loaded = (/LOADED (.*)/.exec(run.stderr)?.[1]?.split(',') ?? []).filter((m) => m.includes('modules/esm/'));
	return {status: run.status, stdout: run.stdout, loaded};
}

/**
 * What `node -e 0` loads of the ESM loader, a script that imports nothing: on Node 20 the loader
 * itself (for a dynamic import) but no module job; Node 24 loads all of it at start.
 */
function nodeAlone(): string[] {
	return esmLoaderModules('-e', ['0']).loaded;
}

describe('the installed entry, dist/dask-top.cjs (npm test builds it first)', () => {
	it('is CommonJS with a plain first line, imports the rest as dist/launch.mjs, and is run by the sh launcher', () => {
		const code = readFileSync('dist/dask-top.cjs', 'utf8');
		// No `env -S` (missing from older coreutils, BusyBox, macOS): the launcher gives node the flags.
		expect(code.split('\n')[0]).toBe('#!/usr/bin/env node');
		expect(code).toContain('import("./launch.mjs")');
		expect(readFileSync('dist/launch.mjs', 'utf8')).toMatch(/export\s*\{[^}]*\blaunch\b/);
		expect((JSON.parse(readFileSync('package.json', 'utf8')) as {bin: Record<string, string>}).bin).toEqual({
			'dask-top': 'dist/dask-top',
		});
		const launcher = readFileSync('dist/dask-top', 'utf8');
		expect(launcher.split('\n')[0]).toBe('#!/bin/sh');
		expect(launcher).toContain(`exec node ${V8_FLAGS.join(' ')} "$here/dask-top.cjs" "$@"`);
		expect(launcher).toContain('exec node "$here/dask-top.cjs" "$@"');
		expect(statSync('dist/dask-top').mode & 0o111).toBe(0o111);
	});

	it('answers a bad flag value loading no more of the ESM loader than node -e 0', () => {
		const baseline = nodeAlone();
		expect(baseline).toContain('NativeModule internal/modules/esm/loader'); // the probe sees them
		const {status, loaded} = esmLoaderModules('dist/dask-top.cjs', ['--interval', '0s']);
		expect(status).toBe(2);
		expect(loaded.filter((m) => !baseline.includes(m))).toEqual([]);
		// Node 20 starts the loader's module jobs only for an ES module; Node 24 loads them at start.
		if (!baseline.includes('NativeModule internal/modules/esm/module_job'))
			expect(esmLoaderModules('dist/dask-top.mjs', ['--interval', '0s']).loaded).toContain(
				'NativeModule internal/modules/esm/module_job',
			);
	});

	it('loads the ES modules for work past the options (--demo --once)', () => {
		const {status, stdout, loaded} = esmLoaderModules('dist/dask-top.cjs', ['--demo', '--once']);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^Workers +3/m);
		expect(loaded).toContain('NativeModule internal/modules/esm/module_job');
	});
});
