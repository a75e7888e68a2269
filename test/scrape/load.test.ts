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

describe('LoadMeter over hours', () => {
	it('agrees with a sum over the last minute after many requests came and went', () => {
		const meter = new LoadMeter(0);
		const all: Array<{at: number; bytes: number; latency: number}> = [];
		let seed = 7;
		const random = () => {
			seed = (seed * 16807) % 2147483647;
			return seed / 2147483647;
		};
		for (let t = 0; t < 3 * 3600_000; t += 200 + Math.floor(random() * 1800)) {
			const sample = {at: t, bytes: Math.floor(random() * 1e6), latency: random() * 40};
			all.push(sample);
			meter.record(sample.at, sample.bytes, sample.latency);
			if (all.length % 97 !== 0) continue;
			const inWindow = all.filter((s) => s.at >= t - 60_000);
			const load = meter.summary(t);
			expect(load.requestsPerSecond).toBeCloseTo(inWindow.length / 60, 9);
			expect(load.bytesPerSecond).toBeCloseTo(inWindow.reduce((a, s) => a + s.bytes, 0) / 60, 6);
			expect(load.meanLatencyMs).toBeCloseTo(inWindow.reduce((a, s) => a + s.latency, 0) / inWindow.length, 6);
		}
	});

	it('forgets everything after a quiet minute', () => {
		const meter = new LoadMeter(0);
		meter.record(1000, 500, 3);
		meter.record(2000, 700, 5);
		expect(meter.summary(200_000)).toEqual({requestsPerSecond: 0, bytesPerSecond: 0});
		meter.record(200_500, 100, 2);
		expect(meter.summary(201_000)).toEqual({requestsPerSecond: 1 / 60, bytesPerSecond: 100 / 60, meanLatencyMs: 2});
	});
});
