/**
 * The installed command's launcher (scripts/launcher.mjs), run by sh with a stand-in `node` on
 * PATH that prints what it was given: the runs that last get the V8 settings, what answers at once
 * gets none, and dask-top's own arguments pass through untouched. The real node under it is tested
 * end to end in test/e2e/first-line.test.ts.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import {launcherText} from '../../scripts/launcher.mjs';
// @ts-expect-error: a plain .mjs build script without type declarations
import {V8_FLAGS} from '../../scripts/v8-flags.mjs';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-launcher-'));
const launcher = join(dir, 'dask-top');
writeFileSync(launcher, launcherText(), {mode: 0o755});
// The stand-in: one argument a line.
writeFileSync(join(dir, 'node'), '#!/bin/sh\nfor a do printf "%s\\n" "$a"; done\n', {mode: 0o755});
const env = {PATH: `${dir}:/usr/bin:/bin`};

afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** What node was given, run with stdout a pipe, or a terminal (script, util-linux). */
function nodeArgs(args: readonly string[], terminal = false): string[] {
	const out = terminal
		? execFileSync('script', ['-qec', [launcher, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], {
				env,
				encoding: 'utf8',
			}).replaceAll('\r', '')
		: execFileSync(launcher, [...args], {env, encoding: 'utf8'});
	return out.trim().split('\n');
}

const bundle = join(dir, 'dask-top.cjs');
const flags = V8_FLAGS as string[];

describe('the launcher', () => {
	it('runs the screen (stdout a terminal) under the V8 settings', () => {
		expect(nodeArgs(['http://h:8787', '-i', '5s'], true)).toEqual([...flags, bundle, 'http://h:8787', '-i', '5s']);
		expect(nodeArgs(['--demo'], true)).toEqual([...flags, bundle, '--demo']);
	});

	it('runs --watch and --record under them, whatever stdout is', () => {
		expect(nodeArgs(['--json', '--watch', 'h'])).toEqual([...flags, bundle, '--json', '--watch', 'h']);
		expect(nodeArgs(['--record=r.ndjson', 'h'])).toEqual([...flags, bundle, '--record=r.ndjson', 'h']);
	});

	it('answers at once without them: --version, --help, --once, --json, --check, stdout not a terminal', () => {
		for (const args of [['--version'], ['-h'], ['--once', 'h'], ['--json'], ['--check', 'h'], ['--completion', 'bash']])
			expect(nodeArgs(args, true)).toEqual([bundle, ...args]);
		expect(nodeArgs(['http://h:8787'])).toEqual([bundle, 'http://h:8787']);
	});

	it('passes arguments with spaces, quotes and a leading dash through whole', () => {
		const odd = ['-H', 'Authorization: token "a b"', '--at=-5s', "it's", '--', '--watch'];
		expect(nodeArgs(odd)).toEqual([bundle, ...odd]);
	});

	it('refuses to write a flag that would not be one word', () => {
		expect(() => launcherText(['--max-old-space-size=1024', '--title=a b'])).toThrow(/as one word/);
	});
});
