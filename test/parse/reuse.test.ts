/**
 * An answer whose body is the same text as its endpoint's previous answer reuses that parsed
 * value instead of parsing again. The figures must be exactly those of parsing every answer: the
 * "unskipped" path here is the same cache with every kept body removed before each round, so
 * nothing can be reused.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {entryOf} from '../../source/parse/cache.js';
import {REUSE_BODY_LIMIT, type CachedAnswer, type ScrapeCache} from '../../source/parse/cache.js';
import {parseRound} from '../../source/record/file-format.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {FIXTURE_VERSIONS, FIXTURES_ROOT, loadScenarioScrape, SCENARIOS} from '../helpers/fixtures.js';

/** The same recorded answers, re-stamped as if asked `atMs` (rounds of a poller, in order). */
function at(raw: RawScrape, atMs: number): RawScrape {
	return {...raw, atMs, responses: raw.responses.map((r) => ({...r, startedMs: atMs}))};
}

function withoutBody(answer: CachedAnswer): CachedAnswer {
	const {body: _body, ...rest} = answer;
	return rest;
}

/** The cache as it would be had no body been kept: the next round parses everything again. */
function forgetBodies(cache: ScrapeCache): ScrapeCache {
	const entries = new Map(
		[...cache.entries].map(([key, entry]) => {
			const {lastOk, lastFailure, ...rest} = entry;
			return [
				key,
				{
					...rest,
					latest: withoutBody(entry.latest),
					...(lastOk ? {lastOk: withoutBody(lastOk)} : {}),
					...(lastFailure ? {lastFailure: withoutBody(lastFailure)} : {}),
				},
			];
		}),
	);
	return {...cache, entries};
}

/** Feeds the rounds both ways; every snapshot must be equal. Returns how many parsed values were reused. */
function bothWays(rounds: readonly RawScrape[]): number {
	let reusing = emptyCache();
	let parsing = emptyCache();
	let reused = 0;
	for (const raw of rounds) {
		const before = reusing;
		reusing = mergeScrape(reusing, raw);
		parsing = mergeScrape(forgetBodies(parsing), raw);
		for (const response of raw.responses) {
			const now = entryOf(reusing, response.target, response.path)?.latest.parsed;
			if (now !== undefined && now === entryOf(before, response.target, response.path)?.latest.parsed) reused++;
		}
		expect(buildSnapshot(reusing, raw.atMs)).toEqual(buildSnapshot(parsing, raw.atMs));
	}
	return reused;
}

const busy = loadScenarioScrape('2026.7.1', 'busy');
const t0 = busy.atMs;

describe('reusing the parsed value of an unchanged answer', () => {
	it('reuses the parsed value when the body is the same text, and keeps the small body to compare', () => {
		const first = mergeScrape(emptyCache(), at(busy, t0));
		const second = mergeScrape(first, at(busy, t0 + 2000));
		const a = entryOf(first, 'scheduler', '/json/identity.json')!.latest;
		const b = entryOf(second, 'scheduler', '/json/identity.json')!.latest;
		expect(a.body).toBeDefined();
		expect(a.body!.length).toBeLessThanOrEqual(REUSE_BODY_LIMIT);
		expect(b.parsed).toBe(a.parsed); // the same object: not parsed again
		expect(b.result.startedMs).toBe(t0 + 2000); // the answer itself is the new one
		expect(buildSnapshot(second, t0 + 2000)).toEqual(
			buildSnapshot(mergeScrape(forgetBodies(first), at(busy, t0 + 2000)), t0 + 2000),
		);
	});

	it('parses again when the body changed', () => {
		const errors = loadScenarioScrape('2026.7.1', 'errors', {only: ['/metrics'], targets: ['scheduler']});
		const first = mergeScrape(emptyCache(), at(busy, t0));
		const second = mergeScrape(first, at(errors, t0 + 2000));
		const a = entryOf(first, 'scheduler', '/metrics')!.latest;
		const b = entryOf(second, 'scheduler', '/metrics')!.latest;
		expect(b.parsed).not.toBe(a.parsed);
		expect(b.parsed).toEqual(
			entryOf(mergeScrape(emptyCache(), at(errors, t0 + 2000)), 'scheduler', '/metrics')!.latest.parsed,
		);
		expect(buildSnapshot(second, t0 + 2000).scheduler.tasks.erred).toBe(10);
	});

	it('does not reuse across a failure: an answer after a failed one is parsed afresh', () => {
		const first = mergeScrape(emptyCache(), at(busy, t0));
		const failing = {
			...at(busy, t0 + 2000),
			responses: at(busy, t0 + 2000).responses.map((r) =>
				r.path === '/json/identity.json' && r.target === 'scheduler'
					? {...r, status: 500, body: 'Internal Server Error'}
					: r,
			),
		};
		const second = mergeScrape(first, failing);
		expect(entryOf(second, 'scheduler', '/json/identity.json')!.latest.state).toBe('failed');
		const third = mergeScrape(second, at(busy, t0 + 4000));
		const c = entryOf(third, 'scheduler', '/json/identity.json')!.latest;
		expect(c.parsed).not.toBe(entryOf(first, 'scheduler', '/json/identity.json')!.latest.parsed);
		expect(c.parsed).toEqual(entryOf(first, 'scheduler', '/json/identity.json')!.latest.parsed);
	});

	it('gives the same snapshots as parsing every answer, over every recorded scenario asked twice in a row', () => {
		for (const version of FIXTURE_VERSIONS) {
			const rounds: RawScrape[] = [];
			let ms = t0;
			for (const scenario of SCENARIOS) {
				const raw = loadScenarioScrape(version, scenario);
				ms += 2000;
				rounds.push(at(raw, ms));
				ms += 2000;
				rounds.push(at(raw, ms));
			}
			expect(bothWays(rounds)).toBeGreaterThan(0);
		}
	});

	it('gives the same snapshots as parsing every answer over the whole recorded Dask 2023.6.0 session', () => {
		const lines = gunzipSync(readFileSync(join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz')))
			.toString('utf8')
			.split('\n')
			.filter((l) => l.trim() !== '');
		const rounds = lines.slice(1).map((line) => parseRound(line));
		expect(rounds.length).toBeGreaterThan(50);
		expect(bothWays(rounds)).toBeGreaterThan(0);
	});
});
