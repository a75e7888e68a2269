/**
 * --stacks, --errors and --logs (the BUILT CLI) against a cluster of their own on both releases
 * (real Dask, default layout: alpha, beta, gamma): drill_workload.py blocks one task in
 * `drill_blocked_here` on alpha, makes one raise DrillError (whose repr, the text Dask shows, is
 * its text as it is) with escape sequences in it, and logs a line (escape sequences too) on beta's
 * `distributed.worker` logger through Client.run. The text output shows those texts inert (no ESC
 * or BEL reaches stdout), --json keeps them exact.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI_PATH, runCli} from './helpers/cli.js';
import {TmuxSession} from './helpers/tmux.js';
import {daskConfigDir, logsOf, startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {CLUSTER_SCRIPTS_DIR, DASK_RELEASES, pythonEnv} from './helpers/python.js';

const ERROR_TEXT = 'drill error 4711 \u001b[2J\u001b]0;pwned\u0007 end';
const LOG_TEXT = 'drill log 8123 \u001b[31mred\u001b[0m end';
/** What reaches a terminal must hold no ESC, BEL or C1 control. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

interface Ready {
	readonly event: 'ready';
	readonly blocked_key: string;
	readonly raised_key: string;
	readonly blocked_worker: string;
	readonly log_worker: string;
}

describe.each(DASK_RELEASES)('drill-down pages on Dask %s', (dask) => {
	let cluster: Cluster;
	let client: ChildProcessWithoutNullStreams | undefined;
	let ready: Ready;
	let url: string;

	beforeAll(async () => {
		cluster = await startCluster({dask});
		url = cluster.httpUrl;
		client = spawn(
			cluster.python,
			[`${CLUSTER_SCRIPTS_DIR}drill_workload.py`, cluster.schedulerAddress, 'alpha', 'beta', ERROR_TEXT, LOG_TEXT],
			{env: pythonEnv(daskConfigDir(cluster))},
		);
		let stderr = '';
		client.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const lines = createInterface({input: client.stdout});
		const first = await new Promise<string>((resolve, reject) => {
			lines.once('line', resolve);
			client!.once('exit', (code) => reject(new Error(`drill_workload.py exited with ${code}\n${stderr}`)));
		});
		const event = JSON.parse(first) as Ready | {event: 'error'; message: string};
		if (event.event !== 'ready') throw new Error(`drill_workload.py: ${event.message}\n${logsOf(cluster)}`);
		ready = event;
	}, 120_000);

	afterAll(async () => {
		client?.stdin.end();
		client?.kill();
		await cluster?.stop();
	});

	it('--stacks shows the function the task is blocked in, marked as user code, innermost last', async () => {
		const run = await runCli(['--stacks', url]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).not.toMatch(ACTIVE);
		const block = run.stdout.split('\n\n').find((part) => part.includes(`task ${ready.blocked_key}`));
		expect(block, run.stdout).toBeDefined();
		expect(block!.startsWith(`alpha (${ready.blocked_worker})`)).toBe(true);
		const userFrames = block!.split('\n').filter((line) => line.startsWith('  > user'));
		expect(userFrames.at(-1)).toMatch(/drill_tasks\.py:\d+ in drill_blocked_here$/);
		// Below it only the standard library's wait (threading.py): innermost last.
		const frames = block!.split('\n').filter((line) => /^ {2}[> ] (user|dask|lib |std )/.test(line));
		expect(frames.at(-1)).toMatch(/ std {2}.*threading\.py:\d+ in wait$/);
		expect(frames[0]).toMatch(/ std {2}.*threading\.py:\d+ in _bootstrap$/);
	});

	it('--stacks --worker NAME --json gives that worker only, with the frames exact', async () => {
		const run = await runCli(['--stacks', '--worker', 'alpha', '--json', url]);
		expect(run.code, run.stderr).toBe(0);
		const doc = JSON.parse(run.stdout) as {
			stacks: Array<{worker: string; worker_name: string; key: string; frames: Array<Record<string, unknown>>}>;
			unread: unknown[];
		};
		expect(doc.unread).toEqual([]);
		expect(new Set(doc.stacks.map((s) => s.worker))).toEqual(new Set([ready.blocked_worker]));
		const stack = doc.stacks.find((s) => s.key === ready.blocked_key);
		expect(stack?.worker_name).toBe('alpha');
		const user = stack!.frames.filter((f) => f['kind'] === 'user').at(-1);
		expect(user).toMatchObject({function: 'drill_blocked_here', code: '_event(token).wait(max_seconds)'});
		expect(String(user!['file'])).toMatch(/\/drill_tasks\.py$/);
		expect(stack!.frames.some((f) => f['kind'] === 'dask')).toBe(true);
		// By address too; a worker that does not exist is one line naming those that do.
		const byAddress = await runCli(['--stacks', '--worker', ready.blocked_worker, '--json', url]);
		expect(JSON.parse(byAddress.stdout).stacks.map((s: {key: string}) => s.key)).toContain(ready.blocked_key);
		const wrong = await runCli(['--stacks', '--worker', 'delta', url]);
		expect(wrong.code).toBe(2);
		expect(wrong.stdout).toBe('');
		expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
		expect(wrong.stderr).toContain('no worker "delta"; the workers are: alpha (tcp://');
		expect(wrong.stderr).toContain(`gamma (${workerNamed(cluster, 'gamma').address})`);
	});

	it('--errors shows the chosen text inert and the raising line; --json keeps the text exact', async () => {
		const run = await runCli(['--errors', url]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).not.toMatch(ACTIVE);
		expect(run.stdout).toMatch(/^ +1 {2}DrillError {2}drill-raise$/m);
		expect(run.stdout).toContain(`${ready.raised_key}  on `);
		expect(run.stdout).toContain('  DrillError(drill error 4711 ␛[2J␛]0;pwned␇ end)\n');
		expect(run.stdout).toMatch(/drill_tasks\.py", line \d+, in drill_raise_chosen\n\s+raise DrillError\(text\)/);
		const json = await runCli(['--errors', '--json', url]);
		const doc = JSON.parse(json.stdout) as {errors: Array<Record<string, unknown>>};
		const erred = doc.errors.find((e) => e['key'] === ready.raised_key);
		expect(erred).toMatchObject({
			type: 'DrillError',
			prefix: 'drill-raise',
			exception: `DrillError(${ERROR_TEXT})`,
		});
		expect(String(erred!['traceback'])).toContain('raise DrillError(text)');
		expect(workerNamed(cluster, 'alpha').address.startsWith('tcp://')).toBe(true);
		expect(cluster.workers.map((w) => w.address)).toContain(erred!['worker']);
	});

	it("--logs WORKER shows the worker's line, inert; --json exact; --logs scheduler the scheduler's", async () => {
		const run = await runCli(['--logs', 'beta', url]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).not.toMatch(ACTIVE);
		expect(run.stdout).toMatch(/ - distributed\.worker - WARNING - drill log 8123 ␛\[31mred␛\[0m end$/m);
		const json = await runCli(['--logs', ready.log_worker, '--json', url]);
		const doc = JSON.parse(json.stdout) as {logs: Array<Record<string, unknown>>};
		expect(doc.logs.find((l) => l['message'] === LOG_TEXT)).toMatchObject({source: 'beta', level: 'WARNING'});
		// Oldest first: the worker's start before the line.
		const start = doc.logs.findIndex((l) => String(l['message']).includes('Start worker at'));
		expect(start).toBeGreaterThanOrEqual(0);
		expect(start).toBeLessThan(doc.logs.findIndex((l) => l['message'] === LOG_TEXT));
		const scheduler = await runCli(['--logs', 'scheduler', url]);
		expect(scheduler.code, scheduler.stderr).toBe(0);
		expect(scheduler.stdout).toMatch(/ - distributed\.scheduler - INFO - /);
		expect(scheduler.stdout).not.toContain('drill log 8123');
	});

	it('on the screen: S stacks, E erred tasks and Enter a traceback, L a log; recorded and replayed', async () => {
		const recording = join(mkdtempSync(join(tmpdir(), 'dask-top-drill-')), 'drill.ndjson');
		const t = new TmuxSession({name: 'dask-top-drill', width: 140, height: 40});
		try {
			t.start();
			t.keys(`env -u FORCE_COLOR CI=true node ${CLI_PATH} ${url} -i 1s --record ${recording}; echo EXIT=$?`, 'Enter');
			await t.waitFor('the worker table', (s) => s.includes('dask-top │') && /^. alpha /m.test(s));
			t.keys('g', 'Enter');
			// alpha's detail lists what it processes, with how long dask-top has seen it: ≥ (there at first sight).
			const detail = await t.waitFor("alpha's running task", (s) => s.includes(ready.blocked_key));
			expect(detail).toMatch(/Processing now 1 task, longest seen first/);
			expect(detail).toMatch(new RegExp(`≥\\d+(ms|s)  ${ready.blocked_key}$`, 'm'));
			t.keys('S');
			const stacks = await t.waitFor('the call stacks', (s) => s.includes('drill_blocked_here'));
			expect(stacks).toContain(`Call stacks alpha (${ready.blocked_worker})`);
			expect(stacks).toMatch(/^> you {2}drill_blocked_here {2}cluster\/drill_tasks\.py:\d+$/m);
			expect(stacks).toContain(`task ${ready.blocked_key}`);
			// (Esc alone, then the next key: Esc and a key at once read as Alt and that key.)
			t.keys('Escape');
			await t.waitFor('the detail again', (s) => !s.includes('Call stacks') && s.includes('Processing now'));
			t.keys('Escape');
			await t.waitFor('the table again', (s) => /^. alpha /m.test(s));
			t.keys('E');
			const errors = await t.waitFor('the erred tasks', (s) => s.includes(ready.raised_key));
			expect(errors).toMatch(/^ +1 {2}DrillError {2}drill-raise$/m);
			expect(errors).toContain('DrillError(drill error 4711 ␛[2J␛]0;pwned␇ end)');
			t.keys('Enter');
			const traceback = await t.waitFor('the traceback', (s) => s.includes('raise DrillError(text)'));
			expect(traceback).toMatch(/File ".*drill_tasks\.py", line \d+, in drill_raise_chosen/);
			t.keys('Escape');
			await t.waitFor('the table again', (s) => !s.includes('Erred tasks') && /^. alpha /m.test(s));
			t.keys('g', 'j', 'Enter');
			await t.waitFor("beta's detail", (s) => /Worker beta/.test(s));
			t.keys('L');
			const log = await t.waitFor("beta's log", (s) => s.includes('drill log 8123'));
			expect(log).toContain(`Log beta (${ready.log_worker})  following`);
			expect(log).toMatch(/WARNING +distributed\.worker drill log 8123 ␛\[31mred␛\[0m end/);
			// The next round carries what was read: wait for one before quitting.
			await new Promise((resolve) => setTimeout(resolve, 2500));
			t.keys('q');
			await t.waitFor('dask-top to exit', (s) => s.includes('EXIT=0'));
		} finally {
			t.kill();
		}
		// The recording holds the pages read; its replay shows them, with when they were read.
		const r = new TmuxSession({name: 'dask-top-drill-replay', width: 140, height: 40});
		try {
			r.start();
			r.keys(`env -u FORCE_COLOR CI=true node ${CLI_PATH} --replay ${recording}; echo EXIT=$?`, 'Enter');
			await r.waitFor('the replayed table', (s) => /^. alpha /m.test(s));
			r.keys('}');
			r.keys('E');
			const errors = await r.waitFor('the recorded erred tasks', (s) => s.includes(ready.raised_key));
			expect(errors).toMatch(/Erred tasks 1 .* read \d\d:\d\d:\d\d \(/);
			expect(errors).toContain('DrillError(drill error 4711 ␛[2J␛]0;pwned␇ end)');
			r.keys('Escape');
			await r.waitFor('the table again', (s) => !s.includes('Erred tasks') && /^. alpha /m.test(s));
			r.keys('g', 'S');
			await r.waitFor('the recorded call stacks', (s) => s.includes('drill_blocked_here'));
			r.keys('q');
			await r.waitFor('the replay to exit', (s) => s.includes('EXIT=0'));
		} finally {
			r.kill();
		}
	}, 120_000);
});
