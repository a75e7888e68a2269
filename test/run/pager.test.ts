import {describe, expect, it} from 'vitest';
import {helpText} from '../../source/options/flags.js';
import {pagerCommand} from '../../source/run/pager.js';

const tall = Array.from({length: 60}, (_, i) => `line ${i}`).join('\n');

describe('the pager for a long text', () => {
	it('pages a text taller than the terminal with $PAGER, else less, as git and man do', () => {
		expect(pagerCommand(tall, {isTTY: true, rows: 24, env: {}})).toBe('less');
		expect(pagerCommand(tall, {isTTY: true, rows: 24, env: {PAGER: 'more -d'}})).toBe('more -d');
	});

	it('writes it as it is when it fits, when stdout is no terminal, or when PAGER is cat or empty', () => {
		expect(pagerCommand('a\nb\n', {isTTY: true, rows: 24, env: {}})).toBeUndefined();
		expect(pagerCommand(tall, {isTTY: false, rows: undefined, env: {}})).toBeUndefined();
		expect(pagerCommand(tall, {isTTY: true, rows: 24, env: {PAGER: 'cat'}})).toBeUndefined();
		expect(pagerCommand(tall, {isTTY: true, rows: 24, env: {PAGER: ''}})).toBeUndefined();
	});
});

describe('the --help text', () => {
	it('fits 80 columns once meow indents it by two, every line', () => {
		const wide = helpText()
			.split('\n')
			.filter((line) => [...`  ${line}`].length > 80);
		expect(wide).toEqual([]);
	});
});
