import {describe, expect, it} from 'vitest';
import {
	heartbeatMs,
	identityEveryMs,
	identityFallback,
	nextDelayMs,
	planRound,
	workerDetailPath,
	type EndpointKey,
	type PlanInput,
} from '../../source/scrape/plan.js';
import {all, NOW, plan} from './plan-helpers.js';

describe('heartbeat and identity cadence', () => {
	it.each([
		[0, 500],
		[10, 500],
		[11, 1000],
		[49, 1000],
		[50, 2000],
		[199, 2000],
		[200, 2000],
		[400, 3000],
		[1000, 6000],
	])('a cluster of %d workers heartbeats every %d ms', (workers, ms) => {
		expect(heartbeatMs(workers)).toBe(ms);
	});

	it.each([
		[2000, 3, 2000],
		[1000, 30, 1000],
		[1000, 150, 2000],
		[2000, 1000, 6000],
		[10_000, 1000, 10_000],
	])('at interval %d ms with %d workers identity.json is read every %d ms', (intervalMs, workers, every) => {
		expect(identityEveryMs(intervalMs, workers)).toBe(every);
	});
});

describe('planRound', () => {
	it(
		'asks metrics, identity, workers.html, health and the api probe first, ' +
			'but not counts before metrics has counted',
		() => {
			expect(plan({})).toEqual(['metrics', 'identity', 'workers_html', 'health', 'api']);
		},
	);

	it.each<[string, Partial<PlanInput>, readonly EndpointKey[]]>([
		[
			'2 s after a full round, small cluster',
			{endpoints: all(2000), workerCount: 3, taskCount: 10},
			['metrics', 'identity'],
		],
		[
			'5 s after: workers.html too',
			{endpoints: all(5000), workerCount: 3, taskCount: 10},
			['metrics', 'identity', 'workers_html'],
		],
		[
			'30 s after: counts too',
			{endpoints: all(30_000), workerCount: 3, taskCount: 10},
			['metrics', 'identity', 'workers_html', 'counts'],
		],
		[
			'60 s after: health and api again',
			{endpoints: all(60_000), workerCount: 3, taskCount: 10},
			['metrics', 'identity', 'workers_html', 'counts', 'adaptive_target', 'health', 'api'],
		],
		[
			'never counts above 200,000 tasks',
			{endpoints: all(60_000), workerCount: 3, taskCount: 200_001},
			['metrics', 'identity', 'workers_html', 'adaptive_target', 'health', 'api'],
		],
		[
			'counts at exactly 200,000 tasks',
			{endpoints: all(30_000), workerCount: 3, taskCount: 200_000},
			['metrics', 'identity', 'workers_html', 'counts'],
		],
		[
			'1000 workers: identity every 6 s, not at 2 s',
			{endpoints: all(2000), workerCount: 1000, taskCount: 10},
			['metrics'],
		],
		[
			'1000 workers: identity at 6 s',
			{endpoints: all(6000), workerCount: 1000, taskCount: 10},
			['metrics', 'identity'],
		],
		[
			'1000 workers: workers.html waits 10 s',
			{endpoints: all(9000), workerCount: 1000, taskCount: 10},
			['metrics', 'identity'],
		],
		[
			'timer jitter of a few ms does not skip a round',
			{endpoints: all(1990), workerCount: 3, taskCount: 10},
			['metrics', 'identity'],
		],
	])('%s', (_name, input, expected) => {
		expect(plan(input)).toEqual(expected);
	});

	it('reads workers.html at the identity cadence while identity fails', () => {
		const endpoints = {...all(2000), identity: {lastAttemptMs: NOW - 2000, lastOutcome: 'failed' as const}};
		expect(plan({endpoints, workerCount: 3, taskCount: 10})).toEqual(['metrics', 'identity', 'workers_html']);
	});

	it('asks workers.html every 30 s while /metrics counts no task processing, every 5 s while some are', () => {
		const htmlAskedAgo = (agoMs: number) => ({
			...all(2000),
			workers_html: {lastAttemptMs: NOW - agoMs, lastOutcome: 'ok' as const},
		});
		const idle = {workerCount: 3, taskCount: 10, processingCount: 0};
		expect(plan({...idle, endpoints: htmlAskedAgo(6000)})).not.toContain('workers_html');
		expect(plan({...idle, endpoints: htmlAskedAgo(28_000)})).not.toContain('workers_html');
		expect(plan({...idle, endpoints: htmlAskedAgo(30_000)})).toContain('workers_html');
		expect(plan({...idle, processingCount: 4, endpoints: htmlAskedAgo(6000)})).toContain('workers_html');
		// Not known (no /metrics count yet): as busy.
		expect(plan({workerCount: 3, taskCount: 10, endpoints: htmlAskedAgo(6000)})).toContain('workers_html');
		// identity.json failing: workers.html is the worker list, asked with it, idle or not.
		const broken = {...htmlAskedAgo(2000), identity: {lastAttemptMs: NOW - 2000, lastOutcome: 'failed' as const}};
		expect(plan({...idle, endpoints: broken})).toContain('workers_html');
	});

	it('asks adaptive_target once a minute while /metrics gives the same number, every round while it does not', () => {
		expect(plan({endpoints: all(59_000), workerCount: 3, taskCount: 10})).not.toContain('adaptive_target');
		expect(plan({endpoints: all(60_000), workerCount: 3, taskCount: 10})).toContain('adaptive_target');
		const noMetrics = {...all(2000), metrics: {lastAttemptMs: NOW - 2000, lastOutcome: 'unavailable' as const}};
		expect(plan({endpoints: noMetrics, workerCount: 3, taskCount: 10})).toContain('adaptive_target');
	});

	it('asks adaptive_target only when the api probe answered', () => {
		const endpoints = {...all(2000), api: {lastAttemptMs: NOW - 2000, lastOutcome: 'unavailable' as const}};
		expect(plan({endpoints, workerCount: 3, taskCount: 10})).toEqual(['metrics', 'identity']);
	});

	it('asks an unavailable endpoint again only once a minute', () => {
		const endpoints = {...all(2000), workers_html: {lastAttemptMs: NOW - 59_000, lastOutcome: 'unavailable' as const}};
		expect(plan({endpoints, workerCount: 3, taskCount: 10, force: true})).not.toContain('workers_html');
		expect(
			plan({
				endpoints: {...endpoints, workers_html: {lastAttemptMs: NOW - 60_000, lastOutcome: 'unavailable'}},
				workerCount: 3,
				taskCount: 10,
			}),
		).toContain('workers_html');
	});

	it('fetches the detail page every 5 s while a worker is open', () => {
		expect(
			plan({endpoints: all(2000), workerCount: 3, taskCount: 10, detailWorker: 'tcp://10.0.0.1:4000'}),
		).not.toContain('worker_detail');
		expect(plan({endpoints: all(5000), workerCount: 3, taskCount: 10, detailWorker: 'tcp://10.0.0.1:4000'})).toContain(
			'worker_detail',
		);
		expect(plan({endpoints: all(5000), workerCount: 3, taskCount: 10, detailWorker: null})).not.toContain(
			'worker_detail',
		);
		expect(workerDetailPath('tcp://10.0.0.1:4000')).toBe('/info/worker/tcp%3A%2F%2F10.0.0.1%3A4000.html');
	});

	it("asks the scheduler's log only while a departure waits for its reason", () => {
		expect(plan({endpoints: all(2000), workerCount: 3, taskCount: 10})).not.toContain('scheduler_log');
		expect(plan({endpoints: all(2000), workerCount: 3, taskCount: 10, departuresPending: true})).toContain(
			'scheduler_log',
		);
		expect(plan({endpoints: all(2000), workerCount: 3, taskCount: 10, departuresPending: true, force: true})).toContain(
			'scheduler_log',
		);
	});

	it.each([
		// [latest latency, asked this long ago, asked again]: 100 x its latency, within 10–45 s
		[5, 9_000, false],
		[5, 10_000, true],
		[300, 29_000, false],
		[300, 30_000, true],
		[2000, 44_000, false],
		[2000, 45_000, true],
	] as const)(
		"asks the scheduler's log again after 100 x its latency %s ms, within 10-45 s: %s ms later → %s",
		(latencyMs, agoMs, due) => {
			const endpoints = {
				...all(2000),
				scheduler_log: {lastAttemptMs: NOW - agoMs, lastOutcome: 'ok' as const, lastLatencyMs: latencyMs},
			};
			const asked = plan({endpoints, workerCount: 3, taskCount: 10, departuresPending: true});
			expect(asked.includes('scheduler_log')).toBe(due);
			// R does not hurry it: the page is the costliest the scheduler serves.
			expect(
				plan({endpoints, workerCount: 3, taskCount: 10, departuresPending: true, force: true}).includes(
					'scheduler_log',
				),
			).toBe(due);
		},
	);

	it('refreshes everything on R except counts, which keeps its 30 s pace', () => {
		expect(plan({endpoints: all(500), workerCount: 3, taskCount: 10, force: true})).toEqual([
			'metrics',
			'identity',
			'workers_html',
			'adaptive_target',
			'health',
			'api',
		]);
	});

	it(
		'while the scheduler is down probes one endpoint with its figures: /metrics, else identity.json; ' +
			'/health (up, but no figures) only when none exists there',
		() => {
			expect(planRound({nowMs: NOW, intervalMs: 2000, endpoints: all(60_000), schedulerDown: true})).toEqual({
				endpoints: ['metrics'],
				sampleWorkers: false,
				sampleSpilling: false,
			});
			const unavailable = {lastAttemptMs: NOW, lastOutcome: 'unavailable' as const};
			const endpoints = {...all(60_000), metrics: unavailable};
			expect(plan({endpoints, schedulerDown: true})).toEqual(['identity']);
			const none = {...endpoints, identity: unavailable, workers_html: unavailable};
			expect(plan({endpoints: none, schedulerDown: true})).toEqual(['health']);
		},
	);

	it(
		'asks an endpoint whose answers came too large or too slow half as often after each, up to every 5 min, ' +
			'R included',
		() => {
			const struck = (strikes: number, agoMs: number) => ({
				...all(agoMs),
				metrics: {lastAttemptMs: NOW - agoMs, lastOutcome: 'failed' as const, strikes},
			});
			expect(plan({endpoints: struck(0, 2000), workerCount: 3, taskCount: 10})).toContain('metrics');
			expect(plan({endpoints: struck(1, 2000), workerCount: 3, taskCount: 10})).not.toContain('metrics');
			expect(plan({endpoints: struck(1, 2000), workerCount: 3, taskCount: 10, force: true})).not.toContain('metrics');
			expect(plan({endpoints: struck(1, 4000), workerCount: 3, taskCount: 10})).toContain('metrics');
			expect(plan({endpoints: struck(3, 8000), workerCount: 3, taskCount: 10})).not.toContain('metrics');
			expect(plan({endpoints: struck(3, 16_000), workerCount: 3, taskCount: 10})).toContain('metrics');
			expect(plan({endpoints: struck(12, 299_000), workerCount: 3, taskCount: 10})).not.toContain('metrics');
			expect(plan({endpoints: struck(12, 300_000), workerCount: 3, taskCount: 10})).toContain('metrics');
			// while the scheduler is down, the probe is one that did not waste its answers
			expect(plan({endpoints: struck(2, 60_000), schedulerDown: true})).toEqual(['identity']);
		},
	);
});

describe('identityFallback: workers.html in the round identity.json failed', () => {
	const failed = {...all(0), identity: {lastAttemptMs: NOW, lastOutcome: 'failed' as const}};
	it('asks it when identity.json was asked, answered 500, and workers.html was not asked', () => {
		expect(identityFallback(['metrics', 'identity'], failed, 500)).toBe(true);
	});
	it('not when identity.json did not answer at all (frozen or gone: a second timeout)', () => {
		expect(identityFallback(['metrics', 'identity'], failed, null)).toBe(false);
		expect(identityFallback(['metrics', 'identity'], failed, undefined)).toBe(false);
	});
	it('not when identity.json answered, was not asked, or workers.html came in the round anyway', () => {
		expect(identityFallback(['metrics', 'identity'], all(0), 200)).toBe(false);
		expect(identityFallback(['metrics'], failed, 500)).toBe(false);
		expect(identityFallback(['metrics', 'identity', 'workers_html'], failed, 500)).toBe(false);
	});
	it('not when identity.json is missing (404): workers.html is then asked with it every round', () => {
		expect(identityFallback(['identity'], {...failed, identity: {lastOutcome: 'unavailable'}}, 404)).toBe(false);
	});
	it('not while workers.html is missing or waits out its strikes', () => {
		expect(identityFallback(['identity'], {...failed, workers_html: {lastOutcome: 'unavailable'}}, 500)).toBe(false);
		expect(identityFallback(['identity'], {...failed, workers_html: {lastOutcome: 'ok', strikes: 1}}, 500)).toBe(false);
	});
});

describe('nextDelayMs', () => {
	it.each([
		[{failures: 0, roundStartMs: 0, roundEndMs: 50}, 1950],
		[{failures: 0, roundStartMs: 0, roundEndMs: 1500}, 1500],
		[{failures: 0, roundStartMs: 0, roundEndMs: 5000}, 5000],
		[{failures: 1, roundStartMs: 0, roundEndMs: 50}, 1000],
		[{failures: 2, roundStartMs: 0, roundEndMs: 50}, 2000],
		[{failures: 3, roundStartMs: 0, roundEndMs: 50}, 4000],
		[{failures: 5, roundStartMs: 0, roundEndMs: 50}, 16_000],
		[{failures: 6, roundStartMs: 0, roundEndMs: 50}, 30_000],
		[{failures: 60, roundStartMs: 0, roundEndMs: 50}, 30_000],
	])('at a 2 s interval, %j waits %d ms', (input, ms) => {
		expect(nextDelayMs({intervalMs: 2000, ...input})).toBe(ms);
	});
});
