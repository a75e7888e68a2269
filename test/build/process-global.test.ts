import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {PLAIN, PROCESS_STAND_IN} from '../../scripts/process-global.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'process-stand-in-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** The names the stand-in exports besides its default. */
const standInNames = (): string[] => [...(PLAIN as readonly string[])];

describe('the stand-in for node:process', () => {
	it('exports process itself and only plain values of it: reading them runs no getter', () => {
		const names = standInNames();
		expect(names).toContain('env');
		expect(names).toContain('cwd');
		for (const name of names) {
			const descriptor = Object.getOwnPropertyDescriptor(process, name);
			expect(descriptor, name).toBeDefined();
			expect(descriptor && 'value' in descriptor, `${name} is a plain value`).toBe(true);
		}
	});

	it('gives the same values as node:process (in a plain node, where nothing has patched process)', () => {
		const file = join(scratch, 'stand-in.mjs');
		writeFileSync(file, PROCESS_STAND_IN as string);
		const check = join(scratch, 'compare.mjs');
		writeFileSync(
			check,
			[
				"import * as standIn from './stand-in.mjs';",
				"import * as real from 'node:process';",
				'const names = Object.keys(standIn).filter((name) => name !== "default");',
				'const differ = names.filter((name) => standIn[name] !== real[name]);',
				'console.log(JSON.stringify({names, differ, same: standIn.default === real.default}));',
			].join('\n'),
		);
		const run = spawnSync(process.execPath, [check], {encoding: 'utf8'});
		const result = JSON.parse(run.stdout) as {names: string[]; differ: string[]; same: boolean};
		expect(result.names.sort()).toEqual(standInNames().sort());
		expect(result.differ).toEqual([]);
		expect(result.same).toBe(true);
	});
});

describe('the built bundle (npm test builds it first)', () => {
	it('imports node:process nowhere', () => {
		const chunks = readdirSync('dist').filter((name) => /\.[mc]js$/.test(name));
		expect(chunks).toContain('dask-top.cjs');
		for (const name of chunks) {
			const code = readFileSync(join('dist', name), 'utf8');
			expect(code, name).not.toMatch(/from\s*"(node:)?process"/);
			expect(code, name).not.toMatch(/require\("(node:)?process"\)/);
		}
	});

	it("answers a bad flag value without loading node's diagnostic report (the facade's process.report)", () => {
		const probe = join(scratch, 'loaded.mjs');
		writeFileSync(
			probe,
			"process.on('exit', () => process.stderr.write('\\nLOADED ' + process.moduleLoadList.join(',') + '\\n'));\n",
		);
		const run = spawnSync(process.execPath, ['--import', probe, 'dist/dask-top.cjs', '--interval', '0s'], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		expect(run.status).toBe(2);
		expect(run.stderr).toContain('--interval 0s is out of range');
		const loaded = /LOADED (.*)/.exec(run.stderr)?.[1]?.split(',') ?? [];
		expect(loaded).toContain('NativeModule internal/modules/esm/loader');
		expect(loaded).not.toContain('NativeModule internal/process/report');
	});
});
