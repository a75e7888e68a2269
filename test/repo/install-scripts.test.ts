/**
 * `npm install` on a fresh clone prints no notice a user must act on. npm 11 blocks dependencies'
 * install scripts unless package.json's allowScripts decides each one, and ends every install with
 * a warning listing the undecided ones: `npm install-scripts ls` lists exactly those. (npm 10 and
 * older run install scripts as before and print no such warning: nothing to check there.)
 */
import {spawnSync} from 'node:child_process';
import {dirname, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface PendingList {
	readonly allowScripts?: ReadonlyArray<{
		readonly name: string;
		readonly changes: ReadonlyArray<{readonly key: string; readonly change: string}>;
	}>;
}

describe('npm install on a fresh clone', () => {
	it("leaves no dependency's install script undecided (no install-scripts warning)", () => {
		const npmMajor = Number(spawnSync('npm', ['--version'], {encoding: 'utf8'}).stdout.trim().split('.')[0]);
		const listed = spawnSync('npm', ['install-scripts', 'ls', '--json'], {cwd: repoRoot, encoding: 'utf8'});
		if (npmMajor <= 10) {
			// This npm has no install-scripts command and no allowScripts: it warns about nothing.
			expect(listed.status).not.toBe(0);
			return;
		}
		expect(listed.status, listed.stderr).toBe(0);
		const pending = (JSON.parse(listed.stdout) as PendingList).allowScripts ?? [];
		expect(
			pending.map(
				(entry) => `${entry.name}: ${entry.changes.map((change) => `${change.key} ${change.change}`).join(', ')}`,
			),
		).toEqual([]);
	}, 30_000);
});
