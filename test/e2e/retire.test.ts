/**
 * Retiring a worker through the running TUI (tmux, the BUILT CLI) against a cluster of its own
 * (real Debian Dask 2022.12.1, api module on; alpha and beta under nannies, gamma without): the
 * keys gamma and beta held are scattered there by a Python client first, and the same client's
 * who_has is the ground truth of where they went. The gamma session is recorded, and its replay
 * must show the same retire event (and refuse to act).
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {daskConfigDir, startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {groundTruth} from './helpers/ground-truth.js';
import {CLUSTER_SCRIPTS_DIR, PYTHON, pythonEnv, runPythonJson} from './helpers/python.js';
import {TmuxSession} from './helpers/tmux.js';
import {API_OFF_TEXT, READ_ONLY_TEXT} from '../../source/ui/views/confirm-lines.js';

type WhoHas = Record<string, string[]>;

/** The screen with every run of spaces and line breaks as one space (the events view wraps long lines). */
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

let cluster: Cluster;
let holder: ChildProcessWithoutNullStreams | undefined;
let held: {keys: string[]; who_has: WhoHas};
let terminal: TmuxSession | undefined;
let recording: string;

beforeAll(async () => {
	recording = join(mkdtempSync(join(tmpdir(), 'dask-top-retire-')), 'retire.ndjson');
	cluster = await startCluster();
	const gamma = workerNamed(cluster, 'gamma').address;
	const beta = workerNamed(cluster, 'beta').address;
	holder = spawn(
		PYTHON,
		[join(CLUSTER_SCRIPTS_DIR, 'retire_data.py'), 'hold', cluster.schedulerAddress, `${gamma}=12`, `${beta}=7`],
		{env: pythonEnv(daskConfigDir(cluster))},
	);
	const lines = createInterface({input: holder.stdout});
	const first = await new Promise<string>((resolve, reject) => {
		lines.once('line', resolve);
		holder!.once('exit', (code) => reject(new Error(`retire_data.py exited with ${code}`)));
	});
	held = JSON.parse(first) as typeof held;
}, 120_000);

afterAll(async () => {
	holder?.stdin.end();
	holder?.kill();
	await cluster?.stop();
});

afterEach(() => {
	terminal?.kill();
	terminal = undefined;
});

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

const whoHas = () =>
	runPythonJson<WhoHas>('retire_data.py', ['who_has', cluster.schedulerAddress], pythonEnv(daskConfigDir(cluster)));

async function open(args: string): Promise<TmuxSession> {
	const t = new TmuxSession({name: 'dask-top-retire', width: 120, height: 40});
	terminal = t;
	if (t.start() !== 0) throw new Error(`tmux could not start a session on socket ${t.socket}`);
	t.keys(`env -u FORCE_COLOR CI=true node ${CLI_PATH} ${cluster.httpUrl} -i 1s ${args}; echo EXIT=$?`, 'Enter');
	await t.waitFor('the worker table', (s) => s.includes('dask-top │') && /^. alpha /m.test(s) && s.includes('NAME'));
	return t;
}

/**
 * Selects the row of `name` (sorted by name: alpha, beta, gamma) and presses `key`; the
 * confirmation names the worker.
 */
function selectAndPress(t: TmuxSession, row: number, key: string): void {
	t.keys('g');
	for (let i = 0; i < row; i++) t.keys('j');
	t.keys(key);
}

describe('retire a worker (real Debian Dask, api module on)', () => {
	it('without --allow-actions, F9 says dask-top is read-only and how to enable actions; nothing changes', async () => {
		const t = await open('');
		expect(t.screen()).not.toContain('ACTIONS ENABLED');
		selectAndPress(t, 2, 'F9');
		await t.waitFor('the read-only line', (s) => s.includes(READ_ONLY_TEXT));
		t.keys('K');
		await sleep(1500);
		expect(t.screen()).not.toContain('Retire worker');
		const truth = await groundTruth(cluster);
		expect(truth.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta', 'gamma']);
		expect(await whoHas()).toEqual(held.who_has);
	}, 60_000);

	it('retires gamma (no nanny): F9, y → it leaves, ' +
		'its 12 keys move to the others, the event is logged, no worker-lost alert', async () => {
		const gamma = workerNamed(cluster, 'gamma').address;
		const before = await groundTruth(cluster);
		expect(before.workers.find((w) => w.name === 'gamma')?.keys_in_memory).toBe(12);
		const gammaKeys = Object.entries(held.who_has)
			.filter(([, where]) => where.includes(gamma))
			.map(([key]) => key);
		expect(gammaKeys).toHaveLength(12);

		const t = await open(`--allow-actions --record ${recording}`);
		expect(t.screen()).toContain('ACTIONS ENABLED');
		selectAndPress(t, 2, 'F9');
		const confirm = await t.waitFor('the confirmation', (s) => s.includes('Retire worker gamma'));
		expect(confirm).toContain(gamma);
		expect(confirm).toMatch(/memory \d/);
		expect(confirm).toContain('12 keys in memory');
		expect(confirm).toContain('It has no nanny: it exits and stays gone.');
		t.keys('y');
		t.keys('3');
		const events = flat(
			await t.waitFor('the retire event', (s) => flat(s).includes('gamma retired: its 12 keys moved, it left'), 60_000),
		);
		expect(events).toContain('gamma retired: its 12 keys moved, it left (scheduler answered HTTP 200: retired gamma)');
		expect(events).not.toMatch(/gamma \(tcp:[^)]*\) lost/);
		expect(events).toContain('alerts ✗0');

		const after = await groundTruth(cluster);
		expect(after.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta']);
		const where = await whoHas();
		for (const key of gammaKeys) {
			expect(where[key]?.length, `${key} is held somewhere`).toBeGreaterThan(0);
			expect(where[key]).not.toContain(gamma);
		}
		expect(Object.keys(where).sort()).toEqual([...held.keys].sort());
		t.keys('q');
		await t.waitFor('dask-top to exit', (s) => s.includes('EXIT=0'));
	}, 120_000);

	it('replays that recording with the same retire event, and a replay cannot act', async () => {
		const replayed = await runCli(['--replay', recording, '--once', '--json']);
		expect(replayed.code, replayed.stderr).toBe(0);
		const doc = JSON.parse(replayed.stdout) as {
			events: Array<{kind: string; severity: string; message: string}>;
			alerts: Array<{kind: string}>;
		};
		expect(doc.events.filter((e) => e.kind === 'retire')).toEqual([
			expect.objectContaining({
				severity: 'info',
				message: 'gamma retired: its 12 keys moved, it left (scheduler answered HTTP 200: retired gamma)',
			}),
		]);
		expect(doc.alerts.map((a) => a.kind)).not.toContain('worker_lost');

		const t = new TmuxSession({name: 'dask-top-retire', width: 120, height: 40});
		terminal = t;
		if (t.start() !== 0) throw new Error(`tmux could not start a session on socket ${t.socket}`);
		t.keys(`env -u FORCE_COLOR CI=true node ${CLI_PATH} --replay ${recording} --allow-actions; echo EXIT=$?`, 'Enter');
		await t.waitFor('the replay', (s) => s.includes('replay') && /^. alpha /m.test(s));
		t.keys('F9');
		const screen = await t.waitFor('the replay line', (s) => s.includes('a recording cannot act'));
		expect(screen).not.toContain('ACTIONS ENABLED');
		expect(screen).not.toContain('Retire worker');
	}, 60_000);

	it('retires beta (nanny): its keys move, its nanny restarts it and it rejoins empty; ' +
		'the outcome says so', async () => {
		const beta = workerNamed(cluster, 'beta').address;
		// Its own 7 keys, and some of gamma's if an earlier test moved them here.
		const betaKeys = Object.entries(await whoHas())
			.filter(([, where]) => where.includes(beta))
			.map(([key]) => key);
		expect(betaKeys.length).toBeGreaterThanOrEqual(7);

		const t = await open('--allow-actions');
		selectAndPress(t, 1, 'K');
		const confirm = await t.waitFor('the confirmation', (s) => s.includes('Retire worker beta'));
		expect(confirm).toContain(`${betaKeys.length} keys in memory`);
		expect(confirm).toContain('It has a nanny');
		t.keys('y');
		t.keys('3');
		const outcome = await t.waitFor(
			'the rejoined outcome',
			(s) =>
				flat(s).includes(
					"beta retired and rejoined empty (its nanny restarted it; stopping it for good is the resource manager's job)",
				),
			60_000,
		);
		expect(flat(outcome)).toContain('(scheduler answered HTTP 200: retired beta)');
		expect(flat(outcome)).toContain('alerts ✗0');

		const after = await groundTruth(cluster);
		const again = after.workers.find((w) => w.name === 'beta');
		// The helpers pass every port explicitly, so the restarted worker is back at the same address: a new process, empty.
		expect(again?.address).toBe(beta);
		expect(again?.keys_in_memory).toBe(0);
		expect(alive(workerNamed(cluster, 'beta').pid), 'the retired worker process exited').toBe(false);
		const where = await whoHas();
		for (const key of betaKeys) {
			expect(where[key]?.length, `${key} is held somewhere`).toBeGreaterThan(0);
			expect(where[key]).not.toContain(beta);
		}
	}, 120_000);
});

describe('retire without the api module', () => {
	let plain: Cluster;
	beforeAll(async () => {
		plain = await startCluster({
			api: false,
			workers: [{name: 'solo', nthreads: 1, memoryLimitBytes: 600_000_000, nanny: false}],
		});
	}, 120_000);
	afterAll(async () => {
		await plain?.stop();
	});

	it('says how to enable the api module (the routes setting), not "404"; the worker stays', async () => {
		// 120 columns: the whole line, the setting to change included, fits beside help and quit.
		const t = new TmuxSession({name: 'dask-top-retire', width: 120, height: 30});
		terminal = t;
		if (t.start() !== 0) throw new Error(`tmux could not start a session on socket ${t.socket}`);
		t.keys(`env -u FORCE_COLOR CI=true node ${CLI_PATH} ${plain.httpUrl} --allow-actions; echo EXIT=$?`, 'Enter');
		await t.waitFor('the worker table', (s) => /^. solo /m.test(s) && s.includes('NAME'));
		t.keys('F9');
		const screen = await t.waitFor('the api module line', (s) => s.includes('retire needs the api module'));
		expect(screen.split('\n').find((line) => line.includes('retire needs'))).toContain(API_OFF_TEXT);
		expect(screen).not.toMatch(/\b404\b/);
		expect(screen).not.toContain('Retire worker');
		const truth = await groundTruth(plain);
		expect(truth.workers.map((w) => w.name)).toEqual(['solo']);
	}, 60_000);
});
