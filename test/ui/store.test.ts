import {describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import type {ReplayControls, SourceStatus} from '../../source/types/scrape-source.js';
import {createTuiStore, MODEL_TICK_MS} from '../../source/ui/store.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';

const status: SourceStatus = {state: 'live', requestsPerSecond: 1, bytesPerSecond: 100};
const liveSource = {kind: 'live' as const, status: () => status, intervalMs: 2000};

describe('the TUI store over the pipeline', () => {
	it('starts from the snapshot the first contact already ingested, then follows new rounds', () => {
		const pipeline = createPipeline();
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		let clock = busy.atMs + 100;
		const store = createTuiStore({pipeline, source: liveSource, now: () => clock});
		expect(store.getData().model.snapshot?.workers).toHaveLength(3);
		let notified = 0;
		store.subscribe(() => notified++);
		const died = loadScenarioScrape('2022.12.1', 'worker-died');
		clock = died.atMs + 100;
		pipeline.ingest(died);
		expect(notified).toBe(1);
		expect(store.getData().model.snapshot?.workers).toHaveLength(2);
		expect(store.getData().nowMs).toBe(clock);
		store.dispose();
	});

	it('reads the open worker detail page from the pipeline cache', () => {
		const pipeline = createPipeline();
		const raw = loadScenarioScrape('2026.7.1', 'memory-heavy');
		pipeline.ingest(raw);
		const store = createTuiStore({pipeline, source: liveSource, now: () => raw.atMs});
		expect(store.getData().workerPage).toBeUndefined();
		const beta = store.getData().model.snapshot!.workers.find((w) => w.name === 'beta')!;
		store.setDetail(beta.address);
		const page = store.getData().workerPage;
		expect(page?.address).toBe(beta.address);
		expect(page?.keys).toBeGreaterThan(0);
		expect(page?.byPrefix?.[0]?.prefix).toMatch(/blob/);
		store.setDetail(null);
		expect(store.getData().workerPage).toBeUndefined();
	});

	it('uses the recorded time as its clock while replaying, and starts over on a reset', () => {
		const pipeline = createPipeline();
		const idle = loadScenarioScrape('2026.7.1', 'idle');
		const replay: ReplayControls = {
			position: () => ({atMs: idle.atMs, startMs: idle.atMs, endMs: idle.atMs, index: 0, count: 1, paused: false, speed: 1}),
			togglePause() {},
			step() {},
			jumpMs() {},
			toStart() {},
			toEnd() {},
			cycleSpeed: () => 1,
		};
		const store = createTuiStore({pipeline, source: {kind: 'replay', status: () => ({...status, state: 'replay'}), intervalMs: 2000, replay}, now: () => 0});
		pipeline.ingest(idle);
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy'));
		expect(store.getData().model.snapshotCount).toBe(2);
		expect(store.getData().nowMs).toBe(idle.atMs);
		pipeline.ingest(idle, {reset: true});
		expect(store.getData().model.snapshotCount).toBe(1);
		store.tick();
		expect(store.getData().replay?.index).toBe(0);
	});

	it('moves the clock every tick but passes time to the model only on a status change or every 5 s', () => {
		const pipeline = createPipeline();
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		let clock = busy.atMs;
		let current: SourceStatus = status;
		const store = createTuiStore({pipeline, source: {kind: 'live', status: () => current, intervalMs: 2000}, now: () => clock});
		const model = store.getData().model;
		clock += 1000;
		store.tick();
		expect(store.getData().nowMs).toBe(busy.atMs + 1000);
		expect(store.getData().model).toBe(model);
		current = {...status, state: 'retrying', detail: 'connection refused', nextAttemptMs: clock + 2000};
		store.tick();
		expect(store.getData().model).not.toBe(model);
		expect(store.getData().status.state).toBe('retrying');
		const afterChange = store.getData().model;
		clock += MODEL_TICK_MS;
		store.tick();
		expect(store.getData().model).not.toBe(afterChange);
	});
});
