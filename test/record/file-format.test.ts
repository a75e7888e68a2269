import {describe, expect, it} from 'vitest';
import {
	headerLine,
	makeHeader,
	parseHeader,
	parseRound,
	RecordingFormatError,
	roundLine,
} from '../../source/record/file-format.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';

describe('the recording line format', () => {
	it('writes a round as one line that parses back to the same RawScrape', () => {
		const raw = loadScenarioScrape('2026.7.1', 'busy');
		const line = roundLine(raw);
		expect(line.endsWith('\n')).toBe(true);
		expect(line.slice(0, -1)).not.toContain('\n');
		expect(parseRound(line)).toEqual(raw);
	});

	it('keeps when a round’s answers were in, and reads rounds recorded before that field existed', () => {
		const raw = {...loadScenarioScrape('2026.7.1', 'busy'), answeredMs: 1_700_000_012_345};
		expect(parseRound(roundLine(raw))).toEqual(raw);
		const {answeredMs: _, ...older} = raw;
		expect(parseRound(roundLine(older))).toEqual(older);
		expect(parseRound(roundLine(older)).answeredMs).toBeUndefined();
	});

	it('keeps a gap in dask-top’s own time a round carries, and drops a malformed one', () => {
		const raw = {...loadScenarioScrape('2026.7.1', 'busy'), gap: {fromMs: 1_700_000_000_000, toMs: 1_700_000_015_000}};
		expect(parseRound(roundLine(raw))).toEqual(raw);
		const line = roundLine(raw).replace('"toMs":1700000015000', '"toMs":"later"');
		expect(parseRound(line)).not.toHaveProperty('gap');
	});

	it('keeps when each answer’s headers arrived, and reads answers recorded before that field existed', () => {
		const recorded = loadScenarioScrape('2026.7.1', 'busy');
		const raw: RawScrape = {
			...recorded,
			responses: recorded.responses.map((r, i) => ({...r, headersMs: r.startedMs + 40 + i})),
		};
		const line = roundLine(raw);
		expect(parseRound(line)).toEqual(raw);
		expect(JSON.parse(line).responses[0].headersMs).toBe(raw.responses[0]!.startedMs + 40);
		const older = JSON.stringify({
			atMs: 5,
			base: 'http://h/',
			responses: [
				{target: 'scheduler', path: '/metrics', url: 'http://h/metrics', startedMs: 5, latencyMs: 1, status: 200},
			],
		});
		expect(parseRound(older).responses[0]).not.toHaveProperty('headersMs');
		const notANumber = older.replace('"startedMs":5,', '"startedMs":5,"headersMs":"soon",');
		expect(parseRound(notANumber)).toEqual(parseRound(older));
	});

	it('keeps the poll interval a round was made at, and reads rounds recorded before that field existed', () => {
		const raw = {...loadScenarioScrape('2026.7.1', 'busy'), intervalMs: 5000};
		expect(roundLine(raw)).toContain('"intervalMs":5000');
		expect(parseRound(roundLine(raw))).toEqual(raw);
		const {intervalMs: _, ...older} = raw;
		expect(parseRound(roundLine(older)).intervalMs).toBeUndefined();
		for (const bad of [0, -2000, '2000', null])
			expect(parseRound(roundLine(older).replace('{"atMs"', `{"intervalMs":${JSON.stringify(bad)},"atMs"`))).toEqual(
				older,
			);
	});

	it('writes only the contract fields of an answer, so request headers never reach the file', () => {
		const withExtras = {
			atMs: 1,
			base: 'http://h:8787/',
			responses: [
				{
					target: 'scheduler',
					path: '/metrics',
					url: 'http://h:8787/metrics',
					startedMs: 1,
					latencyMs: 2,
					status: 200,
					body: 'x',
					headers: {authorization: 'token SECRET'},
					requestHeaders: {cookie: 'c=SECRET'},
				},
			],
		} as unknown as RawScrape;
		const line = roundLine(withExtras);
		expect(line).not.toContain('SECRET');
		expect(line).not.toMatch(/headers/i);
	});

	it('redacts tokens in the base, URLs, paths, error messages and HTML bodies but not in other bodies', () => {
		const raw: RawScrape = {
			atMs: 1,
			base: 'https://u:pw@hub/user/me/proxy/8787/?token=T0K',
			responses: [
				{
					target: 'scheduler',
					path: '/metrics?token=T0K',
					url: 'https://hub/user/me/proxy/8787/metrics?token=T0K',
					startedMs: 1,
					latencyMs: 2,
					status: 200,
					contentType: 'text/plain',
					body: 'dask_scheduler_workers 3',
				},
				{
					target: 'scheduler',
					path: '/status',
					url: 'https://hub/x',
					startedMs: 1,
					latencyMs: 2,
					status: 200,
					contentType: 'text/html',
					body: '<a href="/hub/login?token=T0K">',
				},
				{
					target: 'scheduler',
					path: '/health',
					url: 'https://hub/x',
					startedMs: 1,
					latencyMs: 2,
					status: null,
					error: {kind: 'refused', message: 'connect to https://hub/?access_token=T0K refused'},
				},
			],
		};
		const line = roundLine(raw);
		expect(line).not.toContain('T0K');
		expect(line).not.toContain('pw@');
		expect(parseRound(line).responses[0]?.body).toBe('dask_scheduler_workers 3');
	});

	it('writes a header naming the format, version, redacted URL and dask-top version', () => {
		const header = makeHeader('http://a:b@h:8787/?token=x', '0.1.0', Date.UTC(2026, 0, 2));
		expect(JSON.parse(headerLine(header))).toEqual({
			format: 'dask-top-recording',
			version: 1,
			created: '2026-01-02T00:00:00.000Z',
			url: 'http://***@h:8787/?token=***',
			dask_top: '0.1.0',
		});
		expect(parseHeader(headerLine(header))).toEqual(header);
	});

	it.each([
		['not json at all', /first line is not JSON/],
		['{"format":"something-else","version":1}', /no "format": "dask-top-recording"/],
		[
			'{"format":"dask-top-recording","version":2}',
			/version 2, newer than this dask-top reads \(1\): upgrade dask-top/,
		],
		['{"format":"dask-top-recording","version":"one"}', /unknown recording version/],
	])('rejects the header %j with a one-line reason', (line, reason) => {
		expect(() => parseHeader(line)).toThrow(RecordingFormatError);
		expect(() => parseHeader(line)).toThrow(reason);
	});

	it('rejects a round without its fields or with a malformed answer', () => {
		expect(() => parseRound('{"atMs":1}')).toThrow(/not a poll round/);
		expect(() => parseRound('{"atMs":1,"base":"b","responses":[{"target":"nobody"}]}')).toThrow(/answer without/);
		expect(() => parseRound('{"atMs":1,')).toThrow(/not JSON/);
	});

	it('ignores fields a newer writer added, so old and new recordings both read', () => {
		const response = {
			target: 'scheduler',
			path: '/metrics',
			url: 'http://h/metrics',
			startedMs: 5,
			latencyMs: 1,
			status: 200,
			body: '',
		};
		const line = JSON.stringify({atMs: 5, base: 'http://h/', future: true, responses: [{...response, trace: 'x'}]});
		expect(parseRound(line)).toEqual({atMs: 5, base: 'http://h/', responses: [response]});
	});
});
