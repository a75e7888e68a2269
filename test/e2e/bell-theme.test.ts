/**
 * The full screen's `--bell` and `--theme light` in a real terminal (tmux), with the BUILT CLI.
 * The bell: on the shared real cluster, memory thresholds set low enough that every worker is over
 * the critical one, with `critical_after_s=4`: the first polls show warnings (ongoing when the
 * screen starts, no bell), then they turn critical, and what dask-top writes (copied by `tmux
 * pipe-pane`) holds a BEL; without --bell it holds none. The theme: `--demo` drawn with colours
 * (FORCE_COLOR, set to 0 for the tests, removed), read back with `capture-pane -e`.
 */
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-bell-'));
const COLOURS = 'env -u FORCE_COLOR -u NO_COLOR CI=true';

/** Runs the CLI with `args` in tmux until `done` shows, then quits; returns every byte it wrote. */
async function paneBytes(name: string, args: string, done: (screen: string) => boolean): Promise<string> {
	const terminal = new TmuxSession({name: 'dask-top-bell', width: 140, height: 40});
	const file = join(dir, `${name}.bytes`);
	try {
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
		terminal.tmux('pipe-pane', '-t', terminal.session, '-o', `cat >> ${file}`);
		terminal.keys(`${COLOURS} node ${CLI_PATH} ${args}; echo EXIT=$?`, 'Enter');
		await terminal.waitFor(`${name}: the alerts`, done, 30_000);
		await sleep(500);
		terminal.keys('q');
		await terminal.waitFor(`${name}: the CLI to exit`, (t) => t.includes('EXIT=0'), 20_000);
		terminal.tmux('pipe-pane', '-t', terminal.session);
		return readFileSync(file, 'latin1');
	} finally {
		terminal.kill();
	}
}

describe('--bell in the full screen', () => {
	const thresholds = [
		'memory_warning=0.001',
		'memory_critical=0.002',
		'critical_after_s=4',
		'memory_clear_margin=0',
	].map((t) => `--threshold ${t}`);
	const args = (bell: boolean) => `${bell ? '--bell ' : ''}-i 1s ${thresholds.join(' ')} ${sharedCluster().httpUrl}`;
	/** The header counts critical alerts: `alerts ✗N` with N > 0. */
	const critical = (screen: string) => /alerts ✗[1-9]/.test(screen);

	it('writes a BEL when a critical alert starts, and none without --bell', async () => {
		const withBell = await paneBytes('bell', args(true), critical);
		expect(withBell).toContain('alerts');
		const bells = withBell.split('\u0007').length - 1;
		expect(bells).toBeGreaterThanOrEqual(1);
		// One per start, not one per poll: at most one per worker turning critical.
		expect(bells).toBeLessThanOrEqual(sharedCluster().workers.length);
		const without = await paneBytes('no-bell', args(false), critical);
		expect(without.split('\u0007').length - 1).toBe(0);
	});
});

describe('--theme light in the full screen', () => {
	/** SGR foregrounds that fade on white: yellow, cyan, white and their bright forms (tmux writes them as such). */
	const PALE = /\u001B\[(?:[0-9;]*;)?(?:33|36|37|93|96|97)m/;

	async function demoScreen(theme: string): Promise<string> {
		const terminal = new TmuxSession({name: 'dask-top-theme', width: 140, height: 40});
		try {
			if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
			terminal.keys(`${COLOURS} node ${CLI_PATH} --demo --theme ${theme}; echo EXIT=$?`, 'Enter');
			await terminal.waitFor('the demo', (t) => /Workers \d/.test(t) && /NAME/.test(t), 30_000);
			await sleep(1500);
			const screen = terminal.tmux('capture-pane', '-e', '-p', '-t', terminal.session);
			terminal.keys('q');
			await terminal.waitFor('the CLI to exit', (t) => t.includes('EXIT=0'), 20_000);
			return screen;
		} finally {
			terminal.kill();
		}
	}

	it('draws in colour with none that fades on white, where dark has some', async () => {
		const light = await demoScreen('light');
		expect(light).toMatch(/\u001B\[(?:[0-9;]*;)?3[1-5]m/);
		expect(light).not.toMatch(PALE);
		expect(await demoScreen('dark')).toMatch(PALE);
	});
});
