/**
 * `npm pack` in the checkout writes NAME-VERSION.tgz beside package.json: git ignores it, so a
 * pack leaves no untracked file behind.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';

describe('npm pack in the checkout', () => {
	it('leaves its tarball ignored by git, whatever the version', () => {
		const {name, version} = JSON.parse(readFileSync('package.json', 'utf8')) as {name: string; version: string};
		for (const tarball of [`${name}-${version}.tgz`, `${name}-9.9.9.tgz`]) {
			const out = execFileSync('git', ['check-ignore', '--no-index', '-v', tarball], {encoding: 'utf8'});
			expect(out).toMatch(/^\.gitignore:\d+:\*\.tgz\t/);
		}
	});
});
