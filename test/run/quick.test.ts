import {describe, expect, it} from 'vitest';
import packageJson from '../../package.json' with {type: 'json'};
import type {BakedTexts} from '../../source/options/baked.js';
import {helpPage, parseArgv} from '../../source/options/flags.js';
import {quickAnswer} from '../../source/run/quick.js';
import {captureOutput, runMain} from '../helpers/run-main.js';

/** The texts as the build bakes them: parseArgv and helpPage of the source (scripts/bake-cli-text.mjs). */
function bakedFromSource(): BakedTexts {
	const parsed = parseArgv(['--help'], import.meta);
	if (!parsed.ok) throw new Error(parsed.error);
	return {version: parsed.argv.version, helpPage: helpPage(parsed.argv)};
}

async function quick(argv: string[], baked: BakedTexts | 'unbaked' = bakedFromSource()) {
	const {result, stdout, stderr} = await captureOutput(async () =>
		quickAnswer(argv, baked === 'unbaked' ? undefined : baked),
	);
	return {code: result, stdout, stderr};
}

describe("the entry's answers without meow", () => {
	it.each([
		[['--version']],
		[['--help']],
		[['-h']],
		[['--bogus']],
		[['http://h:8787', '--colour']],
		[['-x']],
		[['--onse']],
	])('answers %j exactly as main() does', async (argv) => {
		const answered = await quick(argv);
		expect(answered.code).toBeDefined();
		expect(answered).toEqual(await runMain(argv));
	});

	it('prints the package version and a help page that names every option', async () => {
		expect((await quick(['--version'])).stdout).toMatch(new RegExp(`^dask-top ${packageJson.version} \\(Node `));
		const help = (await quick(['--help'])).stdout;
		expect(help).toContain('$ dask-top [URL] [options]');
		expect(help).toContain('--interval DURATION');
	});

	it('says an unknown option in one line and the hint, exit 2', async () => {
		expect(await quick(['--quuxable', 'http://h:8787'])).toEqual({
			code: 2,
			stdout: '',
			stderr: 'dask-top: unknown option --quuxable\nRun dask-top --help for usage.\n',
		});
	});

	it('names the option a typo likely meant in that one line, and leaves out the --help hint', async () => {
		expect(await quick(['--onse', 'http://h:8787'])).toEqual({
			code: 2,
			stdout: '',
			stderr: 'dask-top: unknown option --onse: did you mean --once?\n',
		});
	});

	it("gives --check's plugin line the same did-you-mean", async () => {
		const answered = await runMain(['--onse', '--check', 'http://h:8787']);
		expect(answered.stdout).toContain('UNKNOWN - unknown option --onse: did you mean --once?');
		expect(answered.code).toBe(3);
	});

	it.each([
		// --check turns a usage error into a plugin line: main() writes it.
		[['--bogus', '--check']],
		// Bad values need meow's parse and the options' checks.
		[['--interval', '0s']],
		// --version or --help with anything else: main() decides (a flag given twice is an error there).
		[['--version', 'http://h:8787']],
		[['--help', '--help']],
		[['http://h:8787']],
		[[]],
	])('leaves %j to main(), writing nothing', async (argv) => {
		expect(await quick(argv)).toEqual({code: undefined, stdout: '', stderr: ''});
	});

	it('leaves --version and --help to main() when nothing is baked (run from source)', async () => {
		expect(await quick(['--version'], 'unbaked')).toEqual({code: undefined, stdout: '', stderr: ''});
		expect(await quick(['--help'], 'unbaked')).toEqual({code: undefined, stdout: '', stderr: ''});
	});
});
