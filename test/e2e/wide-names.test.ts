/**
 * A worker named in wide characters (Japanese: two terminal columns each) on a real Debian Dask
 * 2022.12.1 cluster of its own, watched by the BUILT CLI in tmux at 80×24: the detail's title shows
 * the whole name, and when the worker is killed the lost-worker event (Alerts panel and events
 * view) shows it whole too, every line within the screen's 80 columns. The layout once counted
 * UTF-16 units as columns: the title dropped the name and the event's first line was cut mid-name.
 */
import stringWidth from 'string-width';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const WIDE = '計算ノード東京-gpu-01';
const COLUMNS = 80;

let cluster: Cluster;
let terminal: TmuxSession;

beforeAll(async () => {
	cluster = await startCluster({
		workers: [
			{name: 'alpha', nthreads: 1, memoryLimitBytes: 1_073_741_824, nanny: false},
			{name: WIDE, nthreads: 1, memoryLimitBytes: 1_073_741_824, nanny: false},
		],
	});
	terminal = new TmuxSession({name: 'dask-top-wide', width: COLUMNS, height: 24});
	if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
});

afterAll(async () => {
	terminal?.kill();
	await cluster?.stop();
});

/** Every line of the screen within the terminal's columns, wide characters counted as two. */
function linesWithin(screen: string): void {
	for (const line of screen.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(COLUMNS);
}

describe('a worker named in wide characters, at 80×24', () => {
	it('shows the whole name in the detail and in the lost-worker event', async () => {
		terminal.keys(`CI=true node ${CLI_PATH} ${cluster.httpUrl}; echo EXIT=$?`, 'Enter');
		const table = await terminal.waitFor('both workers in the table', (t) => /alpha/.test(t) && t.includes('計算'));
		linesWithin(table);

		// sorted by name, alpha first: the wide-named worker is the second row
		terminal.keys('j', 'Enter');
		const detail = await terminal.waitFor('the detail of the wide-named worker', (t) => /^Worker /m.test(t));
		expect(detail).toMatch(new RegExp(`^Worker ${WIDE} +127\\.0\\.0\\.1:\\d+ +running`, 'm'));
		linesWithin(detail);

		terminal.keys('Escape');
		const wide = workerNamed(cluster, WIDE);
		process.kill(-wide.processGroup, 'SIGKILL');
		const lost = `worker ${WIDE} (${wide.address})`;
		const panel = await terminal.waitFor('the lost event in the Alerts panel', (t) => t.includes(lost), 30_000);
		linesWithin(panel);

		terminal.keys('3');
		const events = await terminal.waitFor('the events view', (t) => /^Events \d/m.test(t) && t.includes(lost));
		expect(events).toMatch(/gone, holding no work: /);
		linesWithin(events);

		terminal.keys('q');
		await terminal.waitFor('the CLI to exit', (t) => t.includes('EXIT=0'));
	}, 90_000);
});
