/**
 * A worker lost rings the bell and stays critical, in a real terminal (tmux) with the BUILT CLI, on
 * both Dask releases: a worker under a nanny, holding 4 keys of a client, is killed (SIGKILL to its
 * process); its nanny starts a new one, so the worker is soon "back" under its name — and its loss
 * must still be an ongoing critical alert for its hold (worker_lost_hold_s), not an event that
 * starts and ends in one poll: the header's count stays ✗1 poll after poll, and `--bell` writes a
 * BEL (copied by `tmux pipe-pane`). (Whether a poll sees the worker missing before its new process
 * joins is the machine's timing; the model's tests hold both orders: departure.test.ts.)
 */
import type {ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {holdKeys} from './helpers/key-holder.js';
import {CLI_PATH} from './helpers/cli.js';
import {type Cluster, startCluster, workerNamed} from './helpers/cluster.js';
import {DASK_RELEASES} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';

const MB = 1_000_000;
const WORKERS = [
	{name: 'stays', nthreads: 1, memoryLimitBytes: 400 * MB, nanny: false},
	{name: 'victim', nthreads: 1, memoryLimitBytes: 400 * MB, nanny: true},
];
const dir = mkdtempSync(join(tmpdir(), 'dask-top-lost-bell-'));

describe.each(DASK_RELEASES)('a worker killed under its nanny on Dask %s', (dask) => {
	let cluster: Cluster | undefined;
	let terminal: TmuxSession | undefined;
	let holder: ChildProcessWithoutNullStreams | undefined;
	let bytes = '';
	/** The alerts counter of the header, once the loss is judged and again polls later. */
	const counts: string[] = [];
	const screens: string[] = [];

	beforeAll(async () => {
		cluster = await startCluster({dask, workers: WORKERS});
		// A client holding 4 scattered keys on the victim (they die with it).
		holder = await holdKeys(cluster, workerNamed(cluster, 'victim').address, 4);
		terminal = new TmuxSession({name: `dask-top-lost-${dask}`, width: 140, height: 40});
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
		const file = join(dir, `${dask}.bytes`);
		terminal.tmux('pipe-pane', '-t', terminal.session, '-o', `cat >> ${file}`);
		terminal.keys(`CI=true node ${CLI_PATH} --bell --interval 1s ${cluster.httpUrl}; echo EXIT=$?`, 'Enter');
		await terminal.waitFor('the workers', (t) => t.includes('victim') && t.includes('stays'), 30_000);
		await sleep(2000); // a few polls of the healthy cluster: the bell's baseline holds no critical
		process.kill(workerNamed(cluster, 'victim').pid, 'SIGKILL');
		const alerts = (screen: string) => /alerts ✗(\d+)/.exec(screen)?.[1];
		await terminal.waitFor('the loss to be judged critical', (t) => alerts(t) === '1', 60_000);
		counts.push(alerts(terminal.screen()) ?? '?');
		screens.push(terminal.screen());
		await sleep(4000); // four polls later
		counts.push(alerts(terminal.screen()) ?? '?');
		screens.push(terminal.screen());
		terminal.keys('q');
		await terminal.waitFor('the CLI to exit', (t) => t.includes('EXIT=0'), 20_000);
		terminal.tmux('pipe-pane', '-t', terminal.session);
		bytes = readFileSync(file, 'latin1');
	}, 180_000);

	afterAll(async () => {
		terminal?.kill();
		holder?.stdin.end();
		holder?.kill();
		await cluster?.stop();
	}, 60_000);

	it('keeps the loss critical poll after poll (it does not end the poll it starts)', () => {
		expect(counts, screens.join('\n=====\n')).toEqual(['1', '1']);
	});

	it('rings the bell once for it', () => {
		expect(bytes.split('\u0007').length - 1).toBe(1);
	});
});
