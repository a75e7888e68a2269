/**
 * A new scheduler on the same port is a new cluster, and a deaf scheduler's missing heartbeats are
 * its own. The restart cases use real fixture rounds: the 2022.12.1 and 2026.7.1 clusters are two
 * scheduler processes (other ids, process start times and workers), fed to one pipeline as if the
 * second had replaced the first on the same port. The deaf-scheduler rule is a table on
 * synthesized snapshots (no fixture holds a blocked event loop); the real frozen scheduler is in
 * test/e2e/scheduler-lifecycle.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../source/model/state.js';
import type {ClusterState} from '../../source/model/types.js';
import {createPipeline} from '../../source/pipeline.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';
import {shiftScrape, snapshot, worker} from '../helpers/snapshots.js';

const T0 = Date.UTC(2026, 11, 1, 12, 0, 0);

describe('a scheduler restarted on the same port', () => {
	const old = loadScenarioScrape('2022.12.1', 'busy');
	const next = loadScenarioScrape('2026.7.1', 'busy');

	it(
		'forgets the previous scheduler’s answers in the cache, ' + 'even those a round of the new one did not ask again',
		() => {
			const pipeline = createPipeline();
			pipeline.ingest(shiftScrape(old, T0));
			// The new scheduler's first round: only /metrics (what a round after an outage probes).
			const probe = shiftScrape(
				{...next, responses: next.responses.filter((r) => r.target === 'scheduler' && r.path === '/metrics')},
				T0 + 4000,
			);
			const snap = pipeline.ingest(probe);
			expect(pipeline.cache().entries.size).toBe(1);
			expect(snap.workers).toEqual([]);
			expect(snap.scheduler.id).toBeUndefined(); // the previous scheduler's id is not this one's
			expect(snap.scheduler.process_start_time_seconds).toBeGreaterThan(0);
		},
	);

	it(
		'starts a new epoch in its own pipeline only: one restart event, ' +
			'the old workers closed, the new ones joined, history over',
		() => {
			const restarted = createPipeline();
			const steady = createPipeline();
			restarted.ingest(shiftScrape(old, T0));
			steady.ingest(shiftScrape(old, T0));
			restarted.ingest(shiftScrape(next, T0 + 4000));
			steady.ingest(shiftScrape(old, T0 + 4000));
			const state = restarted.state();
			const restarts = state.events.filter((e) => e.kind === 'scheduler_restarted');
			expect(restarts).toHaveLength(1);
			expect(restarts[0]?.message).toMatch(
				new RegExp(
					/^scheduler restarted: tcp:\/\/127\.0\.0\.1:\d+ answers on this port /.source +
						/\(was tcp:\/\/127\.0\.0\.1:\d+\); a new cluster from here, the /.source +
						/previous cluster's 3 workers \(alpha, beta, gamma\) closed with it$/.source,
				),
			);
			expect(
				state.events
					.filter((e) => e.kind === 'worker_joined')
					.map((e) => e.subject_name)
					.sort(),
			).toEqual(['alpha', 'beta', 'gamma']);
			expect(state.events.some((e) => e.kind === 'worker_lost')).toBe(false);
			expect([...state.workers.values()].map((t) => t.address).sort()).toEqual(
				restarted
					.snapshot()!
					.workers.map((w) => w.address)
					.sort(),
			);
			expect(state.history.time.length).toBe(1);
			expect(state.snapshotCount).toBe(1);
			expect(steady.state().events.some((e) => e.kind === 'scheduler_restarted')).toBe(false);
			expect(steady.state().snapshotCount).toBe(2);
		},
	);

	it('alerts on the erred tasks the new scheduler already holds at its first poll', () => {
		const pipeline = createPipeline();
		pipeline.ingest(shiftScrape(old, T0));
		expect(pipeline.state().alerts.has('erred_rising|cluster')).toBe(false);
		pipeline.ingest(shiftScrape(loadScenarioScrape('2026.7.1', 'errors'), T0 + 4000));
		expect(pipeline.state().alerts.get('erred_rising|cluster')).toMatchObject({
			severity: 'warning',
			start_time: (T0 + 4000) / 1000,
			message:
				'10 tasks erred before dask-top first polled this scheduler ' +
				'(explode 6, divide 2, parse-record 1, summarize 1)',
		});
	});
});

describe('heartbeats while the scheduler was deaf', () => {
	const HEALTHY = {endpoints: []};
	/** One worker whose heartbeat is `ageS` old, the scheduler's longest tick `tickS`. */
	const poll = (state: ClusterState, atMs: number, ageS: number, tickS = 0.01): ClusterState =>
		reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(
				atMs / 1000,
				[worker('tcp://10.0.0.1:1', {heartbeat_age_seconds: ageS})],
				{tick_duration_max_seconds: tickS},
				HEALTHY,
			),
			nowMs: atMs,
		});
	const heartbeat = (state: ClusterState) => state.alerts.get('heartbeat|tcp://10.0.0.1:1');

	it('does not blame the worker when the scheduler says its event loop was blocked (SIGSTOP, SIGCONT)', () => {
		let state = poll(initialState({intervalMs: 2000}), T0, 0.2);
		state = poll(state, T0 + 2000, 21, 20.5);
		expect(heartbeat(state)).toBeUndefined();
		state = poll(state, T0 + 4000, 0.3);
		expect(heartbeat(state)).toBeUndefined();
	});

	it('does not blame the worker for the polls the scheduler did not answer', () => {
		let state = poll(initialState({intervalMs: 2000}), T0, 0.2);
		const down = snapshot((T0 + 2000) / 1000, [], {}, {endpoints: [{path: '/metrics', state: 'failed'}]});
		state = reduce(state, {type: 'snapshot', snapshot: down, nowMs: T0 + 2000});
		state = poll(state, T0 + 20_000, 19);
		expect(heartbeat(state)).toBeUndefined();
	});

	it('still blames a worker that stays silent once the scheduler listens again', () => {
		let state = poll(initialState({intervalMs: 2000}), T0, 0.2);
		state = poll(state, T0 + 2000, 21, 20.5);
		state = poll(state, T0 + 4000, 23);
		// Judged over the 2 s it has listened (4 heartbeat intervals: a warning), told with the whole age.
		expect(heartbeat(state)?.message).toBe('10.0.0.1:1: no heartbeat for 23 s (expected every 0.5 s)');
		expect(heartbeat(state)?.severity).toBe('warning');
	});

	it('blames a silent worker as before when the scheduler was listening all along', () => {
		let state = poll(initialState({intervalMs: 2000}), T0, 0.2);
		state = poll(state, T0 + 2000, 2);
		expect(heartbeat(state)?.severity).toBe('warning');
	});
});
