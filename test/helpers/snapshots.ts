/**
 * Snapshots for the model tests. From the real fixtures: a scenario's RawScrape through the real
 * parser, with every time moved to a chosen moment (so a sequence of scenarios looks like
 * consecutive polls). Synthesized: small builders for rule tables and the 10,000-worker timing,
 * used where the fixtures cannot show a case (boundaries, restarts, sizes); each test says so.
 */
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import type {
	PrefixCounters,
	RemovalCause,
	SchedulerSnapshot,
	Snapshot,
	WorkerSnapshot,
} from '../../source/types/snapshot.js';
import {type FixtureVersion, loadScenarioScrape, type Scenario, type ScenarioScrapeOptions} from './fixtures.js';

export function shiftScrape(raw: RawScrape, atMs: number): RawScrape {
	const delta = atMs - raw.atMs;
	return {...raw, atMs, responses: raw.responses.map((r) => ({...r, startedMs: r.startedMs + delta}))};
}

/** The scenario as one poll round at `atMs` (default: when it was recorded). */
export function fixtureSnapshot(
	version: FixtureVersion,
	scenario: Scenario,
	atMs?: number,
	options?: ScenarioScrapeOptions,
): Snapshot {
	const recorded = loadScenarioScrape(version, scenario, options);
	const raw = atMs === undefined ? recorded : shiftScrape(recorded, atMs);
	return buildSnapshot(mergeScrape(emptyCache(), raw), raw.atMs);
}

export function worker(address: string, figures: Partial<WorkerSnapshot> = {}): WorkerSnapshot {
	return {
		address,
		name: address.replace(/^tcp:\/\//, ''),
		host: '10.0.0.1',
		status: 'running',
		sources: {},
		...figures,
	};
}

export function prefix(transitions: Record<string, number>, extra: Partial<PrefixCounters> = {}): PrefixCounters {
	return {transitions, ...extra};
}

export function snapshot(
	timeS: number,
	workers: readonly WorkerSnapshot[],
	scheduler: Partial<SchedulerSnapshot> = {},
	extra: Partial<Snapshot> = {},
): Snapshot {
	return {
		format: 1,
		url: 'http://scheduler:8787/',
		time: timeS,
		scheduler: {workers: {total: workers.length}, tasks: {}, prefixes: {}, sources: {}, ...scheduler},
		workers,
		endpoints: [],
		...extra,
	};
}

/**
 * The scheduler's log as the parser gives it (parse/scheduler-log.ts reads the real pages): each
 * address's latest removal and its cause, asked at `timeS`. For the `extra` of snapshot().
 */
export function schedulerLog(
	timeS: number,
	removals: ReadonlyArray<readonly [address: string, cause: RemovalCause]>,
): Pick<Snapshot, 'scheduler_log'> {
	return {
		scheduler_log: {time: timeS, removals: removals.map(([address, cause]) => ({address, cause, rejoined: false}))},
	};
}
