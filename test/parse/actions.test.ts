/**
 * A retire rides in the poll stream: the recorded 2022.12.1 `busy` round with a retire request and
 * its answer appended (as the poller appends them; the fixtures hold no retire). The cache and
 * freshness ignore it, the snapshot lists it, a recording keeps it.
 */
import {describe, expect, it} from 'vitest';
import {answerOf, retireRequestWorkers} from '../../source/model/departures/retire.js';
import {createPipeline} from '../../source/pipeline.js';
import {parseRound, roundLine} from '../../source/record/file-format.js';
import {retireRequestBody} from '../../source/scrape/retire-request.js';
import type {EndpointResult, RawScrape} from '../../source/types/raw-scrape.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';

const busy = loadScenarioScrape('2022.12.1', 'busy');
const address = 'tcp://127.0.0.1:40001';
const base = {
	target: 'scheduler',
	path: '/api/v1/retire_workers',
	url: `${busy.base}api/v1/retire_workers`,
	startedMs: busy.atMs + 10,
	method: 'POST',
	requestBody: retireRequestBody(address),
} as const;
const pending: EndpointResult = {...base, latencyMs: 0, status: null, pending: true};
const answer: EndpointResult = {
	...base,
	latencyMs: 812,
	status: 500,
	contentType: 'application/json',
	body: '{"Error": "Internal Server Error"}',
};
const withRetire: RawScrape = {...busy, responses: [...busy.responses, pending, answer]};

describe('actions in the poll stream', () => {
	it('lists them as snapshot.actions, leaves them out of the cache, and changes no figure', () => {
		const plain = createPipeline().ingest(busy);
		const pipeline = createPipeline();
		const snap = pipeline.ingest(withRetire);
		expect(snap.actions).toEqual([
			{
				method: 'POST',
				path: '/api/v1/retire_workers',
				request: `{"workers":["${address}"]}`,
				sent: (busy.atMs + 10) / 1000,
				pending: true,
			},
			{
				method: 'POST',
				path: '/api/v1/retire_workers',
				request: `{"workers":["${address}"]}`,
				sent: (busy.atMs + 10) / 1000,
				status: 500,
				latency_ms: 812,
				answer: '{"Error": "Internal Server Error"}',
			},
		]);
		// The fixture itself holds a GET of /api/v1/retire_workers (a probe of the api module): that
		// answer stays the cached one.
		const cached = [...pipeline.cache().entries.values()].filter((e) => e.path === '/api/v1/retire_workers');
		expect(cached.map((e) => e.latest.result.startedMs)).toEqual(
			busy.responses.filter((r) => r.path === '/api/v1/retire_workers').map((r) => r.startedMs),
		);
		const {actions: _actions, ...rest} = snap;
		expect(rest).toEqual(plain);
		expect(createPipeline().ingest(busy).actions).toBeUndefined();
	});

	it('survives a recording: the round read back is the round written', () => {
		expect(parseRound(roundLine(withRetire))).toEqual(withRetire);
	});

	it("shows the names a retire's answer and request give inert, exact for --json", () => {
		// Dask answers {address: worker info} for the workers it retired; JSON escapes carry the controls.
		const hostile: EndpointResult = {
			...answer,
			requestBody: '{"workers": ["tcp://\\u009b31m:1"]}',
			status: 200,
			body: '{"tcp://127.0.0.1:40001": {"name": "\\u001b]0;pwned\\u0007"}}',
		};
		const raw: RawScrape = {...busy, responses: [...busy.responses, hostile]};
		const [shown] = createPipeline().ingest(raw).actions ?? [];
		expect(retireRequestWorkers(shown?.request)).toEqual(['tcp://\\x9b31m:1']);
		expect(answerOf(shown!).text).toBe('HTTP 200: retired ␛]0;pwned␇');
		const [exact] = createPipeline({text: 'exact'}).ingest(raw).actions ?? [];
		expect(exact?.request).toBe(hostile.requestBody);
		expect(exact?.answer).toBe(hostile.body);
		expect(answerOf(exact!).text).toBe('HTTP 200: retired \u001b]0;pwned\u0007');
	});
});
