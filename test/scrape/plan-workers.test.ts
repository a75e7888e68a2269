/** The plan's reads of the workers' own /metrics: the whole sample, a follow-up's second reading, the spilling. */
import {describe, expect, it} from 'vitest';
import {planRound, type EndpointMemory, type PlanInput, type PlanKey} from '../../source/scrape/plan.js';
import {all, NOW} from './plan-helpers.js';

describe("planRound: the workers' own /metrics", () => {
	describe('sampling the workers’ own /metrics', () => {
		const failing = (agoMs: number) => ({
			...all(agoMs),
			identity: {lastAttemptMs: NOW - 1000, lastOutcome: 'failed' as const},
		});

		it.each<[string, Partial<PlanInput>, boolean]>([
			['not while identity works', {endpoints: all(10_000), workerCount: 3}, false],
			['not before identity was asked at all', {endpoints: {}}, false],
			['while identity fails, every 5 s', {endpoints: failing(5000), workerCount: 3}, true],
			['not 4 s after the last sample', {endpoints: failing(4000), workerCount: 3}, false],
			['above 200 workers every 10 s', {endpoints: failing(9000), workerCount: 500}, false],
			['above 200 workers at 10 s', {endpoints: failing(10_000), workerCount: 500}, true],
			['not when there are no workers', {endpoints: failing(10_000), workerCount: 0}, false],
			[
				'while identity answers again but failed in the last minute (a busy cluster), every 5 s',
				{
					endpoints: {...all(5000), identity: {lastAttemptMs: NOW, lastOutcome: 'ok', lastFailedMs: NOW - 59_000}},
					workerCount: 3,
				},
				true,
			],
			[
				'not once identity has answered for over a minute',
				{
					endpoints: {...all(5000), identity: {lastAttemptMs: NOW, lastOutcome: 'ok', lastFailedMs: NOW - 61_000}},
					workerCount: 3,
				},
				false,
			],
			[
				'the round after a sample that read a worker for the first time (its CPU needs a second reading)',
				{endpoints: failing(2000), workerCount: 3, workerFirstReadings: true},
				true,
			],
			[
				'while identity is missing (404)',
				{endpoints: {...all(5000), identity: {lastAttemptMs: NOW, lastOutcome: 'unavailable'}}, workerCount: 3},
				true,
			],
		])('%s', (_name, input, expected) => {
			expect(planRound({nowMs: NOW, intervalMs: 2000, ...input, endpoints: input.endpoints ?? {}}).sampleWorkers).toBe(
				expected,
			);
		});
	});

	it('in a follow-up pass asks only what was never asked and is allowed now', () => {
		const afterFirst: Partial<Record<PlanKey, EndpointMemory>> = {
			metrics: {lastAttemptMs: NOW - 20, lastOutcome: 'ok'},
			identity: {lastAttemptMs: NOW - 20, lastOutcome: 'failed'},
			workers_html: {lastAttemptMs: NOW - 20, lastOutcome: 'ok'},
			health: {lastAttemptMs: NOW - 20, lastOutcome: 'ok'},
			api: {lastAttemptMs: NOW - 20, lastOutcome: 'ok'},
		};
		expect(
			planRound({nowMs: NOW, intervalMs: 2000, endpoints: afterFirst, workerCount: 3, taskCount: 279, followUp: true}),
		).toEqual({
			endpoints: ['counts', 'adaptive_target'],
			sampleWorkers: true,
			sampleSpilling: false,
		});
		expect(
			planRound({
				nowMs: NOW,
				intervalMs: 2000,
				endpoints: afterFirst,
				workerCount: 3,
				taskCount: 300_000,
				followUp: true,
			}).endpoints,
		).toEqual(['adaptive_target']);
	});

	it('in a second follow-up pass reads the workers again when the first reading was their first', () => {
		const afterSample: Partial<Record<PlanKey, EndpointMemory>> = {
			metrics: {lastAttemptMs: NOW - 1000, lastOutcome: 'ok'},
			identity: {lastAttemptMs: NOW - 1000, lastOutcome: 'failed', lastFailedMs: NOW - 1000},
			worker_metrics: {lastAttemptMs: NOW - 1000, lastOutcome: 'ok'},
		};
		const plan = (workerFirstReadings: boolean, endpoints = afterSample) =>
			planRound({nowMs: NOW, intervalMs: 2000, endpoints, workerCount: 3, followUp: true, workerFirstReadings});
		expect(plan(true).sampleWorkers).toBe(true);
		expect(plan(false).sampleWorkers).toBe(false);
		// With the scheduler's /metrics, so the model takes the workers' CPU from it (a fresh round).
		expect(plan(true).endpoints).toContain('metrics');
		expect(plan(false).endpoints).not.toContain('metrics');
		const noMetrics = {...afterSample, metrics: {lastAttemptMs: NOW - 1000, lastOutcome: 'unavailable' as const}};
		expect(plan(true, noMetrics).endpoints).not.toContain('metrics');
	});
});

describe("the spilling workers' own /metrics", () => {
	const spilling = (partial: Partial<PlanInput>) =>
		planRound({nowMs: NOW, intervalMs: 2000, endpoints: all(2000), ...partial});
	it('are read every round while some worker writes to disk, and never otherwise', () => {
		expect(spilling({spilling: true}).sampleSpilling).toBe(true);
		expect(spilling({}).sampleSpilling).toBe(false);
		const justRead = {...all(2000), spill_metrics: {lastAttemptMs: NOW - 500, lastOutcome: 'ok' as const}};
		expect(spilling({spilling: true, endpoints: justRead}).sampleSpilling).toBe(false);
	});
	it('are not read apart when the whole sample is due (identity.json failing): it reads them too', () => {
		const failing = {...all(10_000), identity: {lastAttemptMs: NOW - 10_000, lastOutcome: 'failed' as const}};
		const plan = spilling({spilling: true, endpoints: failing, workerCount: 3});
		expect([plan.sampleWorkers, plan.sampleSpilling]).toEqual([true, false]);
	});
	it('are not read while the scheduler is down, nor in a follow-up pass (one reading makes no rate)', () => {
		expect(spilling({spilling: true, schedulerDown: true}).sampleSpilling).toBe(false);
		expect(spilling({spilling: true, followUp: true, endpoints: {}}).sampleSpilling).toBe(false);
	});
});
