/** Counter rates. Restarts and gaps cannot be recorded in one fixture round: synthesized counters. */
import {describe, expect, it} from 'vitest';
import {counterSample, stepRates, EMPTY_RATES, type CounterSample} from '../../../source/model/progress/rates.js';
import {initialState, reduce} from '../../../source/model/state.js';
import {progressView} from '../../../source/model/progress/progress.js';
import {fixtureSnapshot, prefix, snapshot} from '../../helpers/snapshots.js';

function sample(timeS: number, prefixes: CounterSample['prefixes'], scheduler = 'S-1@100'): CounterSample {
	return {timeS, prefixes, scheduler};
}

describe('stepRates', () => {
	it('counts tasks into memory and erred per second, cluster-wide and per prefix', () => {
		const a = sample(100, {inc: prefix({waiting: 100, memory: 10}), explode: prefix({waiting: 6})});
		const b = sample(104, {inc: prefix({waiting: 100, memory: 30}), explode: prefix({waiting: 6, erred: 4})});
		const step = stepRates(a, b, EMPTY_RATES);
		expect(step.rates.tasksDonePerSecond).toBe(6);
		expect(step.rates.tasksErredPerSecond).toBe(1);
		expect(step.rates.perPrefix).toEqual({
			inc: {donePerSecond: 5, erredPerSecond: 0},
			explode: {donePerSecond: 1, erredPerSecond: 1},
		});
		expect(step.erredByPrefix).toEqual({explode: 4});
		expect(step.rates.windowSeconds).toBe(4);
	});

	it('counts a prefix that appeared between samples from zero', () => {
		const step = stepRates(sample(100, {}), sample(102, {fresh: prefix({waiting: 4, memory: 4})}), EMPTY_RATES);
		expect(step.rates.tasksDonePerSecond).toBe(2);
	});

	it('treats a counter going back as a scheduler restart: no rate for that step', () => {
		const step = stepRates(
			sample(100, {inc: prefix({memory: 500})}),
			sample(102, {inc: prefix({memory: 3})}),
			EMPTY_RATES,
		);
		expect(step.reset).toBe(true);
		expect(step.rates.tasksDonePerSecond).toBeUndefined();
		expect(step.rates.resetAtS).toBe(102);
	});

	it('treats a vanished prefix or another scheduler id as a restart', () => {
		expect(stepRates(sample(100, {inc: prefix({memory: 5})}), sample(102, {}), EMPTY_RATES).reset).toBe(true);
		expect(
			stepRates(
				sample(100, {inc: prefix({memory: 5})}),
				sample(102, {inc: prefix({memory: 9})}, 'S-2@101'),
				EMPTY_RATES,
			).reset,
		).toBe(true);
	});

	it('gives the mean rate over a gap of missed polls', () => {
		const step = stepRates(
			sample(100, {inc: prefix({memory: 0})}),
			sample(160, {inc: prefix({memory: 120})}),
			EMPTY_RATES,
		);
		expect(step.rates.tasksDonePerSecond).toBe(2);
		expect(step.rates.windowSeconds).toBe(60);
	});

	it('keeps the previous rates when no new /metrics answer came (never a made-up zero)', () => {
		const previous = {tasksDonePerSecond: 7, perPrefix: {}};
		const same = sample(100, {inc: prefix({memory: 5})});
		expect(stepRates(same, same, previous)).toMatchObject({rates: previous, fresh: false});
		expect(stepRates(same, undefined, previous)).toMatchObject({rates: previous, fresh: false});
	});
});

describe('counterSample', () => {
	it('is timed by the /metrics answer, not by the round', () => {
		const snap = fixtureSnapshot('2022.12.1', 'busy', 1_800_000_000_000);
		expect(counterSample(snap)?.timeS).toBe(1_800_000_000);
		const stale = {...snap, time: snap.time + 2};
		expect(counterSample(stale)?.timeS).toBe(1_800_000_000);
	});

	it('is absent when Prometheus is not installed on the scheduler', () => {
		expect(counterSample(snapshot(100, [], {prometheus_available: false}))).toBeUndefined();
	});
});

describe('reduce with a scheduler restart', () => {
	it('restarts the progress baseline from zero and keeps the history going', () => {
		let state = initialState();
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(100, [], {prefixes: {inc: prefix({waiting: 500, memory: 500})}}),
			nowMs: 100_000,
		});
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(102, [], {prefixes: {inc: prefix({waiting: 520, memory: 510})}}),
			nowMs: 102_000,
		});
		expect(state.rates.tasksDonePerSecond).toBe(5);
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(104, [], {prefixes: {inc: prefix({waiting: 10, memory: 4})}}),
			nowMs: 104_000,
		});
		expect(state.rates.tasksDonePerSecond).toBeUndefined();
		expect(state.rates.resetAtS).toBe(104);
		expect(state.baselineAtS).toBe(104);
		expect(progressView(state).prefixes).toEqual([
			expect.objectContaining({prefix: 'inc', done: 4, total: 10, in_flight: 6, counted_from: 'birth', since: 102}),
		]);
		state = reduce(state, {
			type: 'snapshot',
			snapshot: snapshot(106, [], {prefixes: {inc: prefix({waiting: 10, memory: 10})}}),
			nowMs: 106_000,
		});
		expect(state.rates.tasksDonePerSecond).toBe(3);
		expect(state.history.tasksDonePerSecond.values()).toEqual([Number.NaN, 5, Number.NaN, 3]);
	});
});
