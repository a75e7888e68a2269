/**
 * TUI test inputs from the REAL fixtures of both Dask versions: each scenario's recorded answers
 * go through H1's loader and buildSnapshot, then H4's reduce, as consecutive polls. Controls are
 * a recorder of what the keys asked of the source.
 */
import {join} from 'node:path';
import {initialState, reduce} from '../../source/model/index.js';
import {createPipeline} from '../../source/pipeline.js';
import {readRecording} from '../../source/record/reader.js';
import type {ClusterState, ModelOptions} from '../../source/model/types.js';
import {buildSnapshot, emptyCache, mergeScrape, type ScrapeCache} from '../../source/parse/index.js';
import {parseWorkerPage} from '../../source/parse/worker-page.js';
import type {FetchErrorKind, RawScrape} from '../../source/types/raw-scrape.js';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import type {WorkerPageState} from '../../source/ui/views/detail-figures.js';
import {workerPageState} from '../../source/ui/shell/store.js';
import type {TuiControls, TuiData} from '../../source/ui/frame/tui-data.js';
import {
	FIXTURES_ROOT,
	loadScenarioScrape,
	readScenarioFile,
	loadManifest,
	type FixtureVersion,
	type Scenario,
} from './fixtures.js';

export const LIVE: SourceStatus = {state: 'live', requestsPerSecond: 1.5, bytesPerSecond: 24_000, meanLatencyMs: 4};

function shift(raw: RawScrape, atMs: number): RawScrape {
	const delta = atMs - raw.atMs;
	return {...raw, atMs, responses: raw.responses.map((r) => ({...r, startedMs: r.startedMs + delta}))};
}

export interface FixtureRun {
	readonly model: ClusterState;
	readonly cache: ScrapeCache;
	/** Monitor time of the last poll, epoch ms. */
	readonly nowMs: number;
}

/** The scenarios' recorded rounds as consecutive polls `stepMs` apart, from the first one's recorded time. */
export function fixtureRounds(version: FixtureVersion, scenarios: readonly Scenario[], stepMs = 2000): RawScrape[] {
	const first = loadScenarioScrape(version, scenarios[0]!);
	return scenarios.map((scenario, i) => shift(loadScenarioScrape(version, scenario), first.atMs + i * stepMs));
}

/**
 * A round in which `recorded`'s scheduler endpoints (or only `paths`) gave no HTTP answer, each
 * failing with `error` after `latencyMs`, as the poller records them.
 */
export function unansweredRound(
	recorded: RawScrape,
	atMs: number,
	failure: {readonly error: {readonly kind: FetchErrorKind; readonly message: string}; readonly latencyMs: number},
	paths?: readonly string[],
): RawScrape {
	const asked = recorded.responses.filter(
		(r) => r.target === 'scheduler' && (paths === undefined || paths.includes(r.path)),
	);
	return {
		atMs,
		base: recorded.base,
		responses: asked.map((r) => ({
			target: r.target,
			path: r.path,
			url: r.url,
			startedMs: atMs,
			latencyMs: failure.latencyMs,
			status: null,
			error: failure.error,
		})),
	};
}

/**
 * A round of a scheduler that went away: `recorded`'s scheduler endpoints (or only `paths`) refused
 * at `atMs`, as the poller records them.
 */
export function refusedRound(recorded: RawScrape, atMs: number, paths?: readonly string[]): RawScrape {
	return unansweredRound(
		recorded,
		atMs,
		{error: {kind: 'refused', message: 'connect ECONNREFUSED'}, latencyMs: 1},
		paths,
	);
}

/** The scenarios as consecutive polls `stepMs` apart, starting at the first one's recorded time. */
export function fixtureRun(
	version: FixtureVersion,
	scenarios: readonly Scenario[],
	stepMs = 2000,
	options: ModelOptions = {},
): FixtureRun {
	let model = initialState({intervalMs: stepMs, ...options});
	let cache = emptyCache();
	const first = loadScenarioScrape(version, scenarios[0]!);
	let nowMs = first.atMs;
	scenarios.forEach((scenario, i) => {
		nowMs = first.atMs + i * stepMs;
		const raw = shift(loadScenarioScrape(version, scenario), nowMs);
		cache = mergeScrape(cache, raw);
		const source = {status: LIVE, intervalMs: stepMs};
		model = reduce(model, {type: 'snapshot', snapshot: buildSnapshot(cache, nowMs), nowMs, source});
	});
	return {model, cache, nowMs};
}

/** The demo as first bundled (test/fixtures/demo/): the unit tests' moments are its. */
const FIRST_DEMO = join(FIXTURES_ROOT, 'demo', 'demo-2026-11-29.ndjson.gz');

/**
 * A demo recording fed through the real pipeline up to `atSeconds` after its first round, as
 * `dask-top --demo --at +86s` opens it: by default the demo as first bundled (recorded on Debian's
 * Dask 2022.12.1 by scripts/record-demo.sh, kept in test/fixtures/demo/ when the bundled one was
 * recorded again), whose moments and figures the tests name.
 */
export async function demoRun(atSeconds: number): Promise<FixtureRun> {
	const pipeline = createPipeline();
	let startMs: number | undefined;
	let nowMs = 0;
	await readRecording(FIRST_DEMO, (raw) => {
		startMs ??= raw.atMs;
		if (raw.atMs - startMs > atSeconds * 1000) return false;
		nowMs = raw.atMs;
		pipeline.ingest(raw, {source: {status: LIVE}});
		return true;
	});
	return {model: pipeline.state(), cache: pipeline.cache(), nowMs};
}

export function tuiData(run: FixtureRun, extra: Partial<TuiData> = {}): TuiData {
	return {model: run.model, status: LIVE, intervalMs: 2000, nowMs: run.nowMs + 500, ...extra};
}

/** The first recorded /info/worker page of a scenario, as the detail view gets it. */
export function fixtureWorkerPage(
	version: FixtureVersion,
	scenario: Scenario,
	address: string,
): WorkerPageState | undefined {
	const run = fixtureRun(version, [scenario]);
	const fromCache = workerPageState(run.cache, address);
	if (fromCache) return fromCache;
	const entry = loadManifest(version, scenario).entries.find(
		(e) => e.path === `/info/worker/${encodeURIComponent(address)}.html` && e.file,
	);
	if (!entry?.file) return undefined;
	const page = parseWorkerPage(readScenarioFile(version, scenario, entry.file));
	return {address, byPrefix: page.byPrefix, inMemoryBytes: page.inMemoryBytes, keys: page.inMemory.length};
}

export interface RecordedControls extends TuiControls {
	readonly calls: string[];
}

export function recordingControls(kind: 'live' | 'replay' = 'live'): RecordedControls {
	const calls: string[] = [];
	let interval = 2000;
	return {
		kind,
		calls,
		intervalMs: () => interval,
		setIntervalMs(ms) {
			interval = Math.max(1000, ms);
			calls.push(`interval ${interval}`);
			return interval;
		},
		refreshNow: () => calls.push('refresh'),
		setDetailWorker: (address) => calls.push(`detail ${address ?? 'none'}`),
		...(kind === 'replay'
			? {
					replay: {
						position: () => ({atMs: 0, startMs: 0, endMs: 0, index: 0, count: 1, paused: false, speed: 1}),
						togglePause: () => calls.push('replay pause'),
						step: (n: number) => calls.push(`replay step ${n}`),
						jumpMs: (ms: number) => calls.push(`replay jump ${ms}`),
						toStart: () => calls.push('replay start'),
						toEnd: () => calls.push('replay end'),
						cycleSpeed: () => {
							calls.push('replay speed');
							return 4;
						},
					},
				}
			: {}),
	};
}
