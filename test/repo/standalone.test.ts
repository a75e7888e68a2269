/**
 * The repository stands alone: no tracked file points outside the checkout (the `shared/` folder
 * some checkouts have beside them is not part of the project), and every fixture path the tests
 * read resolves inside the repository.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync, realpathSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {FIXTURES_ROOT, FIXTURE_VERSIONS, versionDir} from '../helpers/fixtures.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function trackedFiles(): string[] {
	const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
		cwd: repoRoot,
		encoding: 'utf8',
	});
	return out.split('\0').filter((file) => file !== '');
}

function isInside(root: string, path: string): boolean {
	const rel = relative(root, path);
	return rel !== '' && !rel.startsWith('..') && !rel.startsWith('/');
}

describe('the repository stands alone', () => {
	it('no tracked text file refers to the shared folder beside some checkouts', () => {
		// The needle is built so that this file does not match itself.
		const needle = ['..', 'shared'].join('/');
		const offenders = trackedFiles()
			.filter((file) => !file.startsWith('test/fixtures/') && !/\.(gz|png|gif|jpg)$/.test(file))
			.filter((file) => {
				try {
					return readFileSync(join(repoRoot, file), 'utf8').includes(needle);
				} catch {
					return false; // deleted in the working tree
				}
			});
		expect(offenders).toEqual([]);
	});

	it('every fixture version the tests read resolves inside the repository', () => {
		const root = realpathSync(repoRoot);
		expect(isInside(root, realpathSync(FIXTURES_ROOT))).toBe(true);
		for (const version of FIXTURE_VERSIONS) {
			const dir = realpathSync(versionDir(version));
			expect(isInside(root, dir), dir).toBe(true);
			expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(version);
		}
	});

	it('the 2023.6.0 recorded set is in the repository too', () => {
		const dir = realpathSync(join(FIXTURES_ROOT, 'dask-2023.6.0'));
		expect(isInside(realpathSync(repoRoot), dir)).toBe(true);
		expect(readFileSync(join(dir, 'tui-session.ndjson.gz')).length).toBeGreaterThan(1000);
	});
});
