/**
 * The completion scripts come from the flag table: every flag completes, a file flag completes file
 * names. The bash script is run by a real bash (zsh and fish are not on the test machines: their
 * scripts are checked for every flag and their syntax's shape).
 */
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {completionFlags, completionScript} from '../../source/options/completion.js';
import {FLAGS} from '../../source/options/flag-table.js';
import {HELP_OPTIONS} from '../../source/options/flags.js';

const bashComplete = (words: string[]): string[] => {
	const script = completionScript('bash', HELP_OPTIONS);
	const out = execFileSync(
		'bash',
		[
			'-c',
			`${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; ` +
				// biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}
				'_dask_top; printf "%s\\n" "${COMPREPLY[@]}"',
		],
		{encoding: 'utf8'},
	);
	return out.split('\n').filter((l) => l !== '');
};

describe('the completion scripts', () => {
	it('know every flag of the table, with its help text', () => {
		const flags = completionFlags(HELP_OPTIONS);
		expect(flags).toHaveLength(Object.keys(FLAGS).length);
		for (const f of flags) expect(f.text, f.long).not.toBe('');
		expect(flags.find((f) => f.long === '--no-color')).toBeDefined();
		expect(flags.find((f) => f.long === '--interval')).toMatchObject({short: '-i', takesValue: true, file: false});
		expect(flags.find((f) => f.long === '--replay')).toMatchObject({takesValue: true, file: true});
	});

	it('complete flags and file names in a real bash', () => {
		expect(bashComplete(['dask-top', '--re'])).toEqual(['--record', '--record-max', '--replay']);
		expect(bashComplete(['dask-top', '--ca-file', '/etc/host'])).toContain('/etc/hostname');
		expect(bashComplete(['dask-top', '--interval', ''])).toEqual([]);
		expect(bashComplete(['dask-top', '--config', '/etc/host'])).toContain('/etc/hostname');
		expect(bashComplete(['dask-top', '--theme', ''])).toEqual(['dark', 'light']);
		expect(bashComplete(['dask-top', '--completion', 'z'])).toEqual(['zsh']);
	});

	it('name every flag in the zsh and fish scripts', () => {
		const zsh = completionScript('zsh', HELP_OPTIONS);
		const fish = completionScript('fish', HELP_OPTIONS);
		expect(zsh.startsWith('#compdef dask-top\n')).toBe(true);
		for (const f of completionFlags(HELP_OPTIONS)) {
			expect(zsh).toContain(f.long);
			expect(fish).toContain(`-l ${f.long.slice(2)}`);
		}
		expect(fish).toMatch(/^complete -c dask-top -l replay -r -F -d /m);
		expect(fish).toMatch(/^complete -c dask-top -l theme -x -a 'dark light' -d /m);
		expect(zsh).toContain(":value:(dark light)'");
		expect(zsh).toMatch(/--replay'\[Play a recording instead of polling a scheduler\]:file:_files'/);
	});
});
