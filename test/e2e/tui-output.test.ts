/**
 * What the full-screen UI sends to a real terminal (tmux running the BUILT CLI on the bundled demo
 * recording, no cluster needed): only changed cells, so few bytes a second; the screen right after
 * shrinking and growing; and NO_COLOR drawing no colours. Bytes are counted with `tmux pipe-pane`,
 * which copies everything the program writes to its pane.
 */
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI_PATH} from './helpers/cli.js';
import {TmuxSession} from './helpers/tmux.js';

let terminal: TmuxSession | undefined;
afterEach(() => terminal?.kill());

function open(env: string, width = 120, height = 40): TmuxSession {
	terminal = new TmuxSession({
		name: 'dask-top-output',
		width,
		height,
		command: `env ${env} node ${CLI_PATH} --demo`,
	});
	if (terminal.start() !== 0) throw new Error('tmux could not start');
	return terminal;
}

const hasFrame = (t: string) => t.includes('dask-top │') && t.includes('NAME');

describe('the full-screen output on a real terminal', () => {
	it('writes only what changed: under 4 KB a second while the demo replays a round every second', async () => {
		const tmux = open('TERM=xterm-256color');
		await tmux.waitFor('the first frame', hasFrame, 30_000);
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-output-'));
		const file = join(dir, 'pane.bytes');
		try {
			const before = tmux.screen();
			tmux.tmux('pipe-pane', '-t', tmux.session, '-o', `cat >> ${file}`);
			await sleep(10_000);
			tmux.tmux('pipe-pane', '-t', tmux.session);
			const bytes = statSync(file).size;
			expect(bytes / 10).toBeLessThan(4000);
			// Something was written (the replay moves on every second): not a frozen screen. Only the
			// cells that changed are, so the bytes need not hold any whole word of the screen.
			expect(readFileSync(file, 'latin1')).toContain('\u001B[?2026h');
			expect(tmux.screen()).not.toBe(before);
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	}, 60_000);

	it('shows one whole screen after shrinking and growing: one title, one table heading, the footer', async () => {
		const tmux = open('TERM=xterm-256color');
		await tmux.waitFor('the first frame', hasFrame, 30_000);
		for (const [width, height] of [
			[80, 24],
			[100, 30],
			[120, 40],
		] as const) {
			tmux.resize(width, height);
			const screen = await tmux.waitFor(`the screen at ${width}×${height}`, (t) => {
				const lines = t.split('\n');
				return hasFrame(t) && lines.length >= height && lines.every((line) => line.length <= width) && /q quit/.test(t);
			});
			const lines = screen.split('\n');
			expect(lines.filter((line) => line.startsWith('dask-top │'))).toHaveLength(1);
			expect(lines.filter((line) => /^\s+NAME/.test(line))).toHaveLength(1);
			expect(lines.filter((line) => line.includes('q quit'))).toHaveLength(1);
		}
	}, 90_000);

	it.each([
		[80, 24],
		[120, 40],
	])(
		'at %i×%i uses every row, the footer on the last, and never scrolls: the title stays on the first row',
		async (width, height) => {
			const tmux = open('TERM=xterm-256color', width, height);
			await tmux.waitFor('the first frame', hasFrame, 30_000);
			// ×16: a round every 1/16 s of the recording's time, each a new frame; views switched on the way.
			tmux.keys('x', 'x');
			let frames = 0;
			let previous = '';
			for (let i = 0; i < 60; i++) {
				if (i % 15 === 14) tmux.keys('Tab');
				await sleep(200);
				const screen = tmux.screen();
				if (screen !== previous) frames++;
				previous = screen;
				// (a line of tmux's capture is a row of the terminal; the capture ends with a newline)
				const lines = screen.replace(/\n$/, '').split('\n');
				expect(lines.length, 'no more rows than the terminal').toBeLessThanOrEqual(height);
				expect(lines[0], 'the title on the first row').toMatch(/^dask-top │/);
				expect(
					lines.filter((line) => line.startsWith('dask-top │')),
					'one title',
				).toHaveLength(1);
				expect(lines[height - 1], 'the footer on the last row').toMatch(/q quit\s*$/);
				expect(lines[height - 1]!.trimEnd().length, 'the last cell of the last row unwritten').toBeLessThan(width);
			}
			expect(frames, 'the screen changed all along').toBeGreaterThan(20);
		},
		90_000,
	);

	it('draws no colours with NO_COLOR', async () => {
		const tmux = open('TERM=xterm-256color NO_COLOR=1');
		await tmux.waitFor('the first frame', hasFrame, 30_000);
		await sleep(2500);
		const withEscapes = tmux.tmux('capture-pane', '-p', '-e', '-t', tmux.session);
		expect(withEscapes.replace(/\u001B\[[0-9;]*m/g, '')).toContain('dask-top │');
		// capture-pane -e writes the cells' colours as SGR codes: none but bold, dim, inverse and their resets.
		const colours = [...withEscapes.matchAll(/\u001B\[([0-9;]*)m/g)]
			.map((m) => m[1]!)
			.flatMap((p) => p.split(';'))
			.filter((c) => /^(3\d|4\d|9\d|10\d)$/.test(c) && c !== '39' && c !== '49');
		expect(colours).toEqual([]);
	}, 60_000);
});
