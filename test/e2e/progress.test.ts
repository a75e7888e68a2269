/**
 * Task progress (view 2) against a real Dask (Debian's 2022.12.1 and 2026.7.1), compared with the
 * scheduler's own per-prefix task states (TaskPrefix.states through run_on_scheduler) at the same
 * held-still moment (cluster/progress_workload.py):
 *   first   20 `load` tasks done and held, then forgotten
 *   rerun   `load` again, 100 tasks: 35 done and held, 65 blocked (in flight) — read by a TUI
 *           started before the first run AND by a `--once --json` started now, mid-run
 *   cancel  the 65 blocked ones cancelled; the client still holds the 35, nothing in flight — and a
 *           `--once --json` started now, after it all
 *   midrun  a graph that releases its intermediates: 81 of 100 `inc` done (and released once their
 *           `dbl` has them), 19 blocked — read by a second TUI and a `--once --json` started now
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
import {CLUSTER_SCRIPTS_DIR, DASK_RELEASES, pythonEnv} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';

type Phase = 'first' | 'rerun' | 'cancel' | 'midrun' | 'erred';
const PREFIXES = ['load', 'inc', 'dbl', 'total', 'explode', 'summarize'] as const;
type Prefix = (typeof PREFIXES)[number];

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
	readonly prefixes: Readonly<Record<Prefix, PrefixTruth>>;
	/** Tasks waiting, queued, processing or without a worker, cluster-wide. */
	readonly active: number;
	readonly memory: number;
}

/** One prefix row as a screen shows it; a range `lo–hi` as [lo, hi]. */
interface ScreenRow {
	readonly done: number;
	/** undefined: `?`, the total is unknown. */
	readonly total: number | undefined;
	readonly percent: string;
	readonly erred: number;
	readonly cancelled: readonly [number, number];
	readonly in_flight: readonly [number, number];
	readonly held: readonly [number, number];
	readonly exact: boolean;
	readonly unknownBar: boolean;
}

function range(text: string): [number, number] {
	const [lo, hi] = text.split('–').map(Number);
	return [lo!, hi ?? lo!];
}

// PREFIX PROGRESS DONE/TOTAL % DONE/S ERRED CANCELLED IN-FLIGHT HELD [OUTPUT MEAN] SINCE
const COUNT = String.raw`\d+(?:–\d+)?`;
const ROW = new RegExp(
	String.raw`^(\S+) +(total unknown|\S+) +(≈?)(\d+)/(\d+|\?) +(\d+%|\?) +\S+ +(\d+) +(${COUNT}) +(${COUNT}) +` +
		String.raw`(${COUNT}) +(?:\S+ +){0,2}≈?(?:\d\d:\d\d:\d\d|start) *$`,
	'gm',
);

function screenRows(screen: string): Map<string, ScreenRow> {
	const out = new Map<string, ScreenRow>();
	for (const m of screen.matchAll(ROW)) {
		out.set(m[1]!, {
			unknownBar: m[2] === 'total unknown',
			exact: m[3] === '',
			done: Number(m[4]),
			total: m[5] === '?' ? undefined : Number(m[5]),
			percent: m[6]!,
			erred: Number(m[7]),
			cancelled: range(m[8]!),
			in_flight: range(m[9]!),
			held: range(m[10]!),
		});
	}
	return out;
}

function screenRow(screen: string, prefix: string): ScreenRow | undefined {
	return screenRows(screen).get(prefix);
}

/** The row's figures as the screen would show them. */
function asScreen(p: PrefixProgress | undefined): Omit<ScreenRow, 'percent' | 'unknownBar'> | undefined {
	return (
		p && {
			done: p.done,
			total: p.total,
			erred: p.erred,
			cancelled: [p.cancelled, p.cancelled_max ?? p.cancelled],
			in_flight: [p.in_flight, p.in_flight_max ?? p.in_flight],
			held: [p.held ?? 0, p.held_max ?? p.held ?? 0],
			exact: p.exact,
		}
	);
}

function withoutLook(row: ScreenRow | undefined): Omit<ScreenRow, 'percent' | 'unknownBar'> | undefined {
	if (!row) return undefined;
	const {percent: _p, unknownBar: _u, ...figures} = row;
	return figures;
}

interface Document {
	readonly progress?: PrefixProgress[];
}

function rowOf(document: Document, prefix: string): PrefixProgress | undefined {
	return document.progress?.find((p) => p.prefix === prefix);
}

describe.each(DASK_RELEASES)('task progress against the scheduler’s own task states on Dask %s', (release) => {
	const dir = mkdtempSync(join(tmpdir(), 'dask-top-progress-e2e-'));
	const recording = join(dir, 'progress.ndjson');
	const terminal = new TmuxSession({name: `dask-top-progress-${release}`, width: 170, height: 45});
	const late = new TmuxSession({name: `dask-top-progress-late-${release}`, width: 170, height: 45});
	let cluster: Cluster;
	let workload: GroupProcess;
	const events: Array<{event: string; truth?: Truth}> = [];
	const seen = new Map<
		Phase,
		{truth: Truth; screen: string; atMs: number; endMs: number; once?: Document; lateScreen?: string}
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

	function startTui(session: TmuxSession, record: boolean): void {
		if (session.start() !== 0) throw new Error(`tmux could not start a session on socket ${session.socket}`);
		const recordArgs = record ? ` --record ${recording}` : '';
		session.keys(`CI=true node ${CLI_PATH} --interval 1s${recordArgs} ${cluster.httpUrl}`, 'Enter');
	}

	/** Two polls (1 s apart) after the phase is in place, read the screen(s); then let the workload go on. */
	async function hold(name: Phase, check: (screen: string) => boolean, opts: {once?: boolean; late?: boolean} = {}) {
		const truth = await phase(name);
		if (opts.late) startTui(late, false);
		await sleep(2500);
		const screen = await terminal.waitFor(`the ${name} rows`, check, 20_000);
		const atMs = Date.now();
		let lateScreen: string | undefined;
		if (opts.late) {
			await late.waitFor('the late TUI', (t) => t.includes('dask-top │'), 20_000);
			late.keys('2');
			lateScreen = await late.waitFor('the late TUI rows', (t) => screenRow(t, 'inc') !== undefined, 20_000);
		}
		const once = opts.once
			? (JSON.parse((await runCli(['--once', '--json', cluster.httpUrl])).stdout) as Document)
			: undefined;
		seen.set(name, {
			truth,
			screen,
			atMs,
			endMs: Date.now(),
			...(once ? {once} : {}),
			...(lateScreen ? {lateScreen} : {}),
		});
		workload.child.stdin!.write('next\n');
	}

	beforeAll(async () => {
		cluster = await startCluster({dask: release});
		startTui(terminal, true);
		await terminal.waitFor('the worker table', (t) => t.includes('dask-top │') && /alpha/.test(t));
		terminal.keys('2');
		await terminal.waitFor('the progress view', (t) => t.includes('Per task prefix'));
		workload = spawnGroup(cluster.python, [`${CLUSTER_SCRIPTS_DIR}progress_workload.py`, cluster.schedulerAddress], {
			env: pythonEnv(daskConfigDir(cluster)),
			logPath: join(cluster.tempDir, 'workload-progress.log'),
			stdin: 'pipe',
			pipeStdout: true,
		});
		createInterface({input: workload.child.stdout!}).on('line', (line) =>
			events.push(JSON.parse(line) as {event: string; truth?: Truth}),
		);
		await hold('first', (s) => screenRow(s, 'load')?.done === 20);
		await hold('rerun', (s) => screenRow(s, 'load')?.in_flight[0] === 65, {once: true});
		await hold('cancel', (s) => screenRow(s, 'load')?.cancelled[0] === 65, {once: true});
		await hold('midrun', (s) => screenRow(s, 'inc')?.in_flight[0] === 19, {once: true, late: true});
		await hold('erred', (s) => screenRow(s, 'summarize') !== undefined, {once: true});
		const exited = workload.exit ? Promise.resolve() : once(workload.child, 'exit');
		await Promise.race([exited, sleep(60_000)]);
		terminal.keys('q');
		await terminal.waitFor('the TUI to quit', (t) => !t.includes('dask-top │'));
	}, 400_000);

	afterAll(async () => {
		terminal.kill();
		late.kill();
		if (workload) await killGroups([workload.pid]);
		await cluster?.stop();
		rmSync(dir, {recursive: true, force: true});
	}, 60_000);

	it("never shows more in flight than the cluster's exact count, on any screen or document", () => {
		for (const [name, {truth, screen, once, lateScreen}] of seen) {
			const sum = (rows: Iterable<{in_flight: readonly [number, number]}>) =>
				[...rows].reduce((n, r) => n + r.in_flight[0], 0);
			expect(sum(screenRows(screen).values()), `${name}: ${screen}`).toBeLessThanOrEqual(truth.active);
			if (lateScreen) expect(sum(screenRows(lateScreen).values()), name).toBeLessThanOrEqual(truth.active);
			if (once) {
				expect(
					once.progress!.reduce((n, p) => n + p.in_flight, 0),
					name,
				).toBeLessThanOrEqual(truth.active);
				// Each prefix's bounds hold the scheduler's own figures.
				for (const p of once.progress!) {
					const t = truth.prefixes[p.prefix as Prefix];
					if (!t) continue;
					expect(p.in_flight, `${name} ${p.prefix}`).toBeLessThanOrEqual(t.in_flight);
					expect(p.in_flight_max ?? p.in_flight, `${name} ${p.prefix}`).toBeGreaterThanOrEqual(t.in_flight);
					expect(p.held, `${name} ${p.prefix}`).toBeLessThanOrEqual(t.memory);
					expect(p.held_max ?? p.held, `${name} ${p.prefix}`).toBeGreaterThanOrEqual(t.memory);
				}
			}
		}
	});

	it(
		'shows a re-run prefix counted from the idle moment before it, ' +
			'as the scheduler sees it (TUI started before both runs)',
		() => {
			const first = seen.get('first')!;
			expect(first.truth.prefixes.load).toMatchObject({memory: 20, in_flight: 0});
			expect(withoutLook(screenRow(first.screen, 'load'))).toEqual({
				done: 20,
				total: 20,
				erred: 0,
				cancelled: [0, 0],
				in_flight: [0, 0],
				held: [20, 20],
				exact: true,
			});
			const {truth, screen} = seen.get('rerun')!;
			// The first run is forgotten: the scheduler holds only the re-run's 100 tasks, 35 in memory, 65 in flight.
			expect(truth.prefixes.load).toMatchObject({memory: 35, in_flight: 65, held: 100});
			expect(withoutLook(screenRow(screen, 'load'))).toEqual({
				done: truth.prefixes.load.memory,
				total: truth.prefixes.load.held,
				erred: 0,
				cancelled: [0, 0],
				in_flight: [65, 65],
				held: [35, 35],
				exact: true,
			});
		},
	);

	it(
		'started mid-run: done since its start, in flight and the results held as the scheduler counts them, ' +
			'the total unknown',
		() => {
			const {truth, once, atMs, endMs} = seen.get('rerun')!;
			const row = rowOf(once!, 'load');
			expect(asScreen(row)).toEqual({
				done: 0,
				total: undefined,
				erred: 0,
				cancelled: [0, 0],
				in_flight: [truth.prefixes.load.in_flight, truth.prefixes.load.in_flight],
				held: [truth.prefixes.load.memory, truth.prefixes.load.memory],
				exact: false,
			});
			expect(row?.counted_from).toBe('first-sample');
			// Since its own first poll: after the screen was read, before it printed.
			expect(row?.since).toBeGreaterThanOrEqual(atMs / 1000);
			expect(row?.since).toBeLessThanOrEqual(endMs / 1000);
		},
	);

	it('after a cancel of 65 of 100, says they were cancelled, apart from the 35 done and held', () => {
		const {truth, screen} = seen.get('cancel')!;
		expect(truth.active).toBe(0);
		expect(truth.prefixes.load).toMatchObject({memory: 35, in_flight: 0});
		expect(withoutLook(screenRow(screen, 'load'))).toEqual({
			done: 35,
			total: 100,
			erred: 0,
			cancelled: [65, 65],
			in_flight: [0, 0],
			held: [35, 35],
			exact: true,
		});
		expect(screenRow(screen, 'load')?.percent).toBe('35%');
	});

	it('gives a row to results a client holds with nothing in flight, in a dask-top started after them', () => {
		const {truth, once} = seen.get('cancel')!;
		const row = rowOf(once!, 'load');
		expect(row).toMatchObject({done: 0, in_flight: 0, held: truth.prefixes.load.memory, counted_from: 'epoch'});
		expect(row).not.toHaveProperty('held_max');
	});

	it('started mid-run on a graph that releases intermediates: no percentage of an unknown total', () => {
		const {truth, screen, lateScreen, once} = seen.get('midrun')!;
		expect(truth.prefixes.inc).toMatchObject({memory: 0, in_flight: 19});
		expect(truth.prefixes.dbl).toMatchObject({memory: 81, in_flight: 19});
		// Started before: exact, counted from the idle moment before the graph.
		expect(withoutLook(screenRow(screen, 'inc'))).toMatchObject({
			done: 81,
			total: 100,
			in_flight: [19, 19],
			exact: true,
		});
		// Started now: 81 incs were done and released before it; what was submitted is not known.
		const lateInc = screenRow(lateScreen!, 'inc');
		expect(lateInc).toMatchObject({done: 0, total: undefined, percent: '?', unknownBar: true, exact: false});
		expect(lateInc?.in_flight).toEqual([19, 19]);
		expect(lateScreen).toMatch(/^inc +total unknown +≈0\/\? +\? /m);
		expect(rowOf(once!, 'inc')).toMatchObject({done: 0, in_flight: 19, counted_from: 'first-sample', exact: false});
		expect(rowOf(once!, 'inc')).not.toHaveProperty('total');
		// dbl was never released: its counters say everything, exactly.
		expect(asScreen(rowOf(once!, 'dbl'))).toMatchObject({done: 81, total: 100, in_flight: [19, 19], exact: true});
	});

	it('shows erred tasks apart from done: 0 % done, erred as the scheduler counts them', () => {
		const {truth, screen} = seen.get('erred')!;
		expect(truth.prefixes.explode).toMatchObject({erred: 6, memory: 0, in_flight: 0});
		expect(truth.prefixes.summarize).toMatchObject({erred: 1});
		expect(screenRow(screen, 'explode')).toMatchObject({done: 0, total: 6, erred: 6, in_flight: [0, 0], exact: true});
		expect(screenRow(screen, 'summarize')).toMatchObject({done: 0, total: 1, erred: 1, in_flight: [0, 0], exact: true});
		expect(screen).toMatch(/^explode +×+ +0\/6 +0% /m);
	});

	it('lists every prefix with erred tasks in a dask-top started after they erred (summarize erred by blame)', () => {
		const {truth, once} = seen.get('erred')!;
		expect(rowOf(once!, 'explode')).toMatchObject({done: 0, total: 6, erred: 6, in_flight: 0, exact: true});
		// waiting → released → erred, nothing of it forgotten: all its tasks still held, counted whole (≈).
		expect(truth.prefixes.summarize).toMatchObject({erred: 1, held: 1});
		expect(rowOf(once!, 'summarize')).toMatchObject({
			done: 0,
			total: truth.prefixes.summarize.held,
			erred: truth.prefixes.summarize.erred,
			in_flight: 0,
			exact: false,
		});
		// Erred rows first, in the order first seen.
		expect(once!.progress?.slice(0, 2).map((p) => p.prefix)).toEqual(['explode', 'summarize']);
	});

	it('lists only the current run: earlier prefixes holding nothing drop out once the erred run starts', () => {
		expect(screenRow(seen.get('cancel')!.screen, 'load')).toBeDefined();
		const {screen} = seen.get('erred')!;
		for (const earlier of ['load', 'inc', 'dbl', 'total']) expect(screen).not.toMatch(new RegExp(`^${earlier} `, 'm'));
		expect(screen.indexOf('\nexplode ')).toBeLessThan(screen.indexOf('\nsummarize '));
	});

	it('replays the recording to the rows the live screen showed at each moment', async () => {
		for (const [name, {screen, atMs}] of seen) {
			const replay = await runCli(['--replay', recording, '--once', '--json', '--at', new Date(atMs).toISOString()]);
			expect(replay.code, replay.stderr).toBe(0);
			const document = JSON.parse(replay.stdout) as Document;
			for (const prefix of PREFIXES) {
				expect(asScreen(rowOf(document, prefix)), `${name}: ${prefix}`).toEqual(withoutLook(screenRow(screen, prefix)));
			}
		}
	}, 90_000);
});
