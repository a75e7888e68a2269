/**
 * The time track and its split, table-driven on synthesized snapshots (a counter reset, a worker
 * restart, a Dask without per-prefix seconds, partial worker coverage cannot all be shown by the
 * fixtures), then on the recorded fixtures of each Dask version through the real parser and reduce.
 */
import {describe, expect, it} from 'vitest';
import {stepTime, EMPTY_TIME, counterStep, type TimeSample} from '../../../source/model/time/time-track.js';
import {timeSplit, TIME_NOTES, sharePercent} from '../../../source/model/time/time-split.js';
import type {TimeTrack} from '../../../source/model/types.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {prefix, snapshot, worker} from '../../helpers/snapshots.js';
import {fixtureRun} from '../../helpers/fixture-data.js';
import {readFileSync} from 'node:fs';
import {parsePrometheus} from '../../../source/parse/prometheus.js';
import {parseSchedulerMetrics} from '../../../source/parse/scheduler-metrics.js';
import {timeView} from '../../../source/model/time/time-view.js';

type Seconds = Record<string, [compute: number, transfer: number] | 'none'>;

function snap(timeS: number, threads: number | undefined, seconds: Seconds, workers: WorkerSnapshot[] = []): Snapshot {
	const prefixes = Object.fromEntries(
		Object.entries(seconds).map(([name, s]) => [
			name,
			s === 'none'
				? prefix({memory: 1})
				: prefix({memory: 1}, {compute_seconds_total: s[0], transfer_seconds_total: s[1]}),
		]),
	);
	return snapshot(timeS, workers, {prefixes, ...(threads === undefined ? {} : {threads})});
}

function metricsWorker(address: string, spill: number | undefined, gc?: number): WorkerSnapshot {
	return worker(address, {
		...(spill === undefined ? {} : {spill_time_seconds_total: spill}),
		...(gc === undefined ? {} : {gc_collection_seconds_total: gc}),
		sources: spill === undefined ? {} : {spill_time_seconds_total: 'worker_metrics'},
	});
}

interface Step {
	readonly snap: Snapshot;
	readonly idle?: boolean;
	readonly runFromS?: number;
	readonly reset?: boolean;
}

function run(steps: readonly Step[]): TimeTrack {
	let track = EMPTY_TIME;
	for (const s of steps) {
		const sample: TimeSample = {
			timeS: s.snap.time,
			snapshot: s.snap,
			idle: s.idle ?? false,
			runFromS: s.runFromS,
			reset: s.reset ?? false,
		};
		track = stepTime(track, sample);
	}
	return track;
}

describe('counterStep', () => {
	it.each([
		[1, 3, 2],
		[5, 5, 0],
		[10, 4, 4], // went back: its process started over, counted from zero
	])('%d → %d grew %d', (before, after, grew) => expect(counterStep(before, after)).toBe(grew));
});

describe('timeSplit over the last minute', () => {
	const cases: ReadonlyArray<{
		name: string;
		steps: Step[];
		want: Partial<
			Record<'thread_seconds' | 'compute' | 'transfer' | 'spill' | 'gc' | 'idle' | 'window_seconds', number | undefined>
		>;
		notes?: string[];
		prefixes?: Array<[string, number, number]>;
	}> = [
		{
			name: 'compute and transfer per prefix, idle is the rest',
			steps: [
				{snap: snap(0, 4, {inc: [0, 0]})},
				{snap: snap(10, 4, {inc: [8, 1], sum: [2, 3]})},
				{snap: snap(20, 4, {inc: [20, 1], sum: [2, 3]})},
			],
			want: {window_seconds: 20, thread_seconds: 80, compute: 22, transfer: 4, idle: 54},
			prefixes: [
				['inc', 20, 1],
				['sum', 2, 3],
			],
		},
		{
			name: 'threads change: trapezoid over each step',
			steps: [{snap: snap(0, 2, {})}, {snap: snap(10, 4, {})}],
			want: {thread_seconds: 30, compute: 0, transfer: 0, idle: 30},
		},
		{
			name: 'a counter that went back counts from zero',
			steps: [{snap: snap(0, 1, {inc: [50, 0]})}, {snap: snap(10, 1, {inc: [3, 0]})}],
			want: {compute: 3, idle: 7},
		},
		{
			name: 'a reset starts the track over from the new sample',
			steps: [
				{snap: snap(0, 1, {inc: [50, 0]})},
				{snap: snap(10, 1, {inc: [3, 0]}), reset: true},
				{snap: snap(20, 1, {inc: [5, 0]})},
			],
			want: {window_seconds: 10, compute: 2, thread_seconds: 10},
		},
		{
			name: 'Dask before 2023.1.1: no per-prefix seconds, no compute, no idle',
			steps: [{snap: snap(0, 2, {inc: 'none'})}, {snap: snap(10, 2, {inc: 'none'})}],
			want: {thread_seconds: 20, compute: undefined, transfer: undefined, idle: undefined},
			notes: [TIME_NOTES.noPerPrefix],
		},
		{
			name: 'threads unknown: no capacity, no idle',
			steps: [{snap: snap(0, undefined, {inc: [0, 0]}, [worker('tcp://a:1')])}, {snap: snap(10, 2, {inc: [4, 0]})}],
			want: {thread_seconds: undefined, compute: 4, idle: undefined},
			notes: [TIME_NOTES.threadsUnknown],
		},
		{
			name: 'spill and GC from the workers read at both ends, said so',
			steps: [
				{snap: snap(0, 4, {}, [metricsWorker('tcp://a:1', 1, 0.5), metricsWorker('tcp://b:1', undefined)])},
				{snap: snap(10, 4, {}, [metricsWorker('tcp://a:1', 4, 1.5), metricsWorker('tcp://b:1', undefined)])},
			],
			want: {spill: 3, gc: 1, idle: 36},
			notes: [TIME_NOTES.partWorkers(1, 2)],
		},
		{
			name: 'a worker restarted: its spill counted from zero',
			steps: [
				{snap: snap(0, 2, {}, [metricsWorker('tcp://a:1', 9)])},
				{snap: snap(10, 2, {}, [metricsWorker('tcp://a:1', 2)])},
			],
			want: {spill: 2, gc: undefined},
			notes: [TIME_NOTES.noGc],
		},
		{
			name: 'no worker read: spill and GC absent, never 0',
			steps: [{snap: snap(0, 2, {}, [worker('tcp://a:1')])}, {snap: snap(10, 2, {}, [worker('tcp://a:1')])}],
			want: {spill: undefined, gc: undefined, idle: 20},
			notes: [TIME_NOTES.noWorkers],
		},
		{
			name: 'more counted than the window held (long tasks ending in it): idle 0, said',
			steps: [{snap: snap(0, 1, {slow: [0, 0]})}, {snap: snap(10, 1, {slow: [30, 0]})}],
			want: {compute: 30, idle: 0},
			notes: [TIME_NOTES.over],
		},
		{
			name: 'only the last minute',
			steps: [
				{snap: snap(0, 1, {inc: [0, 0]})},
				{snap: snap(30, 1, {inc: [10, 0]})},
				{snap: snap(60, 1, {inc: [20, 0]})},
				{snap: snap(90, 1, {inc: [25, 0]})},
			],
			want: {window_seconds: 60, compute: 15, thread_seconds: 60},
		},
	];
	it.each(cases)('$name', ({steps, want, notes, prefixes}) => {
		const split = timeSplit(run(steps), 'minute')!;
		for (const [key, value] of Object.entries(want)) expect(split[key as keyof typeof split], key).toBe(value);
		for (const note of notes ?? []) expect(split.notes).toContain(note);
		if (prefixes) expect(split.prefixes.map((p) => [p.prefix, p.compute, p.transfer])).toEqual(prefixes);
	});
});

describe('timeSplit windows', () => {
	const steps: Step[] = [
		{snap: snap(100, 2, {inc: [5, 0]})},
		{snap: snap(110, 2, {inc: [9, 0]}), idle: true},
		{snap: snap(120, 2, {inc: [9, 0]}), idle: true},
		{snap: snap(130, 2, {inc: [12, 0], sum: [1, 1]}), runFromS: 120},
		{snap: snap(140, 2, {inc: [16, 0], sum: [1, 1]}), runFromS: 120},
	];
	const track = run(steps);
	it('run: since the idle moment the run started from', () => {
		const split = timeSplit(track, 'run')!;
		expect(split).toMatchObject({from: 120, window_seconds: 20, thread_seconds: 40, compute: 8, transfer: 1, idle: 31});
	});
	it('start: the counters totals, the time before the first poll at its threads', () => {
		const split = timeSplit(track, 'start', 50)!;
		expect(split).toMatchObject({from: 50, window_seconds: 90, compute: 17, transfer: 1});
		expect(split.thread_seconds).toBe(2 * 50 + 80);
		expect(split.thread_seconds_assumed_seconds).toBe(50);
		expect(split.notes).toContain(TIME_NOTES.assumed(50));
		expect(sharePercent(split, split.compute)).toBeCloseTo((17 / 180) * 100);
	});
	it('run before any idle moment: since the first poll, however long ago, and said so', () => {
		const long: Step[] = [{snap: snap(100, 2, {inc: [5, 0]})}];
		for (let t = 110; t <= 500; t += 10) long.push({snap: snap(t, 2, {inc: [5 + (t - 100) / 10, 0]})});
		const split = timeSplit(run(long), 'run')!;
		expect(split).toMatchObject({from: 100, window_seconds: 400, compute: 40, thread_seconds: 800});
		expect(split.notes).toContain(TIME_NOTES.noIdleMoment);
	});
	it('nothing before the first sample', () => expect(timeSplit(EMPTY_TIME, 'minute')).toBeUndefined());
});

describe('on the recorded fixtures, through the parser and reduce', () => {
	it('2026.7.1 idle then busy: compute of the busy answer, counted since start on the scheduler totals', () => {
		const {model} = fixtureRun('2026.7.1', ['idle', 'busy']);
		const minute = timeView(model, 'minute')!;
		// The idle answer has no prefixes; the busy one's inc prefix had 1.511677 s (recorded /metrics).
		expect(minute.compute).toBeCloseTo(1.511677, 6);
		expect(minute.transfer).toBe(0);
		expect(minute.thread_seconds).toBeGreaterThan(0);
		expect(minute.prefixes.map((p) => p.prefix)).toEqual(['inc']);
		const start = timeView(model, 'start')!;
		expect(start.compute).toBeCloseTo(1.511677, 6);
		expect(start.from).toBe(1.79597196753e9);
	});
	it('2026.7.1 busy then memory-heavy: sums of the per-prefix counters', () => {
		const {model} = fixtureRun('2026.7.1', ['busy', 'memory-heavy']);
		const split = timeView(model, 'minute')!;
		// memory-heavy less busy, from the recorded /metrics of both scenarios
		const computeMemory = 50.094715 + 2.007042 + 0.200894 + 24.016927 + 24.002635 + 45.131725 + 1.9e-5;
		const computeRest = 0.000504 + 0.000606 + 10.041739 + 1.837937 + 1.055791;
		expect(split.compute).toBeCloseTo(computeMemory + computeRest - 1.511677, 5);
		expect(split.transfer).toBeCloseTo(0.084439 + 0.004208 + 0.029395, 6);
		expect(split.prefixes[0]!.prefix).toBe('inc');
	});
	it('2022.12.1: no per-prefix seconds, said so, never a 0', () => {
		const {model} = fixtureRun('2022.12.1', ['busy', 'memory-heavy']);
		const split = timeView(model, 'minute')!;
		expect(split.compute).toBeUndefined();
		expect(split.idle).toBeUndefined();
		expect(split.thread_seconds).toBeGreaterThan(0);
		expect(split.notes).toContain(TIME_NOTES.noPerPrefix);
	});
	it('2023.6.0 busy then memory: per-prefix seconds as recorded (its /metrics through the parser)', () => {
		const prefixesOf = (scenario: string) =>
			parseSchedulerMetrics(
				parsePrometheus(readFileSync(`test/fixtures/dask-2023.6.0/${scenario}/scheduler/%2Fmetrics`, 'utf8')),
			).prefixes;
		const track = run([
			{snap: snapshot(0, [], {threads: 5, prefixes: prefixesOf('busy')})},
			{snap: snapshot(30, [], {threads: 5, prefixes: prefixesOf('memory')})},
		]);
		const split = timeSplit(track, 'minute')!;
		expect(split.prefixes.find((p) => p.prefix === 'sum')?.transfer).toBeCloseTo(0.8455946445465088, 9);
		expect(split.prefixes.find((p) => p.prefix === 'slow-process')?.compute).toBeCloseTo(45.00051760673523, 9);
		expect(split.thread_seconds).toBe(150);
		expect(split.idle).toBeCloseTo(150 - split.compute! - split.transfer!, 9);
		expect(split.idle).toBeGreaterThan(0);
	});
});
