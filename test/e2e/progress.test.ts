/**
 * Task progress (view 2) against a real Debian Dask 2022.12.1, compared with the scheduler's own
 * per-prefix task states (TaskPrefix.states through run_on_scheduler) at the same held-still
 * moment (cluster/progress_workload.py):
 *   first   20 `load` tasks done and held, then forgotten
 *   rerun   `load` again: 8 done, 12 blocked (in flight) — read by a TUI started before the first
 *           run AND by a `--once --json` started now, mid-run
 *   cancel  the 12 blocked ones cancelled: nothing in flight any more
 *   erred   6 `explode` raise, `summarize` errs by blame
 * The TUI records while it runs; replaying the recording at each moment gives the rows it showed.
 * A private cluster: the shared one's cumulative counters carry other files' work.
 */
import {once} from 'node:events';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {PrefixProgress} from '../../source/model/types.js';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {daskConfigDir, startCluster, type Cluster} from './helpers/cluster.js';
import {tail} from './helpers/logs.js';
import {killGroups, spawnGroup, type GroupProcess} from './helpers/processes.js';
import {CLUSTER_SCRIPTS_DIR, PYTHON, pythonEnv} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';

type Phase = 'first' | 'rerun' | 'cancel' | 'erred';

/** The scheduler's own states of one prefix (progress_workload.py's `moment`). */
interface PrefixTruth {
	readonly memory: number;
	readonly erred: number;
	readonly released: number;
	readonly in_flight: number;
	/** Tasks the scheduler still holds (every state but forgotten). */
	readonly held: number;
}

interface Truth {
	readonly prefixes: Readonly<Record<'load' | 'explode' | 'summarize', PrefixTruth>>;
	readonly active: number;
	readonly time: number;
}

/** One prefix row as the screen shows it. */
interface ScreenRow {
	readonly done: number;
	readonly total: number;
	readonly erred: number;
	readonly in_flight: number;
	readonly exact: boolean;
}

const dir = mkdtempSync(join(tmpdir(), 'dask-top-progress-e2e-'));
const recording = join(dir, 'progress.ndjson');
const terminal = new TmuxSession({name: 'dask-top-progress', width: 160, height: 45});

function screenRow(screen: string, prefix: string): ScreenRow | undefined {
	// PREFIX  PROGRESS  DONE/TOTAL  %  DONE/S  ERRED  IN FLIGHT  SINCE (no BYTES or MEAN on 2022.12)
	const match = new RegExp(
		`^${prefix} +\\S+ +(≈?)(\\d+)/(\\d+) +\\d+% +\\S+ +(\\d+) +(\\d+) +≈?(\\d\\d:\\d\\d:\\d\\d|start) *$`,
		'm',
	).exec(screen);
	if (!match) return undefined;
	return {
		exact: match[1] === '',
		done: Number(match[2]),
		total: Number(match[3]),
		erred: Number(match[4]),
		in_flight: Number(match[5]),
	};
}

function rowOf(document: {progress?: PrefixProgress[]}, prefix: string): PrefixProgress | undefined {
	return document.progress?.find((p) => p.prefix === prefix);
}

function figures(row: PrefixProgress | undefined): ScreenRow | undefined {
	return row && {done: row.done, total: row.total, erred: row.erred, in_flight: row.in_flight, exact: row.exact};
}

describe('task progress against the scheduler’s own task states', () => {
	let cluster: Cluster;
	let workload: GroupProcess;
	const events: Array<{event: string; truth?: Truth}> = [];
	const seen = new Map<
		Phase,
		{truth: Truth; screen: string; atMs: number; endMs: number; once?: {progress?: PrefixProgress[]}}
	>();

	async function phase(name: Phase): Promise<Truth> {
		const deadline = Date.now() + 90_000;
		for (;;) {
			const event = events.find((e) => e.event === name);
			if (event?.truth) return event.truth;
			if (workload.exit || Date.now() > deadline)
				throw new Error(
					`no ${name} phase: ${workload.exit ? 'the workload exited' : 'timed out'}\n${tail(workload.logPath, 40)}`,
				);
			await sleep(100);
		}
	}

	/** Two polls (1 s apart) after the phase is in place, read the screen; then let the workload go on. */
	async function hold(name: Phase, check: (screen: string) => boolean): Promise<void> {
		const truth = await phase(name);
		await sleep(2500);
		const screen = await terminal.waitFor(`the ${name} rows`, check, 20_000);
		const atMs = Date.now();
		const once =
			name === 'rerun' || name === 'erred'
				? (JSON.parse((await runCli(['--once', '--json', cluster.httpUrl])).stdout) as {progress?: PrefixProgress[]})
				: undefined;
		seen.set(name, {truth, screen, atMs, endMs: Date.now(), ...(once ? {once} : {})});
		workload.child.stdin!.write('next\n');
	}

	beforeAll(async () => {
		cluster = await startCluster();
		if (terminal.start() !== 0) throw new Error(`tmux could not start a session on socket ${terminal.socket}`);
		terminal.keys(`CI=true node ${CLI_PATH} --interval 1s --record ${recording} ${cluster.httpUrl}`, 'Enter');
		await terminal.waitFor('the worker table', (t) => t.includes('dask-top │') && /alpha/.test(t));
		terminal.keys('2');
		await terminal.waitFor('the progress view', (t) => t.includes('Per task prefix'));
		workload = spawnGroup(PYTHON, [`${CLUSTER_SCRIPTS_DIR}progress_workload.py`, cluster.schedulerAddress], {
			env: pythonEnv(daskConfigDir(cluster)),
			logPath: join(cluster.tempDir, 'workload-progress.log'),
			stdin: 'pipe',
			pipeStdout: true,
		});
		createInterface({input: workload.child.stdout!}).on('line', (line) =>
			events.push(JSON.parse(line) as {event: string; truth?: Truth}),
		);
		await hold('first', (s) => screenRow(s, 'load')?.done === 20);
		await hold('rerun', (s) => screenRow(s, 'load')?.in_flight === 12);
		await hold('cancel', (s) => screenRow(s, 'load')?.in_flight === 0);
		await hold('erred', (s) => screenRow(s, 'summarize') !== undefined);
		const exited = workload.exit ? Promise.resolve() : once(workload.child, 'exit');
		await Promise.race([exited, sleep(60_000)]);
		terminal.keys('q');
		await terminal.waitFor('the TUI to quit', (t) => !t.includes('dask-top │'));
	}, 300_000);

	afterAll(async () => {
		terminal.kill();
		if (workload) await killGroups([workload.pid]);
		await cluster?.stop();
		rmSync(dir, {recursive: true, force: true});
	}, 60_000);

	it(
		'shows a re-run prefix counted from the idle moment before it, ' +
			'as the scheduler sees it (TUI started before both runs)',
		() => {
			const first = seen.get('first')!;
			expect(first.truth.prefixes.load).toMatchObject({memory: 20, in_flight: 0});
			expect(screenRow(first.screen, 'load')).toEqual({done: 20, total: 20, erred: 0, in_flight: 0, exact: true});
			const {truth, screen} = seen.get('rerun')!;
			// The first run is forgotten: the scheduler holds only the re-run's 20 tasks, 8 in memory, 12 in flight.
			expect(truth.prefixes.load).toMatchObject({memory: 8, in_flight: 12, held: 20});
			expect(screenRow(screen, 'load')).toEqual({
				done: truth.prefixes.load.memory,
				total: truth.prefixes.load.held,
				erred: 0,
				in_flight: truth.prefixes.load.in_flight,
				exact: true,
			});
		},
	);

	it('shows the re-run right in a dask-top started mid-run, saying it is not exact and since when it counts', () => {
		const {truth, once, atMs, endMs} = seen.get('rerun')!;
		const row = rowOf(once!, 'load');
		expect(figures(row)).toEqual({
			done: truth.prefixes.load.memory,
			total: truth.prefixes.load.held,
			erred: 0,
			in_flight: truth.prefixes.load.in_flight,
			exact: false,
		});
		expect(row?.counted_from).toBe('held');
		// Since its own first poll: after the screen was read, before it printed.
		expect(row?.since).toBeGreaterThanOrEqual(atMs / 1000);
		expect(row?.since).toBeLessThanOrEqual(endMs / 1000);
	});

	it('drops cancelled work from in flight once the cluster is idle, keeping what was submitted and done', () => {
		const {truth, screen} = seen.get('cancel')!;
		expect(truth.active).toBe(0);
		expect(truth.prefixes.load).toMatchObject({memory: 8, in_flight: 0});
		expect(screenRow(screen, 'load')).toEqual({
			done: truth.prefixes.load.memory,
			total: 20,
			erred: 0,
			in_flight: 0,
			exact: true,
		});
	});

	it('shows erred tasks apart from done: 0 % done, erred as the scheduler counts them', () => {
		const {truth, screen} = seen.get('erred')!;
		expect(truth.prefixes.explode).toMatchObject({erred: 6, memory: 0, in_flight: 0});
		expect(truth.prefixes.summarize).toMatchObject({erred: 1});
		expect(screenRow(screen, 'explode')).toEqual({
			done: 0,
			total: 6,
			erred: truth.prefixes.explode.erred,
			in_flight: 0,
			exact: true,
		});
		expect(screenRow(screen, 'summarize')).toEqual({
			done: 0,
			total: 1,
			erred: truth.prefixes.summarize.erred,
			in_flight: 0,
			exact: true,
		});
		expect(screen).toMatch(/^explode +×+ +0\/6 +0% /m);
	});

	it('lists every prefix with erred tasks in a dask-top started after they erred (summarize erred by blame)', () => {
		const {truth, once} = seen.get('erred')!;
		expect(figures(rowOf(once!, 'explode'))).toEqual({
			done: 0,
			total: 6,
			erred: truth.prefixes.explode.erred,
			in_flight: 0,
			exact: true,
		});
		// waiting → released → erred, nothing of it forgotten: all its tasks still held, counted whole (≈).
		expect(truth.prefixes.summarize).toMatchObject({erred: 1, held: 1});
		expect(figures(rowOf(once!, 'summarize'))).toEqual({
			done: 0,
			total: truth.prefixes.summarize.held,
			erred: truth.prefixes.summarize.erred,
			in_flight: 0,
			exact: false,
		});
		// Erred rows first, in the order first seen.
		expect(once!.progress?.slice(0, 2).map((p) => p.prefix)).toEqual(['explode', 'summarize']);
	});

	it('lists only the current run: the re-run of load drops out once the erred run starts after an idle moment', () => {
		expect(screenRow(seen.get('cancel')!.screen, 'load')).toBeDefined();
		const {screen} = seen.get('erred')!;
		expect(screen).not.toMatch(/^load /m);
		// The erred prefixes stand out in order: explode first seen, then summarize.
		expect(screen.indexOf('\nexplode ')).toBeLessThan(screen.indexOf('\nsummarize '));
	});

	it('replays the recording to the rows the live screen showed at each moment', async () => {
		for (const [name, {screen, atMs}] of seen) {
			const replay = await runCli(['--replay', recording, '--once', '--json', '--at', new Date(atMs).toISOString()]);
			expect(replay.code, replay.stderr).toBe(0);
			const document = JSON.parse(replay.stdout) as {progress?: PrefixProgress[]};
			for (const prefix of ['load', 'explode', 'summarize']) {
				expect(figures(rowOf(document, prefix)), `${name}: ${prefix}`).toEqual(screenRow(screen, prefix));
			}
		}
	});
});
