import {describe, expect, it} from 'vitest';
import {MODEL_TICK_MS} from '../../source/model/tick.js';
import {MAX_WAIT_MS, MIN_TICK_WAIT_MS} from '../../source/record/replay-pace.js';
import {ReplaySource} from '../../source/record/replay-source.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {manualTimers} from '../helpers/manual-timers.js';

const START_MS = 1_700_000_000_000;
/** Ten rounds two seconds apart, then one 200 s later (a suspended laptop). */
function rounds(lastGapMs = 200_000): RawScrape[] {
	const times = [...Array.from({length: 10}, (_, i) => START_MS + i * 2000), START_MS + 18_000 + lastGapMs];
	return times.map((atMs) => ({
		atMs,
		base: 'http://127.0.0.1:8787/',
		responses: [
			{
				target: 'scheduler',
				path: '/metrics',
				url: 'http://127.0.0.1:8787/metrics',
				startedMs: atMs,
				latencyMs: 4,
				status: 200,
				body: 'x'.repeat(100),
			},
		],
	}));
}

function play(options: ConstructorParameters<typeof ReplaySource>[1] = {}, recorded = rounds()) {
	const timers = manualTimers();
	const source = new ReplaySource(recorded, {...options, timers});
	const fed: string[] = [];
	source.start(
		(raw, info) => fed.push(`${info?.reset ? 'reset:' : ''}${(raw.atMs - START_MS) / 1000}`),
		(nowMs) => fed.push(`time ${(nowMs - START_MS) / 1000}`),
	);
	return {source, timers, fed, controls: source.replay};
}

/** What was fed after round 9 (18 s), through the last gap (to 18 s + `gapS`): times passed, then the round. */
const throughLastGap = (gapS: number) => [
	...Array.from({length: Math.ceil((gapS * 1000) / MODEL_TICK_MS) - 1}, (_, k) => `time ${18 + (k + 1) * 5}`),
	`${18 + gapS}`,
];

describe('ReplaySource', () => {
	it('is a replay source that reports the replay state and the recorded interval', () => {
		const {source} = play();
		expect(source.kind).toBe('replay');
		expect(source.intervalMs).toBe(2000);
		expect(source.status()).toMatchObject({state: 'replay', meanLatencyMs: 4});
		expect(source.setIntervalMs(5000)).toBe(2000);
	});

	it('delivers the first round at once and the next ones at the recorded pace', () => {
		const {timers, fed} = play();
		expect(fed).toEqual(['0']);
		timers.advance(1999);
		expect(fed).toEqual(['0']);
		timers.advance(1);
		expect(fed).toEqual(['0', '2']);
		timers.advance(4000);
		expect(fed).toEqual(['0', '2', '4', '6']);
	});

	it('plays 4 and 16 times faster, then back to normal speed', () => {
		const {timers, fed, controls} = play();
		expect(controls.cycleSpeed()).toBe(4);
		timers.advance(1000);
		expect(fed).toEqual(['0', '2', '4']);
		expect(controls.cycleSpeed()).toBe(16);
		timers.advance(250);
		expect(fed).toEqual(['0', '2', '4', '6', '8']);
		expect(controls.cycleSpeed()).toBe(1);
		expect(controls.position().speed).toBe(1);
	});

	it('waits at most MAX_WAIT_MS for a long recorded gap', () => {
		const {timers, fed, controls} = play({startIndex: 9});
		expect(fed.at(-1)).toBe('18');
		timers.advance(MAX_WAIT_MS - 1);
		expect(fed.at(-1)).not.toBe('218');
		timers.advance(1);
		expect(fed.at(-1)).toBe('218');
		expect(controls.position()).toMatchObject({index: 10, count: 11, paused: true});
	});

	it('passes the recorded time every 5 s through a gap, at the pace of the gap, the clock showing it', () => {
		const {timers, fed, controls} = play({startIndex: 9});
		const at9 = fed.length;
		// 200 s squeezed into MAX_WAIT_MS: 5 recorded seconds take 750 ms.
		timers.advance(749);
		expect(fed.slice(at9)).toEqual([]);
		timers.advance(1);
		expect(fed.slice(at9)).toEqual(['time 23']);
		expect(controls.position()).toMatchObject({index: 9, atMs: START_MS + 23_000});
		timers.advance(MAX_WAIT_MS);
		expect(fed.slice(at9)).toEqual(throughLastGap(200));
		expect(controls.position()).toMatchObject({index: 10, atMs: START_MS + 218_000});
	});

	it('passes the same times when a seek goes past them, at once, and none while paused', () => {
		const {fed, controls, timers} = play({paused: true});
		timers.advance(600_000);
		expect(fed).toEqual(['0']);
		controls.toEnd();
		expect(fed.slice(10)).toEqual(throughLastGap(200));
		controls.step(-1);
		controls.jumpMs(60_000);
		expect(fed.slice(-40)).toEqual(throughLastGap(200));
		expect(fed.filter((f) => f.startsWith('time')).length).toBe(2 * 39);
	});

	it('feeds several of a long gap’s times at a wake when the gap is squeezed hard, all of them, in order', () => {
		const hourS = 3600;
		const {timers, fed, controls} = play({startIndex: 9}, rounds(hourS * 1000));
		const before = timers.fired();
		timers.advance(MAX_WAIT_MS);
		expect(fed.slice(10)).toEqual(throughLastGap(hourS));
		expect(controls.position().index).toBe(10);
		// 719 times and the round over 30 s: no wake sooner than MIN_TICK_WAIT_MS after the one before.
		expect(timers.fired() - before).toBeLessThanOrEqual(MAX_WAIT_MS / MIN_TICK_WAIT_MS + 1);
	});

	it('tells the interval each round was recorded with, else the median gap of its first rounds', () => {
		const recorded = rounds().map((raw, i) => (i >= 5 ? {...raw, intervalMs: 1000} : raw));
		const {source, controls} = play({paused: true}, recorded);
		expect(source.intervalMs).toBe(2000);
		controls.step(5);
		expect(source.intervalMs).toBe(1000);
		controls.step(-3);
		expect(source.intervalMs).toBe(2000);
	});

	it('stops the clock while paused and resumes from the same round', () => {
		const {timers, fed, controls} = play();
		controls.togglePause();
		timers.advance(10_000);
		expect(fed).toEqual(['0']);
		expect(controls.position().paused).toBe(true);
		controls.togglePause();
		timers.advance(2000);
		expect(fed).toEqual(['0', '2']);
	});

	it('steps forward by feeding the next round and pauses', () => {
		const {timers, fed, controls} = play();
		controls.step(1);
		controls.step(1);
		expect(fed).toEqual(['0', '2', '4']);
		expect(controls.position()).toMatchObject({index: 2, paused: true, atMs: START_MS + 4000});
		timers.advance(10_000);
		expect(fed).toHaveLength(3);
	});

	it('steps back by replaying from the first round after a reset, so state is rebuilt as it was live', () => {
		const {fed, controls} = play({startIndex: 3});
		expect(fed).toEqual(['0', '2', '4', '6']);
		controls.step(-1);
		expect(fed.slice(4)).toEqual(['reset:0', '2', '4']);
		expect(controls.position().index).toBe(2);
	});

	it('jumps a minute forward and back by recorded time', () => {
		const {fed, controls} = play();
		controls.jumpMs(60_000);
		// Nothing within the minute after round 9 (18 s): the jump lands on the last round at or before 60 s.
		expect(controls.position().index).toBe(9);
		expect(fed).toEqual(['0', '2', '4', '6', '8', '10', '12', '14', '16', '18']);
		controls.jumpMs(60_000);
		expect(controls.position().index).toBe(10);
		controls.jumpMs(-60_000);
		expect(controls.position().index).toBe(9);
		expect(fed.slice(-10)).toEqual(['reset:0', '2', '4', '6', '8', '10', '12', '14', '16', '18']);
		controls.jumpMs(-60_000);
		expect(controls.position().index).toBe(0);
	});

	it('goes to the end and back to the start', () => {
		const {fed, controls} = play();
		controls.toEnd();
		expect(controls.position()).toMatchObject({
			index: 10,
			atMs: START_MS + 218_000,
			startMs: START_MS,
			endMs: START_MS + 218_000,
		});
		controls.toStart();
		expect(fed.at(-1)).toBe('reset:0');
		expect(controls.position().index).toBe(0);
	});

	it('pauses at the end, and play from the end starts over', () => {
		const {timers, fed, controls} = play({startIndex: 10});
		timers.advance(60_000);
		expect(controls.position()).toMatchObject({index: 10, paused: true});
		controls.togglePause();
		expect(fed.at(-1)).toBe('reset:0');
		expect(controls.position().paused).toBe(false);
	});

	it('loops after the last round with a reset (the demo)', () => {
		const {timers, fed, controls} = play({loop: true, startIndex: 10});
		timers.advance(2000);
		expect(fed.at(-1)).toBe('reset:0');
		expect(controls.position()).toMatchObject({index: 0, paused: false});
		timers.advance(2000);
		expect(fed.at(-1)).toBe('2');
	});

	it('stops delivering after stop()', async () => {
		const {source, timers, fed} = play();
		await source.stop();
		timers.advance(60_000);
		expect(fed).toEqual(['0']);
		expect(timers.pending()).toEqual([]);
	});

	it('reports the recorded load on the scheduler over the last recorded minute', () => {
		const {source, controls} = play();
		controls.toEnd();
		controls.step(-1); // round 9 at 18 s: rounds 0–9 lie within the minute
		const status = source.status();
		expect(status.requestsPerSecond).toBeCloseTo(10 / 20);
		expect(status.bytesPerSecond).toBeCloseTo(1000 / 20);
	});
});
