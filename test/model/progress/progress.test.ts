import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {createPipeline} from '../../../source/pipeline.js';
import {progressView} from '../../../source/model/progress/progress.js';
import {initialState, reduce} from '../../../source/model/state.js';
import type {ClusterState, PrefixProgress} from '../../../source/model/types.js';
import {loadRecording} from '../../../source/record/reader.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import type {FixtureVersion, Scenario} from '../../helpers/fixtures.js';
import {fixtureSnapshot, prefix, snapshot} from '../../helpers/snapshots.js';

const T0 = 1_800_000_000_000;

/**
 * The fixture scenarios of one version as consecutive polls 10 s apart (they happened in this order
 * on one scheduler).
 */
function run(version: FixtureVersion, scenarios: readonly Scenario[]): ClusterState[] {
	const states: ClusterState[] = [];
	let state = initialState();
	scenarios.forEach((scenario, i) => {
		const at = T0 + i * 10_000;
		state = reduce(state, {type: 'snapshot', snapshot: fixtureSnapshot(version, scenario, at), nowMs: at});
		states.push(state);
	});
	return states;
}

function rows(state: ClusterState): Record<string, PrefixProgress> {
	return Object.fromEntries(progressView(state).prefixes.map((p) => [p.prefix, p]));
}

/** Synthesized /metrics samples: per-prefix counters and the cluster's tasks by state (only what a case needs). */
function sample(
	timeS: number,
	prefixes: Record<string, Record<string, number>>,
	active: number,
	{memory = 0, erred = 0}: {memory?: number; erred?: number} = {},
): Snapshot {
	return snapshot(timeS, [], {
		tasks: {processing: active, queued: 0, waiting: 0, 'no-worker': 0, memory, erred, released: 0},
		prefixes: Object.fromEntries(Object.entries(prefixes).map(([name, t]) => [name, prefix(t)])),
		sources: {tasks: 'metrics'},
	});
}

function feed(snapshots: readonly Snapshot[]): ClusterState[] {
	let state = initialState();
	return snapshots.map((s) => (state = reduce(state, {type: 'snapshot', snapshot: s, nowMs: s.time * 1000})));
}

describe.each(['2022.12.1', '2026.7.1'] as const)('per-prefix progress on the recorded Dask %s', (version) => {
	it('started mid-run, counts a prefix never released from the scheduler start, exactly (busy)', () => {
		const [busy] = run(version, ['busy']);
		const view = progressView(busy!);
		expect(view.epoch).toBe(false);
		// 200 incs submitted, 5 (2022.12) or 6 (2026.7) in memory: the rest in flight. The counters of all
		// prefixes leave in flight exactly what the cluster has in flight, so every row is exact.
		const memory = version === '2022.12.1' ? 5 : 6;
		expect(rows(busy!)['inc']).toMatchObject({
			done: memory,
			total: 200,
			erred: 0,
			in_flight: 200 - memory,
			exact: true,
			counted_from: 'scheduler-start',
		});
		const active = (['processing', 'queued', 'waiting', 'no-worker'] as const).reduce(
			(n, s) => n + (view.tasks[s] ?? 0),
			0,
		);
		expect(view.prefixes.reduce((n, p) => n + p.in_flight, 0)).toBe(active);
	});

	it(
		'keeps each finished run whole at an epoch, ' + 'counts new prefixes from their birth, and erred apart from done',
		() => {
			const [, memoryHeavy, errors] = run(version, ['busy', 'memory-heavy', 'errors']);
			const heavy = progressView(memoryHeavy!);
			expect(heavy.epoch).toBe(true); // nothing in flight cluster-wide
			expect(rows(memoryHeavy!)['inc']).toMatchObject({done: 200, total: 200, in_flight: 0, exact: true});
			expect(rows(memoryHeavy!)['make_blob']).toMatchObject({
				done: 12,
				total: 12,
				in_flight: 0,
				exact: true,
				counted_from: 'birth',
				since: T0 / 1000,
			});
			const e = rows(errors!);
			expect(e['explode']).toMatchObject({done: 0, total: 6, erred: 6, in_flight: 0, exact: true});
			expect(e['summarize']).toMatchObject({done: 0, total: 1, erred: 1, in_flight: 0});
			expect(e['divide']).toMatchObject({done: 0, total: 2, erred: 2});
		},
	);

	it(
		'counts a recomputation after an epoch from that epoch, ' +
			'and the tasks a lost worker had running as released unfinished, apart from those in flight again',
		() => {
			const states = run(version, ['busy', 'memory-heavy', 'errors', 'worker-died']);
			const died = rows(states[3]!);
			const epochS = (T0 + 20_000) / 1000; // the errors poll: nothing in flight
			// gamma died: its 6 blobs are recomputed. make_blob moved after the epoch, so it counts from it.
			expect(died['make_blob']).toMatchObject({
				done: 0,
				total: 6,
				in_flight: 6,
				cancelled: 0,
				exact: true,
				counted_from: 'epoch',
				since: epochS,
			});
			// pinned-sleep: 2 tasks, retried once each (processing → released → waiting): submitted 4 times.
			// Released from memory or erred never, so at most 4 − 2 released are in flight: 2, retried.
			expect(died['pinned-sleep']).toMatchObject({total: 4, cancelled: 2, in_flight: 2, exact: true});
			expect(died['pinned-sleep']).not.toHaveProperty('in_flight_max');
			expect(died['slow-process-late']).toMatchObject({done: 0, total: 6, in_flight: 6, exact: true});
			expect(
				progressView(states[3]!)
					.prefixes.slice(0, 3)
					.map((p) => p.in_flight > 0),
			).toEqual([true, true, true]); // active first
		},
	);

	it('drops what a departed client left in flight at the next epoch (client-closed)', () => {
		const states = run(version, ['busy', 'memory-heavy', 'errors', 'worker-died', 'client-closed']);
		const closed = progressView(states[4]!);
		expect(closed.epoch).toBe(true);
		expect(closed.prefixes.every((p) => p.in_flight === 0)).toBe(true);
		expect(rows(states[4]!)['slow-process-late']).toMatchObject({done: 0, total: 6, in_flight: 0});
	});

	it(
		'orders the rows in flight first, then erred, then holding results, then finished, each in the order ' +
			'first seen, and drops an earlier run once a new one starts unless it holds results',
		() => {
			const states = run(version, ['busy', 'memory-heavy', 'errors', 'worker-died', 'client-closed']);
			const order = (s: ClusterState) => progressView(s).prefixes.map((p) => p.prefix);
			// No run seen starting yet (dask-top started mid-run): every prefix counted so far; those
			// holding results (the blobs) before the finished ones (inc's results were released).
			const heavy = order(states[1]!);
			expect(heavy.slice(0, 2)).toEqual(['make_blob', 'cache-blob']);
			expect(heavy).toHaveLength(version === '2022.12.1' ? 13 : 12);
			// The errors were a run of their own after the memory-heavy epoch: its prefixes are listed, then
			// the earlier run's that still hold results (inc's were released: it drops out).
			expect(order(states[2]!)).toEqual(['explode', 'summarize', 'divide', 'parse-record', 'make_blob', 'cache-blob']);
			// worker-died: the recomputation is the run; the erred tasks of the run before are still
			// held (the scheduler's 10 erred = the prefixes' erred transitions), so they stay, after it,
			// and so do the 8 cached blobs still in memory.
			expect(states[3]!.snapshot?.scheduler.tasks.erred).toBe(10);
			expect(order(states[3]!)).toEqual([
				'make_blob',
				'pinned-sleep',
				'slow-process-late',
				'explode',
				'summarize',
				'divide',
				'parse-record',
				'cache-blob',
			]);
			expect(rows(states[3]!)['cache-blob']).toMatchObject({held: 8, in_flight: 0});
			// client-closed released them: the run's own prefixes only.
			expect(order(states[4]!)).toEqual(['make_blob', 'pinned-sleep', 'slow-process-late']);
		},
	);

	it('started after the errors, lists every prefix with erred tasks (summarize, erred by blame, too)', () => {
		const [errors] = run(version, ['errors']);
		const view = progressView(errors!);
		expect(view.prefixes.map((p) => p.prefix)).toEqual([
			'explode',
			'summarize',
			'divide',
			'parse-record',
			'make_blob',
			'cache-blob',
		]);
		const r = rows(errors!);
		expect(r['explode']).toMatchObject({done: 0, total: 6, erred: 6, in_flight: 0, exact: true});
		// waiting → released → erred: no longer "never released", but nothing of it was forgotten: all still held.
		expect(r['summarize']).toMatchObject({
			done: 0,
			total: 1,
			erred: 1,
			in_flight: 0,
			exact: false,
			counted_from: 'held',
		});
		expect(r['make_blob']).toMatchObject({done: 12, total: 12, erred: 0, exact: true});
		expect(view.prefixes.reduce((n, p) => n + p.erred, 0)).toBe(errors!.snapshot?.scheduler.tasks.erred);
	});
});

describe('figures only some versions have', () => {
	it('gives bytes and mean task time per prefix on 2026.7.1, neither on 2022.12.1', () => {
		const [modern] = run('2026.7.1', ['memory-heavy']);
		expect(rows(modern!)['make_blob']).toMatchObject({bytes: 503316480, done: 12, total: 12});
		expect(rows(modern!)['make_blob']!.mean_duration_seconds).toBeGreaterThan(0);
		const [old] = run('2022.12.1', ['memory-heavy']);
		expect(rows(old!)['make_blob']).not.toHaveProperty('bytes');
		expect(rows(old!)['make_blob']).not.toHaveProperty('mean_duration_seconds');
	});

	it('replays the whole recorded 2023.6.0 session to exact rows: idle → busy → memory → errors', async () => {
		const file = fileURLToPath(new URL('../../fixtures/dask-2023.6.0/tui-session.ndjson.gz', import.meta.url));
		const recording = await loadRecording(file);
		const pipeline = createPipeline();
		let sawActive = false;
		let lastInc: PrefixProgress | undefined;
		for (const raw of recording.rounds) {
			pipeline.ingest(raw);
			const view = progressView(pipeline.state());
			lastInc = view.prefixes.find((p) => p.prefix === 'inc') ?? lastInc;
			const active = (['processing', 'queued', 'waiting', 'no-worker'] as const).reduce(
				(n, s) => n + (view.tasks[s] ?? 0),
				0,
			);
			if (active > 0) sawActive = true;
			// Started on an idle cluster: every row counts from an epoch or the prefix's birth, and
			// the rows' in-flight figures add up to the cluster's.
			expect(view.prefixes.reduce((n, p) => n + p.in_flight, 0)).toBe(active);
			for (const p of view.prefixes) {
				expect(p.total).toBeDefined();
				expect(p.done + p.erred + p.cancelled + p.in_flight).toBeLessThanOrEqual(p.total!);
				expect(['epoch', 'birth']).toContain(p.counted_from);
			}
		}
		expect(sawActive).toBe(true);
		expect(lastInc).toMatchObject({done: 200, total: 200, in_flight: 0, exact: true});
		expect(lastInc).toHaveProperty('bytes');
		// The errors phase is a run of its own: inc (an earlier run) is no longer listed.
		const end = Object.fromEntries(progressView(pipeline.state()).prefixes.map((p) => [p.prefix, p]));
		expect(end['explode']).toMatchObject({done: 0, erred: 6, total: 6});
		expect(end['inc']).toBeUndefined();
	});
});

describe('epochs and bases (synthesized samples: one run seen poll by poll, which the fixtures cannot show)', () => {
	const idle = (t: number, prefixes: Record<string, Record<string, number>>) => sample(t, prefixes, 0);

	it.each([
		{
			name: 're-run after an epoch counts from it, not from the earlier run',
			polls: [
				idle(100, {load: {waiting: 300, memory: 300, forgotten: 300}}),
				sample(102, {load: {waiting: 600, memory: 340, forgotten: 300}}, 260),
			],
			expect: {done: 40, total: 300, in_flight: 260, exact: true, since: 100, counted_from: 'epoch'},
		},
		{
			name: 'a short run between two idle polls is counted whole',
			polls: [
				idle(100, {load: {waiting: 10, memory: 10, forgotten: 10}}),
				idle(102, {load: {waiting: 30, memory: 30, forgotten: 10}}),
			],
			expect: {done: 20, total: 20, in_flight: 0, exact: true, since: 100},
		},
		{
			name: 'cancelled mid-run: in flight drops to 0 at the next epoch, total keeps what was submitted',
			polls: [
				idle(100, {load: {}}),
				sample(102, {load: {waiting: 300, memory: 177}}, 123),
				idle(104, {load: {waiting: 300, memory: 177, released: 123, forgotten: 300}}),
			],
			expect: {done: 177, total: 300, in_flight: 0, exact: true},
		},
		{
			name: 'erred is not done',
			polls: [idle(100, {}), idle(102, {explode: {waiting: 6, processing: 6, erred: 6}})],
			expect: {done: 0, erred: 6, total: 6, in_flight: 0, counted_from: 'birth'},
		},
		{
			name:
				'started mid-run after releases: counted from the first poll; the only prefix, so the cluster ' +
				'says what is in flight, and its total since then follows',
			polls: [sample(100, {load: {waiting: 600, memory: 350, released: 300, forgotten: 300}}, 200)],
			expect: {
				done: 0,
				total: 200,
				in_flight: 200,
				cancelled: 0,
				exact: true,
				since: 100,
				counted_from: 'first-sample',
			},
		},
		{
			name: 'started mid-run with only forgotten tasks before: in flight, the results still held, the total since',
			polls: [sample(100, {load: {waiting: 600, memory: 350, forgotten: 300}}, 250, {memory: 50})],
			expect: {done: 0, total: 250, in_flight: 250, held: 50, exact: true, since: 100, counted_from: 'first-sample'},
		},
		{
			name: 'scattered data is done without being submitted',
			polls: [idle(100, {}), idle(102, {int: {memory: 8}})],
			expect: {done: 8, total: 8, in_flight: 0},
		},
	])('$name', (c) => {
		const last = feed(c.polls).at(-1)!;
		const row = progressView(last).prefixes[0];
		expect(row).toMatchObject(c.expect);
		if ('total' in c) expect(row).not.toHaveProperty('total');
	});

	it.each([
		{name: 'proven held (the prefixes’ erred transitions add up to the scheduler’s 2)', erred: 2, shown: true},
		{name: 'not proven (the scheduler holds 1 of the 2 that erred)', erred: 1, shown: false},
	])('started idle after a map where one task raised: its erred task is listed when $name', ({erred, shown}) => {
		// 99 results used by summarize (erred by blame), then released and forgotten; the one erred task held.
		const polls = [
			snapshot(100, [], {
				tasks: {processing: 0, queued: 0, waiting: 0, 'no-worker': 0, memory: 0, erred, released: 0},
				prefixes: {
					explode: prefix({waiting: 100, processing: 100, memory: 99, erred: 1, released: 99, forgotten: 99}),
					summarize: prefix({waiting: 1, released: 1, erred: 1}),
				},
				sources: {tasks: 'metrics'},
			}),
		];
		const view = progressView(feed(polls).at(-1)!);
		const explode = view.prefixes.find((p) => p.prefix === 'explode');
		if (shown) {
			expect(explode).toMatchObject({done: 0, erred: 1, in_flight: 0, exact: false, counted_from: 'first-sample'});
			// What explode submitted before is not known (99 of its tasks were forgotten): no total.
			expect(explode).not.toHaveProperty('total');
		} else expect(explode).toBeUndefined();
		// summarize: nothing of it forgotten, so all of it is still held either way.
		expect(view.prefixes.find((p) => p.prefix === 'summarize')).toMatchObject({erred: 1, total: 1});
	});

	it('a run started after an epoch replaces the one before; a prefix still in flight stays', () => {
		const states = feed([
			idle(100, {}),
			sample(102, {a: {waiting: 4, memory: 2}, b: {waiting: 3}}, 5),
			idle(104, {a: {waiting: 4, memory: 4}, b: {waiting: 3, memory: 3}}),
			sample(106, {a: {waiting: 4, memory: 4}, b: {waiting: 3, memory: 3}, c: {waiting: 2}}, 2),
			idle(108, {a: {waiting: 4, memory: 4}, b: {waiting: 3, memory: 3}, c: {waiting: 2, erred: 2}}),
			sample(110, {a: {waiting: 6, memory: 4}, b: {waiting: 3, memory: 3}, c: {waiting: 2, erred: 2}}, 2),
		]);
		const order = (s: ClusterState) => progressView(s).prefixes.map((p) => `${p.prefix} ${p.done}/${p.total}`);
		expect(order(states[2]!)).toEqual(['a 4/4', 'b 3/3']);
		expect(order(states[3]!)).toEqual(['c 0/2']);
		expect(order(states[4]!)).toEqual(['c 0/2']);
		expect(progressView(states[4]!).prefixes[0]).toMatchObject({erred: 2});
		// The synthesized samples say nothing about erred tasks held now (0): c's erred are not kept.
		expect(order(states[5]!)).toEqual(['a 0/2']);
	});

	it('a restarted scheduler counts every prefix from its birth (after the last poll of the old one)', () => {
		const states = feed([
			sample(100, {load: {waiting: 600, memory: 350}}, 250),
			sample(102, {load: {waiting: 20, memory: 5}}, 15),
		]);
		expect(progressView(states[1]!).prefixes[0]).toMatchObject({
			done: 5,
			total: 20,
			in_flight: 15,
			exact: true,
			since: 100,
			counted_from: 'birth',
		});
	});

	it('moves only on a new /metrics answer, and a cached one leaves the rows as they were', () => {
		const answered = {path: '/metrics', state: 'ok', last_ok: 100} as const;
		const first = {...sample(100, {load: {waiting: 10, memory: 2}}, 8), endpoints: [answered]};
		// The next round's /metrics failed: the cache still holds the answer of t=100, with other counters it cannot have.
		const states = feed([
			first,
			{...sample(102, {load: {waiting: 10, memory: 9}}, 1), endpoints: [{...answered, last_attempt: 102}]},
		]);
		expect(progressView(states[1]!).prefixes).toEqual(progressView(states[0]!).prefixes);
	});
});

describe('progressView memo', () => {
	it('is computed once for the states of one round and anew when the round moves', () => {
		const [busy, heavy] = run('2026.7.1', ['busy', 'memory-heavy']);
		const view = progressView(busy!);
		// A later moment of the same round (time passes, alerts re-evaluated): the same figures, the same object.
		const ticked = reduce(busy!, {type: 'tick', nowMs: busy!.nowMs + 3000});
		expect(ticked).not.toBe(busy);
		expect(progressView(ticked)).toBe(view);
		// The next round: new figures.
		const next = progressView(heavy!);
		expect(next).not.toBe(view);
		expect(next.prefixes).not.toEqual(view.prefixes);
		// Equal to what an unmemoized view of the same state would be (a fresh copy of the state object).
		expect(progressView({...heavy!, progress: {...heavy!.progress}})).toEqual(next);
	});
});
