import {describe, expect, it} from 'vitest';
import {ESTIMATE_GAPS, IntervalEstimate, recordedFeed, UNKNOWN_INTERVAL_MS} from '../../source/record/recorded-feed.js';
import type {SourceNow} from '../../source/model/types.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';

const REPLAY = {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0} as const;
const round = (atMs: number, extra: Partial<RawScrape> = {}): RawScrape => ({
	atMs,
	base: 'http://h/',
	responses: [],
	...extra,
});

describe('IntervalEstimate', () => {
	it('is the median gap between the first rounds, as far as they were added; the default before any', () => {
		const estimate = new IntervalEstimate();
		expect(estimate.ms).toBe(UNKNOWN_INTERVAL_MS);
		estimate.add(0);
		expect(estimate.ms).toBe(UNKNOWN_INTERVAL_MS);
		estimate.add(1000);
		expect(estimate.ms).toBe(1000);
		estimate.add(9000); // a backoff: one long gap does not move the median of three rounds' two gaps far
		estimate.add(10_000);
		expect(estimate.ms).toBe(1000);
	});

	it('stops learning after ESTIMATE_GAPS gaps', () => {
		const estimate = new IntervalEstimate();
		for (let i = 0; i <= ESTIMATE_GAPS; i += 1) estimate.add(i * 1000);
		for (let i = 1; i <= 100; i += 1) estimate.add(ESTIMATE_GAPS * 1000 + i * 60_000);
		expect(estimate.ms).toBe(1000);
	});
});

describe('recordedFeed', () => {
	it('passes time every 5 s after a round until the next, then ingests it, each told the interval', () => {
		const calls: string[] = [];
		const pipeline = {
			tick(nowMs: number, told?: SourceNow) {
				calls.push(`tick ${nowMs} every ${told?.intervalMs}`);
				return undefined as never;
			},
			ingest(raw: RawScrape, options?: {source?: SourceNow}) {
				calls.push(`round ${raw.answeredMs ?? raw.atMs} every ${options?.source?.intervalMs}`);
				return undefined as never;
			},
		};
		const feed = recordedFeed(pipeline, REPLAY);
		feed.add(round(0, {intervalMs: 3000}));
		feed.add(round(2000, {answeredMs: 15_000}));
		feed.add(round(20_000, {answeredMs: 20_010}));
		expect(calls).toEqual([
			'round 0 every 3000',
			// The gap to a round answered 15 s later passes as live's screen passed it, every 5 s,
			// told the interval in force (the round before's).
			'tick 5000 every 3000',
			'tick 10000 every 3000',
			// A round recorded without its interval: the recording's estimate (one gap so far, 15 s).
			'round 15000 every 15000',
			'tick 20000 every 15000',
			'round 20010 every 15000',
		]);
	});

	it('passes no time inside a gap a round carries: live did not run then, so judged no moment of it', () => {
		const calls: string[] = [];
		const pipeline = {
			tick(nowMs: number) {
				calls.push(`tick ${nowMs}`);
				return undefined as never;
			},
			ingest(raw: RawScrape) {
				calls.push(`round ${raw.atMs}${raw.gap ? ` after a gap from ${raw.gap.fromMs}` : ''}`);
				return undefined as never;
			},
		};
		const feed = recordedFeed(pipeline, REPLAY);
		feed.add(round(0, {intervalMs: 2000}));
		feed.add(round(2000, {intervalMs: 2000}));
		// dask-top stopped at 3 s (Ctrl-Z) and ran again at 20 s: no tick at 7 s, 12 s, 17 s
		feed.add(round(20_000, {intervalMs: 2000, gap: {fromMs: 3000, toMs: 20_000}}));
		expect(calls).toEqual(['round 0', 'round 2000', 'round 20000 after a gap from 3000']);
	});
});
