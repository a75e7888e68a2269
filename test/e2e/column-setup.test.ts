/**
 * F2 in a real terminal: tmux running the BUILT CLI on the bundled demo recording (no cluster
 * needed), its config file in a temporary $XDG_CONFIG_HOME. The columns chosen show at once, are
 * saved into the file beside the user's other keys, and come back on the next start; a file that is
 * not valid JSON is left as it was, and the footer says so.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {TmuxSession} from './helpers/tmux.js';

let terminal: TmuxSession | undefined;
let home: string | undefined;
afterEach(() => {
	terminal?.kill();
	terminal = undefined;
	if (home) rmSync(home, {recursive: true, force: true});
	home = undefined;
});

function configFile(text: string): string {
	home = mkdtempSync(join(tmpdir(), 'dask-top-f2-'));
	mkdirSync(join(home, 'dask-top'));
	const file = join(home, 'dask-top', 'config.json');
	writeFileSync(file, text);
	return file;
}

async function open(): Promise<TmuxSession> {
	const t = new TmuxSession({
		name: 'dask-top-f2',
		width: 120,
		height: 40,
		command: `env TERM=xterm-256color XDG_CONFIG_HOME=${home} node ${CLI_PATH} --demo`,
	});
	terminal = t;
	if (t.start() !== 0) throw new Error('tmux could not start');
	await t.waitFor('the first frame', (s) => s.includes('dask-top │') && /^\s+NAME/m.test(s), 30_000);
	return t;
}

const heading = (screen: string) => screen.split('\n').find((l) => /^\s+NAME/.test(l)) ?? '';

describe('the column setup (F2)', () => {
	it('shows the choice at once, saves it beside the other keys, and starts with it next time', async () => {
		const file = configFile('{\n  "mouse": true,\n  "interval": "2s"\n}\n');
		const t = await open();
		expect(heading(t.screen())).toMatch(/NAME.*ADDRESS.*STATUS.*CPU%/);
		t.keys('F2');
		await t.waitFor('the setup', (s) => s.includes('Columns of the worker table'));
		// ADDRESS hidden; STATUS moved after CPU% (two places later: past THR and CPU%).
		t.keys('j', 'Space', 'j', ']', ']');
		const setup = await t.waitFor('the setup changed', (s) => /\[ \] ADDRESS/.test(s) && /CPU%[\s\S]*STATUS/.test(s));
		expect(setup).toMatch(/Esc\/F2 close/);
		t.keys('Escape');
		const table = await t.waitFor('the table in the new order', (s) => s.includes('columns saved in'));
		expect(heading(table)).not.toContain('ADDRESS');
		expect(heading(table)).toMatch(/NAME.*THR.*CPU%.*STATUS.*MEMORY/);
		expect(readFileSync(file, 'utf8')).toBe(
			'{\n  "mouse": true,\n  "interval": "2s",\n  "columns": ["name", "threads", "cpu", "status", "memory_bar", ' +
				'"memory_pct", "spilled", "executing", "ready", "in_memory", "transfers", "net_read", "net_write", ' +
				'"event_loop", "heartbeat"]\n}\n',
		);
		t.keys('q');
		t.kill();
		const again = await open();
		expect(heading(again.screen())).toMatch(/NAME.*THR.*CPU%.*STATUS.*MEMORY/);
		expect(heading(again.screen())).not.toContain('ADDRESS');
	}, 90_000);

	it('leaves a config file that became invalid as it is, and says so in the footer', async () => {
		const file = configFile('{"interval": "2s"}\n');
		const t = await open();
		writeFileSync(file, '{"interval": "2s",,}\n');
		t.keys('F2', 'j', 'Space', 'Escape');
		const screen = await t.waitFor('the footer saying why', (s) => s.includes('columns not saved'));
		expect(screen).toMatch(/columns not saved, the config file is not valid JSON/);
		expect(heading(screen)).not.toContain('ADDRESS');
		expect(readFileSync(file, 'utf8')).toBe('{"interval": "2s",,}\n');
	}, 60_000);
});
