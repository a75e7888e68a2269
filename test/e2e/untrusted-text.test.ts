/**
 * Names and keys chosen by whoever starts a worker or submits a task drive no terminal: a real
 * Debian Dask 2022.12.1 cluster of its own whose workers are named with an OSC title, an OSC 8
 * hyperlink with colour and clear-screen, C1 CSI and OSC, and a bidi override with a newline, and
 * whose tasks have keys (so prefixes) holding the same, one of them erred. The BUILT CLI is read
 * byte by byte: --once, --json, --check (also under LANG=C), the full screen in tmux (its title must
 * not change; every byte it writes, copied by `tmux pipe-pane`, is text or dask-top's own sequences:
 * test/helpers/hostile.ts OWN_SEQUENCE), and a recording of that screen replayed.
 */
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {inert} from '../../source/units/inert.js';
import {activeLeft} from '../helpers/hostile.js';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {TmuxSession} from './helpers/tmux.js';
import {runWorkload, type Workload} from './helpers/workload.js';

const TITLE = '\u001b]0;pwned\u0007';
const LINK = '\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\\u001b[31mred\u001b[2J\u001b[H';
const C1 = '\u009b31mc1\u009d0;c1title\u009c';
const BIDI = '\u202eevil\nline';
const NAMES = [TITLE, LINK, C1, BIDI];
/** A locale whose character set is not UTF-8: dask-top prints plain ASCII. */
const PLAIN_LOCALE = {LANG: 'C', LC_ALL: undefined, LC_CTYPE: undefined};

let cluster: Cluster;
let workload: Workload;
const dir = mkdtempSync(join(tmpdir(), 'dask-top-untrusted-'));
const recording = join(dir, 'hostile.ndjson');

beforeAll(async () => {
	cluster = await startCluster({
		workers: NAMES.map((name) => ({name, nthreads: 1, memoryLimitBytes: 1_073_741_824, nanny: false})),
		startTimeoutMs: 120_000,
	});
	workload = await runWorkload(cluster, 'hostile', {readyTimeoutMs: 90_000});
}, 240_000);

afterAll(async () => {
	await workload?.stop();
	await cluster?.stop();
	rmSync(dir, {recursive: true, force: true});
});

describe('workers and tasks named with escape sequences, on Debian Dask 2022.12.1', () => {
	it('start and register under the names as given, the tasks under their keys', async () => {
		const identity = (await (await fetch(`${cluster.httpUrl}json/identity.json`)).json()) as {
			workers: Record<string, {name: string}>;
		};
		expect(
			Object.values(identity.workers)
				.map((w) => w.name)
				.sort(),
		).toEqual([...NAMES].sort());
		expect(workload.ready.kind).toBe('hostile');
		if (workload.ready.kind === 'hostile') expect(workload.ready.erred).toBe(1);
	});

	it('--once prints them visibly, nothing a terminal acts on; plain ASCII under LANG=C', async () => {
		const utf8 = await runCli(['--once', cluster.httpUrl]);
		expect(utf8.code, utf8.stderr).toBe(0);
		expect(activeLeft(utf8.stdout)).toEqual([]);
		for (const name of NAMES) expect(utf8.stdout).toContain(inert(name));
		expect(utf8.stdout).toContain('␛]0;pwned␇');

		const plain = await runCli(['--once', cluster.httpUrl], PLAIN_LOCALE);
		expect(plain.code, plain.stderr).toBe(0);
		expect(activeLeft(plain.stdout, {ascii: true})).toEqual([]);
		for (const name of NAMES) expect(plain.stdout).toContain(inert(name, true));
		expect(plain.stdout).toContain('\\x1b]0;pwned\\x07');
	});

	it('--json keeps every name and prefix exact, in JSON escapes', async () => {
		for (const env of [{}, PLAIN_LOCALE]) {
			const result = await runCli(['--json', cluster.httpUrl], env);
			expect(result.code, result.stderr).toBe(0);
			expect(activeLeft(result.stdout, {ascii: env !== undefined && 'LANG' in env})).toEqual([]);
			const document = JSON.parse(result.stdout) as {
				workers: Array<{name: string}>;
				scheduler: {prefixes: Record<string, unknown>};
			};
			expect(document.workers.map((w) => w.name).sort()).toEqual([...NAMES].sort());
			if (workload.ready.kind === 'hostile')
				for (const prefix of workload.ready.prefixes)
					expect(Object.keys(document.scheduler.prefixes)).toContain(prefix);
		}
	});

	it('--check names a silent worker in its one line, visibly, plain ASCII under LANG=C', async () => {
		const silent = workerNamed(cluster, TITLE);
		process.kill(silent.pid, 'SIGSTOP');
		try {
			// No heartbeat for 3 s: past 3 heartbeat intervals (0.5 s with 4 workers).
			await sleep(3000);
			const utf8 = await runCli(['--check', cluster.httpUrl]);
			expect(utf8.stdout).toMatch(/^DASK (WARNING|CRITICAL) - /);
			expect(utf8.stdout).toContain('␛]0;pwned␇');
			expect(activeLeft(utf8.stdout.replace(/\n$/, ''), {oneLine: true})).toEqual([]);
			const plain = await runCli(['--check', cluster.httpUrl], PLAIN_LOCALE);
			expect(plain.stdout).toContain('\\x1b]0;pwned\\x07');
			expect(activeLeft(plain.stdout.replace(/\n$/, ''), {oneLine: true, ascii: true})).toEqual([]);
		} finally {
			process.kill(silent.pid, 'SIGCONT');
		}
	}, 60_000);
});

/** The pane's title, as OSC 0 and 2 set it. */
function title(terminal: TmuxSession): string {
	return terminal.tmux('display', '-p', '-t', terminal.session, '#{pane_title}').trim();
}

/**
 * Runs the screen in tmux: shows the workers, the progress view, a hostile worker's detail, and
 * (`kill`) the events after a worker is lost, every frame drawn whole once (Ctrl-L) while
 * `pipe-pane` copies what dask-top writes. Returns those bytes; the pane's title must stay.
 */
async function screenBytes(env: string, args: readonly string[], kill?: string): Promise<Buffer> {
	const terminal = new TmuxSession({name: 'dask-top-untrusted', width: 160, height: 45});
	const bytesFile = join(dir, `pane-${Date.now()}.bytes`);
	try {
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
		terminal.keys("printf '\\033]2;before-dask-top\\033\\\\'", 'Enter');
		await terminal.waitFor('the title set', () => title(terminal) === 'before-dask-top');
		terminal.keys(`env ${env} node ${CLI_PATH} ${args.join(' ')}; echo EXIT=$?`, 'Enter');
		await terminal.waitFor('the workers in the table', (t) => /Workers 4/.test(t) && /pwned/.test(t), 30_000);
		terminal.tmux('pipe-pane', '-t', terminal.session, '-o', `cat >> ${bytesFile}`);
		const redraw = async (what: string, ready: (t: string) => boolean) => {
			terminal.keys('C-l');
			await terminal.waitFor(what, ready, 20_000);
			await sleep(500);
		};
		await redraw('the workers table redrawn', (t) => /NAME/.test(t));
		terminal.keys('2');
		await redraw('the progress view', (t) => /pwnedkey/.test(t));
		terminal.keys('1', 'g', 'Enter');
		await redraw('a worker detail', (t) => /^Worker /m.test(t));
		terminal.keys('Escape');
		// (Esc and the next key at once would read as Alt+key, as in any terminal program)
		await terminal.waitFor('the table again', (t) => !/^Worker /m.test(t), 20_000);
		if (kill !== undefined) {
			const worker = workerNamed(cluster, kill);
			process.kill(worker.pid, 'SIGKILL');
			terminal.keys('3');
			await redraw('the lost worker in the events', (t) => /lost/.test(t) && /evil/.test(t));
		}
		expect(title(terminal)).toBe('before-dask-top');
		terminal.tmux('pipe-pane', '-t', terminal.session);
		terminal.keys('q');
		await terminal.waitFor('the CLI to exit', (t) => t.includes('EXIT=0'), 20_000);
		expect(title(terminal)).toBe('before-dask-top');
		expect(statSync(bytesFile).size).toBeGreaterThan(1000);
		return readFileSync(bytesFile);
	} finally {
		terminal.kill();
	}
}

describe('the full screen over those workers and tasks, in tmux', () => {
	it('keeps the pane title and writes no byte but text and its own sequences; plain ASCII under LANG=C', async () => {
		const plain = await screenBytes('LANG=C LC_ALL= LC_CTYPE=', [cluster.httpUrl]);
		const text = plain.toString('latin1');
		expect(activeLeft(text, {own: true, ascii: true})).toEqual([]);
		// The erred prefix, whole in the progress rows (a name is cut to its column).
		expect(text).toContain('\\x1b]2;pwnedkey\\x07');
	}, 180_000);

	it('in UTF-8, recording: the same, the names drawn with control pictures', async () => {
		const utf8 = await screenBytes('LANG=C.UTF-8', ['--record', recording, cluster.httpUrl], BIDI);
		const text = utf8.toString('utf8');
		expect(activeLeft(text, {own: true})).toEqual([]);
		expect(text).toContain('␛]2;pwnedkey␇');
	}, 180_000);

	it('the recording, replayed, prints nothing a terminal acts on', async () => {
		const replayed = await runCli(['--replay', recording, '--once']);
		expect(replayed.code, replayed.stderr).toBe(0);
		expect(activeLeft(replayed.stdout)).toEqual([]);
		expect(replayed.stdout).toContain('␛]0;pwned␇');
		const json = await runCli(['--replay', recording, '--json']);
		const names = (JSON.parse(json.stdout) as {workers: Array<{name: string}>}).workers.map((w) => w.name);
		expect(names.sort()).toEqual(NAMES.filter((name) => name !== BIDI).sort());
	});
});
