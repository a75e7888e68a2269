/**
 * The real fixture scenarios fed in order at their recorded times (each recording is one poll
 * round; they were recorded in this order, seconds apart): busy → memory-heavy → errors →
 * worker-died → client-closed. The events are what happened on the cluster.
 */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../source/model/state.js';
import {triageView} from '../../source/model/alerts/triage.js';
import {workerRows} from '../../source/model/rows/rows.js';
import type {ClusterState, ModelEvent} from '../../source/model/types.js';
import {FIXTURE_VERSIONS, loadClusterLayout, loadManifest, recordedAtMs} from '../helpers/fixtures.js';
import {fixtureSnapshot, snapshot} from '../helpers/snapshots.js';

const ORDER = ['busy', 'memory-heavy', 'errors', 'worker-died', 'client-closed'] as const;
type Version = (typeof FIXTURE_VERSIONS)[number];

function atMs(version: Version, index: number): number {
	return recordedAtMs(loadManifest(version, ORDER[index] ?? 'busy'));
}

function run(version: Version, upTo: number): ClusterState {
	let state = initialState();
	for (const scenario of ORDER.slice(0, upTo)) {
		const snapshot = fixtureSnapshot(version, scenario);
		state = reduce(state, {type: 'snapshot', snapshot, nowMs: snapshot.time * 1000});
	}
	return state;
}

function opened(events: readonly ModelEvent[], atMs: number): string[] {
	return events
		.filter((e) => e.start_time === atMs / 1000)
		.map((e) => `${e.kind} ${e.subject_name}`)
		.sort();
}

describe.each(FIXTURE_VERSIONS)('the fixture sequence on Dask %s', (version) => {
	const layout = loadClusterLayout(version);
	const gamma = layout.workers.find((w) => w.name === 'gamma')?.address ?? '';

	it('takes the first snapshot as the baseline: nobody "joined", nothing is "rising"', () => {
		const state = run(version, 1);
		const kinds = state.events.map((e) => e.kind);
		expect(kinds).not.toContain('worker_joined');
		expect(kinds).not.toContain('erred_rising');
		expect(kinds).not.toContain('spilling');
		expect(state.workers.size).toBe(3);
	});

	it('sees beta start spilling to disk in memory-heavy', () => {
		const state = run(version, 2);
		expect(opened(state.events, atMs(version, 1))).toContain('spilling beta');
		const spill = triageView(state).alerts.find((a) => a.kind === 'spilling');
		expect(spill).toMatchObject({severity: 'warning', subject_name: 'beta', state: 'ongoing'});
		expect(spill?.message).toMatch(/beta is spilling to disk: 80\.0 MiB on disk/);
	});

	it('sees erred tasks rising in errors, by prefix', () => {
		const state = run(version, 3);
		expect(opened(state.events, atMs(version, 2))).toContain('erred_rising cluster');
		const erred = triageView(state).alerts.find((a) => a.kind === 'erred_rising');
		expect(erred?.message).toMatch(
			/^10 more tasks erred \(explode 6, divide 2, parse-record 1, summarize 1\); 10 erred now$/,
		);
	});

	it('loses gamma in worker-died, keeping its last memory, status, tasks and last seen', () => {
		const before = run(version, 3);
		const gammaBefore = before.workers.get(gamma);
		const state = run(version, 4);
		expect(opened(state.events, atMs(version, 3))).toContain('worker_lost gamma');
		const track = state.workers.get(gamma);
		expect(track?.lostMs).toBe(atMs(version, 3));
		expect(track?.lastSeenMs).toBe(atMs(version, 2));
		expect(track?.last).toEqual(gammaBefore?.last);
		expect(track?.last.memory_process_bytes).toBeGreaterThan(0);
		const lost = triageView(state).alerts.find((a) => a.kind === 'worker_lost');
		expect(lost).toMatchObject({severity: 'critical', subject: gamma, subject_name: 'gamma'});
		expect(lost?.message).toMatch(
			new RegExp(
				/^worker gamma \(tcp:\/\/127\.0\.0\.1:4\d003\) lost with its work \(6 keys held\): /.source +
					/not retired \(the scheduler's log\): closed or killed, HTTP cannot tell; last status running; memory \d+\.\d /
						.source +
					/MiB \(\d+ % of 1\.0 GiB\); last seen/.source,
			),
		);
		const row = workerRows(state, {sort: {column: 'name', descending: false}}).rows.find((r) => r.name === 'gamma');
		expect(row).toMatchObject({
			status: 'lost',
			present: false,
			severity: 'critical',
			memory_process_bytes: gammaBefore?.last.memory_process_bytes,
			tasks_in_memory: 6,
		});
	});

	it('resolves the rising alerts once their window passes and keeps the lost worker listed', () => {
		const state = reduce(run(version, 5), {type: 'tick', nowMs: atMs(version, 4) + 31_000});
		const triage = triageView(state);
		expect(triage.alerts.map((a) => a.kind)).toContain('worker_lost');
		expect(triage.alerts.map((a) => a.kind)).not.toContain('erred_rising');
		const resolvedKinds = triage.events.filter((e) => e.state === 'resolved').map((e) => e.kind);
		expect(resolvedKinds).toEqual(expect.arrayContaining(['spilling', 'erred_rising']));
		const spill = triage.events.find((e) => e.kind === 'spilling');
		expect(spill?.end_time).toBeGreaterThan(spill?.start_time ?? Infinity);
		expect(triage.counts.critical).toBeGreaterThanOrEqual(1);
	});

	it('counts no missed polls while every round answered', () => {
		const triage = triageView(run(version, 5));
		expect(triage.events.map((e) => e.kind)).not.toContain('stale');
		expect(triage.missed_polls).toBe(0);
	});
});

describe.each(FIXTURE_VERSIONS)('dask-top started on Dask %s after tasks erred', (version) => {
	const from = (scenarios: readonly (typeof ORDER)[number][]) => {
		let state = initialState();
		for (const scenario of scenarios) {
			const snapshot = fixtureSnapshot(version, scenario);
			state = reduce(state, {type: 'snapshot', snapshot, nowMs: snapshot.time * 1000});
		}
		return state;
	};
	const erredEvents = (state: ClusterState) => state.events.filter((e) => e.kind === 'erred_rising');

	it('alerts at once on the erred tasks the first snapshot holds, by prefix, as the header counts them', () => {
		const state = from(['errors']);
		expect(state.snapshot?.scheduler.tasks.erred).toBe(10);
		const erred = triageView(state).alerts.filter((a) => a.kind === 'erred_rising');
		expect(erred).toEqual([
			expect.objectContaining({
				severity: 'warning',
				state: 'ongoing',
				start_time: atMs(version, 2) / 1000,
				message: '10 tasks erred before dask-top started (explode 6, divide 2, parse-record 1, summarize 1)',
			}),
		]);
		expect(erredEvents(state)).toHaveLength(1);
	});

	it('keeps the one alert open while they are held, and resolves it once the client released them', () => {
		const held = from(['errors', 'worker-died']);
		expect(held.snapshot?.scheduler.tasks.erred).toBe(10);
		expect(held.alerts.get('erred_rising|cluster')?.start_time).toBe(atMs(version, 2) / 1000);
		const released = from(['errors', 'worker-died', 'client-closed']);
		expect(released.snapshot?.scheduler.tasks.erred).toBe(0);
		expect(released.alerts.has('erred_rising|cluster')).toBe(false);
		expect(erredEvents(released)).toEqual([
			expect.objectContaining({
				state: 'resolved',
				start_time: atMs(version, 2) / 1000,
				end_time: atMs(version, 4) / 1000,
			}),
		]);
		expect(released.erredBefore).toBeUndefined();
	});
});

describe('erred tasks before the first snapshot and more erring later (synthesized counts)', () => {
	it('is one alert whose message follows, not a second one', () => {
		let state = initialState();
		for (const [timeS, erred] of [
			[1_800_000_000, 6],
			[1_800_000_002, 9],
			[1_800_000_040, 9],
			[1_800_000_042, 0],
		] as const) {
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(timeS, [], {tasks: {erred}}), nowMs: timeS * 1000});
			const alerts = [...state.alerts.values()].filter((a) => a.kind === 'erred_rising');
			const messages = alerts.map((a) => a.message);
			if (timeS === 1_800_000_000) expect(messages).toEqual(['6 tasks erred before dask-top started']);
			if (timeS === 1_800_000_002)
				expect(messages).toEqual(['3 more tasks erred; 6 tasks erred before dask-top started; 9 erred now']);
			// The rising window (30 s) closed: still held, still the same alert.
			if (timeS === 1_800_000_040) expect(messages).toEqual(['6 tasks erred before dask-top started; 9 erred now']);
			if (timeS === 1_800_000_042) expect(alerts).toEqual([]);
		}
		const events = state.events.filter((e) => e.kind === 'erred_rising');
		expect(events).toEqual([
			expect.objectContaining({state: 'resolved', start_time: 1_800_000_000, end_time: 1_800_000_042}),
		]);
	});
});

describe('a worker joining after the baseline', () => {
	it('is an info event (gamma comes back: the errors round replayed after worker-died, on 2022.12.1)', () => {
		let state = run('2022.12.1', 4);
		// Moved 10 s after worker-died; heartbeat ages inside the bodies then look old, so only the join is checked.
		const at = atMs('2022.12.1', 3) + 10_000;
		state = reduce(state, {type: 'snapshot', snapshot: fixtureSnapshot('2022.12.1', 'errors', at), nowMs: at});
		expect(opened(state.events, at)).toContain('worker_joined gamma');
		const joined = state.events.find((e) => e.kind === 'worker_joined');
		expect(joined).toMatchObject({
			severity: 'info',
			state: 'resolved',
			duration_seconds: 0,
			message: 'worker gamma joined (tcp://127.0.0.1:40003, 2 threads)',
		});
		// Its row is live again; its loss (it was killed holding work) stays critical for its hold.
		expect(state.workers.get(joined?.subject ?? '')?.lostMs).toBeUndefined();
		expect(state.alerts.get(`worker_lost|${joined?.subject}`)?.severity).toBe('critical');
	});
});
