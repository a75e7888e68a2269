/**
 * A replay reaches the live run's time-based verdicts at the live run's times: between two recorded
 * rounds the recorded time passes as live's screen passed the wall clock (every 5 s after a round),
 * so the stale alert of a frozen scheduler opens when it opened live, not at the next recorded
 * round. Whether the replay plays, steps, seeks, starts at a round (--at) or is folded by --once,
 * the events are the same; paused, the wall clock changes nothing.
 */
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import type {JsonDocument} from '../../source/output/json-document.js';
import {Recorder} from '../../source/record/writer.js';
import {runReplay} from '../../source/run/replay.js';
import {MODEL_TICK_MS} from '../../source/model/tick.js';
import type {ClusterState, ModelEvent} from '../../source/model/types.js';
import {connect, createPipeline, type Pipeline} from '../../source/pipeline.js';
import {recordedFeed} from '../../source/record/recorded-feed.js';
import {ReplaySource} from '../../source/record/replay-source.js';
import {createTuiStore} from '../../source/ui/shell/store.js';
import {frozenScheduler, INTERVAL_MS, liveRun} from '../helpers/frozen-scheduler.js';
import {captureOutput, optionsFor} from '../helpers/run-main.js';
import {manualTimers} from '../helpers/manual-timers.js';

const frozen = frozenScheduler();
const REPLAY = {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0} as const;

const stale = (events: readonly ModelEvent[]) => events.filter((e) => e.kind === 'stale');
/** The events, comparable across runs (messages name the source's detail, which only live has). */
const eventTimes = (state: ClusterState) =>
	state.events.map((e) => `${e.kind} ${e.subject_name} ${e.state} ${e.start_time} ${e.end_time ?? '-'}`);

const pipelines = new WeakMap<ReplaySource, Pipeline>();
const replayPipeline = (source: ReplaySource) => pipelines.get(source) as Pipeline;

function replayed(
	moves: (source: ReplaySource, timers: ReturnType<typeof manualTimers>) => void,
	options: {startIndex?: number; startAtMs?: number; paused?: boolean} = {},
): {pipeline: Pipeline; source: ReplaySource} {
	const timers = manualTimers();
	const source = new ReplaySource([...frozen.rounds], {paused: true, ...options, timers});
	const pipeline = createPipeline();
	pipelines.set(source, pipeline);
	connect(source, pipeline);
	moves(source, timers);
	return {pipeline, source};
}

describe('a replay of a scheduler frozen for 13 s', () => {
	const played = replayed((source, timers) => {
		source.replay.togglePause();
		timers.advance(60_000);
	}).pipeline.state();

	it('opens the stale alert when live did (within one 5 s tick), not at the next recorded round', () => {
		const [event] = stale(played.events);
		// 5 s after the last answer, before the first timed-out round arrived (the old replay waited
		// for the second, 13 s after it: missed rounds only).
		expect(event?.start_time).toBe((frozen.lastFreshMs + MODEL_TICK_MS) / 1000);
		expect(event!.start_time * 1000).toBeLessThan(frozen.firstMissedMs);
		expect(event).toMatchObject({state: 'resolved', end_time: frozen.backMs / 1000});
		expect(event?.severity).toBe('critical');

		// The live screen, its store ticking every second on the wall clock, at any phase of its ticker.
		for (const phaseMs of [0, 250, 500, 999]) {
			const [live] = stale(liveRun(frozen.rounds, phaseMs).state().events);
			expect(live?.end_time).toBe(event?.end_time);
			expect(Math.abs(live!.start_time - event!.start_time) * 1000, `ticker phase ${phaseMs} ms`).toBeLessThanOrEqual(
				MODEL_TICK_MS,
			);
		}
	});

	it('reaches the same events whether it plays, steps, seeks, starts there (--at) or is folded by --once', () => {
		const last = frozen.rounds.length - 1;
		const expected = eventTimes(played);
		expect(stale(played.events)).toHaveLength(1);
		const paths: Array<[string, ClusterState]> = [
			['stepped', replayed((source) => source.replay.step(last)).pipeline.state()],
			['to the end', replayed((source) => source.replay.toEnd()).pipeline.state()],
			[
				'back and forth',
				replayed((source) => {
					source.replay.toEnd();
					source.replay.toStart();
					source.replay.jumpMs(60_000);
				}).pipeline.state(),
			],
			['at the last round', replayed(() => undefined, {startIndex: last}).pipeline.state()],
			[
				'at 16x',
				replayed((source, timers) => {
					source.replay.cycleSpeed();
					source.replay.cycleSpeed();
					source.replay.togglePause();
					timers.advance(10_000);
				}).pipeline.state(),
			],
		];
		const once = createPipeline();
		const feed = recordedFeed(once, REPLAY);
		for (const raw of frozen.rounds) feed.add(raw);
		paths.push(['--once', once.state()]);
		for (const [how, state] of paths) expect(eventTimes(state), how).toEqual(expected);
	});

	it('shows the recorded time passing on its clock, and the same state at a round however it got there', () => {
		let store: ReturnType<typeof createTuiStore> | undefined;
		let published = 0;
		const {pipeline, source} = replayed((replay, timers) => {
			replay.replay.step(3); // the last good round
			store = createTuiStore({pipeline: replayPipeline(replay), source: replay, now: () => 0});
			store.subscribe(() => published++);
			replay.replay.togglePause();
			timers.advance(5000);
		});
		expect(source.replay.position()).toMatchObject({index: 3, atMs: frozen.lastFreshMs + MODEL_TICK_MS});
		expect(pipeline.state().nowMs).toBe(frozen.lastFreshMs + MODEL_TICK_MS);
		expect(pipeline.state().alerts.has('stale|cluster')).toBe(true);
		// The screen's store shows it at its next tick (every second), with the recorded clock.
		expect(published).toBe(0);
		store?.tick();
		expect(published).toBe(1);
		expect(store?.getData()).toMatchObject({model: pipeline.state(), nowMs: frozen.lastFreshMs + MODEL_TICK_MS});
		store?.tick();
		expect(published).toBe(1);
		store?.dispose();
		source.replay.step(-1);
		source.replay.step(1);
		expect(source.replay.position()).toMatchObject({index: 3, atMs: frozen.lastFreshMs});
		expect(pipeline.state().alerts.has('stale|cluster')).toBe(false);
	});

	it('stays un-stale while paused, however far the wall clock moves', () => {
		let wallMs = 0;
		const {pipeline, source} = replayed(() => undefined, {startIndex: 3});
		const store = createTuiStore({pipeline, source, now: () => wallMs});
		const before = pipeline.state();
		for (let i = 0; i < 120; i += 1) {
			wallMs += 1000;
			store.tick();
		}
		expect(pipeline.state()).toBe(before);
		expect(store.getData().model.alerts.has('stale|cluster')).toBe(false);
		expect(store.getData().nowMs).toBe(frozen.lastFreshMs);
		store.dispose();
	});

	it('counts missed polls by the interval the rounds were recorded with', () => {
		expect(played.source.intervalMs).toBe(INTERVAL_MS);
		const slower = frozen.rounds.map((raw) => ({...raw, intervalMs: 4000}));
		const pipeline = createPipeline();
		const feed = recordedFeed(pipeline, REPLAY);
		for (const raw of slower) feed.add(raw);
		// At 4 s a poll, 2 missed polls take 10 s: not yet at the tick 5 s after the last answer, nor
		// at the timed-out round 7 s after it (1 missed round), but at the tick 5 s after that round.
		expect(stale(pipeline.state().events)[0]?.start_time).toBe((frozen.firstMissedMs + MODEL_TICK_MS) / 1000);
		expect(pipeline.state().source.intervalMs).toBe(4000);
	});

	it('shows at an --at moment in the freeze what the live screen showed then, on screen and with --once', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'dask-top-replay-clock-')), 'frozen.ndjson');
		const recorder = new Recorder({file, maxBytes: 1e9, url: frozen.rounds[0]!.base, daskTopVersion: 'test'});
		for (const raw of frozen.rounds) recorder.write(raw);
		recorder.close();
		const onceAt = async (atMs: number) => {
			const options = optionsFor(['--replay', file, '--once', '--json', '--at', new Date(atMs).toISOString()]);
			const {stdout} = await captureOutput(() => runReplay(options.recording.replay!, options));
			const alerts = (JSON.parse(stdout) as JsonDocument).alerts ?? [];
			return alerts.filter((a) => a.kind === 'stale').map((a) => `${a.kind} ${a.start_time}`);
		};
		const opened = `stale ${(frozen.lastFreshMs + MODEL_TICK_MS) / 1000}`;
		// 6 s after the last answer, 7 s before the next round: the live screen had opened it 1 s before.
		expect(await onceAt(frozen.lastFreshMs + 6000)).toEqual([opened]);
		// 4 s after it: not yet (the round asked at 2 s and answered at 7 s was not on the screen yet).
		expect(await onceAt(frozen.lastFreshMs + 4000)).toEqual([]);
		const {pipeline, source} = replayed(() => undefined, {startIndex: 3, startAtMs: frozen.lastFreshMs + 6000});
		expect(source.replay.position()).toMatchObject({index: 3, atMs: frozen.lastFreshMs + MODEL_TICK_MS});
		expect(pipeline.state().alerts.get('stale|cluster')?.start_time).toBe((frozen.lastFreshMs + MODEL_TICK_MS) / 1000);
	});
});
