/**
 * Each rule on a finding's condition and on the everyday case that must NOT raise it. The polls are
 * the recorded fixtures (test/helpers/diagnosis-rounds.ts: a scenario's round repeated as live polls
 * 2 s apart); where the fixtures have no such condition, the figures a poll would carry are set on
 * them (`edit`), as the test says.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls, withWorker} from '../../helpers/diagnosis-rounds.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';

const MiB = 2 ** 20;

/** The current findings after the polls, as `cause subject severity`. */
function findingsAfter(polls: ReturnType<typeof steadyPolls>, options = {}): string[] {
	return diagnosisView(reduceAll(polls, options).at(-1)!).current.map(
		(f) => `${f.cause} ${f.subject.name ?? f.subject.id} ${f.severity}`,
	);
}

function summaries(polls: ReturnType<typeof steadyPolls>): string[] {
	return diagnosisView(reduceAll(polls).at(-1)!).current.map((f) => f.summary);
}

const set =
	(name: string, figures: (i: number, w: WorkerSnapshot) => Partial<WorkerSnapshot>) => (s: Snapshot, i: number) =>
		withWorker(s, name, (w) => ({...w, ...figures(i, w), sources: {...w.sources, ...sourcesOf(figures(i, w))}}));

/** Figures set by a test say they came from the worker's own /metrics unless they are identity's. */
function sourcesOf(figures: Partial<WorkerSnapshot>): Record<string, 'worker_metrics'> {
	const identity = new Set(['status', 'memory_process_bytes', 'heartbeat_age_seconds', 'event_loop_interval_seconds']);
	return Object.fromEntries(
		Object.keys(figures)
			.filter((k) => !identity.has(k))
			.map((k) => [k, 'worker_metrics' as const]),
	);
}

describe.each(FIXTURE_VERSIONS)('the rules on Dask %s fixtures', (version) => {
	describe('memory-pressure', () => {
		it('holds for a paused worker after two polls and three seconds, critical', () => {
			const paused = set('beta', (_, w) => ({status: 'paused', memory_process_bytes: 0.86 * w.memory_limit_bytes!}));
			expect(findingsAfter(steadyPolls(version, 'busy', 2, paused))).toEqual([]);
			expect(findingsAfter(steadyPolls(version, 'busy', 3, paused))).toEqual(['memory-pressure beta critical']);
		});

		it('holds, as a warning, for a worker near the pause threshold, saying its memory is mostly unmanaged', () => {
			const near = set('beta', (_, w) => ({
				memory_process_bytes: 0.76 * w.memory_limit_bytes!,
				memory_unmanaged_bytes: 0.7 * w.memory_limit_bytes!,
			}));
			const polls = steadyPolls(version, 'busy', 4, near);
			expect(findingsAfter(polls)).toEqual(['memory-pressure beta warning']);
			expect(summaries(polls)[0]).toMatch(
				/^beta is near Dask's pause threshold at 76 % of its 572\.2 MiB limit, mostly unmanaged/,
			);
		});

		it('holds for a worker past the spill threshold whose event loop is blocked (spilling runs on it)', () => {
			const spilling = set('beta', (_, w) => ({
				memory_process_bytes: 0.68 * w.memory_limit_bytes!,
				heartbeat_age_seconds: 5,
			}));
			const polls = steadyPolls(version, 'busy', 4, spilling);
			expect(findingsAfter(polls)).toEqual(['memory-pressure beta warning']);
			expect(summaries(polls)[0]).toMatch(
				/^beta spills at 68 % .* and its event loop is blocked \(no heartbeat for 5 s\)$/,
			);
		});

		it('does not hold for the recorded spill that kept up (beta at 58 % of its limit, 80 MiB on disk)', () => {
			expect(findingsAfter(steadyPolls(version, 'memory-heavy', 5))).toEqual([]);
		});

		it('does not hold for a pause of two polls that recovers', () => {
			const blip = set('beta', (i, w) =>
				i === 1 || i === 2 ? {status: 'paused', memory_process_bytes: 0.82 * w.memory_limit_bytes!} : {},
			);
			const states = reduceAll(steadyPolls(version, 'busy', 8, blip));
			expect(states.flatMap((s) => s.events.filter((e) => e.kind === 'diagnosis'))).toEqual([]);
		});
	});

	describe('spilling', () => {
		const bound = (bytesPerSecond: number, timeShare: number) =>
			set('beta', (i) => ({
				spill_write_bytes_total: i * 2 * bytesPerSecond,
				spill_time_seconds_total: i * 2 * timeShare,
			}));

		it('holds when a worker writes fast and spends a quarter of its time spilling', () => {
			const polls = steadyPolls(version, 'busy', 4, bound(40 * MiB, 0.6));
			expect(findingsAfter(polls)).toEqual(['spilling beta warning']);
			expect(summaries(polls)[0]).toBe(
				'beta is bound by spilling: 40.0 MiB/s to disk, 60 % of its time spent spilling',
			);
		});

		it('does not hold for a spill that keeps up: bytes written fast, little time spent on them', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 5, bound(40 * MiB, 0.05)))).toEqual([]);
		});

		it('does not hold for a trickle of spilled bytes, however long it takes', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 5, bound(1 * MiB, 0.9)))).toEqual([]);
		});

		it('is explained by memory pressure when the spilling worker is paused', () => {
			const paused = (s: Snapshot, i: number) =>
				withWorker(bound(40 * MiB, 0.6)(s, i), 'beta', (w) => ({...w, status: 'paused'}));
			expect(findingsAfter(steadyPolls(version, 'busy', 5, paused))).toEqual(['memory-pressure beta critical']);
		});
	});

	describe('event-loop-blocked', () => {
		/** The scheduler's longest tick, as its /metrics would say (set on the fixture). */
		const schedulerTick = (seconds: number) => (s: Snapshot) => ({
			...s,
			scheduler: {...s.scheduler, tick_duration_max_seconds: seconds},
		});
		// Dask's own line is distributed.admin.tick.limit, 3 s: a tick past it is Dask's "Event loop was
		// unresponsive" warning; under it (1.1 s in a healthy shuffle) there is nothing to find.
		it.each([
			{
				what: 'a loop interval past the tick limit',
				edit: set('alpha', () => ({event_loop_interval_seconds: 3.5})),
				found: ['event-loop-blocked alpha warning'],
			},
			{
				what: 'a worker tick past the tick limit',
				edit: set('alpha', () => ({tick_duration_max_seconds: 4.2})),
				found: ['event-loop-blocked alpha warning'],
			},
			{
				what: 'heartbeats stopped for 4 s',
				edit: set('gamma', () => ({heartbeat_age_seconds: 4})),
				found: ['event-loop-blocked gamma warning'],
			},
			{
				what: "the scheduler's tick past the tick limit",
				edit: schedulerTick(3.5),
				found: ['event-loop-blocked cluster warning'],
			},
			{what: 'a loop interval of 1.5 s', edit: set('alpha', () => ({event_loop_interval_seconds: 1.5})), found: []},
			{
				what: 'a worker tick of 1.1 s (a healthy shuffle)',
				edit: set('alpha', () => ({tick_duration_max_seconds: 1.1})),
				found: [],
			},
			{what: "the scheduler's tick of 2.5 s", edit: schedulerTick(2.5), found: []},
			{what: 'heartbeats 2 s old', edit: set('gamma', () => ({heartbeat_age_seconds: 2})), found: []},
		])('$what: $found', ({edit, found}) => {
			expect(findingsAfter(steadyPolls(version, 'busy', 3, edit))).toEqual(found);
		});

		it("does not hold for the scheduler's long tick of one poll only", () => {
			const once = (s: Snapshot, i: number) => (i === 1 ? schedulerTick(3.5)(s) : s);
			expect(findingsAfter(steadyPolls(version, 'busy', 4, once))).toEqual([]);
		});

		/** alpha's loop froze 5 s (its heartbeat) with no task running, and the figures a poll would carry. */
		const frozenIdle = (figures: (i: number) => Partial<WorkerSnapshot>) =>
			set('alpha', (i) => ({heartbeat_age_seconds: 5, tasks_executing: 0, processing: 0, ...figures(i)}));

		it.each([
			{
				what: 'receiving data from peers',
				figures: () => ({transfer_incoming_bytes: 512 * MiB, transfer_incoming_count: 2}),
				says: /, with no task running: receiving 512\.0 MiB from peers$/,
			},
			{
				what: 'keys arriving with no task (a scatter)',
				figures: (i: number) => ({keys_in_memory: 10 + 40 * i, tasks_in_memory: 10 + 40 * i}),
				says: /, with no task running: 80 keys arrived \(a scatter or a transfer\)$/,
			},
			{
				what: 'keys released (a client leaving)',
				figures: (i: number) => ({keys_in_memory: 20000 - 5000 * i, tasks_in_memory: 20000 - 5000 * i}),
				says: /, with no task running: releasing 10000 keys \(a client leaving or futures released\)$/,
			},
			{what: 'nothing else known', figures: () => ({}), says: /, with no task running: moving or releasing data$/},
		])('says what the loop did with no task running ($what), and gives no advice about the GIL', ({figures, says}) => {
			const polls = steadyPolls(version, 'busy', 3, frozenIdle(figures));
			const finding = diagnosisView(reduceAll(polls).at(-1)!).current.find((f) => f.cause === 'event-loop-blocked')!;
			expect(finding.summary).toMatch(/^alpha's event loop is blocked: no heartbeat for 5 s/);
			expect(finding.summary).toMatch(says);
			expect(finding.next).toMatch(/^no task was running: the loop was busy moving or releasing data/);
			expect(finding.next).not.toMatch(/GIL/);
			expect(finding.evidence).toContainEqual(expect.objectContaining({figure: 'tasks running', value: '0'}));
		});

		it('advises about a task holding the GIL when a task was running', () => {
			const busyFrozen = set('alpha', () => ({heartbeat_age_seconds: 5, tasks_executing: 1}));
			const finding = diagnosisView(reduceAll(steadyPolls(version, 'busy', 3, busyFrozen)).at(-1)!).current[0]!;
			expect(finding.summary).toBe("alpha's event loop is blocked: no heartbeat for 5 s");
			expect(finding.next).toMatch(/^a task holds the GIL or a long C call blocks the loop/);
		});

		it("says a client left when the scheduler's loop froze as its clients fell", () => {
			const leaving = (s: Snapshot, i: number) =>
				schedulerTick(4)({
					...s,
					scheduler: {...s.scheduler, clients: 3 - i, sources: {...s.scheduler.sources, clients: 'metrics'}},
				});
			const finding = diagnosisView(reduceAll(steadyPolls(version, 'busy', 3, leaving)).at(-1)!).current[0]!;
			expect(finding.summary).toBe(
				"the scheduler's event loop is blocked: a tick took 4 s since the previous poll, " +
					'while a client left (2 → 1 connected)',
			);
			expect(finding.next).toMatch(/submit and release work in smaller graphs/);
		});

		it('does not hold for the recorded busy cluster (ticks of a few ms, heartbeats under a second)', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 5))).toEqual([]);
		});
	});

	describe('gil-contention', () => {
		it('holds where the heartbeat reports it (gilknocker), and explains the late loop away', () => {
			const gil = set('alpha', () => ({gil_contention_fraction: 0.8, event_loop_interval_seconds: 1.5}));
			expect(findingsAfter(steadyPolls(version, 'busy', 3, gil))).toEqual(['gil-contention alpha warning']);
		});

		it('does not hold under the threshold, and says what would show it where nothing reports it', () => {
			const low = set('alpha', () => ({gil_contention_fraction: 0.2}));
			expect(findingsAfter(steadyPolls(version, 'busy', 4, low))).toEqual([]);
			const state = reduceAll(steadyPolls(version, 'busy', 1)).at(-1)!;
			expect(diagnosisView(state).blind.find((b) => b.cause === 'gil-contention')?.note).toMatch(
				/^not visible (on this version \(Dask <=2022\.12\)|here): needs Dask >= 2023\.4\.0 with gilknocker/,
			);
		});
	});

	describe('skew', () => {
		/** alpha holds `tasks` tasks, beta and gamma none. */
		const piled = (tasks: number) => (s: Snapshot) =>
			({
				...s,
				workers: s.workers.map((w) =>
					w.name === 'alpha' ? {...w, processing: tasks} : {...w, processing: 0, tasks_executing: 0},
				),
			}) as Snapshot;

		it('holds when one worker has a backlog while the others idle', () => {
			const polls = steadyPolls(version, 'busy', 3, piled(24));
			expect(findingsAfter(polls)).toEqual(['skew alpha warning']);
			expect(summaries(polls)[0]).toBe('work piles up on alpha: 24 tasks for 2 threads while beta, gamma idle');
		});

		it("reads the workers' task states when they answered after workers.html (work that arrived since)", () => {
			// workers.html (every 5 s) last answered 4 s ago, before alpha's tasks came; identity.json
			// answered this poll: alpha executes 2 and has 22 ready (as on 2022.12.1, where skew came a poll late).
			const stale = (s: Snapshot) =>
				({
					...s,
					endpoints: s.endpoints.map((e) =>
						e.target === undefined && e.path === '/info/main/workers.html' ? {...e, last_ok: s.time - 4} : e,
					),
					workers: s.workers.map((w) => ({
						...w,
						processing: 0,
						tasks_executing: w.name === 'alpha' ? 2 : 0,
						tasks_ready: w.name === 'alpha' ? 22 : 0,
					})),
				}) as Snapshot;
			const polls = steadyPolls(version, 'busy', 3, stale);
			expect(findingsAfter(polls)).toEqual(['skew alpha warning']);
			expect(summaries(polls)[0]).toBe('work piles up on alpha: 24 tasks for 2 threads while beta, gamma idle');
		});

		it('does not hold for a few tasks pinned to one worker, nor for the recorded busy cluster', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 4, piled(4)))).toEqual([]);
			expect(findingsAfter(steadyPolls(version, 'busy', 4))).toEqual([]);
		});
	});

	describe('transfer-bound', () => {
		it("holds when tasks wait for their data while most threads idle (the workers' task states)", () => {
			const waiting = (s: Snapshot) =>
				({
					...s,
					scheduler: {...s.scheduler, prefixes: version === '2022.12.1' ? s.scheduler.prefixes : {}},
					workers: s.workers.map((w) => ({
						...w,
						task_counts: {executing: 0, waiting: 3, flight: 2},
						transfer_incoming_bytes: 200 * MiB,
					})),
				}) as Snapshot;
			expect(findingsAfter(steadyPolls(version, 'busy', 3, waiting))).toEqual(['transfer-bound cluster warning']);
		});

		/**
		 * rechunk-merge's transfer and compute seconds per poll, and the compute seconds per poll of the
		 * other work the threads do meanwhile (a transpose's add-, say): /metrics per prefix (≥ 2023.1.1).
		 */
		const perPrefix = (transfer: number, compute: number, otherCompute: number) => (s: Snapshot, i: number) => ({
			...s,
			scheduler: {
				...s.scheduler,
				threads: 5,
				prefixes: {
					...s.scheduler.prefixes,
					'rechunk-merge': {
						transitions: {waiting: 100, processing: 100, memory: 10 + i * 5},
						transfer_seconds_total: 5 + i * transfer,
						compute_seconds_total: 1 + i * compute,
					},
					add: {transitions: {processing: 100, memory: 10 + i * 50}, compute_seconds_total: 1 + i * otherCompute},
				},
			},
		});
		it.each([
			{
				what: 'transfer 6× compute, the threads idle',
				edit: perPrefix(6, 1, 0),
				found: ['transfer-bound rechunk-merge warning'],
			},
			{
				what: 'transfer 6× compute while the threads compute other tasks (a transpose)',
				edit: perPrefix(6, 1, 8),
				found: [],
			},
			{what: 'transfer 1.5× compute, the threads idle', edit: perPrefix(1.5, 1, 0), found: []},
			{what: 'transfer of 0.4 s a second, the threads idle', edit: perPrefix(0.8, 0.1, 0), found: []},
		])('per prefix (transfer and compute seconds), $what: $found', ({edit, found}) => {
			expect(findingsAfter(steadyPolls(version, 'busy', 4, edit))).toEqual(found);
		});

		it('says how long the tasks wait on data against their compute, and how many threads idle', () => {
			const polls = steadyPolls(version, 'busy', 4, perPrefix(6, 1, 0));
			expect(summaries(polls)[0]).toBe(
				'rechunk-merge is transfer-bound: its tasks wait on data 6.0× as long as they compute, 90 % of the threads idle',
			);
		});

		it('does not hold for the recorded busy cluster', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 5))).toEqual([]);
		});
	});

	describe('scheduler-bound', () => {
		/** The scheduler's CPU, the completions per poll, their compute seconds, and the tasks it holds back (queued). */
		const load =
			(cores: number, tasksPerPoll: number, computePerTask?: number, queued = 5000) =>
			(s: Snapshot, i: number) => ({
				...s,
				scheduler: {
					...s.scheduler,
					process_cpu_seconds_total: 100 + i * 2 * cores,
					tasks: {...s.scheduler.tasks, queued},
					prefixes: {
						nap: {
							transitions: {waiting: 1e6, processing: 1e5 + i * tasksPerPoll, memory: 1e5 + i * tasksPerPoll},
							...(computePerTask === undefined ? {} : {compute_seconds_total: 50 + i * tasksPerPoll * computePerTask}),
						},
					},
				},
			});

		it('holds when the scheduler uses most of a core for tiny tasks', () => {
			const polls = steadyPolls(version, 'busy', 4, load(0.95, 2000, 0.002));
			expect(findingsAfter(polls)).toEqual(['scheduler-bound cluster warning']);
			expect(summaries(polls)[0]).toBe('the scheduler is the bottleneck: 95 % of a core for 1000/s tasks of 2 ms each');
			// Without compute seconds (Dask 2022.12): judged from completions per second.
			expect(findingsAfter(steadyPolls(version, 'busy', 4, load(0.95, 2000)))).toEqual([
				'scheduler-bound cluster warning',
			]);
		});

		/** The scheduler on another host than every worker (the fixtures' cluster runs on one host). */
		const ownHost = (s: Snapshot) => ({...s, scheduler: {...s.scheduler, address: 'tcp://10.9.9.9:8786'}});
		const both =
			(...edits: Array<(s: Snapshot, i: number) => Snapshot>) =>
			(s: Snapshot, i: number) =>
				edits.reduce((acc, edit) => edit(acc, i), s);
		// A saturated loop on a host shared with the workers gets its share (0.36–0.45 of a core in the
		// scenarios recorded on both releases, 900–1300 tasks a second); alone on its host, half a core at
		// least. 26–28 % of a core is a scheduler waiting for work three quarters of the time.
		it.each([
			{what: '0.4 of a core on a host shared with workers', edit: load(0.4, 2400, 0.002), found: true},
			{what: '0.4 of a core, no compute seconds (2022.12)', edit: load(0.4, 2400), found: true},
			{what: '0.27 of a core on a shared host', edit: load(0.27, 2400, 0.002), found: false},
			{what: '0.27 of a core, no compute seconds', edit: load(0.27, 2400), found: false},
			{what: '0.4 of a core on a host of its own', edit: both(load(0.4, 2400, 0.002), ownHost), found: false},
			{what: '0.6 of a core on a host of its own', edit: both(load(0.6, 2400, 0.002), ownHost), found: true},
		])('$what: $found', ({edit, found}) => {
			expect(findingsAfter(steadyPolls(version, 'busy', 4, edit))).toEqual(
				found ? ['scheduler-bound cluster warning'] : [],
			);
		});

		it('does not hold for a busy scheduler handing out tasks of a second, nor for an idle one', () => {
			expect(findingsAfter(steadyPolls(version, 'busy', 5, load(0.95, 20, 1)))).toEqual([]);
			expect(findingsAfter(steadyPolls(version, 'busy', 5, load(0.1, 2000, 0.002)))).toEqual([]);
		});

		it("does not hold while the workers' threads are mostly busy: they, not the scheduler, are the limit", () => {
			// 1000 tasks a second of 40 ms: 40 threads' worth of work, more than half of any recorded cluster's.
			expect(findingsAfter(steadyPolls(version, 'busy', 5, load(0.95, 2000, 0.04)))).toEqual([]);
			// Without compute seconds: the workers' CPU says their threads are full.
			const full = (s: Snapshot, i: number) => {
				const loaded = load(0.95, 2000)(s, i);
				return {...loaded, workers: loaded.workers.map((w) => ({...w, cpu_percent: 100 * (w.nthreads ?? 1)}))};
			};
			expect(findingsAfter(steadyPolls(version, 'busy', 5, full))).toEqual([]);
		});

		it('does not hold while nothing waits on it (tiny tasks fed as fast as they finish)', () => {
			// 1000 tasks a second, fewer than a second of them queued: the client, not the scheduler, sets the pace.
			expect(findingsAfter(steadyPolls(version, 'busy', 5, load(0.95, 2000, 0.002, 200)))).toEqual([]);
			expect(findingsAfter(steadyPolls(version, 'busy', 5, load(0.95, 2000, undefined, 200)))).toEqual([]);
		});
	});
});
