/**
 * Why a worker left, round by round through the model: the worker is listed, then gone (its reason
 * waits for the scheduler's log: nothing is raised), then the log answers and the verdict is
 * logged. The worker lists are synthesized at the addresses of the `departures/` fixture; the log
 * is that fixture's real page (both releases), through the real parser. Cases the fixture cannot
 * show (a status caught on the way out, a restart between two polls, a log that fails) are
 * synthesized and say so.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {DEPARTURE_LOG_WAIT_MS} from '../../../source/model/departures/departure.js';
import {workerRows} from '../../../source/model/rows/rows.js';
import {initialState, reduce} from '../../../source/model/state.js';
import {triageView} from '../../../source/model/alerts/triage.js';
import type {ClusterState, ModelEvent} from '../../../source/model/types.js';
import {parseSchedulerLog} from '../../../source/parse/scheduler-log.js';
import {planHints} from '../../../source/run/plan-hints.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {FIXTURE_VERSIONS, versionDir} from '../../helpers/fixtures.js';
import {schedulerLog, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const MiB = 1024 * 1024;
const STAYS = worker('tcp://10.9.9.9:1', {name: 'stays'});

interface Departures {
	readonly workers_before: Readonly<Record<string, {readonly address: string; readonly nanny: string | null}>>;
}

function at(seconds: number, workers: readonly WorkerSnapshot[], extra: Partial<Snapshot> = {}) {
	return {
		type: 'snapshot' as const,
		snapshot: snapshot(T0 / 1000 + seconds, workers, {}, extra),
		nowMs: T0 + seconds * 1000,
	};
}

function run(steps: ReadonlyArray<ReturnType<typeof at>>): ClusterState {
	return steps.reduce<ClusterState>((state, step) => reduce(state, step), initialState());
}

const departureEvents = (state: ClusterState): string[] =>
	state.events
		.filter((e: ModelEvent) => e.kind === 'worker_lost' || e.kind === 'worker_retired')
		.map((e) => `${e.severity} ${e.message}`);
const ongoing = (state: ClusterState): string[] =>
	triageView(state).alerts.map((a) => `${a.severity} ${a.kind} ${a.subject_name}`);
const statusOf = (state: ClusterState, name: string) =>
	workerRows(state, {sort: {column: 'name', descending: false}}).rows.find((r) => r.name === name)?.status;

describe.each(FIXTURE_VERSIONS)("departures judged by Dask %s's real scheduler log", (version) => {
	const dir = join(versionDir(version), 'departures');
	const layout = JSON.parse(readFileSync(join(dir, 'departures.json'), 'utf8')) as Departures;
	const removals = parseSchedulerLog(
		readFileSync(join(dir, 'scheduler', '%2Finfo%2Fmain%2Flogs.html'), 'utf8'),
	).removals;

	/** `name` listed at 0 s, gone at 2 s (no log asked yet), the log answers at 4 s. */
	function leave(name: string, figures: Partial<WorkerSnapshot> = {}) {
		const {address, nanny} = layout.workers_before[name]!;
		const w = worker(address, {name, nanny, memory_process_bytes: 120 * MiB, memory_limit_bytes: 500e6, ...figures});
		const gone = run([at(0, [STAYS, w]), at(2, [STAYS])]);
		const judged = reduce(gone, at(4, [STAYS], {scheduler_log: {time: T0 / 1000 + 4, removals}}));
		return {gone, judged};
	}

	it('raises nothing while the reason waits for the log, and asks the poller for it', () => {
		const {gone} = leave('kill-plain', {keys_in_memory: 4});
		expect(departureEvents(gone)).toEqual([]);
		expect(ongoing(gone)).toEqual([]);
		expect(statusOf(gone, 'kill-plain')).toBe('gone');
		expect(planHints(gone.snapshot, gone).departuresPending).toBe(true);
	});

	it.each(['retired', 'down1', 'down2', 'down3'])(
		'%s, retired by a client or a scale-down: an info event "left: retired", no alert',
		(name) => {
			const {judged} = leave(name, {keys_in_memory: 3});
			expect(departureEvents(judged)).toEqual([`info worker ${name} left: retired (the scheduler's log)`]);
			expect(ongoing(judged)).toEqual([]);
			expect(statusOf(judged, name)).toBe('retired');
			expect(planHints(judged.snapshot, judged).departuresPending).toBeUndefined();
		},
	);

	it.each([
		['term-plain', ''],
		['term-nanny', '; its nanny did not restart it'],
	])(
		'%s, stopped by SIGTERM holding no work: a warning "gone", no alert (HTTP cannot tell it from kill -9)',
		(name, nanny) => {
			const {judged} = leave(name);
			const address = layout.workers_before[name]!.address;
			expect(departureEvents(judged)).toEqual([
				expect.stringMatching(
					new RegExp(
						`^warning worker ${name} \\(${address.replaceAll('.', '\\.')}\\) gone, holding no work: not retired ` +
							`\\(the scheduler's log\\): closed or killed, HTTP cannot tell${nanny}; last status running`,
					),
				),
			]);
			expect(ongoing(judged)).toEqual([]);
			expect(statusOf(judged, name)).toBe('gone');
		},
	);

	it('kill-plain, SIGKILLed holding 4 keys: lost with its work, a critical alert', () => {
		const {judged} = leave('kill-plain', {keys_in_memory: 4});
		expect(ongoing(judged)).toEqual(['critical worker_lost kill-plain']);
		expect(triageView(judged).alerts[0]?.message).toMatch(
			/^worker kill-plain \(tcp:[^)]+\) lost with its work \(4 keys held\)/,
		);
		expect(statusOf(judged, 'kill-plain')).toBe('lost');
	});

	it('stopped, removed by the scheduler for missing heartbeats: lost, a critical alert', () => {
		const {judged} = leave('stopped');
		expect(ongoing(judged)).toEqual(['critical worker_lost stopped']);
		expect(triageView(judged).alerts[0]?.message).toContain(
			"lost: no heartbeat: the scheduler removed it (the scheduler's log)",
		);
	});

	it('kill-child, restarted by Client.restart: an info event, no alert', () => {
		const {judged} = leave('kill-child');
		expect(departureEvents(judged)).toEqual([
			"info worker kill-child left: restarted by Client.restart (the scheduler's log)",
		]);
		expect(ongoing(judged)).toEqual([]);
	});
});

// Synthesized: what the fixture's page cannot show.
describe('departures the scheduler log is not needed for, or cannot tell', () => {
	const address = 'tcp://10.0.0.1:4001';
	const nanny = 'tcp://10.0.0.1:5001';

	it.each([
		['closing_gracefully', 'info worker w left: retired (it was closing gracefully)'],
		['closing', 'info worker w left: closed (last seen closing)'],
	])('a worker last seen %s left: judged at once, without the log', (status, event) => {
		const state = run([at(0, [STAYS, worker(address, {name: 'w', status})]), at(2, [STAYS])]);
		expect(departureEvents(state)).toEqual([event]);
		expect(planHints(state.snapshot, state).departuresPending).toBeUndefined();
	});

	it('a worker not heard from for the critical heartbeat age before it went is lost at once', () => {
		const state = run([at(0, [STAYS, worker(address, {name: 'w', heartbeat_age_seconds: 30})]), at(2, [STAYS])]);
		expect(ongoing(state)).toEqual(['critical worker_lost w']);
		expect(triageView(state).alerts[0]?.message).toContain('lost: no heartbeat for 30 s before it went');
	});

	it('a new process at the same address between two polls, memory near the limit: killed by its nanny?', () => {
		const before = worker(address, {
			name: 'w',
			nanny,
			local_directory: '/scratch/worker-aaaa',
			memory_process_bytes: 470e6,
			memory_limit_bytes: 500e6,
		});
		const after = worker(address, {
			name: 'w',
			nanny,
			local_directory: '/scratch/worker-bbbb',
			memory_process_bytes: 90e6,
		});
		const restarted = run([at(0, [STAYS, before]), at(2, [STAYS, after])]);
		expect(departureEvents(restarted)).toEqual([]); // Client.restart would be routine: the log says
		expect(restarted.events.map((e) => e.kind)).toContain('worker_joined');
		const log = {
			scheduler_log: {time: T0 / 1000 + 4, removals: [{address, cause: 'unexplained' as const, rejoined: true}]},
		};
		const judged = reduce(restarted, at(4, [STAYS, after], log));
		expect(departureEvents(judged)).toEqual([
			expect.stringMatching(
				/^critical worker w \(tcp:\/\/10\.0\.0\.1:4001\) lost: killed by its nanny for memory\? memory was at 94 % of its limit at the last poll \(the nanny terminates at 95 %\); /, // line-length: allow
			),
		]);
		// It is back at its address, but what it held and ran was lost: a critical alert held for
		// worker_lost_hold_s (600 s by default) from when it was found gone, then resolved.
		expect(ongoing(judged).filter((a) => a.includes('worker_lost'))).toEqual(['critical worker_lost w']);
		const later = reduce(judged, at(4 + 60, [STAYS, after]));
		expect(ongoing(later).filter((a) => a.includes('worker_lost'))).toEqual(['critical worker_lost w']);
		const past = reduce(later, at(2 + 600, [STAYS, after]));
		expect(ongoing(past).filter((a) => a.includes('worker_lost'))).toEqual([]);
		expect(past.heldLosses).toEqual([]);
	});

	/** `w` with a nanny as process `dir`, its figures as last polled. */
	const process = (dir: string, figures: Partial<WorkerSnapshot> = {}) =>
		worker(address, {name: 'w', nanny, local_directory: `/scratch/${dir}`, memory_limit_bytes: 500e6, ...figures});
	const unexplained = (s: number) => ({
		scheduler_log: {time: T0 / 1000 + s, removals: [{address, cause: 'unexplained' as const, rejoined: true}]},
	});

	it.each([
		{
			what: 'last seen paused by memory at 77 %',
			last: {status: 'paused', memory_process_bytes: 385e6},
			says:
				'killed by its nanny for memory? it was paused by memory at 77 % of its limit at the last poll ' +
				'(the nanny terminates at 95 %)',
		},
		{
			what: 'last seen running at 40 %: a spike between polls is not ruled out',
			last: {status: 'running', memory_process_bytes: 200e6},
			says:
				'its process died without closing and its nanny restarted it (memory at 40 % of its limit at the last poll: ' +
				'an allocation past the terminate threshold between polls cannot be ruled out)',
		},
	])('a worker its nanny restarted, $what', ({last, says}) => {
		const restarted = run([
			at(0, [STAYS, process('a', last)]),
			at(2, [STAYS, process('b', {memory_process_bytes: 90e6})]),
		]);
		const judged = reduce(restarted, at(4, [STAYS, process('b', {memory_process_bytes: 90e6})], unexplained(4)));
		const events = departureEvents(judged);
		expect(events).toHaveLength(1);
		expect(events[0]).toContain(`lost: ${says}; last status ${last.status}`);
	});

	it('a later kill of the same worker keeps the memory reason, though its last poll saw it low', () => {
		// Killed for memory (paused at 88 %), restarted; the new process grows faster than polls see and dies at 40 %.
		const first = run([
			at(0, [STAYS, process('a', {status: 'paused', memory_process_bytes: 440e6})]),
			at(2, [STAYS, process('b', {memory_process_bytes: 90e6})]),
			at(4, [STAYS, process('b', {memory_process_bytes: 200e6})], unexplained(4)),
		]);
		expect(departureEvents(first)[0]).toContain('killed by its nanny for memory? it was paused');
		const second = reduce(first, at(6, [STAYS, process('c', {memory_process_bytes: 90e6})], unexplained(6)));
		// The address's loss is already held as an alert: the new verdict is held beside it.
		expect(second.heldLosses?.at(-1)?.departure.message).toMatch(
			/lost: killed by its nanny for memory again\? its previous process was killed for memory 2 s before, and this one was at 40 % of its limit at the last poll: it grows faster than two polls apart; /, // line-length: allow
		);
	});

	it('a log asked after the departure that does not name the worker: gone, reason unknown', () => {
		const state = run([
			at(0, [STAYS, worker(address, {name: 'w'})]),
			at(2, [STAYS]),
			at(4, [STAYS], schedulerLog(T0 / 1000 + 4, [])),
		]);
		expect(departureEvents(state)).toEqual([
			expect.stringMatching(
				/^warning worker w \(tcp:[^)]+\) gone, holding no work: reason unknown \(the scheduler's log does not name it\)/,
			),
		]);
	});

	it('a log that fails after the departure, or is not due yet: judged without it, at once or after the wait', () => {
		const failed: Partial<Snapshot> = {
			endpoints: [
				{path: '/info/main/logs.html', state: 'failed', status: 500, last_attempt: T0 / 1000 + 4},
				{path: '/json/identity.json', state: 'ok', status: 200, last_attempt: T0 / 1000 + 4, last_ok: T0 / 1000 + 4},
			],
		};
		const w = worker(address, {name: 'w', keys_in_memory: 2});
		const afterFailure = run([at(0, [STAYS, w]), at(2, [STAYS]), at(4, [STAYS], failed)]);
		expect(triageView(afterFailure).alerts[0]?.message).toMatch(
			/lost with its work \(2 keys held\): reason unknown \(the scheduler's log could not be read\)/,
		);
		// The log was read for an earlier departure just before: it is not asked again until its cadence.
		const steps = (s: number, workers: readonly WorkerSnapshot[]) =>
			at(s, workers, {
				workers_source: 'identity',
				...schedulerLog(T0 / 1000 - 1, []),
				endpoints: [
					{path: '/info/main/logs.html', state: 'ok', status: 200, last_attempt: T0 / 1000 - 1, last_ok: T0 / 1000 - 1},
					{path: '/json/identity.json', state: 'ok', status: 200, last_attempt: T0 / 1000 + s, last_ok: T0 / 1000 + s},
				],
			});
		const waited = run([steps(0, [STAYS, w]), steps(2, [STAYS]), steps(2 + DEPARTURE_LOG_WAIT_MS / 1000 - 1, [STAYS])]);
		expect(ongoing(waited)).toEqual([]);
		const late = reduce(waited, steps(2 + DEPARTURE_LOG_WAIT_MS / 1000, [STAYS]));
		expect(ongoing(late)).toEqual(['critical worker_lost w']);
	});

	it('a source that never asks the log (a recording made without it): judged the round after', () => {
		const w = worker(address, {name: 'w', keys_in_memory: 2});
		const detected = run([at(0, [STAYS, w]), at(2, [STAYS])]);
		expect(ongoing(detected)).toEqual([]);
		const next = reduce(detected, at(4, [STAYS]));
		expect(ongoing(next)).toEqual(['critical worker_lost w']);
		expect(triageView(next).alerts[0]?.message).toMatch(/reason unknown \(no scheduler's log in this recording\)/);
	});
});
