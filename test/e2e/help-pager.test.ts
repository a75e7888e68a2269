/**
 * `dask-top --help` in a real terminal (tmux, 80×24): every line fits 80 columns and the text, longer
 * than the terminal, goes through less (as git and man do); q quits it and dask-top exits 0.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {TmuxSession} from './helpers/tmux.js';

let terminal: TmuxSession;

beforeAll(() => {
	terminal = new TmuxSession({name: 'dask-top-help', width: 80, height: 24});
	if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
});

afterAll(() => terminal?.kill());

describe('--help in an 80×24 terminal', () => {
	it('pages the help with less, every line within 80 columns, and exits 0 after q', async () => {
		terminal.keys(`env -u PAGER -u LESS node ${CLI_PATH} --help; echo EXIT=$?`, 'Enter');
		const first = await terminal.waitFor('the first page under less', (t) => /^:$/m.test(t));
		expect(first).toMatch(/Usage/);
		for (const line of first.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
		terminal.keys('G');
		const end = await terminal.waitFor('the end of the help', (t) => t.includes('(END)'));
		expect(end).toMatch(/\$ dask-top http:\/\/prod:8787 http:\/\/dev:8787/);
		terminal.keys('q');
		await terminal.waitFor('dask-top to exit', (t) => t.includes('EXIT=0'));
	}, 30_000);
});
