import {shiftScrape} from './helpers/snapshots.js';
import {describe, expect, it} from 'vitest';
import {triageView, workerRows} from '../source/model/index.js';
import {connect, createPipeline, type Pipeline} from '../source/pipeline.js';
import {ReplaySource} from '../source/record/replay-source.js';
import {planHints} from '../source/run/plan-hints.js';
import type {RawScrape} from '../source/types/raw-scrape.js';
import type {SourceStatus} from '../source/types/scrape-source.js';
import {identityAnswers500, loadScenarioScrape} from './helpers/fixtures.js';
import {refusedRound} from './helpers/fixture-data.js';
import {scenarioRounds} from './helpers/fixture-recording.js';
import {frozenScheduler} from './helpers/frozen-scheduler.js';
import {MODEL_TICK_MS} from '../source/model/tick.js';
import {missedPolls} from '../source/model/freshness.js';

describe('pipeline', () => {
	it('has no snapshot before the first round, then the snapshot of the merged rounds', () => {
		const pipeline = createPipeline();
		expect(pipeline.snapshot()).toBeUndefined();
		const metricsOnly = loadScenarioScrape('2026.7.1', 'busy', {only: ['/metrics']});
		const first = pipeline.ingest(metricsOnly);
		expect(first.workers).toHaveLength(0);
		const htmlOnly = loadScenarioScrape('2026.7.1', 'busy', {only: ['/info/main/workers.html']});
		const second = pipeline.ingest(htmlOnly);
		expect(second.workers.map((w) => w.name)).toEqual(['alpha', 'beta', 'gamma']);
		expect(second.scheduler.tasks_total).toBe(first.scheduler.tasks_total);
		expect(pipeline.snapshot()).toBe(second);
		expect(second.time).toBe(htmlOnly.atMs / 1000);
	});

	it('starts over on a reset round (a replay seeked)', () => {
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy', {only: ['/info/main/workers.html']}));
		const after = pipeline.ingest(
			loadScenarioScrape('2026.7.1', 'busy', {only: ['/metrics'], targets: ['scheduler']}),
			{reset: true},
		);
		expect(after.workers).toHaveLength(0);
		expect(after.endpoints.map((e) => e.path)).toEqual(['/metrics']);
	});

	it('tells every subscriber about each new snapshot until it unsubscribes', () => {
		const pipeline = createPipeline();
		const seen: string[] = [];
		const unsubscribe = pipeline.subscribe((snapshot, raw, info) =>
			seen.push(`${snapshot.time} ${raw.responses.length} ${info.reset}`),
		);
		const raw = loadScenarioScrape('2022.12.1', 'idle');
		pipeline.ingest(raw);
		pipeline.ingest(raw, {reset: true});
		unsubscribe();
		pipeline.ingest(raw);
		expect(seen).toEqual([
			`${raw.atMs / 1000} ${raw.responses.length} false`,
			`${raw.atMs / 1000} ${raw.responses.length} true`,
		]);
	});

	it('gives the poller the worker and task counts and the workers’ HTTP addresses from workers.html', () => {
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy', {override: identityAnswers500, targets: ['scheduler']}));
		const hints = planHints(pipeline.snapshot());
		expect(hints.workerCount).toBe(3);
		expect(hints.taskCount).toBeGreaterThan(0);
		expect(hints.workers).toEqual([
			{address: 'tcp://127.0.0.1:41001', host: '127.0.0.1', dashboardPort: 8801},
			{address: 'tcp://127.0.0.1:41002', host: '127.0.0.1', dashboardPort: 8802},
			{address: 'tcp://127.0.0.1:41003', host: '127.0.0.1', dashboardPort: 8803},
		]);
		expect(planHints(undefined)).toEqual({workers: []});
	});
});

describe('the model in the pipeline', () => {
	const retrying: SourceStatus = {
		state: 'retrying',
		detail: 'connection refused',
		requestsPerSecond: 0,
		bytesPerSecond: 0,
	};

	it('reduces every round into the model at the round’s own time', () => {
		const pipeline = createPipeline();
		expect(pipeline.state().snapshotCount).toBe(0);
		const idle = loadScenarioScrape('2022.12.1', 'idle');
		const snapshot = pipeline.ingest(idle);
		expect(pipeline.state().snapshot).toBe(snapshot);
		expect(pipeline.state().nowMs).toBe(idle.atMs);
		pipeline.ingest(loadScenarioScrape('2022.12.1', 'busy'));
		expect(pipeline.state().snapshotCount).toBe(2);
	});

	it('builds the event log from the rounds in order, and starts the model over on a reset', () => {
		const pipeline = createPipeline();
		for (const scenario of ['busy', 'memory-heavy', 'errors', 'worker-died'] as const)
			pipeline.ingest(loadScenarioScrape('2022.12.1', scenario));
		expect(pipeline.state().events.map((e) => `${e.kind} ${e.subject_name}`)).toContain('worker_lost gamma');
		pipeline.ingest(loadScenarioScrape('2022.12.1', 'idle'), {reset: true});
		expect(pipeline.state().snapshotCount).toBe(1);
		expect(pipeline.state().events).toEqual([]);
		expect([...pipeline.state().workers.values()].every((t) => t.lostMs === undefined)).toBe(true);
	});

	it('uses the model options it is given (a lower memory threshold, a stall-after)', () => {
		const raw = loadScenarioScrape('2022.12.1', 'memory-heavy');
		const plain = createPipeline();
		plain.ingest(raw);
		const strict = createPipeline({model: {thresholds: {memory_warning: 0.05}, stallAfterMs: 7000}});
		strict.ingest(raw);
		const memoryAlerts = (p: Pipeline) => [...p.state().alerts.values()].filter((a) => a.kind === 'memory').length;
		expect(memoryAlerts(strict)).toBeGreaterThan(memoryAlerts(plain));
		expect(strict.state().options.stallAfterMs).toBe(7000);
	});

	it('takes a late round whole: no stale alert opens and resolves at the moment it arrives', () => {
		// Told first and evaluated alone, the status at a late round's time would find the data
		// 8 s old (3 missed polls) and log a stale alert that the round itself resolves at once.
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const idle = loadScenarioScrape('2022.12.1', 'idle');
		const live = {state: 'live', requestsPerSecond: 1, bytesPerSecond: 1000} as const;
		pipeline.ingest(idle, {source: {status: live, intervalMs: 2000}});
		const late = shiftScrape(idle, idle.atMs + 8000);
		pipeline.ingest(late, {source: {status: live, intervalMs: 2000}});
		expect(pipeline.state().events.filter((e) => e.kind === 'stale')).toEqual([]);
		expect(pipeline.state().source.status).toBe(live);
		// Time alone, with no round, does open it.
		pipeline.tick(late.atMs + 8000);
		expect([...pipeline.state().alerts.values()].map((a) => a.kind)).toContain('stale');
	});

	it('takes a round that waited on a frozen scheduler at the time its answers came in', () => {
		// The scheduler stopped answering 1 s after a good round; the next round was asked at +2 s
		// and answered at +13 s. Stamped with its start, it would end the stale alert (opened by
		// time at +6 s) at +2 s, before it began, and call the data 11 s old as it arrived.
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const idle = loadScenarioScrape('2022.12.1', 'idle');
		const t0 = idle.atMs;
		pipeline.ingest({...idle, answeredMs: t0 + 10});
		for (let t = t0 + 3000; t <= t0 + 12_000; t += 3000) pipeline.tick(t);
		const opened = pipeline.state().alerts.get('stale|cluster');
		expect(opened?.start_time).toBe((t0 + 6000) / 1000);
		const hung = {...shiftScrape(idle, t0 + 2000), answeredMs: t0 + 13_000};
		pipeline.ingest(hung);
		const state = pipeline.state();
		expect(state.nowMs).toBe(t0 + 13_000);
		expect(state.source.lastFreshMs).toBe(t0 + 13_000);
		expect(state.alerts.has('stale|cluster')).toBe(false);
		const ended = state.events.find((e) => e.kind === 'stale');
		expect(ended?.state).toBe('resolved');
		expect(ended?.end_time).toBe((t0 + 13_000) / 1000);
		expect(ended?.duration_seconds).toBe(7);
		// The snapshot keeps the round's start: its answers are the ones asked at that moment.
		expect(pipeline.snapshot()?.time).toBe((t0 + 2000) / 1000);
	});

	it('lets staleness grow without new data through ticks that tell the source status', () => {
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const raw = loadScenarioScrape('2022.12.1', 'idle');
		pipeline.ingest(raw);
		expect([...pipeline.state().alerts.values()].map((a) => a.kind)).not.toContain('stale');
		pipeline.tick(raw.atMs + 5000, {status: retrying});
		pipeline.tick(raw.atMs + 13_000);
		const stale = [...pipeline.state().alerts.values()].find((a) => a.kind === 'stale');
		expect(stale?.severity).toBe('critical');
		expect(stale?.message).toContain('connection refused');
		expect(pipeline.state().nowMs).toBe(raw.atMs + 13_000);
	});

	it('has the state reduced before subscribers hear of the round', () => {
		const pipeline = createPipeline();
		const counts: number[] = [];
		pipeline.subscribe(() => counts.push(pipeline.state().snapshotCount));
		pipeline.ingest(loadScenarioScrape('2022.12.1', 'idle'));
		pipeline.ingest(loadScenarioScrape('2022.12.1', 'busy'));
		expect(counts).toEqual([1, 2]);
	});

	it('is fed the source’s status, then each round, by connect (a replay: its recorded time, as live’s)', () => {
		const rounds = scenarioRounds('2026.7.1');
		const source = new ReplaySource(rounds, {paused: true, timers: {set: () => 0, clear: () => undefined}});
		const pipeline = createPipeline();
		connect(source, pipeline);
		source.replay.step(4);
		expect(pipeline.state().source.status?.state).toBe('replay');
		expect(pipeline.state().nowMs).toBe(rounds[4]!.atMs);
		expect(pipeline.state().events.some((e) => e.kind === 'worker_lost' && e.subject_name === 'gamma')).toBe(true);
		source.replay.toStart();
		expect(pipeline.state().snapshotCount).toBe(1);
		expect(pipeline.state().source.status?.state).toBe('replay');

		// Missed polls count by the recorded time, as live counts them by the wall clock: through a
		// frozen scheduler's recording, the time passed between rounds opened the stale alert 5 s
		// after the last answer, before the first timed-out round came (1 missed round, 3 polls by time).
		const frozen = frozenScheduler();
		const replay = new ReplaySource([...frozen.rounds], {paused: true, timers: {set: () => 0, clear: () => 0}});
		const replayed = createPipeline();
		connect(replay, replayed);
		replay.replay.step(4);
		const state = replayed.state();
		expect(state.nowMs).toBe(frozen.firstMissedMs);
		expect(state.source.missedRounds).toBe(1);
		expect(missedPolls(state)).toBe(3);
		expect(state.alerts.get('stale|cluster')?.start_time).toBe((frozen.lastFreshMs + MODEL_TICK_MS) / 1000);
	});
});

describe('the model while the scheduler is away', () => {
	const retrying: SourceStatus = {
		state: 'retrying',
		detail: 'connection refused',
		requestsPerSecond: 0,
		bytesPerSecond: 0,
	};
	const rows = (p: Pipeline) => workerRows(p.state(), {sort: {column: 'name', descending: false}}).rows;

	it(
		'keeps the last good snapshot, workers and history through rounds with no answer, ' +
			'and only counts them as missed',
		() => {
			const pipeline = createPipeline({model: {intervalMs: 2000}});
			const busy = loadScenarioScrape('2022.12.1', 'busy');
			const good = pipeline.ingest(busy);
			const before = rows(pipeline);
			expect(before.map((r) => r.status)).toEqual(['running', 'running', 'running']);
			// The first failing round still asks everything; later ones only probe /metrics (plan.ts).
			pipeline.ingest(refusedRound(busy, busy.atMs + 2000), {source: {status: retrying}});
			for (let i = 2; i <= 6; i++) pipeline.ingest(refusedRound(busy, busy.atMs + i * 2000, ['/metrics']));

			const state = pipeline.state();
			expect(pipeline.snapshot()).not.toBe(good); // the pipeline's own latest build reflects the failure …
			expect(state.snapshot).toBe(good); // … the model keeps the last good data
			expect(state.snapshotCount).toBe(1);
			expect(state.history.time.values(10)).toHaveLength(1);
			expect(state.source.missedRounds).toBe(6);
			expect(rows(pipeline)).toEqual(before); // same statuses and figures, nobody lost
			const alerts = triageView(state).alerts;
			expect(alerts.map((a) => a.kind)).toEqual(['stale']);
			expect(alerts[0]).toMatchObject({severity: 'critical'});
			expect(alerts[0]?.message).toMatch(
				/^scheduler unreachable: 6 missed polls, data 12 s old \(connection refused\)$/,
			);
			expect(state.events.map((e) => e.kind)).not.toContain('worker_lost');
			expect(state.events.map((e) => e.kind)).not.toContain('fallback_source');
		},
	);

	it('takes the next answer as new data again, and resolves the stale alert', () => {
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		for (let i = 1; i <= 5; i++)
			pipeline.ingest(refusedRound(busy, busy.atMs + i * 2000, i === 1 ? undefined : ['/metrics']));
		const back = loadScenarioScrape('2022.12.1', 'worker-died');
		const shifted: RawScrape = {
			...back,
			atMs: busy.atMs + 12_000,
			responses: back.responses.map((r) => ({...r, startedMs: r.startedMs - back.atMs + busy.atMs + 12_000})),
		};
		const snapshot = pipeline.ingest(shifted);
		const state = pipeline.state();
		expect(state.snapshot).toBe(snapshot);
		expect(state.source.missedRounds).toBe(0);
		expect([...state.alerts.values()].map((a) => a.kind)).not.toContain('stale');
		expect(state.events.find((e) => e.kind === 'stale')).toMatchObject({state: 'resolved'});
		// A fresh worker list without gamma: now it is lost, from the figures it had before the outage.
		expect(rows(pipeline).find((r) => r.name === 'gamma')).toMatchObject({status: 'lost', present: false});
	});
});
