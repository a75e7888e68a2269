import {describe, expect, it} from 'vitest';
import {MAX_WAIT_MS, ReplaySource, type ReplayTimers} from '../../source/record/replay-source.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';

/** Timers driven by the test: `advance(ms)` fires whatever is due, in order. */
function manualTimers(): ReplayTimers & {advance(ms: number): void; pending(): number[]} {
	let nowMs = 0;
	let nextId = 1;
	const due = new Map<number, {atMs: number; callback: () => void}>();
	return {
		set(callback, ms) {
			const id = nextId++;
			due.set(id, {atMs: nowMs + ms, callback});
			return id;
		},
		clear(handle) {
			due.delete(handle as number);
		},
		advance(ms) {
			const endMs = nowMs + ms;
			for (;;) {
				const next = [...due.entries()].filter(([, t]) => t.atMs <= endMs).sort((a, b) => a[1].atMs - b[1].atMs)[0];
				if (!next) break;
				due.delete(next[0]);
				nowMs = next[1].atMs;
				next[1].callback();
			}
			nowMs = endMs;
		},
		pending: () => [...due.values()].map((t) => t.atMs - nowMs),
	};
}

const START_MS = 1_700_000_000_000;
/** Ten rounds two seconds apart, then one 200 s later (a suspended laptop). */
function rounds(): RawScrape[] {
	const times = [...Array.from({length: 10}, (_, i) => START_MS + i * 2000), START_MS + 18_000 + 200_000];
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

function play(options: ConstructorParameters<typeof ReplaySource>[1] = {}) {
	const timers = manualTimers();
	const source = new ReplaySource(rounds(), {...options, timers});
	const fed: string[] = [];
	source.start((raw, info) => fed.push(`${info?.reset ? 'reset:' : ''}${(raw.atMs - START_MS) / 1000}`));
	return {source, timers, fed, controls: source.replay};
}

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
		timers.advance(MAX_WAIT_MS);
		expect(fed.at(-1)).toBe('218');
		expect(controls.position()).toMatchObject({index: 10, count: 11, paused: true});
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
