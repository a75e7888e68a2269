/**
 * A recording made from the fixture scenarios of one Dask version, in the order they happened
 * (idle → busy → memory-heavy → errors → worker-died → client-closed), ten seconds apart: the
 * rounds are restamped so their times increase, their answers are the real recorded ones.
 */
import {Recorder} from '../../source/record/writer.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {loadScenarioScrape, SCENARIOS, type FixtureVersion} from './fixtures.js';

export const ROUND_GAP_MS = 10_000;
export const FIXTURE_START_MS = Date.UTC(2026, 10, 29, 12, 0, 0);

export function scenarioRounds(version: FixtureVersion): RawScrape[] {
	return SCENARIOS.map((scenario, i) => {
		const raw = loadScenarioScrape(version, scenario);
		const atMs = FIXTURE_START_MS + i * ROUND_GAP_MS;
		return {...raw, atMs, responses: raw.responses.map((result) => ({...result, startedMs: atMs}))};
	});
}

export function writeScenarioRecording(file: string, version: FixtureVersion): RawScrape[] {
	const rounds = scenarioRounds(version);
	const recorder = new Recorder({
		file,
		maxBytes: 1e9,
		url: rounds[0]!.base,
		daskTopVersion: 'test',
		nowMs: () => FIXTURE_START_MS,
	});
	for (const raw of rounds) recorder.write(raw);
	recorder.close();
	return rounds;
}
