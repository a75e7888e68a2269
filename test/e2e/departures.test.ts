/**
 * Routine departures are not incidents, on both Dask releases (real clusters, the BUILT CLI): one
 * cluster per release, a worker of its own for each case, the CLI recording at 1 s while they
 * happen, then the recording replayed (--once --json) for the event log and the gone workers:
 *   retired    Client.retire_workers of one worker (a user, a cluster manager)  → info "left: retired"
 *   term       SIGTERM to a worker without a nanny, holding nothing              → no critical
 *   nterm      SIGTERM to a nanny (dask worker --nanny stops in order)          → no critical
 *   killed     SIGKILL to a worker without a nanny holding 4 keys               → critical, lost
 *   down1/2    a scale-down of both at once (SpecCluster's retire_workers call) → info, no critical
 * and --check stays OK after the retire. HTTP cannot tell a SIGTERM from a kill -9 (the scheduler
 * logs both the same way): an idle worker gone that way is a warning "gone", not an alert.
 */
import type {ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {LostWorker} from '../../source/output/json-document.js';
import type {ModelEvent} from '../../source/model/types.js';
import {holdKeys} from './helpers/key-holder.js';
import {killAll, roundsOnDisk, run, start, waitFor} from './helpers/cli-runs.js';
import {type Cluster, daskConfigDir, startCluster, workerNamed} from './helpers/cluster.js';
import {DASK_RELEASES, pythonEnv, runPythonJson} from './helpers/python.js';

const MB = 1_000_000;
const plain = (name: string) => ({name, nthreads: 1, memoryLimitBytes: 400 * MB, nanny: false});
const WORKERS = [
	plain('stays'),
	plain('retired'),
	plain('term'),
	{...plain('nterm'), nanny: true},
	plain('killed'),
	plain('down1'),
	{...plain('down2'), nanny: true},
];

interface Replayed {
	readonly events: readonly ModelEvent[];
	readonly lost_workers: readonly LostWorker[];
}

describe.each(DASK_RELEASES)('worker departures on Dask %s', (dask) => {
	let cluster: Cluster;
	let holder: ChildProcessWithoutNullStreams | undefined;
	let doc: Replayed;
	let checkAfterRetire: Awaited<ReturnType<typeof run>>;

	const client = (mode: string, ...args: string[]) =>
		runPythonJson<string[]>(
			'departures.py',
			[mode, cluster.schedulerAddress, ...args],
			pythonEnv(daskConfigDir(cluster)),
			60_000,
			cluster.python,
		);

	beforeAll(async () => {
		cluster = await startCluster({dask, workers: WORKERS});
		const file = join(mkdtempSync(join(tmpdir(), 'dask-top-departures-')), 'departures.ndjson');
		// A client holding 4 scattered keys on `killed` (they die with it).
		holder = await holdKeys(cluster, workerNamed(cluster, 'killed').address, 4);
		const recorder = start(['--record', file, '--interval', '1s', cluster.httpUrl]);
		const rounds = async (n: number) => {
			const from = roundsOnDisk(file);
			await waitFor(`${n} more rounds`, () => roundsOnDisk(file) >= from + n, 60_000);
		};
		await rounds(4);
		await client('retire', workerNamed(cluster, 'retired').address);
		await rounds(3);
		checkAfterRetire = await run(['--check', cluster.httpUrl]);
		process.kill(workerNamed(cluster, 'term').pid, 'SIGTERM');
		await rounds(3);
		process.kill(workerNamed(cluster, 'nterm').processGroup, 'SIGTERM'); // the nanny: it closes its worker
		await rounds(3);
		process.kill(workerNamed(cluster, 'killed').pid, 'SIGKILL');
		await rounds(3);
		await client('scale-down', 'down1', 'down2');
		// The scheduler's log is asked at most every 10 s while a departure waits: time for the last ones.
		await rounds(14);
		recorder.child.kill('SIGTERM');
		await recorder.done;
		const replayed = await run(['--replay', file, '--once', '--json']);
		expect(replayed.code, replayed.stderr).toBe(0);
		doc = JSON.parse(replayed.stdout) as Replayed;
	}, 300_000);

	afterAll(async () => {
		killAll();
		holder?.stdin.end();
		holder?.kill();
		await cluster?.stop();
	});

	const eventsOf = (name: string) => doc.events.filter((e) => e.subject_name === name);
	const departureOf = (name: string) => doc.lost_workers.find((w) => w.name === name)?.departure;
	const lines = () => doc.events.map((e) => `${e.severity} ${e.kind} ${e.subject_name}: ${e.message}`).join('\n');

	it('Client.retire_workers of one worker: an info event "left: retired", no critical; --check stays OK', () => {
		expect(
			eventsOf('retired').map((e) => `${e.severity} ${e.message}`),
			lines(),
		).toEqual(["info worker retired left: retired (the scheduler's log)"]);
		expect(departureOf('retired')).toMatchObject({verdict: 'left', cause: 'retired', confidence: 'sure'});
		expect(checkAfterRetire.stdout).toMatch(/^DASK OK - /);
		expect(checkAfterRetire.code).toBe(0);
	});

	it.each(['term', 'nterm'])('SIGTERM of %s, holding no work: no critical, a warning "gone" saying why', (name) => {
		const events = eventsOf(name).filter((e) => e.kind === 'worker_lost' || e.kind === 'worker_retired');
		expect(
			events.map((e) => e.severity),
			lines(),
		).toEqual(['warning']);
		expect(events[0]?.message).toMatch(
			/gone, holding no work: not retired \(the scheduler's log\): closed or killed, HTTP cannot tell/,
		);
		expect(departureOf(name)).toMatchObject({verdict: 'gone', cause: 'unknown', confidence: 'unknown'});
	});

	it('SIGKILL of a worker without nanny holding 4 keys: a critical "lost" alert (still)', () => {
		const lost = eventsOf('killed').filter((e) => e.kind === 'worker_lost');
		expect(
			lost.map((e) => e.severity),
			lines(),
		).toEqual(['critical']);
		expect(lost[0]?.message).toMatch(/^worker killed \(tcp:[^)]+\) lost with its work \(4 keys held\)/);
		expect(departureOf('killed')).toMatchObject({verdict: 'lost', severity: 'critical'});
	});

	it('a scale-down of two workers at once: info events "left: retired", no critical', () => {
		for (const name of ['down1', 'down2'])
			expect(
				eventsOf(name).map((e) => `${e.severity} ${e.message}`),
				lines(),
			).toEqual([`info worker ${name} left: retired (the scheduler's log)`]);
	});

	it('raises no other critical departure: only the killed worker', () => {
		const critical = doc.events
			.filter((e) => (e.kind === 'worker_lost' || e.kind === 'worker_retired') && e.peak_severity === 'critical')
			.map((e) => e.subject_name);
		expect(critical, lines()).toEqual(['killed']);
	});
});
