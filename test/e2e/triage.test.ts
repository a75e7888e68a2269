/**
 * Triage end to end, against real Debian Dask 2022.12.1 clusters of this file's own (destructive:
 * a worker is killed, one is filled until it pauses, one holds a blocked task). Each test starts
 * its cluster, records it with the built CLI (`--record F --interval 1s URL`, stdout not a
 * terminal, so it polls until SIGTERM), does the damage while the recorder runs, stops it, and
 * reads the alerts and events back with `--replay F --once --json` — the document the TUI's
 * triage view also shows.
 */
import type {ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {afterAll, describe, expect, it} from 'vitest';
import type {Alert} from '../../source/model/types.js';
import type {JsonDocument} from '../../source/output/json-document.js';
import {runCli} from './helpers/cli.js';
import {logsOf, startCluster, workerNamed, type Cluster} from './helpers/cluster.js';
import {type Recording, startRecorder} from './helpers/recorder.js';
import {runWorkload, type Workload} from './helpers/workload.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-triage-'));
const recorders = new Set<ChildProcess>();

afterAll(() => {
	for (const child of recorders) child.kill('SIGKILL');
	rmSync(dir, {recursive: true, force: true});
});

/** `dask-top --record FILE --interval 1s URL` without a terminal: it polls until a signal. */
function record(cluster: Cluster, name: string): Recording {
	return startRecorder(cluster.httpUrl, join(dir, `${name}.ndjson`), recorders);
}

async function waitForRounds(recording: Recording, rounds: number, timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (recording.rounds() < rounds) {
		if (Date.now() > deadline)
			throw new Error(`the recording holds ${recording.rounds()} rounds after ${timeoutMs} ms, expected ${rounds}`);
		await sleep(100);
	}
}

/** `--replay FILE --once --json [...more]`: the document at the end of the recording. */
async function replay(file: string, more: readonly string[] = []): Promise<JsonDocument> {
	const result = await runCli(['--replay', file, '--once', '--json', ...more]);
	if (result.code !== 0) throw new Error(`--replay --once --json exited ${String(result.code)}: ${result.stderr}`);
	return JSON.parse(result.stdout) as JsonDocument;
}

/** Every alert in --json carries its severity, subject, start and whether it is ongoing. */
function expectAlertShape(alert: Alert): void {
	expect(['info', 'warning', 'critical']).toContain(alert.severity);
	expect(alert.subject).toMatch(/^(tcp:\/\/|cluster$)/);
	expect(alert.start_time).toBeTypeOf('number');
	expect(alert.duration_seconds).toBeGreaterThanOrEqual(0);
	expect(alert.state).toBe('ongoing');
}

function describeAlerts(document: JsonDocument): string {
	return JSON.stringify(
		document.alerts?.map((a) => `${a.severity} ${a.kind} ${a.subject_name}: ${a.message}`),
		null,
		1,
	);
}

/** Starts a cluster, runs `body` with it, and always stops it (with its logs in the failure). */
async function withCluster(body: (cluster: Cluster) => Promise<void>): Promise<void> {
	const cluster = await startCluster();
	try {
		await body(cluster);
	} catch (error) {
		throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logsOf(cluster, 15)}`, {
			cause: error,
		});
	} finally {
		await cluster.stop();
	}
}

describe('triage of a real Dask 2022.12.1 cluster, recorded and replayed', () => {
	// An idle worker killed: nothing was lost with it, and over HTTP a kill -9 cannot be told from a
	// SIGTERM (the scheduler's log says the same of both): a warning that it is gone, not a critical.
	// A worker killed with its work is critical: test/e2e/departures.test.ts.
	it('reports an idle worker killed by its PID as gone (a warning) within 10 s, keeping its last figures', async () => {
		await withCluster(async (cluster) => {
			const gamma = workerNamed(cluster, 'gamma');
			const recording = record(cluster, 'killed');
			await waitForRounds(recording, 3);
			const killedMs = Date.now();
			process.kill(gamma.pid, 'SIGKILL');
			await sleep(4000);
			await recording.stop();

			const document = await replay(recording.file);
			const lost = document.events?.find((e) => e.kind === 'worker_lost' && e.subject === gamma.address);
			expect(lost, describeAlerts(document)).toBeDefined();
			expect(lost).toMatchObject({severity: 'warning', subject_name: 'gamma'});
			const delaySeconds = lost!.start_time - killedMs / 1000;
			console.log(`[triage] worker-lost event ${delaySeconds.toFixed(2)} s after the kill`);
			expect(delaySeconds).toBeGreaterThan(-1);
			expect(delaySeconds).toBeLessThanOrEqual(10);
			expect(lost!.message).toMatch(
				new RegExp(
					/^worker gamma \(tcp:\/\/127\.0\.0\.1:\d+\) gone, holding no work: not retired \(the scheduler's log\): /
						.source +
						/closed or killed, HTTP cannot tell(; its nanny did not restart it)?; last status running; memory .*; /
							.source +
						/last seen \d\d:\d\d:\d\d( UTC)?$/.source,
				),
			);

			// Nothing ongoing: no worker_lost alert, no critical for it.
			expect(document.alerts?.find((a) => a.kind === 'worker_lost')).toBeUndefined();
			for (const a of document.alerts ?? []) expectAlertShape(a);

			expect(document.workers.map((w) => w.name).sort()).toEqual(['alpha', 'beta']);
			const last = document.lost_workers?.find((w) => w.address === gamma.address);
			expect(last).toMatchObject({
				name: 'gamma',
				status: 'running',
				nthreads: 2,
				memory_limit_bytes: gamma.memoryLimitBytes,
			});
			expect(last?.memory_process_bytes).toBeGreaterThan(0);
			expect(last?.tasks_executing).toBe(0);
			expect(last?.last_seen).toBeLessThanOrEqual(killedMs / 1000 + 1);
			expect(last?.last_listed_at).toBeLessThanOrEqual(lost!.start_time);
			expect(last?.lost_at).toBeLessThanOrEqual(lost!.start_time);
		});
	}, 60_000);

	it('alerts on tasks that erred before dask-top started, by prefix, until the client releases them', async () => {
		await withCluster(async (cluster) => {
			// explode ×3 and divide ×2 raise, summarize errs by blame: settled before the recorder starts.
			const workload = await runWorkload(cluster, 'busy');
			let released = false;
			try {
				expect(workload.ready).toMatchObject({kind: 'busy', erred: 6});
				const recording = record(cluster, 'erred-before');
				await waitForRounds(recording, 3);
				const heldAt = new Date().toISOString();
				await workload.stop();
				released = true;
				await waitForRounds(recording, recording.rounds() + 3);
				await recording.stop();

				const held = await replay(recording.file, ['--at', heldAt]);
				expect(held.scheduler.tasks.erred).toBe(6);
				const erred = held.alerts?.filter((a) => a.kind === 'erred_rising') ?? [];
				expect(erred, describeAlerts(held)).toHaveLength(1);
				expectAlertShape(erred[0]!);
				expect(erred[0]).toMatchObject({
					severity: 'warning',
					subject: 'cluster',
					message: '6 tasks erred before dask-top started (explode 3, divide 2, summarize 1)',
				});

				// The progress view (mid-run: the sleepers hold every thread) lists each prefix with erred
				// tasks, summarize (erred by blame, through released) too, after the prefixes in flight.
				const erredRows = (held.progress ?? []).filter((p) => p.erred > 0);
				expect(erredRows.map((p) => `${p.prefix} ${p.erred}`)).toEqual(['explode 3', 'divide 2', 'summarize 1']);
				const firstErred = (held.progress ?? []).findIndex((p) => p.erred > 0);
				// In flight first: proven, or possibly (in flight between bounds).
				expect((held.progress ?? []).slice(0, firstErred).every((p) => (p.in_flight_max ?? p.in_flight) > 0)).toBe(
					true,
				);

				// The workload's stop released its futures: no erred task left, the alert resolved (one event).
				const after = await replay(recording.file);
				expect(after.scheduler.tasks.erred).toBe(0);
				expect(
					after.alerts?.some((a) => a.kind === 'erred_rising'),
					describeAlerts(after),
				).toBe(false);
				const events = after.events?.filter((e) => e.kind === 'erred_rising') ?? [];
				expect(events).toEqual([expect.objectContaining({state: 'resolved', start_time: erred[0]!.start_time})]);
			} finally {
				if (!released) await workload.stop();
			}
		});
	}, 120_000);

	it('reports spilling and a pause on the small worker whose memory was filled', async () => {
		await withCluster(async (cluster) => {
			const beta = workerNamed(cluster, 'beta');
			const recording = record(cluster, 'filled');
			let workload: Workload | undefined;
			try {
				await waitForRounds(recording, 2);
				workload = await runWorkload(cluster, 'fill-memory');
				expect(workload.ready).toMatchObject({kind: 'fill-memory', name: 'beta', status: 'paused'});
				// A critical waits out critical_after_s (10 s): a pause seen for a poll is a warning until then.
				await waitForRounds(recording, recording.rounds() + 12);
				await recording.stop();
			} finally {
				await workload?.stop();
			}

			const document = await replay(recording.file);
			const onBeta = (document.alerts ?? []).filter((a) => a.subject === beta.address);
			for (const a of document.alerts ?? []) expectAlertShape(a);
			expect(
				onBeta.find((a) => a.kind === 'spilling'),
				describeAlerts(document),
			).toMatchObject({severity: 'warning', subject_name: 'beta', state: 'ongoing'});
			expect(
				onBeta.find((a) => a.kind === 'paused'),
				describeAlerts(document),
			).toMatchObject({severity: 'critical', state: 'ongoing'});
			expect(
				onBeta.find((a) => a.kind === 'memory'),
				describeAlerts(document),
			).toMatchObject({severity: 'critical'});
			expect(document.alerts?.[0]?.severity).toBe('critical');
			expect(document.events?.some((e) => e.kind === 'spilling' && e.subject === beta.address)).toBe(true);
		});
	}, 90_000);

	it('warns that a workload stuck on a blocked task is stalled, ' +
		'naming the worker that holds it (--stall-after 5s)', async () => {
		await withCluster(async (cluster) => {
			const alpha = workerNamed(cluster, 'alpha');
			const workload = await runWorkload(cluster, 'stall');
			try {
				expect(workload.ready).toMatchObject({kind: 'stall', name: 'alpha'});
				const recording = record(cluster, 'stalled');
				await waitForRounds(recording, 8);
				await recording.stop();

				// The blocked task uses no CPU, but a Dask worker's own heartbeats and the polls of its
				// /metrics cost it a few percent on a loaded 2-core machine (seen: over the 5 % default):
				// 30 % still tells a waiting task from a computing one (~100 %).
				const document = await replay(recording.file, ['--stall-after', '5s', '--threshold', 'stall_cpu_percent=30']);
				const stalled = document.alerts?.find((a) => a.kind === 'stalled');
				expect(stalled, `${describeAlerts(document)}\n${JSON.stringify(document.stall)}`).toMatchObject({
					severity: 'warning',
					state: 'ongoing',
				});
				expectAlertShape(stalled!);
				expect(stalled!.message).toContain('alpha');
				expect(stalled!.workers ?? [stalled!.subject]).toContain(alpha.address);
				expect(document.stall).toMatchObject({
					stalled: true,
					threshold_seconds: 5,
					worker_names: ['alpha'],
					workers: [alpha.address],
				});
				expect(stalled!.message).toContain('under 30 % CPU');

				// Without --stall-after the same recording is too short for the 60 s default.
				const patient = await replay(recording.file);
				expect(patient.stall?.stalled).toBe(false);
				expect(patient.alerts?.some((a) => a.kind === 'stalled')).toBe(false);
			} finally {
				await workload.stop();
			}
		});
	}, 60_000);
});
