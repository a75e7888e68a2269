/**
 * The bench's synthesized cluster must look like one living scheduler to dask-top: its counters
 * grow, its start time stays put. A fake whose start time moved told the model the scheduler had
 * restarted every poll, so the bench measured a monitor resetting its rates and progress each poll.
 */
import {afterAll, describe, expect, it} from 'vitest';
import {synthRound} from '../../bench/synth-recording.js';
import {startSynthDask, type SynthDask} from '../../bench/synth-server.js';
import {createPipeline} from '../../source/pipeline.js';
import {toEndpointResult} from '../../source/scrape/result.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';

describe('the synthesized cluster', () => {
	it('is one scheduler through a recording of its rounds: completion rates from the second round, no reset', () => {
		const pipeline = createPipeline();
		for (let round = 0; round < 12; round++) {
			pipeline.ingest(synthRound(3, round));
			const {rates} = pipeline.state();
			if (round === 0) continue;
			expect(rates.resetAtS, `round ${round}`).toBeUndefined();
			expect(rates.tasksDonePerSecond, `round ${round}`).toBeGreaterThan(0);
		}
		expect(pipeline.state().events.filter((e) => e.kind === 'scheduler_restarted')).toEqual([]);
	});

	describe('served over HTTP', () => {
		let fake: SynthDask | undefined;
		afterAll(async () => fake?.close());

		it('keeps its start time while its answers move on', async () => {
			fake = await startSynthDask(3);
			const base = fake.url.replace(/\/$/, '');
			const started: unknown[] = [];
			const pipeline = createPipeline();
			for (let i = 0; i < 3; i++) {
				const atMs = Date.now();
				const responses = [];
				for (const path of ['/metrics', '/json/identity.json']) {
					const res = await fetch(`${base}${path}`);
					const body = await res.text();
					if (path.endsWith('.json')) started.push((JSON.parse(body) as {started: unknown}).started);
					responses.push(
						toEndpointResult('scheduler', path, `${base}${path}`, {
							startedMs: atMs,
							headersMs: Date.now(),
							latencyMs: 1,
							status: res.status,
							contentType: res.headers.get('content-type') ?? '',
							body,
							bytes: body.length,
						}),
					);
				}
				const raw: RawScrape = {atMs, answeredMs: Date.now(), intervalMs: 2000, base: fake.url, responses};
				pipeline.ingest(raw);
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			expect(new Set(started).size).toBe(1);
			expect(pipeline.state().rates.resetAtS).toBeUndefined();
			expect(pipeline.state().rates.tasksDonePerSecond).toBeGreaterThan(0);
		});
	});
});
