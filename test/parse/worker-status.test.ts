/**
 * Workers' status while identity.json fails (parse/worker-status.ts), from the recorded scheduler
 * /metrics of both releases: the modern counts prove every worker running when none is paused or
 * retiring; a count with a paused worker carries identity.json's last statuses over only when they
 * agree with it; 2022.12.1's label set proves nothing.
 */
import {describe, expect, it} from 'vitest';
import {readAnswer} from '../../source/parse/cache.js';
import type {IdentityWorker} from '../../source/parse/identity.js';
import type {SchedulerMetrics} from '../../source/parse/scheduler-metrics.js';
import {STATUS_CARRY_MS, workerStatuses} from '../../source/parse/worker-status.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {schedulerMetricsBody} from '../helpers/fixture-expect.js';
import type {FixtureVersion} from '../helpers/fixtures.js';

function metricsOf(body: string): SchedulerMetrics {
	const result: EndpointResult = {
		target: 'scheduler',
		path: '/metrics',
		url: 'http://127.0.0.1:8788/metrics',
		startedMs: 1000,
		latencyMs: 5,
		status: 200,
		contentType: 'text/plain; version=0.0.4; charset=utf-8',
		body,
	};
	const parsed = readAnswer(result, 'scheduler-metrics').parsed;
	if (parsed?.kind !== 'scheduler-metrics') throw new Error('not parsed as scheduler /metrics');
	return parsed.value;
}

const ADDRESSES = ['tcp://127.0.0.1:41001', 'tcp://127.0.0.1:41002', 'tcp://127.0.0.1:41003'];
const body = (version: FixtureVersion) => schedulerMetricsBody(version, 'busy');
/** The modern recording's counts with one of its three partially saturated workers paused instead. */
const onePaused = () =>
	body('2026.7.1')
		.replace(
			'dask_scheduler_workers{state="partially_saturated"} 3.0',
			'dask_scheduler_workers{state="partially_saturated"} 2.0',
		)
		.replace('dask_scheduler_workers{state="paused"} 0.0', 'dask_scheduler_workers{state="paused"} 1.0');
const identity = (statuses: readonly string[]): IdentityWorker[] =>
	ADDRESSES.map((address, i) => ({address, name: `w${i}`, status: statuses[i]}) as IdentityWorker);

describe('workers’ status from the scheduler’s /metrics', () => {
	it('proves every worker running when the modern counts hold no paused or retiring worker', () => {
		const found = workerStatuses({addresses: ADDRESSES, metrics: metricsOf(body('2026.7.1'))});
		expect(found?.source).toBe('metrics');
		expect([...(found?.status.values() ?? [])]).toEqual(['running', 'running', 'running']);
	});

	it('proves nothing when the count is not the list’s (a worker came or went between the answers)', () => {
		expect(workerStatuses({addresses: ADDRESSES.slice(0, 2), metrics: metricsOf(body('2026.7.1'))})).toBeUndefined();
	});

	it('proves nothing from 2022.12.1’s label set, which counts no paused worker', () => {
		expect(workerStatuses({addresses: ADDRESSES, metrics: metricsOf(body('2022.12.1'))})).toBeUndefined();
	});

	it('carries identity.json’s last statuses over, as inferred, when its paused workers are as many as counted', () => {
		const found = workerStatuses({
			addresses: ADDRESSES,
			metrics: metricsOf(onePaused()),
			lastIdentity: {workers: identity(['running', 'paused', 'running']), ageMs: 4000},
		});
		expect(found?.source).toBe('inferred');
		expect(ADDRESSES.map((a) => found?.status.get(a))).toEqual(['running', 'paused', 'running']);
	});

	it('says nothing when a paused worker is counted and the last answer disagrees, is too old or is missing', () => {
		const metrics = metricsOf(onePaused());
		const all = (ageMs: number, statuses: string[]) =>
			workerStatuses({addresses: ADDRESSES, metrics, lastIdentity: {workers: identity(statuses), ageMs}});
		expect(all(4000, ['running', 'running', 'running'])).toBeUndefined();
		expect(all(4000, ['paused', 'paused', 'running'])).toBeUndefined();
		expect(all(STATUS_CARRY_MS + 1, ['running', 'paused', 'running'])).toBeUndefined();
		expect(workerStatuses({addresses: ADDRESSES, metrics})).toBeUndefined();
	});
});
