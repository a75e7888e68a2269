/**
 * Seeking in a replay rebuilds the model (history, events, alerts) exactly as it was live: the
 * real pipeline and the TUI's real model store, driven by a ReplaySource over a recording of the
 * fixture scenarios, compared after different paths to the same round.
 */
import {describe, expect, it} from 'vitest';
import {connect, createPipeline} from '../../source/pipeline.js';
import {ReplaySource, type ReplayTimers} from '../../source/record/replay-source.js';
import {createTuiStore} from '../../source/ui/shell/store.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {scenarioRounds} from '../helpers/fixture-recording.js';

const stillTimers: ReplayTimers = {set: () => 0, clear: () => undefined};

/** The model after a replay follows `moves`; `revision` (a change counter) left out. */
function modelAfter(version: (typeof FIXTURE_VERSIONS)[number], moves: (source: ReplaySource) => void, startIndex = 0) {
	const pipeline = createPipeline();
	const source = new ReplaySource(scenarioRounds(version), {paused: true, timers: stillTimers, startIndex});
	const store = createTuiStore({pipeline, source, now: () => 0});
	connect(source, pipeline);
	moves(source);
	const {revision: _revision, ...model} = store.getData().model as unknown as Record<string, unknown>;
	store.dispose();
	return {model, position: source.replay.position()};
}

describe.each(FIXTURE_VERSIONS)('seeking in a replay of the Dask %s scenarios', (version) => {
	const straight = modelAfter(version, (source) => source.replay.step(4));

	it('reaches round 4 with gamma lost in the event log', () => {
		expect(straight.position.index).toBe(4);
		expect(JSON.stringify(straight.model['events'])).toMatch(/gamma/);
	});

	it('rebuilds the same model when stepping back from the end', () => {
		const back = modelAfter(version, (source) => {
			source.replay.toEnd();
			source.replay.step(-1);
		});
		expect(back.position.index).toBe(4);
		expect(back.model).toEqual(straight.model);
	});

	it('rebuilds the same model when jumping around and when starting at that round', () => {
		const jumped = modelAfter(version, (source) => {
			source.replay.toEnd();
			source.replay.toStart();
			source.replay.jumpMs(40_000);
		});
		expect(jumped.position.index).toBe(4);
		expect(jumped.model).toEqual(straight.model);
		expect(modelAfter(version, () => undefined, 4).model).toEqual(straight.model);
	});
});
