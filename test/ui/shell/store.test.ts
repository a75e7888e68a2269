import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {triageView} from '../../../source/model/index.js';
import {connect, createPipeline} from '../../../source/pipeline.js';
import {ReplaySource, type ReplayTimers} from '../../../source/record/replay-source.js';
import type {ReplayControls, SourceStatus} from '../../../source/types/scrape-source.js';
import {emptyCache, mergeScrape} from '../../../source/parse/index.js';
import {workerDetailPath} from '../../../source/scrape/plan.js';
import {MODEL_TICK_MS} from '../../../source/model/tick.js';
import {createTuiStore, sourceControls, workerPageState} from '../../../source/ui/shell/store.js';
import {FIXTURE_VERSIONS, loadClusterLayout, loadManifest, loadScenarioScrape} from '../../helpers/fixtures.js';
import {fixtureRounds} from '../../helpers/fixture-data.js';
import {renderApp} from '../../helpers/render.js';

afterEach(() => cleanup());

const status: SourceStatus = {state: 'live', requestsPerSecond: 1, bytesPerSecond: 100};
const liveSource = {kind: 'live' as const, status: () => status, intervalMs: 2000};

describe('the TUI store over the pipeline', () => {
	it('starts from the snapshot the first contact already ingested, then follows new rounds', () => {
		const pipeline = createPipeline();
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		let clock = busy.atMs + 100;
		const store = createTuiStore({pipeline, source: liveSource, now: () => clock});
		expect(store.getData().model.snapshot?.workers).toHaveLength(3);
		let notified = 0;
		store.subscribe(() => notified++);
		const died = loadScenarioScrape('2022.12.1', 'worker-died');
		clock = died.atMs + 100;
		pipeline.ingest(died);
		expect(notified).toBe(1);
		expect(store.getData().model.snapshot?.workers).toHaveLength(2);
		expect(store.getData().nowMs).toBe(clock);
		store.dispose();
	});

	it('reads the open worker detail page from the pipeline cache', () => {
		const pipeline = createPipeline();
		const raw = loadScenarioScrape('2026.7.1', 'memory-heavy');
		pipeline.ingest(raw);
		const store = createTuiStore({pipeline, source: liveSource, now: () => raw.atMs});
		expect(store.getData().workerPage).toBeUndefined();
		const beta = store.getData().model.snapshot!.workers.find((w) => w.name === 'beta')!;
		store.setDetail(beta.address);
		const page = store.getData().workerPage;
		expect(page?.address).toBe(beta.address);
		expect(page?.keys).toBeGreaterThan(0);
		expect(page?.byPrefix?.[0]?.prefix).toMatch(/blob/);
		store.setDetail(null);
		expect(store.getData().workerPage).toBeUndefined();
	});

	it('uses the recorded time as its clock while replaying, and starts over on a reset', () => {
		const pipeline = createPipeline();
		const idle = loadScenarioScrape('2026.7.1', 'idle');
		const replay: ReplayControls = {
			position: () => ({
				atMs: idle.atMs,
				startMs: idle.atMs,
				endMs: idle.atMs,
				index: 0,
				count: 1,
				paused: false,
				speed: 1,
			}),
			togglePause() {},
			step() {},
			jumpMs() {},
			toStart() {},
			toEnd() {},
			cycleSpeed: () => 1,
		};
		const store = createTuiStore({
			pipeline,
			source: {kind: 'replay', status: () => ({...status, state: 'replay'}), intervalMs: 2000, replay},
			now: () => 0,
		});
		pipeline.ingest(idle);
		pipeline.ingest(loadScenarioScrape('2026.7.1', 'busy'));
		expect(store.getData().model.snapshotCount).toBe(2);
		expect(store.getData().nowMs).toBe(idle.atMs);
		pipeline.ingest(idle, {reset: true});
		expect(store.getData().model.snapshotCount).toBe(1);
		store.tick();
		expect(store.getData().replay?.index).toBe(0);
	});

	it(
		'publishes on a tick only on a status change or every 5 s without a round ' +
			'(no frame just for a clock), passing time to the model then',
		() => {
			const pipeline = createPipeline();
			const busy = loadScenarioScrape('2022.12.1', 'busy');
			pipeline.ingest(busy);
			let clock = busy.atMs;
			let current: SourceStatus = status;
			const store = createTuiStore({
				pipeline,
				source: {kind: 'live', status: () => current, intervalMs: 2000},
				now: () => clock,
			});
			const model = store.getData().model;
			const published = store.getData();
			let publishes = 0;
			store.subscribe(() => publishes++);
			clock += 1000;
			store.tick();
			expect(store.getData()).toBe(published);
			expect(publishes).toBe(0);
			expect(store.getData().model).toBe(model);
			current = {...status, state: 'retrying', detail: 'connection refused', nextAttemptMs: clock + 2000};
			store.tick();
			expect(publishes).toBe(1);
			expect(store.getData().nowMs).toBe(busy.atMs + 1000);
			expect(store.getData().model).not.toBe(model);
			expect(store.getData().status.state).toBe('retrying');
			clock += 1000;
			store.tick(); // while retrying the countdown moves every second
			expect(publishes).toBe(2);
			const afterChange = store.getData().model;
			clock += MODEL_TICK_MS;
			store.tick();
			expect(store.getData().model).not.toBe(afterChange);
		},
	);
});

describe('when the screen next ticks the store', () => {
	it('live: not before time is due to the model, each round moving that moment on', () => {
		const pipeline = createPipeline();
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		let clock = busy.atMs;
		const store = createTuiStore({pipeline, source: liveSource, now: () => clock});
		expect(store.tickDelayMs()).toBe(MODEL_TICK_MS);
		clock += 2000;
		expect(store.tickDelayMs()).toBe(MODEL_TICK_MS - 2000);
		pipeline.ingest({...busy, atMs: clock}); // a round: time was passed to the model with it
		expect(store.tickDelayMs()).toBe(MODEL_TICK_MS);
		clock += MODEL_TICK_MS + 300; // no round for longer than that (a slow scheduler)
		expect(store.tickDelayMs()).toBe(0);
		let publishes = 0;
		store.subscribe(() => publishes++);
		store.tick(); // then the tick is due and does pass time
		expect(publishes).toBe(1);
		expect(store.tickDelayMs()).toBe(MODEL_TICK_MS);
		clock -= 3_600_000; // the wall clock set back an hour: due at once, as tick() decides
		expect(store.tickDelayMs()).toBe(0);
		store.dispose();
	});

	it('every second while the source is not live (a countdown on screen) and for a replay', () => {
		const pipeline = createPipeline();
		const busy = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(busy);
		const retrying: SourceStatus = {...status, state: 'retrying', detail: 'connection refused', nextAttemptMs: 0};
		const down = createTuiStore({
			pipeline,
			source: {kind: 'live', status: () => retrying, intervalMs: 2000},
			now: () => busy.atMs,
		});
		expect(down.tickDelayMs()).toBe(1000);
		const connecting = createTuiStore({
			pipeline,
			source: {kind: 'live', status: () => ({...status, state: 'connecting'}), intervalMs: 2000},
			now: () => busy.atMs,
		});
		expect(connecting.tickDelayMs()).toBe(1000);
		const rounds = fixtureRounds('2022.12.1', ['idle', 'busy']);
		const source = new ReplaySource(rounds, {paused: true, timers: NO_TIMERS});
		const replay = createTuiStore({pipeline: createPipeline(), source, now: () => 0});
		expect(replay.tickDelayMs()).toBe(1000);
		for (const store of [down, connecting, replay]) store.dispose();
	});
});

/** A replay that never advances on its own: the test decides what is fed. */
const NO_TIMERS: ReplayTimers = {set: () => 0, clear: () => {}};

describe.each(FIXTURE_VERSIONS)('one model per process, on Dask %s fixture rounds', (version) => {
	const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;

	it(
		'shows everything the source fed before the screen started ' + '(a replay opened at its last round, as --at does)',
		async () => {
			const rounds = fixtureRounds(version, SEQUENCE);
			const pipeline = createPipeline({model: {intervalMs: 2000}});
			const source = new ReplaySource(rounds, {startIndex: rounds.length - 1, paused: true, timers: NO_TIMERS});
			connect(source, pipeline); // as main does: the source runs up to --at before the TUI exists
			const store = createTuiStore({pipeline, source, now: () => 0});
			const data = store.getData();
			expect(data.model).toBe(pipeline.state());
			expect(data.model.snapshotCount).toBe(SEQUENCE.length);
			expect(data.model.history.time.values(10)).toHaveLength(SEQUENCE.length);
			const kinds = triageView(data.model).events.map((e) => `${e.kind} ${e.subject_name}`);
			expect(kinds).toEqual(expect.arrayContaining(['worker_lost gamma', 'erred_rising cluster', 'spilling beta']));
			expect(data.nowMs).toBe(rounds.at(-1)!.atMs);

			const app = await renderApp(data, {kind: 'replay'});
			await app.press('3');
			const frame = app.frame();
			expect(frame).toMatch(/✗ critical +ongoing .*gamma +worker gamma .* lost/);
			expect(frame).toMatch(/▲ warning +ongoing .*cluster +10 more tasks erred/);
			expect(frame).toMatch(/beta +beta is spilling to disk/);
			store.dispose();
		},
	);

	it('follows the rounds a replay feeds after the screen started, and a seek back starts the same model over', () => {
		const rounds = fixtureRounds(version, SEQUENCE);
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const source = new ReplaySource(rounds, {startIndex: 1, paused: true, timers: NO_TIMERS});
		connect(source, pipeline);
		const store = createTuiStore({pipeline, source, now: () => 0});
		let published = 0;
		store.subscribe(() => published++);
		source.replay.step(3);
		expect(published).toBe(3);
		expect(store.getData().model.snapshotCount).toBe(5);
		expect(store.getData().model).toBe(pipeline.state());
		source.replay.toStart();
		expect(store.getData().model.snapshotCount).toBe(1);
		expect(triageView(store.getData().model).events).toHaveLength(0);
		store.dispose();
	});
});

describe("a replay's worker page", () => {
	it('says a page the recording never fetched is not in it, instead of waiting for it', async () => {
		// A recording made while no detail was open: no /info/worker page in any round.
		const rounds = fixtureRounds('2022.12.1', ['idle', 'busy']).map((round) => ({
			...round,
			responses: round.responses.filter((r) => !r.path.startsWith('/info/worker/')),
		}));
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const source = new ReplaySource(rounds, {startIndex: 1, paused: true, timers: NO_TIMERS});
		connect(source, pipeline);
		const store = createTuiStore({pipeline, source, now: () => 0});
		const alpha = store.getData().model.snapshot!.workers.find((w) => w.name === 'alpha')!;
		store.setDetail(alpha.address);
		expect(store.getData().workerPage).toEqual({address: alpha.address, notRecorded: true});
		const app = await renderApp(store.getData(), {kind: 'replay'});
		await app.press('\r');
		expect(app.frame()).toContain('What holds its memory — not in the recording');
		expect(app.frame()).not.toContain('fetching');
		store.dispose();
	});
});

describe("a replay's controls", () => {
	it('publish a pause, a resume and a new speed at once: the header and footer need no new round', () => {
		const rounds = fixtureRounds('2022.12.1', ['idle', 'busy', 'errors']);
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const source = new ReplaySource(rounds, {startIndex: 1, paused: false, timers: NO_TIMERS});
		connect(source, pipeline);
		const store = createTuiStore({pipeline, source, now: () => 0});
		const controls = sourceControls(source, store);
		let published = 0;
		store.subscribe(() => published++);
		expect(store.getData().replay?.paused).toBe(false);
		controls.replay?.togglePause();
		expect(published).toBe(1);
		expect(store.getData().replay?.paused).toBe(true);
		const speed = controls.replay?.cycleSpeed();
		expect(store.getData().replay?.speed).toBe(speed);
		controls.replay?.togglePause();
		expect(store.getData().replay?.paused).toBe(false);
		store.dispose();
	});
});

describe("a live source's interval", () => {
	it('is published at once when `+` sets it: the header says it with the footer, not a round later', () => {
		// A stand-in for the poller: only its interval matters here (the poller's own tests hold the rest).
		let intervalMs = 2000;
		const source = {
			kind: 'live' as const,
			get intervalMs() {
				return intervalMs;
			},
			setIntervalMs: (ms: number) => (intervalMs = ms),
			refreshNow: () => undefined,
			setDetailWorker: () => undefined,
			status: () => ({state: 'live' as const, requestsPerSecond: 0, bytesPerSecond: 0}),
			start: () => undefined,
			stop: async () => undefined,
		};
		const pipeline = createPipeline({model: {intervalMs: 2000}});
		const store = createTuiStore({pipeline, source, now: () => 0});
		const controls = sourceControls(source as unknown as Parameters<typeof sourceControls>[0], store);
		let published = 0;
		store.subscribe(() => published++);
		expect(store.getData().intervalMs).toBe(2000);
		controls.setIntervalMs(3000);
		expect(published).toBe(1);
		expect(store.getData().intervalMs).toBe(3000);
		store.dispose();
	});
});

describe('workerPageState', () => {
	it('finds the recorded /info/worker page of beta by its address, grouped by prefix', () => {
		const beta = loadClusterLayout('2026.7.1').workers.find((w) => w.name === 'beta')!;
		expect(
			loadManifest('2026.7.1', 'memory-heavy').entries.some((e) => e.path === workerDetailPath(beta.address)),
		).toBe(true);
		const raw = loadScenarioScrape('2026.7.1', 'memory-heavy');
		const page = workerPageState(mergeScrape(emptyCache(), raw), beta.address);
		expect(page?.error).toBeUndefined();
		expect(page?.fetchedMs).toBe(raw.atMs);
		expect(page?.byPrefix?.map((p) => [p.prefix, p.keys])).toEqual([
			['cache-blob', 8],
			['make_blob', 1],
		]);
	});

	it('has nothing for a worker whose page was never asked', () => {
		expect(
			workerPageState(mergeScrape(emptyCache(), loadScenarioScrape('2026.7.1', 'idle')), 'tcp://10.9.9.9:1'),
		).toBeUndefined();
	});
});
