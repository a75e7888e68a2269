/**
 * An hour-long recording replays in bounded memory, and seeking in it rebuilds exactly what a
 * straight replay builds. The recording is SYNTHESIZED (bench/synth-recording.ts: 1,800 rounds,
 * 2 s apart, of a 20-worker cluster in Dask 2026.7.1 shapes) and written by the real Recorder;
 * no real recording that long exists here. Memory is the V8 heap plus external memory (Buffers)
 * after a full collection, before and after.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {writeSynthRecording} from '../../bench/synth-recording.js';
import {connect, createPipeline} from '../../source/pipeline.js';
import {openRecording, type StoredRecording} from '../../source/record/reader.js';
import {ReplaySource, type ReplayTimers} from '../../source/record/replay-source.js';
import {snapshotsAt} from '../../source/record/snapshot-at.js';
import {createTuiStore} from '../../source/ui/shell/store.js';

const ROUNDS = 1800;
const WORKERS = 20;
const INTERVAL_MS = 2000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function retainedBytes(): number {
	gc();
	gc();
	const {heapUsed, external} = process.memoryUsage();
	return heapUsed + external;
}

const dir = mkdtempSync(join(tmpdir(), 'dask-top-long-replay-'));
const file = join(dir, 'hour.ndjson.gz');
let rawBytes = 0;

beforeAll(() => {
	rawBytes = writeSynthRecording(file, {workers: WORKERS, rounds: ROUNDS, intervalMs: INTERVAL_MS}).rawBytes;
}, 60_000);
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const stillTimers: ReplayTimers = {set: () => 0, clear: () => undefined};

/** A replay wired as the TUI wires it: the real pipeline and the TUI's model store. */
function player(recording: StoredRecording) {
	const pipeline = createPipeline();
	const source = new ReplaySource(recording.rounds, {paused: true, timers: stillTimers});
	const store = createTuiStore({pipeline, source, now: () => 0});
	connect(source, pipeline);
	const model = () => {
		const {revision: _revision, ...rest} = store.getData().model as unknown as Record<string, unknown>;
		return rest;
	};
	return {pipeline, source, store, model};
}

describe(`replaying a synthesized recording of ${ROUNDS} rounds`, () => {
	it('holds the recording in a fraction of its decoded size, before and after feeding every round', async () => {
		const before = retainedBytes();
		const recording = await openRecording(file);
		const loaded = retainedBytes() - before;
		expect(recording.rounds.count).toBe(ROUNDS);
		// Decoded, the rounds' bodies alone would take about rawBytes of heap.
		expect(loaded).toBeLessThan(rawBytes / 3);

		const {source, store} = player(recording);
		source.replay.toEnd();
		expect(source.replay.position()).toMatchObject({index: ROUNDS - 1, count: ROUNDS});
		const played = retainedBytes() - before;
		// The model's history rings are full (300 points) and the parse cache holds one answer per endpoint.
		expect(played).toBeLessThan(rawBytes / 3);
		store.dispose();
	}, 60_000);

	it('builds the same snapshot and model after seeking back and forth as a straight replay to that round', async () => {
		const recording = await openRecording(file);
		const winding = player(recording);
		winding.source.replay.toEnd();
		winding.source.replay.toStart();
		winding.source.replay.jumpMs(40 * 60_000); // round 1200
		winding.source.replay.step(-1); // back: starts over and feeds 1199 rounds again
		winding.source.replay.jumpMs(60_000);
		winding.source.replay.step(6);
		const index = winding.source.replay.position().index;
		expect(index).toBe(1235);

		const straight = player(recording);
		straight.source.replay.step(index);
		expect(straight.source.replay.position().index).toBe(index);
		expect(winding.pipeline.snapshot()).toEqual(straight.pipeline.snapshot());
		expect(winding.model()).toEqual(straight.model());

		// And the streaming reader (--once --at) folds the file to the same snapshot at that moment.
		const atMs = recording.rounds.atMs(index);
		const {moments} = await snapshotsAt(file, [{kind: 'absolute', atMs}]);
		expect(moments[0]?.index).toBe(index);
		expect(moments[0]?.snapshot).toEqual(straight.pipeline.snapshot());
		winding.store.dispose();
		straight.store.dispose();
	}, 60_000);
});
