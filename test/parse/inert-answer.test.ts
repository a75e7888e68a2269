/**
 * Text from the cluster enters the model in one place, as answers are cached (parse/cache.ts,
 * parse/inert-answer.ts): REAL recorded answers of Dask 2022.12.1 and 2026.7.1, their worker names,
 * task prefixes, task keys, a status, a host and the scheduler's id replaced by hostile text, as a
 * cluster whose users chose them would answer.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {inertParsed} from '../../source/parse/inert-answer.js';
import {buildSnapshot, emptyCache, mergeScrape, type ScrapeCache} from '../../source/parse/index.js';
import {withActions} from '../../source/parse/actions.js';
import {parseAnswer} from '../../source/parse/parse-answer.js';
import {workerPageState} from '../../source/ui/shell/store.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {inertIn, type TextStyle} from '../../source/units/inert.js';
import {FIXTURE_VERSIONS, loadScenarioScrape, SCENARIOS, versionDir} from '../helpers/fixtures.js';
import {activeLeft, hostileNames, hostileRound} from '../helpers/hostile.js';

/** Every string of a value, object keys and Map keys included. */
function stringsOf(value: unknown, out: string[] = []): string[] {
	const pairs = (entries: Iterable<readonly [unknown, unknown]>) => {
		for (const [key, item] of entries) {
			stringsOf(key, out);
			stringsOf(item, out);
		}
	};
	if (typeof value === 'string') out.push(value);
	else if (value instanceof Map) pairs(value);
	else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
	else if (typeof value === 'object' && value !== null) pairs(Object.entries(value));
	return out;
}

function cached(raw: RawScrape, text: TextStyle): ScrapeCache {
	return mergeScrape(emptyCache(text), raw);
}

describe('text from the cluster, as answers are cached', () => {
	describe.each(FIXTURE_VERSIONS)('Dask %s', (version) => {
		const recorded = loadScenarioScrape(version, 'busy');

		it.each(['unicode', 'ascii'] as const)(
			'leaves no active character in any parsed answer, snapshot or worker page (%s)',
			(text) => {
				for (let seed = 1; seed <= 40; seed++) {
					const hostile = hostileNames(recorded, seed);
					const raw = hostileRound(recorded, hostile);
					const cache = cached(raw, text);
					const snapshot = withActions(buildSnapshot(cache, raw.atMs), raw, text);
					const parsed = [...cache.entries.values()].map((entry) => entry.latest.parsed);
					const pages = snapshot.workers.map((w) => workerPageState(cache, w.address));
					const strings = stringsOf([parsed, snapshot, pages, cache.base]);
					expect(strings.flatMap((s) => activeLeft(s, {ascii: text === 'ascii'}))).toEqual([]);
					// The hostile texts did reach the model: names, prefixes, the worker page's keys.
					const first = [...hostile.names.values()][0]!;
					expect(snapshot.workers.map((w) => w.name)).toContain(inertIn(text)(first));
					expect(Object.keys(snapshot.scheduler.prefixes)).toContain(inertIn(text)([...hostile.prefixes.values()][0]!));
				}
			},
		);

		it("keeps the cluster's text exact for --json", () => {
			const hostile = hostileNames(recorded, 5);
			const raw = hostileRound(recorded, hostile);
			const snapshot = buildSnapshot(cached(raw, 'exact'), raw.atMs);
			expect(new Map(snapshot.workers.map((w) => [w.address, w.name]))).toEqual(hostile.names);
			expect(Object.keys(snapshot.scheduler.prefixes).sort()).toEqual([...new Set(hostile.prefixes.values())].sort());
		});
	});

	it.each(FIXTURE_VERSIONS.flatMap((version) => SCENARIOS.map((scenario) => [version, scenario] as const)))(
		'caches the clean answers of Dask %s %s as they were parsed: the same objects, nothing copied',
		(version, scenario) => {
			const cache = cached(loadScenarioScrape(version, scenario), 'exact');
			for (const text of ['unicode', 'ascii'] as const) {
				for (const entry of cache.entries.values()) {
					const parsed = entry.latest.parsed;
					if (parsed) expect(inertParsed(parsed, inertIn(text))).toBe(parsed);
				}
			}
		},
	);

	it('shows a target, a path and an error text that a recording gave as inert, and the base URL', () => {
		const recorded = loadScenarioScrape('2026.7.1', 'idle');
		const raw: RawScrape = {
			...recorded,
			base: 'http://x\u001b]0;t\u0007/',
			responses: [
				{
					target: 'worker:tcp://\u001b[31m:1',
					path: '/metrics\u009b',
					url: 'http://x/metrics',
					startedMs: recorded.atMs,
					latencyMs: 1,
					status: null,
					error: {kind: 'other', message: 'boom \u001b]2;pwned\u0007'},
				},
			],
		};
		const cache = cached(raw, 'unicode');
		const snapshot = buildSnapshot(cache, raw.atMs);
		expect(snapshot.url).toBe('http://x␛]0;t␇/');
		expect(snapshot.endpoints).toEqual([
			expect.objectContaining({target: 'worker:tcp://␛[31m:1', path: '/metrics\\x9b', detail: 'boom ␛]2;pwned␇'}),
		]);
	});

	it.each(FIXTURE_VERSIONS)("reads the names in Dask %s's scheduler log inert, as in every other answer", (version) => {
		// The real log page after a retire; the retired worker's --name replaced by a hostile one.
		const html = readFileSync(
			join(versionDir(version), 'departures', 'scheduler', '%2Finfo%2Fmain%2Flogs.html'),
			'utf8',
		);
		const hostile = 'r\u001b]0;pwned\u0007\u202e\u009b31m';
		const parsed = parseAnswer('scheduler-log', html.replaceAll('name: retired', `name: ${hostile}`));
		expect(parsed?.kind).toBe('scheduler-log');
		for (const text of ['unicode', 'ascii'] as const) {
			const safe = inertParsed(parsed!, inertIn(text));
			expect(stringsOf(safe).flatMap((s) => activeLeft(s, {ascii: text === 'ascii'}))).toEqual([]);
			if (safe.kind !== 'scheduler-log') throw new Error('not a log');
			expect(safe.value.removals.map((r) => r.name)).toContain(inertIn(text)(hostile));
		}
	});
});
