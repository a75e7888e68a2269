/**
 * The full-screen TUI in a real terminal: tmux running the BUILT CLI with CI=true (a user's shell
 * with CI set must still see the screen) against the shared real Debian Dask 2022.12.1 cluster,
 * read back with `tmux capture-pane -p`. Also: resizes, SIGTERM, and a scheduler that goes away
 * (a private cluster, since the shared one must not be stopped).
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {CLI_PATH, CRASH_ON_SIGUSR2} from './helpers/cli.js';
import {startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {sharedClusterUnder} from './helpers/shared-cluster.js';
import {tmuxForBlock} from './helpers/tmux-block.js';

const MARKER = 'BEFORE-THE-TUI';
const terminal = tmuxForBlock({name: 'dask-top-tui', width: 120, height: 40});
const waitFor = (what: string, predicate: (text: string) => boolean, timeoutMs?: number) =>
	terminal.waitFor(what, predicate, timeoutMs);
const keys = (...names: string[]) => terminal.keys(...names);

/** Starts the CLI in the pane's shell after a marker line, so the restored screen can be recognised. */
async function startTui(url: string, nodeFlags = ''): Promise<string> {
	await stopLeftover();
	keys('clear', 'Enter');
	keys(`echo ${MARKER}`, 'Enter');
	await waitFor('the marker', (t) => t.includes(`\n${MARKER}`));
	keys(`CI=true node ${nodeFlags}${CLI_PATH} ${url}; echo EXIT=$?`, 'Enter');
	return waitFor('the worker table', (t) => t.includes('dask-top │') && /alpha/.test(t) && t.includes('NAME'));
}

/** The node process running the CLI: the pane shell's child. */
function cliPid(): number {
	return terminal.childPid();
}

/**
 * A CLI a failed test left running in the shared pane is stopped first (SIGTERM, as a user's kill
 * would), so one failure does not make every later test of this file time out on its screen.
 */
async function stopLeftover(): Promise<void> {
	let pid: number;
	try {
		pid = cliPid();
	} catch {
		return; // pgrep found no child: the shell is at its prompt
	}
	if (!(pid > 0)) return;
	try {
		process.kill(pid, 'SIGTERM');
	} catch {
		return;
	}
	await waitFor('the leftover CLI to exit', (t) => t.includes('EXIT='));
}

function restored(text: string): boolean {
	return text.includes(MARKER) && text.includes('; echo EXIT=$?') && !text.includes('dask-top │');
}

describe('dask-top in a real terminal against the shared Dask cluster', () => {
	const cluster = sharedClusterUnder('busy');

	it('draws the workers under CI=true, opens a detail with j/Enter, ' +
		'goes back with Esc, shows help with ?, and q restores the terminal', async () => {
		const first = await startTui(cluster.httpUrl);
		expect(first).toContain(`127.0.0.1:${cluster.httpPort}`);
		for (const name of ['alpha', 'beta', 'gamma'])
			expect(first).toMatch(new RegExp(`${name} +127\\.0\\.0\\.1:\\d+ +running`));
		expect(first).toMatch(/Tasks +\d+ +processing \d+/);
		expect(first).not.toContain(MARKER); // the alternate screen is up

		keys('j', 'Enter');
		const detail = await waitFor('the detail of beta', (t) => t.includes('Worker beta'));
		expect(detail).toContain('cpu hist');
		const holdings = await waitFor('what holds its memory, from /info/worker', (t) =>
			/What holds its memory \d+ keys?/.test(t),
		);
		expect(holdings).toMatch(/make-blob|load-csv/);

		keys('Escape');
		await waitFor('the table again', (t) => t.includes('NAME') && !t.includes('Worker beta'));

		keys('?');
		const help = await waitFor('the help overlay', (t) => t.includes('Keys (Esc or ? closes this help'));
		expect(help).toContain('move down (in the detail: next worker');
		keys('Escape');
		await waitFor('the table after help', (t) => t.includes('NAME'));

		keys('q');
		const after = await waitFor('the shell restored', (t) => restored(t) && t.includes('EXIT=0'));
		expect(after).toContain(`CI=true node ${CLI_PATH}`);
	}, 60_000);

	it('follows resizes down to the too-small message and back', async () => {
		await startTui(cluster.httpUrl);
		terminal.resize(80, 24);
		const narrow = await waitFor('the 80×24 layout', (t) => t.includes('MEM%') && !t.includes('NET-RX'));
		expect(narrow.split('\n').filter((l) => l.startsWith('dask-top │'))).toHaveLength(1);
		terminal.resize(50, 12);
		await waitFor('the too-small message', (t) => t.includes('terminal too small: need 60x14'));
		terminal.resize(120, 40);
		const wide = await waitFor('the wide layout', (t) => t.includes('NET-RX') && t.includes('LOOP'));
		expect(wide.split('\n').filter((l) => l.startsWith('dask-top │'))).toHaveLength(1);
		keys('q');
		await waitFor('the shell restored', (t) => restored(t) && t.includes('EXIT=0'));
	}, 60_000);

	it('restores the terminal after an uncaught error and prints it as one line ' +
		'(the error is injected with --import: a declared fake)', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-tui-'));
		const crash = join(dir, 'crash.mjs');
		// Thrown when the test says so (SIGUSR2, once the first frame is on screen), not after a set
		// time: a timer could fire before a slow machine drew that frame.
		writeFileSync(crash, CRASH_ON_SIGUSR2);
		try {
			await startTui(cluster.httpUrl, `--import ${crash} `);
			process.kill(cliPid(), 'SIGUSR2');
			const after = await waitFor(
				'the shell restored after the error',
				(t) => t.includes(MARKER) && t.includes('EXIT=1') && !t.includes('dask-top │'),
			);
			expect(after).toContain('dask-top: internal error: injected failure');
			expect(after).not.toMatch(/\n\s+at /);
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	}, 60_000);

	it('restores the terminal on SIGTERM and exits 143', async () => {
		await startTui(cluster.httpUrl);
		process.kill(cliPid(), 'SIGTERM');
		await waitFor('the shell restored after SIGTERM', (t) => restored(t) && t.includes('EXIT=143'));
	}, 60_000);
});

describe('dask-top --demo opened at a moment', () => {
	it('shows what happened before that moment: the events view has the erred tasks, ' +
		'gamma lost, beta spilling and paused, and the detail has full sparklines', async () => {
		const first = await startTui('--demo --at +106s');
		expect(first).toMatch(/replay paused \d\d:\d\d:\d\d \[53\/75\]/);
		// The header names the demo, not the loopback URL it was recorded at.
		expect(first.split('\n')[0]).toMatch(/^dask-top │ demo │ ‖ replay paused/);
		expect(first).not.toContain('127.0.0.1:8787');
		// gamma, killed before that moment, is a lost row with its last figures; the overview's graphs
		// and the Alerts panel (compact columns) fill the rows under the table.
		expect(first).toMatch(/^✗ gamma +127\.0\.0\.1:\d+ +lost +2 .* \d+% .* gone$/m);
		expect(first).toMatch(/^Memory +⣿ managed ⣿ unmanaged/m);
		expect(first).toMatch(/^Alerts +✗\d+ ▲\d+ i\d+ ongoing, worst first/m);
		expect(first).toMatch(/^\d\d:\d\d:\d\d ✗ crit for \S+ +worker gamma \(/m);
		keys('3');
		const events = await waitFor('the events view', (t) => /^Events \d+, newest first/m.test(t));
		expect(events).toMatch(/✗ critical +ongoing .*gamma +worker gamma .* lost/);
		expect(events).toMatch(/▲ warning +ongoing .*cluster +\d+ more tasks erred/);
		expect(events).toMatch(/beta +beta is spilling to disk/);
		expect(events).toMatch(/✗ critical +ongoing .*beta +beta is paused/);
		expect(Number(/^Events (\d+),/m.exec(events)?.[1])).toBeGreaterThanOrEqual(5);
		keys('1');
		await waitFor('the table', (t) => t.includes('NAME'));
		keys('j', 'Enter');
		const detail = await waitFor('the detail of beta', (t) => t.includes('Worker beta'));
		// 53 rounds so far: the sparkline holds a point per round, not the one round shown.
		const spark = /^mem hist +([▁▂▃▄▅▆▇█]+) /m.exec(detail)?.[1] ?? '';
		expect(spark.length).toBeGreaterThanOrEqual(40);
		keys('q');
		await waitFor('the shell restored', (t) => restored(t) && t.includes('EXIT=0'));
	}, 60_000);
});

describe('dask-top when a worker is killed', () => {
	let own: Cluster | undefined;

	afterAll(async () => {
		await own?.stop();
	}, 60_000);

	it('counts in the table title the live workers as the header does, ' +
		'the lost one held apart, at 80 columns', async () => {
		own = await startCluster();
		await startTui(own.httpUrl);
		terminal.resize(80, 24);
		await waitFor('the 80×24 layout', (t) => t.includes('MEM%') && !t.includes('NET-RX'));
		const gamma = workerNamed(own, 'gamma');
		process.kill(gamma.pid, 'SIGKILL');
		// Idle, gamma took no work with it: gone (HTTP cannot tell its kill -9 from a SIGTERM).
		const lost = await waitFor('gamma gone', (t) => /^. gamma +gone /m.test(t), 30_000);
		// The header: the scheduler's own count; the title: the same, and the held gone row apart.
		expect(lost).toMatch(/^Workers 2 +idle /m);
		expect(lost).toMatch(/^Workers 2 \(\+1 gone\) {2}sorted by /m);
		for (const line of lost.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
		terminal.resize(120, 40);
		keys('q');
		await waitFor('the shell restored', (t) => restored(t) && t.includes('EXIT=0'));
	}, 90_000);
});

describe('dask-top when the scheduler goes away', () => {
	let own: Cluster | undefined;

	afterAll(async () => {
		await own?.stop();
	}, 60_000);

	it('keeps the last figures of every worker, says it is retrying, ' +
		'why and how old the data is, and q still restores the terminal', async () => {
		own = await startCluster();
		const up = await startTui(own.httpUrl);
		const row = (text: string, name: string) => text.split('\n').find((l) => new RegExp(`^. ${name} `).test(l)) ?? '';
		const workerRow = (name: string) =>
			new RegExp(`^. ${name} +127\\.0\\.0\\.1:\\d+ +running +\\d+ +[\\d.]+ .* \\d+% `);
		for (const name of ['alpha', 'beta', 'gamma']) expect(row(up, name)).toMatch(workerRow(name));
		await own.stop();
		// Several failed rounds later (backing off), the figures are still the last good ones.
		const down = await waitFor(
			'the retrying state, data over 6 s old',
			(t) =>
				/retrying in \d+s: .*refused.*\(data (\d+)(\.\d)?s old\)/.test(t) &&
				Number(/data (\d+)(\.\d)?s old/.exec(t)?.[1]) >= 6,
			40_000,
		);
		for (const name of ['alpha', 'beta', 'gamma']) expect(row(down, name)).toMatch(workerRow(name));
		expect(down).not.toContain('unknown');
		expect(down).toMatch(/^Tasks +\d+ +processing \d+/m);
		expect(down).toMatch(/^Workers 3 .*last figures \d\d:\d\d:\d\d, [\d.]+s old/m);
		keys('q');
		await waitFor('the shell restored', (t) => restored(t) && t.includes('EXIT=0'));
	}, 90_000);
});
