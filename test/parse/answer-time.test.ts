/**
 * The time an answer speaks for (parse/round-time.ts answerTimeMs) and the heartbeat ages taken
 * against it, from recorded rounds: with the answer's header time, and without it as recordings
 * made before it existed are, which read as they always did (from the request's start).
 */
import {describe, expect, it} from 'vitest';
import {answerTimeMs} from '../../source/parse/round-time.js';
import {createPipeline} from '../../source/pipeline.js';
import {parseRound, roundLine} from '../../source/record/file-format.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {identityJson} from '../helpers/fixture-expect.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';

const answer: EndpointResult = {
	target: 'scheduler',
	path: '/json/identity.json',
	url: 'http://h/json/identity.json',
	startedMs: 1_000,
	latencyMs: 9_000,
	status: 200,
};

describe('answerTimeMs', () => {
	it('is when the headers arrived, else (older recordings, synthesized answers) the request’s start', () => {
		expect(answerTimeMs({...answer, headersMs: 7_000})).toBe(7_000);
		expect(answerTimeMs(answer)).toBe(1_000);
		// a stamp before its own request (a clock stepped back mid-request) is not believed
		expect(answerTimeMs({...answer, headersMs: 999})).toBe(1_000);
	});
});

describe('heartbeat ages from a recorded identity.json, replayed through the recording format', () => {
	const LATE_MS = 12_000;
	const recorded = loadScenarioScrape('2022.12.1', 'idle');
	const lastSeen = new Map(
		Object.entries(identityJson('2022.12.1', 'idle').workers).map(([address, w]) => [address, w.last_seen]),
	);
	const ages = (raw: typeof recorded) =>
		new Map(
			createPipeline()
				.ingest(parseRound(roundLine(raw)))
				.workers.map((w) => [w.address, w.heartbeat_age_seconds]),
		);

	it('count to when the scheduler answered: 12 s late, every age is 12 s older than at the request', () => {
		const late = {
			...recorded,
			responses: recorded.responses.map((r) =>
				r.path === '/json/identity.json' ? {...r, headersMs: r.startedMs + LATE_MS} : r,
			),
		};
		const atAnswer = ages(late);
		expect(atAnswer.size).toBe(lastSeen.size);
		for (const [address, seen] of lastSeen) {
			expect(atAnswer.get(address)).toBeCloseTo(Math.max(0, (recorded.atMs + LATE_MS) / 1000 - seen!), 6);
		}
	});

	it('read as before from a recording without header times: from the request’s start', () => {
		expect(recorded.responses.every((r) => r.headersMs === undefined)).toBe(true);
		for (const [address, age] of ages(recorded)) {
			expect(age).toBeCloseTo(Math.max(0, recorded.atMs / 1000 - lastSeen.get(address)!), 6);
		}
	});
});
