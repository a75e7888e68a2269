/**
 * Drill-down pages a live session read ride in the next round (EndpointResult.onDemand): the
 * recording keeps them, parse leaves them out of the cache and the round's time, and a replay
 * answers the same page with the one last read up to the moment shown. The page is a real one
 * (the 2026.7.1 fixture's exceptions page); the rounds around it are made here.
 */
import {describe, expect, it} from 'vitest';
import {emptyCache, lastSchedulerAnswerMs, mergeScrape} from '../../source/parse/index.js';
import {parseRound, roundLine} from '../../source/record/file-format.js';
import {ReplaySource} from '../../source/record/replay-source.js';
import {PackedRoundStore} from '../../source/record/round-store.js';
import type {EndpointResult, RawScrape} from '../../source/types/raw-scrape.js';
import {readScenarioFile} from '../helpers/fixtures.js';
import {manualTimers} from '../helpers/manual-timers.js';

const START_MS = 1_700_000_000_000;
const PATH = '/info/main/exceptions.html';
const body = readScenarioFile('2026.7.1', 'errors', 'scheduler/%2Finfo%2Fmain%2Fexceptions.html');

function page(startedMs: number, text = body): EndpointResult {
	return {
		target: 'scheduler',
		path: PATH,
		url: `http://127.0.0.1:8787${PATH}`,
		startedMs,
		latencyMs: 30_000, // slower than anything the round read: it must not move the round's time
		status: 200,
		body: text,
		onDemand: true,
	};
}

function round(i: number, pages: EndpointResult[] = []): RawScrape {
	const atMs = START_MS + i * 2000;
	return {
		atMs,
		base: 'http://127.0.0.1:8787/',
		responses: [
			{
				target: 'scheduler',
				path: '/health',
				url: 'http://127.0.0.1:8787/health',
				startedMs: atMs,
				latencyMs: 3,
				status: 200,
				body: 'ok',
			},
			...pages,
		],
	};
}

describe('drill-down pages in a recording', () => {
	it('are written and read back as drill-down pages', () => {
		const raw = round(1, [page(START_MS + 1500)]);
		const back = parseRound(roundLine(raw));
		expect(back.responses[1]).toMatchObject({path: PATH, onDemand: true, startedMs: START_MS + 1500});
		expect(back.responses[0]!.onDemand).toBeUndefined();
	});

	it('leave the cache and the round time alone', () => {
		const raw = round(1, [page(START_MS + 1500)]);
		expect(lastSchedulerAnswerMs(raw.responses)).toBe(START_MS + 2003);
		const cache = mergeScrape(emptyCache(), raw);
		expect([...cache.entries.values()].map((e) => e.path)).toEqual(['/health']);
	});

	it('are answered by a replay as last read up to the moment shown', async () => {
		const store = new PackedRoundStore();
		const rounds = [
			round(0),
			round(1, [page(START_MS + 1500)]),
			round(2),
			round(3, [page(START_MS + 5500, 'later')]),
			round(4),
		];
		for (const raw of rounds) store.add(raw, Buffer.from(roundLine(raw)));
		expect([0, 1, 2, 3, 4].map((i) => store.pages(i))).toEqual([[], [PATH], [], [PATH], []]);
		const source = new ReplaySource(store, {timers: manualTimers()});
		source.start(() => {});
		source.replay.step(2); // round 2: after the first read, before the second
		expect((await source.fetchPage({kind: 'exceptions'})).body).toBe(body);
		source.replay.toEnd();
		expect((await source.fetchPage({kind: 'exceptions'})).body).toBe('later');
		source.replay.toStart();
		const none = await source.fetchPage({kind: 'exceptions'});
		expect(none.status).toBeNull();
		expect(none.error?.message).toBe(
			'not in the recording by this moment: it holds the pages the live session asked for',
		);
		expect((await source.fetchPage({kind: 'call-stacks', worker: 'tcp://127.0.0.1:41001'})).error).toBeDefined();
	});
});
