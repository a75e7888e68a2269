import {describe, expect, it} from 'vitest';
import {createPipeline} from '../../../source/pipeline.js';
import type {ScrapeSource} from '../../../source/types/scrape-source.js';
import {createClusterStores} from '../../../source/ui/shell/cluster-stores.js';
import {fixtureRounds, LIVE} from '../../helpers/fixture-data.js';
import {MODEL_TICK_MS} from '../../../source/model/tick.js';

const source: ScrapeSource = {
	kind: 'live',
	start: () => undefined,
	stop: async () => undefined,
	status: () => LIVE,
	intervalMs: 2000,
	setIntervalMs: (ms) => ms,
	refreshNow: () => undefined,
	setDetailWorker: () => undefined,
};

describe('the stores of several clusters', () => {
	it("update the bar's summaries from a background cluster's rounds, so its alerts are seen", () => {
		const [busy, died] = fixtureRounds('2026.7.1', ['busy', 'worker-died']);
		const prod = createPipeline({model: {intervalMs: 2000}});
		const dev = createPipeline({model: {intervalMs: 2000}});
		prod.ingest(busy!);
		dev.ingest(busy!);
		let clock = died!.atMs;
		const stores = createClusterStores(
			[
				{name: 'prod', url: 'http://prod:8787/', source, pipeline: prod, problem: () => undefined},
				{name: 'dev', url: 'http://dev:8787/', source, pipeline: dev, problem: () => undefined},
			],
			() => clock,
		);
		const first = stores.summaries();
		expect(first.map((s) => [s.name, s.workers, s.link])).toEqual([
			['prod', 3, 'live'],
			['dev', 3, 'live'],
		]);
		let told = 0;
		stores.subscribe(() => told++);
		dev.ingest(died!);
		const after = stores.summaries();
		expect(told).toBe(1);
		expect(after).not.toBe(first);
		expect(after[0]).toBe(first[0]);
		expect(after[1]?.workers).toBe(2);
		expect(after[1]?.alerts.critical).toBeGreaterThan(first[1]!.alerts.critical);
		clock += 1000;
		stores.tick(); // nothing a summary shows changed: no new array, no call
		expect(stores.summaries()).toBe(after);
		expect(told).toBe(1);
		stores.dispose();
		prod.ingest(died!);
		expect(told).toBe(1);
	});

	it('are next ticked when the soonest of them has something to do, and re-armed by any publish', () => {
		const [busy] = fixtureRounds('2026.7.1', ['busy']);
		const prod = createPipeline({model: {intervalMs: 2000}});
		const dev = createPipeline({model: {intervalMs: 2000}});
		let clock = busy!.atMs;
		const stores = createClusterStores(
			[
				{name: 'prod', url: 'http://prod:8787/', source, pipeline: prod, problem: () => undefined},
				{name: 'dev', url: 'http://dev:8787/', source, pipeline: dev, problem: () => undefined},
			],
			() => clock,
		);
		let published = 0;
		const off = stores.subscribeStores(() => published++);
		clock += 3000;
		prod.ingest({...busy!, atMs: clock}); // prod heard of time now, dev 3 s ago
		expect(published).toBe(1);
		expect(stores.tickDelayMs()).toBe(MODEL_TICK_MS - 3000);
		dev.ingest({...busy!, atMs: clock});
		expect(published).toBe(2);
		expect(stores.tickDelayMs()).toBe(MODEL_TICK_MS);
		off();
		prod.ingest({...busy!, atMs: clock});
		expect(published).toBe(2);
		stores.dispose();
	});
});
