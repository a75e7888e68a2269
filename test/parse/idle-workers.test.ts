/**
 * Occupancy and processing while no task is processing: workers.html, their only HTTP source, is
 * asked every 30 s on an idle cluster (plan.ts), and the snapshot gives every worker zero for both
 * from /metrics, which counts no task processing. Recorded answers of real clusters, the second
 * round made of the first one's answers 8 s later, without workers.html, as an idle round asks.
 */
import {describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import {planHints} from '../../source/run/plan-hints.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {loadScenarioScrape, type FixtureVersion, type Scenario} from '../helpers/fixtures.js';

/** The scenario's round, then the same answers `laterMs` on without workers.html. */
function twoRounds(version: FixtureVersion, scenario: Scenario, laterMs: number) {
	const first = loadScenarioScrape(version, scenario);
	const shift = (ms: number | undefined) => (ms === undefined ? undefined : ms + laterMs);
	const second: RawScrape = {
		...first,
		atMs: first.atMs + laterMs,
		...(first.answeredMs === undefined ? {} : {answeredMs: shift(first.answeredMs)!}),
		responses: first.responses
			.filter((r) => r.path !== '/info/main/workers.html')
			.map((r) => ({...r, startedMs: r.startedMs + laterMs})),
	};
	const pipeline = createPipeline();
	pipeline.ingest(first);
	const before = pipeline.snapshot();
	pipeline.ingest(second);
	const after = pipeline.snapshot();
	if (!before || !after) throw new Error('no snapshot');
	return {before, after};
}

describe('worker occupancy and processing on an idle cluster', () => {
	it.each(['2022.12.1', '2026.7.1'] as const)(
		'%s idle: zero from /metrics once workers.html is no longer current',
		(version) => {
			const {before, after} = twoRounds(version, 'idle', 8000);
			expect(before.scheduler.tasks.processing).toBe(0);
			expect(before.workers.every((w) => w.sources['occupancy_seconds'] === 'workers_html')).toBe(true);
			expect(after.scheduler.tasks.processing).toBe(0);
			expect(after.workers.length).toBe(before.workers.length);
			for (const w of after.workers) {
				expect(w.occupancy_seconds).toBe(0);
				expect(w.processing).toBe(0);
				expect(w.sources['occupancy_seconds']).toBe('metrics');
				expect(w.sources['processing']).toBe('metrics');
			}
			// The poller is told nothing is processing: workers.html at the idle pace.
			expect(planHints(after).processingCount).toBe(0);
		},
	);

	it('keeps workers.html at the busy pace when the task counts are not /metrics’ own (counts.json only)', () => {
		const only = ['/json/identity.json', '/json/counts.json', '/info/main/workers.html'];
		const pipeline = createPipeline();
		pipeline.ingest(loadScenarioScrape('2022.12.1', 'idle', {only}));
		const snapshot = pipeline.snapshot()!;
		expect(snapshot.scheduler.sources['tasks']).toBe('counts');
		expect(snapshot.scheduler.tasks.processing).toBe(0);
		expect(planHints(snapshot).processingCount).toBeUndefined();
	});

	it('gives no occupancy while tasks are processing and workers.html is not current (never an old figure)', () => {
		const {before, after} = twoRounds('2022.12.1', 'busy', 8000);
		expect(after.scheduler.tasks.processing).toBeGreaterThan(0);
		expect(before.workers.some((w) => (w.occupancy_seconds ?? 0) > 0)).toBe(true);
		for (const w of after.workers) {
			expect(w.occupancy_seconds).toBeUndefined();
			expect(w.processing).toBeUndefined();
		}
		expect(planHints(after).processingCount).toBe(after.scheduler.tasks.processing);
	});
});
