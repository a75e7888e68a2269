import {describe, expect, it} from 'vitest';
import {FLAGS} from '../../source/options/flag-table.js';
import {HELP_OPTIONS, helpText, parseArgv} from '../../source/options/flags.js';

describe('flags and help', () => {
	it('documents every flag in the help, in the flag table order', () => {
		const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
		const documented = HELP_OPTIONS.map(([flag]) => flag);
		const expected = Object.keys(FLAGS).map((name) =>
			name === 'color' || name === 'mouse' ? `--no-${name}` : `--${kebab(name)}`,
		);
		expect(documented.map((flag) => expected.find((long) => flag.split(/[ ,]/).includes(long)))).toEqual(expected);
		for (const flag of documented) expect(helpText()).toContain(flag);
	});

	it('reads repeated headers, short flags and the URL', () => {
		const result = parseArgv(['-H', 'A: b', '--header', 'C: d', '-i', '3s', '-k', 'http://h:8787'], import.meta);
		expect(result.ok && result.argv.flags.header).toEqual(['A: b', 'C: d']);
		expect(result.ok && result.argv.flags.interval).toBe('3s');
		expect(result.ok && result.argv.flags.insecure).toBe(true);
		expect(result.ok && result.argv.input).toEqual(['http://h:8787']);
	});

	it('turns a flag given twice into a usage error instead of a stack trace', () => {
		expect(parseArgv(['--interval', '2', '--interval', '3'], import.meta)).toEqual({
			ok: false,
			error: 'The flag --interval can only be set once.',
		});
	});

	it('reads --no-color as colour off and -h as help', () => {
		const result = parseArgv(['--no-color', '-h'], import.meta);
		expect(result.ok && result.argv.flags.color).toBe(false);
		expect(result.ok && result.argv.flags.help).toBe(true);
	});
});
