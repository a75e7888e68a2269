/**
 * The overview in a real terminal: tmux running the BUILT CLI at 80×24, 120×40 and 200×60, with
 * `--demo` (the bundled recording, through the replay path) and against the shared real Debian
 * Dask 2022.12.1 cluster under a busy workload, read back with `tmux capture-pane -p`.
 */
import {describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {sharedClusterUnder} from './helpers/shared-cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const SIZES = [
	[80, 24],
	[120, 40],
	[200, 60],
] as const;

/** What every overview screen shows, whatever the data: checked on the captured pane. */
function expectOverview(screen: string, columns: number, rows: number): string[] {
	const lines = screen.split('\n');
	for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
	const heading = lines.findIndex((l) => /^ {2}NAME/.test(l));
	expect(heading).toBeGreaterThan(0);
	// the thresholds marked over the memory bars, not in them
	expect(lines[heading]).toMatch(/MEMORY *▾/);
	const memory = lines.findIndex((l) => /^Memory +⣿ managed ⣿ unmanaged/.test(l));
	expect(memory).toBeGreaterThan(heading);
	expect(lines[memory]).toMatch(/Tasks +⣿ processing \d+/);
	expect(lines[memory + 1]).toMatch(/^ *\d+(\.\d)?[KMG]┤/);
	const completed = lines.findIndex((l) => /^Completed (\S+\/s|—)/.test(l));
	expect(lines[completed]).toMatch(/CPU \d+%/);
	const axis = lines.findIndex((l, i) => i > completed && /\d\d:\d\d:\d\d$/.test(l.trimEnd()));
	expect(axis).toBeGreaterThan(completed);
	expect(lines.findIndex((l) => l.startsWith('Alerts '))).toBeGreaterThan(axis);
	// the body is used: the last text line is the footer, at most 2 blank lines above it
	const text = lines.map((l) => l.trim() !== '');
	const footer = text.lastIndexOf(true);
	expect(footer).toBeGreaterThanOrEqual(rows - 3);
	expect(lines.slice(0, footer).findLastIndex((l) => l.trim() !== '')).toBeGreaterThanOrEqual(footer - 3);
	return lines;
}

describe('the overview with --demo in tmux', () => {
	for (const [columns, rows] of SIZES) {
		it(`at ${columns}×${rows}: table, graphs with scales and time axis, prefixes and alerts`, async () => {
			const terminal = new TmuxSession({
				name: 'dask-top-overview-demo',
				width: columns,
				height: rows,
				command: `env CI=true node ${CLI_PATH} --demo`,
			});
			try {
				expect(terminal.start()).toBe(0);
				// 40 s into the recording: memory climbed, tasks ran, alerts opened
				await terminal.waitFor('the overview', (t) => t.includes('Completed ') && t.includes('NAME'));
				terminal.keys(']');
				const screen = await terminal.waitFor(
					'data in the task graph',
					(t) => /replay 00:2[5-8]/.test(t) && /^Task prefixes|^Alerts/m.test(t),
				);
				const lines = expectOverview(screen, columns, rows);
				// braille in the plots
				expect(lines.join('\n')).toMatch(/[\u2801-\u28ff]/);
				if (rows >= 40) expect(screen).toMatch(/^Task prefixes \d+/m);
			} finally {
				terminal.kill();
			}
		}, 60_000);
	}

	it('under --ascii at 120×40: the same layout in plain characters', async () => {
		const terminal = new TmuxSession({
			name: 'dask-top-overview-ascii',
			width: 120,
			height: 40,
			command: `env CI=true node ${CLI_PATH} --demo --ascii`,
		});
		try {
			expect(terminal.start()).toBe(0);
			const screen = await terminal.waitFor('the overview', (t) => t.includes('Completed ') && t.includes('NAME'));
			const lines = screen.split('\n');
			const memory = lines.findIndex((l) => /^Memory +# managed = unmanaged ~ spilled/.test(l));
			expect(memory).toBeGreaterThan(0);
			// The graphs: plain characters (and the em dash every view prints for a missing figure).
			const end = lines.findIndex((l, i) => i > memory && /\d\d:\d\d:\d\d$/.test(l.trimEnd()));
			expect(end).toBeGreaterThan(memory);
			for (const line of lines.slice(memory, end + 1)) expect(line).toMatch(/^[\x20-\x7e—]*$/);
		} finally {
			terminal.kill();
		}
	}, 60_000);
});

describe('the overview against the real Dask cluster in tmux', () => {
	const cluster = sharedClusterUnder('busy');

	for (const [columns, rows] of SIZES) {
		it(`at ${columns}×${rows}: the three workers, then the cluster over time drawn from its polls`, async () => {
			const terminal = new TmuxSession({
				name: 'dask-top-overview-live',
				width: columns,
				height: rows,
				command: `env CI=true node ${CLI_PATH} --interval 1 ${cluster.httpUrl}`,
			});
			try {
				expect(terminal.start()).toBe(0);
				// a few polls: the time axis shows a span, the plots have dots
				const screen = await terminal.waitFor(
					'a few polls in the graphs',
					(t) =>
						/\d+(\.\d)?s to \d\d:\d\d:\d\d|\d\d:\d\d:\d\d [─ ].*\d\d:\d\d:\d\d/.test(t) && /[\u2801-\u28ff]/.test(t),
					30_000,
				);
				const lines = expectOverview(screen, columns, rows);
				for (const name of ['alpha', 'beta', 'gamma'])
					expect(lines.some((l) => new RegExp(`^. ${name} `).test(l))).toBe(true);
				// the memory scale is the workers' summed limit, as the header says it
				// (the header writes 2.6 GiB, the axis, narrow, 2.6G: the same figure, the iB dropped)
				const header = /Memory +\[[^\]]*\] +\S+ \S+ \/ (\S+) (\S+)/.exec(screen);
				expect(header).not.toBeNull();
				const limit = `${header![1]}${header![2]!.replace(/iB$/, '')}`;
				expect(
					lines
						.find((l) => /^ *\S+┤/.test(l) && l.includes('┤'))!
						.trim()
						.split('┤')[0],
				).toBe(limit);
				terminal.keys('q');
				await terminal.waitFor('the program to end', (t) => !t.includes('NAME'), 10_000).catch(() => undefined);
			} finally {
				terminal.kill();
			}
		}, 90_000);
	}
});
