import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../source/model/state.js';
import {missedPolls} from '../../source/model/freshness.js';
import {triageView} from '../../source/model/alerts/triage.js';
import type {ClusterState} from '../../source/model/types.js';
import type {EndpointHealth, Snapshot} from '../../source/types/snapshot.js';
import {identityAnswers500, loadManifest, recordedAtMs} from '../helpers/fixtures.js';
import {fixtureSnapshot, snapshot, worker} from '../helpers/snapshots.js';

const T0 = 1_800_000_000_000;

function health(path: string, ok: boolean, lastOkS: number): EndpointHealth {
	return {
		path,
		state: ok ? 'ok' : 'failed',
		...(ok ? {status: 200} : {}),
		last_attempt: lastOkS,
		...(ok ? {last_ok: lastOkS} : {}),
	};
}

function kinds(state: ClusterState): string[] {
	return triageView(state).alerts.map((a) => `${a.kind}:${a.severity}`);
}

describe('scheduler unreachable / data stale', () => {
	it('warns after 2 missed polls and is critical after 5, then resolves when data returns', () => {
		let state = initialState({intervalMs: 2000});
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000, []), nowMs: T0});
		const retrying = {
			state: 'retrying',
			detail: 'connection refused',
			requestsPerSecond: 0,
			bytesPerSecond: 0,
		} as const;
		state = reduce(state, {type: 'tick', nowMs: T0 + 2000, source: {status: retrying}});
		expect(missedPolls(state)).toBe(0);
		expect(kinds(state)).toEqual([]);
		state = reduce(state, {type: 'tick', nowMs: T0 + 5000});
		expect(missedPolls(state)).toBe(2);
		expect(kinds(state)).toEqual(['stale:warning']);
		expect(triageView(state).alerts[0]?.message).toBe(
			'scheduler unreachable: 2 missed polls, data 5 s old (connection refused)',
		);
		state = reduce(state, {type: 'tick', nowMs: T0 + 11_000});
		expect(kinds(state)).toEqual(['stale:critical']);
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 12, []), nowMs: T0 + 12_000});
		expect(kinds(state)).toEqual([]);
		expect(state.events[0]).toMatchObject({
			kind: 'stale',
			state: 'resolved',
			peak_severity: 'critical',
			duration_seconds: 7,
		});
	});

	it('counts rounds in which no scheduler endpoint answered', () => {
		let state = initialState({intervalMs: 2000});
		for (let i = 0; i < 3; i++) {
			const at = T0 + i * 2000;
			const endpoints = [health('/metrics', i === 0, T0 / 1000), health('/json/identity.json', i === 0, T0 / 1000)];
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(at / 1000, [], {}, {endpoints}), nowMs: at});
		}
		expect(state.source.missedRounds).toBe(2);
		expect(kinds(state)).toEqual(['stale:warning']);
	});

	it('warns when nothing ever answered', () => {
		let state = initialState({intervalMs: 1000});
		const connecting = {state: 'connecting', requestsPerSecond: 0, bytesPerSecond: 0} as const;
		state = reduce(state, {type: 'tick', nowMs: T0, source: {status: connecting}});
		state = reduce(state, {type: 'tick', nowMs: T0 + 6000});
		expect(kinds(state)).toEqual(['stale:critical']);
		expect(triageView(state).alerts[0]?.message).toMatch(/no data yet/);
	});
});

describe('the worker list', () => {
	it('does not lose workers because a failing endpoint left the list stale', () => {
		const a = worker('tcp://a:1');
		const b = worker('tcp://b:1');
		let state = reduce(initialState(), {
			type: 'snapshot',
			snapshot: snapshot(
				T0 / 1000,
				[a, b],
				{},
				{workers_source: 'identity', endpoints: [health('/json/identity.json', true, T0 / 1000)]},
			),
			nowMs: T0,
		});
		const stale: Snapshot = snapshot(
			T0 / 1000 + 2,
			[a],
			{},
			{
				workers_source: 'identity',
				endpoints: [health('/json/identity.json', false, T0 / 1000), health('/metrics', true, T0 / 1000 + 2)],
			},
		);
		state = reduce(state, {type: 'snapshot', snapshot: stale, nowMs: T0 + 2000});
		expect(state.workers.get('tcp://b:1')?.lostMs).toBeUndefined();
		expect(kinds(state)).not.toContain('worker_lost:critical');
	});

	it(
		'keeps the last good snapshot when no scheduler endpoint answered, ' +
			'even one whose worker list came out empty (synthesized: a degraded build)',
		() => {
			const a = worker('tcp://a:1', {name: 'a', memory_process_bytes: 100});
			const good = snapshot(
				T0 / 1000,
				[a],
				{},
				{
					workers_source: 'identity',
					endpoints: [health('/json/identity.json', true, T0 / 1000), health('/metrics', true, T0 / 1000)],
				},
			);
			let state = reduce(initialState({intervalMs: 2000}), {type: 'snapshot', snapshot: good, nowMs: T0});
			const degraded = snapshot(
				T0 / 1000 + 2,
				[],
				{},
				{endpoints: [health('/json/identity.json', false, T0 / 1000), health('/metrics', false, T0 / 1000)]},
			);
			state = reduce(state, {type: 'snapshot', snapshot: degraded, nowMs: T0 + 2000});
			expect(state.snapshot).toBe(good);
			expect(state.workers.get('tcp://a:1')).toMatchObject({lastSeenMs: T0});
			expect(state.workers.get('tcp://a:1')?.lostMs).toBeUndefined();
			expect(state.source).toMatchObject({missedRounds: 1, lastFreshMs: T0});
			expect(state.nowMs).toBe(T0 + 2000);
		},
	);

	it('takes no round without an answer as the baseline: the first answer is, so its workers did not "join"', () => {
		const failed = snapshot(
			T0 / 1000,
			[],
			{},
			{endpoints: [{path: '/metrics', state: 'failed', last_attempt: T0 / 1000}]},
		);
		let state = reduce(initialState({intervalMs: 2000}), {type: 'snapshot', snapshot: failed, nowMs: T0});
		expect(state.snapshot).toBeUndefined();
		expect(state.source.missedRounds).toBe(1);
		const good = snapshot(
			T0 / 1000 + 2,
			[worker('tcp://a:1', {name: 'a'})],
			{},
			{endpoints: [health('/metrics', true, T0 / 1000 + 2)]},
		);
		state = reduce(state, {type: 'snapshot', snapshot: good, nowMs: T0 + 2000});
		expect(state.snapshot).toBe(good);
		expect(state.events.filter((e) => e.kind === 'worker_joined')).toEqual([]);
	});

	it('calls a worker that left while closing gracefully retired (info), not lost', () => {
		const a = worker('tcp://a:1', {name: 'a'});
		const leaving = worker('tcp://b:1', {name: 'b', status: 'closing_gracefully'});
		let state = reduce(initialState(), {type: 'snapshot', snapshot: snapshot(T0 / 1000, [a, leaving]), nowMs: T0});
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 2, [a]), nowMs: T0 + 2000});
		expect(state.events[0]).toMatchObject({
			kind: 'worker_retired',
			severity: 'info',
			subject_name: 'b',
			state: 'resolved',
		});
		expect(kinds(state)).toEqual([]);
	});

	it('makes one event for many joins in one poll', () => {
		let state = reduce(initialState(), {type: 'snapshot', snapshot: snapshot(T0 / 1000, []), nowMs: T0});
		const many = Array.from({length: 40}, (_, i) => worker(`tcp://w:${i}`, {name: `w${i}`}));
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 2, many), nowMs: T0 + 2000});
		expect(state.events).toHaveLength(1);
		expect(state.events[0]?.message).toBe('40 workers joined: w0, w1, w2, w3, w4 and 35 more');
	});

	it('forgets the oldest lost workers beyond the bound', () => {
		let state = initialState({lostWorkersKept: 2});
		const ws = Array.from({length: 5}, (_, i) => worker(`tcp://w:${i}`));
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000, ws), nowMs: T0});
		for (let i = 0; i < 5; i++) {
			state = reduce(state, {
				type: 'snapshot',
				snapshot: snapshot(T0 / 1000 + i + 1, ws.slice(i + 1)),
				nowMs: T0 + (i + 1) * 1000,
			});
		}
		expect([...state.workers.keys()].sort()).toEqual(['tcp://w:3', 'tcp://w:4']);
	});
});

describe('identity.json failing (2026.7.1 busy with the recorded HTTP 500)', () => {
	it('shows an info alert that the worker figures come from workers.html', () => {
		const at = recordedAtMs(loadManifest('2026.7.1', 'busy'));
		const snap = fixtureSnapshot('2026.7.1', 'busy', at, {override: identityAnswers500});
		expect(snap.workers_source).toBe('workers_html');
		const state = reduce(initialState(), {type: 'snapshot', snapshot: snap, nowMs: at});
		const fallback = triageView(state).alerts.find((a) => a.kind === 'fallback_source');
		expect(fallback).toMatchObject({severity: 'info', subject: 'cluster'});
		expect(fallback?.message).toMatch(
			/^identity\.json answers HTTP 500 .* in 1 recent poll: worker figures come from \/info\/main\/workers\.html$/,
		);
		expect(state.workers.size).toBe(3);
	});

	it('keeps one event while identity.json fails every other poll (no flapping)', () => {
		const at = recordedAtMs(loadManifest('2026.7.1', 'busy'));
		let state = initialState();
		for (let i = 0; i < 8; i++) {
			const when = at + i * 2000;
			const snap = fixtureSnapshot('2026.7.1', 'busy', when, i % 2 ? {} : {override: identityAnswers500});
			state = reduce(state, {type: 'snapshot', snapshot: snap, nowMs: when});
		}
		const fallbacks = state.events.filter((e) => e.kind === 'fallback_source');
		expect(fallbacks).toHaveLength(1);
		expect(fallbacks[0]?.state).toBe('ongoing');
		expect(triageView(state).alerts.find((a) => a.kind === 'fallback_source')?.message).toMatch(/in 4 recent polls/);
	});
});

describe('reset', () => {
	it('starts over: no history, no events, and the next snapshot is a new baseline', () => {
		const a = worker('tcp://a:1');
		let state = reduce(initialState(), {type: 'snapshot', snapshot: snapshot(T0 / 1000, []), nowMs: T0});
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 2, [a]), nowMs: T0 + 2000});
		expect(state.events).toHaveLength(1);
		state = reduce(state, {type: 'reset'});
		expect(state.events).toEqual([]);
		expect(state.workers.size).toBe(0);
		expect(state.history.time.length).toBe(0);
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + 4, [a]), nowMs: T0 + 4000});
		expect(state.events).toEqual([]);
	});
});

describe('history', () => {
	it('keeps bounded rings per worker and for the cluster', () => {
		let state = initialState({clusterHistoryLength: 4, workerHistoryLength: 3});
		for (let i = 0; i < 10; i++) {
			const w = worker('tcp://a:1', {cpu_percent: i * 10, memory_process_bytes: i, memory_limit_bytes: 100});
			state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000 + i, [w]), nowMs: T0 + i * 1000});
		}
		const h = state.workers.get('tcp://a:1')?.history;
		expect(h?.cpuPercent.values()).toEqual([70, 80, 90]);
		expect(h?.memoryProcessBytes.values()).toEqual([7, 8, 9]);
		expect(state.history.time.values()).toEqual([6, 7, 8, 9].map((i) => T0 / 1000 + i));
		expect(state.history.memoryLimitBytes.last()).toBe(100);
		expect(state.history.workers.last()).toBe(1);
	});

	it('does not double a point when the same snapshot is reduced twice from the same state', () => {
		const s0 = initialState();
		const action = {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000, [worker('tcp://a:1', {cpu_percent: 5})]),
			nowMs: T0,
		} as const;
		reduce(s0, action);
		const s1 = reduce(s0, action);
		expect(s1.history.time.length).toBe(1);
		expect(s1.workers.get('tcp://a:1')?.history.cpuPercent.values()).toEqual([5]);
	});
});

describe('the triage view', () => {
	it('is plain JSON (what --json prints) and round-trips', () => {
		let state = initialState();
		for (const scenario of ['busy', 'memory-heavy', 'errors', 'worker-died'] as const) {
			const snap = fixtureSnapshot('2022.12.1', scenario);
			state = reduce(state, {type: 'snapshot', snapshot: snap, nowMs: snap.time * 1000});
		}
		const view = triageView(state);
		const text = JSON.stringify(view);
		expect(text).not.toMatch(/NaN|Infinity/);
		expect(JSON.parse(text)).toEqual(view); // no Maps, class instances or NaN lost on the way
		expect(Object.keys(view).sort()).toEqual([
			'adaptive',
			'alerts',
			'counts',
			'data_age_seconds',
			'events',
			'missed_polls',
			'stall',
			'time',
		]);
		expect(view.counts).toEqual({info: 0, warning: 2, critical: 1});
		expect(view.alerts[0]?.kind).toBe('worker_lost'); // worst first
	});
});

describe('no workers while tasks wait, poll by poll', () => {
	const polls = (state: ClusterState, fromS: number, toS: number, queued: number) => {
		for (let s = fromS; s <= toS; s += 2) {
			const snap = snapshot(T0 / 1000 + s, [], {workers: {total: 0}, tasks: {queued}});
			state = reduce(state, {type: 'snapshot', snapshot: snap, nowMs: T0 + s * 1000});
		}
		return state;
	};

	it('is a warning at once and critical after the stall time (--stall-after), one event', () => {
		let state = polls(initialState({stallAfterMs: 20_000}), 0, 18, 20);
		expect(kinds(state)).toEqual(['no_workers:warning']);
		state = polls(state, 20, 22, 20);
		expect(kinds(state)).toEqual(['no_workers:critical']);
		expect(triageView(state).alerts[0]?.message).toMatch(/nothing has run for 20 s or more$/);
		// a worker joins and takes them: resolved
		const joined = snapshot(T0 / 1000 + 24, [worker('tcp://w:1')], {workers: {total: 1}, tasks: {processing: 20}});
		state = reduce(state, {type: 'snapshot', snapshot: joined, nowMs: T0 + 24_000});
		expect(kinds(state)).toEqual([]);
		expect(state.events.filter((e) => e.kind === 'no_workers')).toMatchObject([
			{state: 'resolved', peak_severity: 'critical', duration_seconds: 24},
		]);
	});

	it('raises nothing for a cluster scaled to zero with no task, however long', () => {
		const state = polls(initialState({stallAfterMs: 20_000}), 0, 600, 0);
		expect(kinds(state)).toEqual([]);
		expect(state.events).toEqual([]);
	});
});
