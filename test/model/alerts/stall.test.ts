/** The stall rule as a table. A stuck cluster is not in the fixtures: synthesized snapshots. */
import {describe, expect, it} from 'vitest';
import {initialState, reduce} from '../../../source/model/state.js';
import {stallView} from '../../../source/model/alerts/stall.js';
import {triageView} from '../../../source/model/alerts/triage.js';
import {workerRows} from '../../../source/model/rows/rows.js';
import type {ClusterState, ModelOptions} from '../../../source/model/types.js';
import type {PrefixCounters, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {prefix, snapshot, worker} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;

interface Case {
	readonly label: string;
	readonly processing: number;
	readonly workers: readonly WorkerSnapshot[];
	/** Seconds between the two snapshots (no completion in between). */
	readonly quietSeconds: number;
	readonly prefixes?: Readonly<Record<string, PrefixCounters>>;
	readonly options?: ModelOptions;
	readonly noMetrics?: boolean;
	readonly stalled: boolean;
	readonly thresholdSeconds: number;
}

const holder = (name: string, cpu: number | undefined, extra: Partial<WorkerSnapshot> = {}) =>
	worker(`tcp://${name}:1`, {name, processing: 2, ...(cpu === undefined ? {} : {cpu_percent: cpu}), ...extra});
const idle = (name: string) => worker(`tcp://${name}:1`, {name, processing: 0, tasks_executing: 0, cpu_percent: 0.5});

const CASES: readonly Case[] = [
	{
		label: 'quiet workers holding tasks for 60 s',
		processing: 4,
		workers: [holder('a', 1), holder('b', 9.9), idle('c')],
		quietSeconds: 60,
		stalled: true,
		thresholdSeconds: 60,
	},
	{
		label: 'only 59 s without a completion',
		processing: 4,
		workers: [holder('a', 1)],
		quietSeconds: 59,
		stalled: false,
		thresholdSeconds: 60,
	},
	{
		label: 'one holder busy at 10 % CPU',
		processing: 4,
		workers: [holder('a', 1), holder('b', 10)],
		quietSeconds: 120,
		stalled: false,
		thresholdSeconds: 60,
	},
	{
		label: 'nothing processing',
		processing: 0,
		workers: [idle('a')],
		quietSeconds: 600,
		stalled: false,
		thresholdSeconds: 60,
	},
	{
		label: 'holders without CPU figures',
		processing: 4,
		workers: [holder('a', undefined)],
		quietSeconds: 600,
		stalled: false,
		thresholdSeconds: 60,
	},
	{
		label: 'no /metrics task counters (completions unseen)',
		processing: 4,
		workers: [holder('a', 0)],
		quietSeconds: 600,
		noMetrics: true,
		stalled: false,
		thresholdSeconds: 60,
	},
	{
		label: 'executing counts as holding',
		processing: 1,
		workers: [worker('tcp://x:1', {name: 'x', tasks_executing: 1, cpu_percent: 0})],
		quietSeconds: 60,
		stalled: true,
		thresholdSeconds: 60,
	},
	{
		label: 'long tasks in flight raise N to 3 × their mean duration (40 s → 120 s)',
		processing: 2,
		workers: [holder('a', 0)],
		quietSeconds: 100,
		prefixes: {slow: prefix({waiting: 10, processing: 4, memory: 2}, {compute_seconds_total: 80})},
		stalled: false,
		thresholdSeconds: 120,
	},
	{
		label: 'stallAfterMs overrides N',
		processing: 2,
		workers: [holder('a', 0)],
		quietSeconds: 20,
		prefixes: {slow: prefix({waiting: 10, processing: 4, memory: 2}, {compute_seconds_total: 80})},
		options: {stallAfterMs: 15_000},
		stalled: true,
		thresholdSeconds: 15,
	},
];

describe('stall detection', () => {
	it.each(CASES)('$label → stalled: $stalled', (c) => {
		let state = initialState(c.options);
		const scheduler = {
			tasks: {processing: c.processing},
			prefixes: c.prefixes ?? {},
			...(c.noMetrics ? {prometheus_available: false} : {}),
		};
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(T0 / 1000, c.workers, scheduler), nowMs: T0});
		const at = T0 + c.quietSeconds * 1000;
		state = reduce(state, {type: 'snapshot', snapshot: snapshot(at / 1000, c.workers, scheduler), nowMs: at});
		const view = stallView(state);
		expect(view.stalled).toBe(c.stalled);
		expect(view.threshold_seconds).toBe(c.thresholdSeconds);
		expect(triageView(state).alerts.some((a) => a.kind === 'stalled')).toBe(c.stalled);
	});

	it('names the workers holding tasks and warns that sleeping or I/O-bound tasks look the same', () => {
		const ws = [holder('a', 1), holder('b', 2), idle('c')];
		let state = reduce(initialState(), {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000, ws, {tasks: {processing: 4}}),
			nowMs: T0,
		});
		state = reduce(state, {type: 'tick', nowMs: T0 + 75_000});
		const alert = triageView(state).alerts.find((a) => a.kind === 'stalled');
		expect(alert).toMatchObject({severity: 'warning', workers: ['tcp://a:1', 'tcp://b:1']});
		expect(stallView(state).worker_names).toEqual(['a', 'b']);
		const rows = workerRows(state, {sort: {column: 'name', descending: false}}).rows;
		expect(rows.map((r) => [r.name, r.severity])).toEqual([
			['a', 'warning'],
			['b', 'warning'],
			['c', undefined],
		]);
		expect(alert?.message).toBe(
			'stalled? no task started or completed for 75 s while 4 tasks are processing; a, ' +
				'b hold them at under 10 % CPU (tasks that sleep or wait on I/O look the same)',
		);
	});

	it('clears when a task completes', () => {
		const ws = [holder('a', 1)];
		const counters = (memory: number) => ({p: prefix({waiting: 10, memory})});
		let state = reduce(initialState(), {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000, ws, {tasks: {processing: 4}, prefixes: counters(0)}),
			nowMs: T0,
		});
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000 + 70, ws, {tasks: {processing: 4}, prefixes: counters(0)}),
			nowMs: T0 + 70_000,
		});
		expect(stallView(state).stalled).toBe(true);
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000 + 72, ws, {tasks: {processing: 3}, prefixes: counters(1)}),
			nowMs: T0 + 72_000,
		});
		expect(stallView(state).stalled).toBe(false);
		expect(state.events.find((e) => e.kind === 'stalled')).toMatchObject({state: 'resolved', duration_seconds: 2});
	});
});

describe('the stall clock counts from when work last moved, not across an idle spell', () => {
	const ws = [holder('a', 1)];
	const idleWs = [idle('a')];
	/** Counters of one prefix: `processing` tasks went into processing, `memory` finished. */
	const counters = (processing: number, memory: number) => ({p: prefix({waiting: 10, processing, memory})});
	const poll = (
		state: ClusterState,
		seconds: number,
		workers: readonly WorkerSnapshot[],
		processing: number,
		c: ReturnType<typeof counters>,
	) =>
		reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(T0 / 1000 + seconds, workers, {tasks: {processing}, prefixes: c}),
			nowMs: T0 + seconds * 1000,
		});

	it('raises nothing when tasks start after a minute idle, until they have run quiet for the stall time', () => {
		// 5 tasks done, then idle for 60 s; 5 slow tasks start at 60 s and run quiet (sleeping) from then on
		let state = poll(initialState(), 0, idleWs, 0, counters(5, 5));
		for (let s = 2; s <= 60; s += 2) state = poll(state, s, idleWs, 0, counters(5, 5));
		state = poll(state, 62, ws, 5, counters(10, 5));
		state = poll(state, 72, ws, 5, counters(10, 5));
		expect(stallView(state)).toMatchObject({stalled: false, since_completion_seconds: 72, since_progress_seconds: 10});
		expect(triageView(state).alerts.some((a) => a.kind === 'stalled')).toBe(false);
		// the same tasks quiet for the whole stall time after they started: that is a stall
		state = poll(state, 122, ws, 5, counters(10, 5));
		expect(stallView(state)).toMatchObject({stalled: true, since_progress_seconds: 60});
		expect(triageView(state).alerts.find((a) => a.kind === 'stalled')?.message).toMatch(
			/^stalled\? no task started or completed for 60 s while 5 tasks are processing/,
		);
	});

	it('starts the clock when processing goes from none to some, even when the counters say nothing (yet)', () => {
		let state = poll(initialState(), 0, idleWs, 0, counters(5, 5));
		state = poll(state, 60, idleWs, 0, counters(5, 5));
		state = poll(state, 62, ws, 5, counters(5, 5));
		state = poll(state, 100, ws, 5, counters(5, 5));
		expect(stallView(state)).toMatchObject({stalled: false, since_progress_seconds: 38});
	});

	it('counts a task going into processing as work moving (a queue draining one task at a time)', () => {
		let state = poll(initialState(), 0, ws, 4, counters(4, 0));
		state = poll(state, 50, ws, 4, counters(5, 0));
		state = poll(state, 100, ws, 4, counters(5, 0));
		expect(stallView(state)).toMatchObject({stalled: false, since_progress_seconds: 50});
	});
});
