/**
 * The line-length check `npm run lint` runs (scripts/check-line-length.mjs): which files it reads,
 * how it counts columns, the marker that exempts a line, and its exit status on a real git
 * repository made for the test.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import {ALLOW_MARKER, isChecked, longLines, MAX_COLUMNS, offenders} from '../../scripts/check-line-length.mjs';

const script = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'check-line-length.mjs');
const line = (columns: number, fill = 'x') => fill.repeat(columns);

describe('the line-length check', () => {
	it('reads TypeScript and JavaScript sources, not fixtures, build output or other files', () => {
		for (const path of ['source/cli.tsx', 'source/a.ts', 'scripts/b.mjs', 'scripts/c.cjs', 'stubs/d.js'])
			expect(isChecked(path), path).toBe(true);
		for (const path of ['test/fixtures/2022.12.1/x.ts', 'dist/dask-top.mjs', 'README.md', 'package.json', 'a.ts.map'])
			expect(isChecked(path), path).toBe(false);
		expect(isChecked('test/fixtures-helper.ts')).toBe(true);
	});

	it('lists each line over 120 columns with its number and width, counting characters (a tab, a "×" as one)', () => {
		expect(MAX_COLUMNS).toBe(120);
		const text = [line(120), line(121), `\t${line(119)}`, `\t${line(120)}`, line(121, '×'), ''].join('\n');
		expect(longLines(text)).toEqual([
			{line: 2, columns: 121},
			{line: 4, columns: 121},
			{line: 5, columns: 121},
		]);
		expect(longLines(`${line(120)}\r\n${line(121)}\r\n`)).toEqual([{line: 2, columns: 121}]);
	});

	it('skips a line that carries the marker, and only that line', () => {
		const url = `// https://example.org/${line(110)} ${ALLOW_MARKER}`;
		expect(longLines([url, line(130)].join('\n'))).toEqual([{line: 2, columns: 130}]);
	});

	describe('on a git repository', () => {
		let root: string | undefined;
		afterEach(() => {
			if (root) rmSync(root, {recursive: true, force: true});
			root = undefined;
		});

		function repo(files: Record<string, string>): string {
			root = mkdtempSync(join(tmpdir(), 'line-length-'));
			execFileSync('git', ['init', '-q'], {cwd: root});
			for (const [path, text] of Object.entries(files)) {
				mkdirSync(dirname(join(root, path)), {recursive: true});
				writeFileSync(join(root, path), text);
			}
			return root;
		}

		it('names file:line of the tracked and new files, not ignored or deleted ones, and exits 1', () => {
			const dir = repo({
				'.gitignore': 'ignored/\n',
				'source/tracked.ts': `const a = 1;\n// ${line(130)}\n`,
				'source/new.ts': `// ${line(125)}\n`,
				'source/gone.ts': `// ${line(125)}\n`,
				'ignored/x.ts': `// ${line(125)}\n`,
				'test/fixtures/data.ts': `// ${line(125)}\n`,
				'notes.md': `${line(200)}\n`,
			});
			execFileSync('git', ['add', '.gitignore', 'source/tracked.ts', 'source/gone.ts', 'test/fixtures'], {cwd: dir});
			rmSync(join(dir, 'source/gone.ts'));
			expect(offenders(dir).sort()).toEqual(['source/new.ts:1 (128 columns)', 'source/tracked.ts:2 (133 columns)']);
			const run = spawnSync(process.execPath, [script], {cwd: dir, encoding: 'utf8'});
			expect(run.status).toBe(1);
			expect(run.stdout.split('\n').filter(Boolean).sort()).toEqual([
				'source/new.ts:1 (128 columns)',
				'source/tracked.ts:2 (133 columns)',
			]);
			expect(run.stderr).toContain('2 line(s) over 120 columns');
		});

		it('prints nothing and exits 0 when every line fits', () => {
			const dir = repo({'source/ok.ts': `// ${line(117)}\n`});
			const run = spawnSync(process.execPath, [script], {cwd: dir, encoding: 'utf8'});
			expect({status: run.status, stdout: run.stdout, stderr: run.stderr}).toEqual({status: 0, stdout: '', stderr: ''});
		});
	});
});
