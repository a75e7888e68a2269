import {describe, expect, it} from 'vitest';
import {createPipeline} from '../source/pipeline.js';
import {planHints} from '../source/scrape/hints.js';
import {identityAnswers500, loadScenarioScrape} from './helpers/fixtures.js';

describe('pipeline', () => {
	it('has no snapshot before the first round, then the snapshot of the merged rounds', () => {
		const pipeline = createPipeline();
		expect(pipeline.snapshot()).toBeUndefined();
		const metricsOnly = loadScenarioScrape('2026.7.1', 'busy', {only: ['/metrics']});
		const first = pipeline.ingest(metricsOnly);
		expect(first.workers).toHaveLength(0);
		const htmlOnly = loadScenarioScrape('2026.7.1', 'busy', {only: ['/info/main/workers.html']});
		const second = pipeline.ingest(htmlOnly);
		expect(second.workers.map((w) => w.name)).toEqual(['alpha', 'beta', 'gamma']);
		expect(second.scheduler.tasks_total).toBe(first.scheduler.tasks_total);
		expect(pipeline.snapshot()).toBe(second);
		expect(second.time).toBe(htmlOnly.atMs / 1000);
	});

	it('starts over on a reset round (a replay seeked)', () => {
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy', {only: ['/info/main/workers.html']}));
		const after = pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy', {only: ['/metrics'], targets: ['scheduler']}), {reset: true});
		expect(after.workers).toHaveLength(0);
		expect(after.endpoints.map((e) => e.path)).toEqual(['/metrics']);
	});

	it('tells every subscriber about each new snapshot until it unsubscribes', () => {
		const pipeline = createPipeline();
		const seen: string[] = [];
		const unsubscribe = pipeline.subscribe((snapshot, raw, info) => seen.push(`${snapshot.time} ${raw.responses.length} ${info.reset}`));
		const raw = loadScenarioScrape('2022.12.1', 'idle');
		pipeline.ingest(raw);
		pipeline.ingest(raw, {reset: true});
		unsubscribe();
		pipeline.ingest(raw);
		expect(seen).toEqual([`${raw.atMs / 1000} ${raw.responses.length} false`, `${raw.atMs / 1000} ${raw.responses.length} true`]);
	});

	it('gives the poller the worker and task counts and the workers’ HTTP addresses from workers.html', () => {
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy', {override: identityAnswers500, targets: ['scheduler']}));
		const hints = planHints(pipeline.snapshot());
		expect(hints.workerCount).toBe(3);
		expect(hints.taskCount).toBeGreaterThan(0);
		expect(hints.workers).toEqual([
			{address: 'tcp://127.0.0.1:41001', host: '127.0.0.1', dashboardPort: 8801},
			{address: 'tcp://127.0.0.1:41002', host: '127.0.0.1', dashboardPort: 8802},
			{address: 'tcp://127.0.0.1:41003', host: '127.0.0.1', dashboardPort: 8803},
		]);
		expect(planHints(undefined)).toEqual({workers: []});
	});
});
