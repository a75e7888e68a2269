import {describe, expect, it} from 'vitest';
import {LoadMeter} from '../../source/scrape/load.js';

describe('LoadMeter', () => {
	it('averages requests, bytes and latency over the last minute', () => {
		const meter = new LoadMeter(0);
		for (let t = 0; t < 120_000; t += 2000) meter.record(t, 10_000, 4);
		const load = meter.summary(120_000);
		expect(load.requestsPerSecond).toBeCloseTo(0.5, 5);
		expect(load.bytesPerSecond).toBeCloseTo(5000, 5);
		expect(load.meanLatencyMs).toBe(4);
	});

	it('divides by its own age while younger than a minute', () => {
		const meter = new LoadMeter(0);
		meter.record(0, 1000, 10);
		meter.record(5000, 1000, 30);
		expect(meter.summary(10_000)).toEqual({requestsPerSecond: 0.2, bytesPerSecond: 200, meanLatencyMs: 20});
	});

	it('has no mean latency when nothing was asked', () => {
		expect(new LoadMeter(0).summary(90_000)).toEqual({requestsPerSecond: 0, bytesPerSecond: 0});
	});
});
