import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'cjs-entry-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** Runs the built entry under a CommonJS probe that prints node's modules of the ES module loader at exit. */
function esmLoaderModules(args: readonly string[]): {status: number | null; stdout: string; loaded: string[]} {
	const probe = join(scratch, 'loaded.cjs');
	writeFileSync(
		probe,
		"process.on('exit', () => process.stderr.write('\\nLOADED ' + process.moduleLoadList.join(',') + '\\n'));\n",
	);
	const run = spawnSync(process.execPath, ['--require', probe, 'dist/dask-top.cjs', ...args], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const loaded = (/LOADED (.*)/.exec(run.stderr)?.[1]?.split(',') ?? []).filter((m) => m.includes('modules/esm/'));
	return {status: run.status, stdout: run.stdout, loaded};
}

describe('the installed entry, dist/dask-top.cjs (npm test builds it first)', () => {
	it('is CommonJS with the V8 flags on its first line, and imports the rest as dist/launch.mjs', () => {
		const code = readFileSync('dist/dask-top.cjs', 'utf8');
		expect(code.split('\n')[0]).toMatch(/^#!\/usr\/bin\/env -S node --max-old-space-size=\d+ /);
		expect(code).toContain('import("./launch.mjs")');
		expect(readFileSync('dist/launch.mjs', 'utf8')).toMatch(/export\s*\{[^}]*\blaunch\b/);
		expect((JSON.parse(readFileSync('package.json', 'utf8')) as {bin: Record<string, string>}).bin).toEqual({
			'dask-top': 'dist/dask-top.cjs',
		});
	});

	it('answers a bad flag value without evaluating any ES module (no module job in the ESM loader)', () => {
		const {status, loaded} = esmLoaderModules(['--interval', '0s']);
		expect(status).toBe(2);
		expect(loaded).toContain('NativeModule internal/modules/esm/loader'); // node's bootstrap: the probe sees it
		expect(loaded).not.toContain('NativeModule internal/modules/esm/module_job');
	});

	it('loads the ES modules for work past the options (--demo --once)', () => {
		const {status, stdout, loaded} = esmLoaderModules(['--demo', '--once']);
		expect(status).toBe(0);
		expect(stdout).toMatch(/^Workers +3/m);
		expect(loaded).toContain('NativeModule internal/modules/esm/module_job');
	});
});
