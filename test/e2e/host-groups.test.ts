/**
 * The worker table grouped by host (t), in a real terminal: tmux running the BUILT CLI against a
 * real Dask cluster of each release whose workers run on two hosts: two on 127.0.0.1 and two on
 * 127.0.0.2 (both loopback; to Dask, two nodes each running several workers). A host's row adds up
 * its workers' threads; Enter and `*` fold; filter, sort and follow keep working; the screen is
 * checked at 120×40 and 80×24, and with NO_COLOR.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {logsOf, startCluster, type Cluster, type WorkerSpec} from './helpers/cluster.js';
import {DASK_RELEASES} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';

const MiB = 1024 ** 2;
const WORKERS: readonly WorkerSpec[] = [
	{name: 'one-a', nthreads: 2, memoryLimitBytes: 800 * MiB, nanny: false, host: '127.0.0.1'},
	{name: 'one-b', nthreads: 1, memoryLimitBytes: 600 * MiB, nanny: false, host: '127.0.0.1'},
	{name: 'two-a', nthreads: 1, memoryLimitBytes: 700 * MiB, nanny: false, host: '127.0.0.2'},
	{name: 'two-b', nthreads: 3, memoryLimitBytes: 900 * MiB, nanny: true, host: '127.0.0.2'},
];

/** The line of the screen that names `text` (a host's row, a worker's). */
const lineOf = (screen: string, text: string | RegExp): string =>
	screen.split('\n').find((line) => (typeof text === 'string' ? line.includes(text) : text.test(line))) ?? '';

/** The table's rows: the lines from under the column heading to the first blank line. */
function tableRows(screen: string): string[] {
	const lines = screen.split('\n');
	const start = lines.findIndex((line) => /^\s+NAME/.test(line)) + 1;
	const end = lines.findIndex((line, i) => i >= start && line.trim() === '');
	return lines.slice(start, end < 0 ? undefined : end).map((line) => line.trimEnd());
}

/** THR, CPU% and MEM% of the row that names `name` at 120 columns (…STATUS THR CPU% MEMORY MEM%…). */
function figures(screen: string, name: string): {threads: number; cpu: number; memory: number} | undefined {
	const match = /running +(\d+) +([\d.]+) +\S+ +(\d+)%/.exec(lineOf(screen, name));
	return match ? {threads: Number(match[1]), cpu: Number(match[2]), memory: Number(match[3])} : undefined;
}

/**
 * Whether a host's row holds the sums of its workers' rows drawn in the same frame: threads exactly,
 * CPU% within the rounding of the shown figures, MEM% as their process memory over the sum of their
 * limits (each worker's MEM% times its limit), within a point.
 */
function sumsHold(screen: string, host: string, workers: readonly WorkerSpec[]): boolean {
	const row = figures(screen, `- ${host} (`);
	const parts = workers.map((w) => ({spec: w, shown: figures(screen, ` ${w.name} `)}));
	if (row === undefined || parts.some((p) => p.shown === undefined)) return false;
	const shown = parts.map((p) => ({...p.shown!, limit: p.spec.memoryLimitBytes}));
	const threads = shown.reduce((n, w) => n + w.threads, 0);
	const cpu = shown.reduce((n, w) => n + w.cpu, 0);
	const limits = shown.reduce((n, w) => n + w.limit, 0);
	const memory = shown.reduce((n, w) => n + (w.memory / 100) * w.limit, 0) / limits;
	return (
		row.threads === threads &&
		Math.abs(row.cpu - cpu) <= 0.5 * (shown.length + 1) &&
		Math.abs(row.memory / 100 - memory) <= 0.01 * (shown.length + 1)
	);
}

/** The selected row (drawn in reverse video): the line of `capture-pane -e` holding SGR 7, without its escapes. */
function selectedRow(t: TmuxSession): string {
	const lines = t.tmux('capture-pane', '-p', '-e', '-t', t.session).split('\n');
	const selected = lines.find((line) => /\u001B\[[0-9;]*\b7m/.test(line)) ?? '';
	return selected.replace(/\u001B\[[0-9;]*m/g, '');
}

describe.each(DASK_RELEASES)('grouped by host on Dask %s', (dask) => {
	let cluster: Cluster;
	const sessions: TmuxSession[] = [];

	beforeAll(async () => {
		cluster = await startCluster({workers: WORKERS, dask});
	}, 120_000);
	afterAll(async () => {
		for (const t of sessions) t.kill();
		await cluster?.stop();
	});

	async function open(width: number, height: number, env = ''): Promise<TmuxSession> {
		const t = new TmuxSession({
			name: 'dask-top-hosts',
			width,
			height,
			command: `env TERM=xterm-256color CI=true ${env} node ${CLI_PATH} ${cluster.httpUrl}`,
		});
		sessions.push(t);
		if (t.start() !== 0) throw new Error('tmux could not start');
		await t.waitFor('the four workers', (s) => WORKERS.every((w) => s.includes(w.name)) && /^\s+NAME/m.test(s), 30_000);
		return t;
	}

	it('groups the workers under their hosts, with their threads added up, and folds and unfolds them', async () => {
		const t = await open(120, 40);
		t.keys('t');
		const grouped = await t.waitFor('the table grouped by host', (s) => s.includes('Workers 4 on 2 hosts'));
		expect(tableRows(grouped).map((row) => row.replace(/^(.{2}\S+(?: \S+)*?)\s{2,}.*$/, '$1'))).toEqual([
			'  - 127.0.0.1 (2)',
			'  ├ one-a',
			'  └ one-b',
			'  - 127.0.0.2 (2)',
			'  ├ two-a',
			'  └ two-b',
		]);
		// The host's row: its worker count, then its workers' threads added up (2 + 1, 1 + 3).
		expect(lineOf(grouped, '- 127.0.0.1 (2)')).toMatch(/2 workers +running +3 /);
		expect(lineOf(grouped, '- 127.0.0.2 (2)')).toMatch(/2 workers +running +4 /);
		expect(grouped).toContain('host rows add up their workers (CPU% too)');
		// Each host's row against its workers' rows of the same frame: threads, CPU%, memory over the limits' sum.
		for (const host of ['127.0.0.1', '127.0.0.2']) {
			const members = WORKERS.filter((w) => w.host === host);
			await t.waitFor(`${host}'s row adding up its workers`, (s) => sumsHold(s, host, members));
		}
		// The selection stayed on the worker it was on (the first): one-a, now under its host.
		expect(selectedRow(t)).toMatch(/├ one-a/);

		t.keys('*');
		const folded = await t.waitFor('every host folded', (s) => tableRows(s).length === 2);
		expect(tableRows(folded).map((row) => row.slice(0, 17))).toEqual(['  + 127.0.0.1 (2)', '  + 127.0.0.2 (2)']);
		expect(selectedRow(t)).toContain('+ 127.0.0.1');

		t.keys('j', 'Enter');
		const one = await t.waitFor('127.0.0.2 unfolded', (s) => s.includes('└ two-b'));
		expect(tableRows(one)).toHaveLength(4);
		expect(one).not.toContain('one-a');
		t.keys('*');
		await t.waitFor('every host open again', (s) => tableRows(s).length === 6);

		t.keys('t');
		const flat = await t.waitFor('one row per worker again', (s) => !s.includes('on 2 hosts'));
		expect(tableRows(flat).map((row) => row.trim().split(/\s+/)[0])).toEqual(['one-a', 'one-b', 'two-a', 'two-b']);
		t.keys('q');
	}, 90_000);

	it('keeps sort, filter and follow working while grouped', async () => {
		const t = await open(120, 40);
		t.keys('t');
		await t.waitFor('the grouped table', (s) => s.includes('on 2 hosts'));
		// N then r: by name, reversed; hosts and the workers within each.
		t.keys('N', 'r');
		const reversed = await t.waitFor('sorted by name, reversed', (s) => /sorted by name ↓/.test(s));
		expect(tableRows(reversed).map((row) => row.slice(2, 17).trim())).toEqual([
			'- 127.0.0.2 (2)',
			'├ two-b',
			'└ two-a',
			'- 127.0.0.1 (2)',
			'├ one-b',
			'└ one-a',
		]);

		t.keys('/', 't', 'w', 'o', '-', 'b', 'Enter');
		const filtered = await t.waitFor('the filter applied', (s) => s.includes('filter "two-b"'));
		expect(tableRows(filtered).map((row) => row.slice(2, 17).trim())).toEqual(['- 127.0.0.2', '└ two-b']);
		expect(lineOf(filtered, '127.0.0.2')).toContain('1 of 2 workers');
		// A host's name matches all of its workers.
		t.keys('Escape');
		await t.waitFor('the filter cleared', (s) => !s.includes('filter "'));
		t.keys('/', ...'127.0.0.1', 'Enter');
		const byHost = await t.waitFor('the host filter', (s) => s.includes('filter "127.0.0.1"'));
		expect(tableRows(byHost).map((row) => row.slice(2, 17).trim())).toEqual(['- 127.0.0.1 (2)', '├ one-b', '└ one-a']);
		t.keys('Escape');
		await t.waitFor('the filter cleared', (s) => !s.includes('filter "'));

		// Follow two-a (the third row), then fold every host: the selection stays on its host's row.
		t.keys('g', 'j', 'j', 'F');
		await t.waitFor('following two-a', (s) => s.includes('following two-a'));
		t.keys('*');
		await t.waitFor('every host folded', (s) => tableRows(s).length === 2);
		expect(selectedRow(t)).toContain('+ 127.0.0.2');
		t.keys('*');
		await t.waitFor('every host open', (s) => tableRows(s).length === 6);
		expect(selectedRow(t)).toContain('└ two-a');
		t.keys('q');
	}, 90_000);

	it('fits 80×24 and draws no colours with NO_COLOR', async () => {
		const t = await open(80, 24, 'NO_COLOR=1');
		t.keys('t');
		const small = await t.waitFor('the grouped table at 80×24', (s) => s.includes('on 2 hosts'));
		const lines = small.split('\n');
		expect(lines.length).toBeGreaterThanOrEqual(24);
		expect(lineOf(small, '- 127.0.0.1 (2)')).toMatch(/running +\S/);
		expect(lineOf(small, '- 127.0.0.2 (2)')).toBeTruthy();
		expect(small).toContain('└ two-b');
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
		const withEscapes = t.tmux('capture-pane', '-p', '-e', '-t', t.session);
		const colours = [...withEscapes.matchAll(/\u001B\[([0-9;]*)m/g)]
			.flatMap((m) => m[1]!.split(';'))
			.filter((c) => /^(3\d|4\d|9\d|10\d)$/.test(c) && c !== '39' && c !== '49');
		expect(colours, logsOf(cluster)).toEqual([]);
		t.resize(120, 40);
		const wide = await t.waitFor('the table at 120×40', (s) => /NAME.*ADDRESS/.test(s) && s.includes('2 workers'));
		expect(lineOf(wide, '- 127.0.0.2 (2)')).toMatch(/2 workers +running +4 /);
		t.keys('q');
	}, 90_000);
});
