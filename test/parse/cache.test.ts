import {describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {entryOf} from '../../source/parse/cache.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {identityAnswers500, loadManifest, loadScenarioScrape} from '../helpers/fixtures.js';

/** The same recorded answers, re-stamped as if asked `atMs` (rounds of a poller, in order). */
function at(raw: RawScrape, atMs: number): RawScrape {
	return {...raw, atMs, responses: raw.responses.map((r) => ({...r, startedMs: atMs}))};
}

const busy = loadScenarioScrape('2026.7.1', 'busy');
const t0 = busy.atMs;

describe('ScrapeCache', () => {
	it('keeps answers of endpoints a round did not ask, so rounds of different cadences add up', () => {
		let cache = mergeScrape(emptyCache(), at(busy, t0));
		const errorsMetrics = loadScenarioScrape('2026.7.1', 'errors', {only: ['/metrics'], targets: ['scheduler']});
		cache = mergeScrape(cache, at(errorsMetrics, t0 + 2000));
		const snap = buildSnapshot(cache, t0 + 2000);
		expect(snap.scheduler.tasks.erred).toBe(10); // the newer /metrics
		expect(snap.workers_source).toBe('identity'); // identity.json from the earlier round
		expect(snap.workers).toHaveLength(3);
		expect(snap.endpoints.find((e) => e.path === '/json/identity.json' && !e.target)?.last_attempt).toBe(t0 / 1000);
	});

	it('keeps the parsed answers but not their bodies, which the recorder has already written', () => {
		const cache = mergeScrape(emptyCache(), at(busy, t0));
		const answers = [...cache.entries.values()]
			.flatMap((e) => [e.latest, e.lastOk, e.lastFailure])
			.filter((a) => a !== undefined);
		expect(answers.length).toBeGreaterThanOrEqual(busy.responses.length);
		// Nor beside the parsed value: keeping them to spare parsing a repeated text cost more than it saved.
		expect(answers.filter((a) => 'body' in a.result || 'body' in a)).toEqual([]);
		expect(entryOf(cache, 'scheduler', '/json/identity.json')?.latest.parsed?.kind).toBe('identity');
		// the round itself is untouched
		expect(busy.responses.every((r) => r.status !== 200 || r.body !== undefined)).toBe(true);
	});

	it('falls back to workers.html while identity.json fails and returns to it when it answers again', () => {
		let cache = mergeScrape(emptyCache(), at(busy, t0));
		expect(buildSnapshot(cache, t0).workers_source).toBe('identity');

		const failing = loadScenarioScrape('2026.7.1', 'busy', {
			only: ['/json/identity.json'],
			targets: ['scheduler'],
			override: identityAnswers500,
		});
		cache = mergeScrape(cache, at(failing, t0 + 2000));
		const during = buildSnapshot(cache, t0 + 2000);
		expect(during.workers_source).toBe('workers_html');
		// Status: /metrics of a moment ago counts none paused or retiring (worker-status.ts), and
		// identity.json's answer two seconds before is still current for it (its CPU comes from it).
		expect(during.workers.map((w) => [w.status, w.sources['status']])).toEqual(
			during.workers.map(() => ['running', 'metrics']),
		);
		expect(during.workers.every((w) => w.sources['cpu_percent'] === 'identity')).toBe(true);
		const entry = entryOf(cache, 'scheduler', '/json/identity.json')!;
		expect(entry.latest.state).toBe('failed');
		expect(entry.lastOk?.result.startedMs).toBe(t0);
		expect(entry.lastFailure?.result.status).toBe(500);
		const health = during.endpoints.find((e) => e.path === '/json/identity.json' && !e.target)!;
		expect(health.last_ok).toBe(t0 / 1000);
		expect(health.last_attempt).toBe((t0 + 2000) / 1000);

		const recovered = loadScenarioScrape('2026.7.1', 'busy', {only: ['/json/identity.json'], targets: ['scheduler']});
		cache = mergeScrape(cache, at(recovered, t0 + 4000));
		const after = buildSnapshot(cache, t0 + 4000);
		expect(after.workers_source).toBe('identity');
		expect(after.workers.every((w) => w.status === 'running')).toBe(true);
	});

	it('ignores an answer older than the one it already holds', () => {
		let cache = mergeScrape(emptyCache(), at(busy, t0 + 5000));
		const stale = loadScenarioScrape('2026.7.1', 'idle', {only: ['/metrics'], targets: ['scheduler']});
		cache = mergeScrape(cache, at(stale, t0));
		expect(buildSnapshot(cache, t0 + 5000).scheduler.tasks.queued).toBe(214);
	});

	it('does not change the cache it was given', () => {
		const first = mergeScrape(emptyCache(), at(busy, t0));
		const size = first.entries.size;
		const metricsBefore = entryOf(first, 'scheduler', '/metrics');
		mergeScrape(first, at(loadScenarioScrape('2026.7.1', 'errors'), t0 + 1000));
		expect(first.entries.size).toBe(size);
		expect(entryOf(first, 'scheduler', '/metrics')).toBe(metricsBefore);
	});

	it('drops the endpoints and per-worker pages of a worker that left, after the round that saw it fail', () => {
		const gamma = loadManifest('2022.12.1', 'worker-died').meta.killed!.address;
		let cache = mergeScrape(emptyCache(), at(loadScenarioScrape('2022.12.1', 'busy'), t0));
		const gammaKeys = () =>
			[...cache.entries.values()].filter(
				(e) =>
					e.target === `worker:${gamma}` ||
					e.path.includes(encodeURIComponent(gamma)) ||
					e.path.startsWith('/proxy/8793/'),
			);
		expect(gammaKeys().length).toBeGreaterThan(5);

		cache = mergeScrape(cache, at(loadScenarioScrape('2022.12.1', 'worker-died'), t0 + 2000));
		// This round asked gamma and got "connection refused": shown once.
		expect(
			gammaKeys()
				.map((e) => `${e.path} ${e.latest.state}`)
				.sort(),
		).toEqual(['/health failed', '/metrics failed']);

		cache = mergeScrape(cache, at(loadScenarioScrape('2022.12.1', 'client-closed'), t0 + 4000));
		expect(gammaKeys()).toEqual([]);
		expect(buildSnapshot(cache, t0 + 4000).workers).toHaveLength(2);
	});

	it('keeps the base URL and the time of the newest round', () => {
		const cache = mergeScrape(mergeScrape(emptyCache(), at(busy, t0 + 10)), at(busy, t0));
		expect(cache.base).toBe('http://127.0.0.1:8788/');
		expect(cache.atMs).toBe(t0 + 10);
		expect(buildSnapshot(cache, t0 + 10).url).toBe('http://127.0.0.1:8788/');
	});
});
