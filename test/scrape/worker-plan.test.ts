import {describe, expect, it} from 'vitest';
import {
	chooseWorkerRoute,
	isProxyHint,
	pickWorkerSample,
	proxyPath,
	sampleSize,
	type RouteInput,
	type WorkerEndpoint,
} from '../../source/scrape/worker-plan.js';

const worker = (address: string, host = '10.0.0.5', dashboardPort = 8801): WorkerEndpoint => ({
	address,
	host,
	dashboardPort,
});

describe('pickWorkerSample', () => {
	it('takes every worker with a known HTTP address when there are few, in address order', () => {
		const workers = [worker('tcp://b:1'), worker('tcp://a:1'), {address: 'tcp://c:1'}];
		expect(pickWorkerSample(workers, 0, 200).sample.map((w) => w.address)).toEqual(['tcp://a:1', 'tcp://b:1']);
	});

	it('rotates a window through a large cluster so each worker is read in turn', () => {
		const workers = Array.from({length: 5}, (_, i) => worker(`tcp://w${i}:1`));
		const first = pickWorkerSample(workers, 0, 2);
		const second = pickWorkerSample(workers, first.nextCursor, 2);
		const third = pickWorkerSample(workers, second.nextCursor, 2);
		expect([first, second, third].map((s) => s.sample.map((w) => w.address.slice(6, 8)))).toEqual([
			['w0', 'w1'],
			['w2', 'w3'],
			['w4', 'w0'],
		]);
	});
});

describe('sampleSize', () => {
	it.each([
		[3, 'unknown', 3],
		[200, 'unknown', 200],
		[201, 'unknown', 50],
		[5000, 'unavailable', 50],
		[3, 'ok', 3],
		[100, 'ok', 20],
	] as const)('reads %d workers per sample (proxy %s): %d', (workers, proxy, size) => {
		expect(sampleSize(workers, proxy)).toBe(size);
	});
});

describe('chooseWorkerRoute', () => {
	const base: RouteInput = {
		worker: worker('tcp://10.0.0.5:4000'),
		memory: undefined,
		proxy: 'unknown',
		schedulerIsLoopback: false,
		nowMs: 100_000,
	};
	it.each<[string, Partial<RouteInput>, string]>([
		['goes straight to a worker first', {}, 'direct'],
		['keeps going straight while that works', {memory: {direct: 'ok', directAtMs: 99_000}}, 'direct'],
		[
			'uses the scheduler proxy once the worker cannot be reached',
			{memory: {direct: 'failed', directAtMs: 99_000}},
			'proxy',
		],
		[
			'skips a worker reachable neither way',
			{memory: {direct: 'failed', directAtMs: 99_000}, proxy: 'unavailable'},
			'skip',
		],
		[
			'tries straight again a minute later',
			{memory: {direct: 'failed', directAtMs: 40_000}, proxy: 'unavailable'},
			'direct',
		],
		[
			'never sends a remote scheduler’s 127.0.0.1 worker to our own machine',
			{worker: worker('tcp://127.0.0.1:4000', '127.0.0.1')},
			'proxy',
		],
		[
			'goes straight to 127.0.0.1 workers of a local scheduler',
			{worker: worker('tcp://127.0.0.1:4000', '127.0.0.1'), schedulerIsLoopback: true},
			'direct',
		],
		['skips a worker whose HTTP port is unknown', {worker: {address: 'tcp://10.0.0.5:4000', host: '10.0.0.5'}}, 'skip'],
	])('%s', (_name, input, route) => {
		expect(chooseWorkerRoute({...base, ...input})).toBe(route);
	});
});

describe('the scheduler proxy', () => {
	it('is reached at /proxy/{port}/{host}/metrics', () => {
		expect(proxyPath(worker('tcp://10.0.0.5:4000'))).toBe('/proxy/8801/10.0.0.5/metrics');
	});

	it.each([
		[200, 'text/html; charset=UTF-8', '<p> Try navigating to …', true],
		[200, 'text/plain; version=0.0.4', 'dask_worker_threads 2.0', false],
		[403, 'text/html', 'Host not allowed', true],
		[400, 'text/html', 'Worker 10.0.0.5:8801 does not exist', false],
		[null, undefined, undefined, false],
	] as const)('status %s %s is the hint page: %s', (status, type, body, hint) => {
		expect(isProxyHint(status, type, body)).toBe(hint);
	});
});
