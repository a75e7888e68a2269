/**
 * Keys and mouse in a real terminal: tmux running the BUILT CLI against the shared real Debian Dask
 * cluster at 80×24, 120×40 and 200×60. F-keys go in as tmux key names (tmux sends the xterm
 * sequences), mouse reports are typed raw with `send-keys -l` (tmux hands them to the program as
 * they are), `#{mouse_sgr_flag}` shows whether the program turned SGR mouse mode on, and Ctrl-Z
 * is followed by `fg` in the pane's shell.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI_PATH, CRASH_ON_SIGUSR2} from './helpers/cli.js';
import {sharedCluster} from './helpers/shared-cluster.js';
import {TmuxSession} from './helpers/tmux.js';

const MARKER = 'BEFORE-THE-TUI';
const ESC = '\u001B';
/** A left click (press and release) at a 0-based column and row, in the SGR form. */
const click = (x: number, y: number) => `${ESC}[<0;${x + 1};${y + 1}M${ESC}[<0;${x + 1};${y + 1}m`;

let terminal: TmuxSession | undefined;

afterEach(() => {
	terminal?.kill();
	terminal = undefined;
});

async function open(
	width: number,
	height: number,
	args = '',
	env = '',
	nodeFlags = '',
): Promise<{t: TmuxSession; first: string}> {
	const t = new TmuxSession({name: 'dask-top-input', width, height});
	terminal = t;
	if (t.start() !== 0) throw new Error(`tmux could not start a session on socket ${t.socket}`);
	t.keys(`echo ${MARKER}`, 'Enter');
	await t.waitFor('the marker', (s) => s.includes(`\n${MARKER}`) || s.startsWith(MARKER));
	// As a user's terminal: without the FORCE_COLOR=0 the test runner sets for itself.
	t.keys(
		`env -u FORCE_COLOR ${env}CI=true node ${nodeFlags}${CLI_PATH} ${sharedCluster().httpUrl} ${args}; echo EXIT=$?`,
		'Enter',
	);
	const first = await t.waitFor(
		'the worker table',
		(s) => s.includes('dask-top │') && /^. gamma /m.test(s) && s.includes('NAME'),
	);
	return {t, first};
}

const flag = (t: TmuxSession, name: string) => t.tmux('display-message', '-p', '-t', t.session, `#{${name}}`).trim();
const rowOf = (screen: string, name: string) => screen.split('\n').findIndex((l) => new RegExp(`^. ${name} `).test(l));
const restored = (s: string) => s.includes(MARKER) && !s.includes('dask-top │');

describe.each([
	[80, 24],
	[120, 40],
	[200, 60],
])('keys and mouse at %i×%i', (width, height) => {
	it('turns SGR mouse mode on; clicks select, double-click opens, ' +
		'a heading sorts, the wheel scrolls; reports never act as keys', async () => {
		const {t, first} = await open(width, height);
		expect(flag(t, 'mouse_sgr_flag')).toBe('1');
		expect(first).toContain('/ filter');
		expect(first).toContain('space pause');

		// Reports on the header lines point at nothing: read as keys they would switch views, sort or quit.
		t.keys('-l', `${ESC}[<0;3;1M${ESC}[<0;3;1m${ESC}[<2;12;2M${ESC}[<35;40;3M${ESC}[<0;12;3m`);
		await new Promise((resolve) => setTimeout(resolve, 500));
		const still = t.screen();
		expect(still).toContain('NAME');
		expect(still).toMatch(/sorted by name ↑/);
		expect(still).not.toMatch(/Filter:|Keys \(Esc/);

		const gamma = rowOf(still, 'gamma');
		t.keys('-l', click(4, gamma) + click(4, gamma));
		await t.waitFor('the detail of gamma (double-click)', (s) => s.includes('Worker gamma'));
		t.keys('Escape');
		await t.waitFor('the table again', (s) => s.includes('NAME') && !s.includes('Worker gamma'));

		const table = t.screen();
		const headingRow = table.split('\n').findIndex((l) => /^ +NAME/.test(l));
		const x = table.split('\n')[headingRow]!.indexOf('MEM%');
		t.keys('-l', click(x + 1, headingRow));
		await t.waitFor('sorted by memory', (s) => s.includes('sorted by memory ↓'));

		// A click selects, the wheel moves three rows (held at the last), Enter opens the selected one.
		const sorted = t.screen();
		const top = sorted.split('\n')[headingRow + 1]!.slice(2).split(' ')[0]!;
		const last = sorted.split('\n')[headingRow + 3]!.slice(2).split(' ')[0]!;
		t.keys('-l', click(4, headingRow + 1));
		t.keys('-l', `${ESC}[<65;5;${headingRow + 3}M`);
		t.keys('Enter');
		await t.waitFor(`the detail of ${last} after the wheel`, (s) => s.includes(`Worker ${last}`));
		t.keys('Escape');
		await t.waitFor('the table again', (s) => s.includes('NAME'));
		t.keys('-l', `${ESC}[<64;5;${headingRow + 3}M`);
		t.keys('Enter');
		await t.waitFor(`the detail of ${top} after the wheel up`, (s) => s.includes(`Worker ${top}`));
		t.keys('Escape');
		await t.waitFor('the table again', (s) => s.includes('NAME'));

		t.keys('F10');
		const after = await t.waitFor('the shell restored by F10', (s) => restored(s) && s.includes('EXIT=0'));
		expect(after).not.toMatch(/\[<\d|\d+;\d+;\d+[Mm]/);
		expect(flag(t, 'mouse_sgr_flag')).toBe('0');
		expect(flag(t, 'alternate_on')).toBe('0');
	}, 90_000);

	it('F1 help, F3/F4 filter, F6 sort list, Ctrl-L redraw, and Ctrl-Z then fg restores the whole screen', async () => {
		const {t} = await open(width, height);
		t.keys('F1');
		await t.waitFor('the help', (s) => s.includes('Keys (Esc') || s.includes('Keys (Esc/?'));
		t.keys('F1');
		await t.waitFor('the help closed', (s) => s.includes('NAME'));
		for (const key of ['F3', 'F4']) {
			t.keys(key);
			await t.waitFor(`the filter prompt after ${key}`, (s) => s.includes('Filter: '));
			t.keys('Escape');
			await t.waitFor('the prompt closed', (s) => !s.includes('Filter: '));
		}
		t.keys('F6');
		await t.waitFor('the sort list', (s) => s.includes('Sort by (Enter'));
		t.keys('j', 'j', 'Enter');
		await t.waitFor('sorted by status', (s) => s.includes('sorted by status'));

		t.keys('C-l');
		const redrawn = await t.waitFor('the redrawn screen', (s) => s.includes('NAME') && s.includes('sorted by status'));
		expect(redrawn.split('\n').filter((l) => l.startsWith('dask-top │'))).toHaveLength(1);

		t.keys('C-z');
		const shell = await t.waitFor('the shell after Ctrl-Z', (s) => /Stopped/.test(s) && restored(s));
		expect(shell).toContain(MARKER);
		expect(flag(t, 'mouse_sgr_flag')).toBe('0');
		expect(flag(t, 'alternate_on')).toBe('0');
		t.keys('fg; echo FG=$?', 'Enter');
		const back = await t.waitFor(
			'the whole screen after fg',
			(s) => s.includes('dask-top │') && s.includes('sorted by status') && /^. gamma /m.test(s) && s.includes('q quit'),
		);
		expect(back.split('\n').filter((l) => l.startsWith('dask-top │'))).toHaveLength(1);
		expect(flag(t, 'mouse_sgr_flag')).toBe('1');
		expect(flag(t, 'alternate_on')).toBe('1');
		t.keys('j', 'Enter');
		await t.waitFor('keys still read after fg', (s) => /Worker \S+/.test(s));
		t.keys('q');
		// The command line's `echo EXIT=$?` ran at the stop (148); fg's status is the program's own.
		const after = await t.waitFor('the shell restored', (s) => restored(s) && s.includes('FG=0'));
		expect(after, 'no frame left on the shell screen').not.toContain('q quit');
	}, 90_000);
});

describe('the footer as a function bar', () => {
	/**
	 * The footer's row, and the column where `text` is drawn in it. Each wait below asks for the footer
	 * entry it clicks next too: tmux can be read between the rows of one frame.
	 */
	const footerAt = (screen: string, text: string): [number, number] => {
		const rows = screen.split('\n');
		const row = rows.findLastIndex((l) => l.includes(text));
		return [rows[row]!.indexOf(text), row];
	};

	it.each([
		[80, 24],
		[120, 40],
	])(
		'at %i×%i a click on an entry presses its key: help, close, pause, quit',
		async (width, height) => {
			const {t, first} = await open(width, height);
			const [helpX, helpRow] = footerAt(first, '? help');
			expect(helpRow, 'the footer on the last row').toBe(height - 1);
			expect(helpRow, 'the footer is below the table').toBeGreaterThan(
				first.split('\n').findIndex((l) => l.includes('NAME')),
			);
			t.keys('-l', click(helpX + 3, helpRow));
			const help = await t.waitFor(
				'the help, clicked open',
				(s) => s.includes('Keys (Esc') && s.includes('Esc/? close'),
			);
			const [closeX, closeRow] = footerAt(help, 'Esc/? close');
			t.keys('-l', click(closeX, closeRow));
			const table = await t.waitFor(
				'the help closed by a click',
				(s) => s.includes('NAME') && !s.includes('Keys (Esc') && s.includes('space pause'),
			);
			const [pauseX, pauseRow] = footerAt(table, 'space pause');
			t.keys('-l', click(pauseX + 8, pauseRow));
			const paused = await t.waitFor('paused by a click', (s) => s.includes('PAUSED') && s.includes('space resume'));
			const [resumeX, resumeRow] = footerAt(paused, 'space resume');
			t.keys('-l', click(resumeX, resumeRow));
			const resumed = await t.waitFor('resumed by a click', (s) => !s.includes('PAUSED') && s.includes('space pause'));
			const [quitX, quitRow] = footerAt(resumed, 'q quit');
			t.keys('-l', click(quitX + 5, quitRow));
			await t.waitFor('the shell restored by a click on q quit', (s) => restored(s) && s.includes('EXIT=0'));
		},
		60_000,
	);
});

describe('the mouse off, and the selected row without colour', () => {
	it('--no-mouse leaves SGR mouse mode off, and a report typed anyway does nothing', async () => {
		const {t} = await open(120, 40, '--no-mouse');
		expect(flag(t, 'mouse_sgr_flag')).toBe('0');
		t.keys('-l', `${ESC}[<0;3;1M${ESC}[<0;3;1m`);
		t.keys('q');
		await t.waitFor('the shell restored', (s) => restored(s) && s.includes('EXIT=0'));
	}, 60_000);

	it.each([
		['--no-color', ''],
		['', 'NO_COLOR=1 '],
		['', 'TERM=dumb '],
	])(
		'marks the selected row in reverse video with %s%s',
		async (args, env) => {
			const {t} = await open(120, 40, args, env);
			t.keys('j');
			let lines: string[] = [];
			for (let waited = 0; waited < 5000; waited += 100) {
				lines = t.tmux('capture-pane', '-p', '-e', '-t', t.session).split('\n');
				if (lines.some((l) => l.includes(`${ESC}[7m`))) break;
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
			const selected = lines.filter((l) => l.includes(`${ESC}[7m`));
			expect(selected, 'one row in reverse video: beta, the second').toHaveLength(1);
			expect(selected[0]).toMatch(/ beta /);
			expect(lines.join('\n'), 'no colour').not.toMatch(/\u001B\[(3[0-7]|9[0-7])m/);
			t.keys('q');
			await t.waitFor('the shell restored', (s) => restored(s) && s.includes('EXIT=0'));
		},
		60_000,
	);
});

describe('mouse mode off on every way out', () => {
	it('after SIGTERM', async () => {
		const {t} = await open(120, 40);
		expect(flag(t, 'mouse_sgr_flag')).toBe('1');
		process.kill(t.childPid(), 'SIGTERM');
		await t.waitFor('the shell restored after SIGTERM', (s) => restored(s) && s.includes('EXIT=143'));
		expect(flag(t, 'mouse_sgr_flag')).toBe('0');
	}, 60_000);

	it('after an uncaught error (injected with --import: a declared fake)', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'dask-top-input-'));
		const crash = join(dir, 'crash.mjs');
		// Thrown when the test says so (SIGUSR2, once mouse reporting is seen on), not after a set time.
		writeFileSync(crash, CRASH_ON_SIGUSR2);
		try {
			const {t} = await open(120, 40, '', '', `--import ${crash} `);
			expect(flag(t, 'mouse_sgr_flag')).toBe('1');
			process.kill(t.childPid(), 'SIGUSR2');
			await t.waitFor('the shell restored after the error', (s) => restored(s) && s.includes('EXIT=1'));
			expect(flag(t, 'mouse_sgr_flag')).toBe('0');
			expect(flag(t, 'alternate_on')).toBe('0');
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	}, 60_000);
});

describe('Esc and a key in one read (a laggy SSH link)', () => {
	it('takes both: Esc closes the detail, then q quits', async () => {
		const {t} = await open(120, 40);
		t.keys('j', 'Enter');
		await t.waitFor('the detail', (s) => /Worker \S+/.test(s));
		// One write of ESC j: what a slow link delivers when Esc and j were typed in quick succession.
		t.keys('-l', `${ESC}j`);
		await t.waitFor('the table again', (s) => !/Worker \S+/.test(s) && s.includes('NAME'));
		t.keys('-l', `${ESC}q`);
		await t.waitFor('the shell restored', (s) => restored(s) && s.includes('EXIT=0'));
	}, 60_000);
});
