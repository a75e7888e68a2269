import {describe, expect, it} from 'vitest';
import {MODEL_TICK_MS, nextTickMs, tickDue} from '../source/model-tick.js';

describe('when time alone is passed to the model', () => {
	it('live (tickDue) and replayed (nextTickMs) name the same moments after a round', () => {
		const roundMs = 1_700_000_000_000;
		const nextRoundMs = roundMs + 17_000;
		// Live: checked every millisecond from the round on, told of time whenever it is due.
		const live: number[] = [];
		let last = roundMs;
		for (let now = roundMs; now < nextRoundMs; now++)
			if (tickDue(last, now)) {
				live.push(now);
				last = now;
			}
		// Replayed: one moment after another until the next round.
		const replayed: number[] = [];
		for (
			let at = nextTickMs(roundMs, roundMs, nextRoundMs);
			at !== undefined;
			at = nextTickMs(roundMs, at, nextRoundMs)
		)
			replayed.push(at);
		expect(live).toEqual([roundMs + MODEL_TICK_MS, roundMs + 2 * MODEL_TICK_MS, roundMs + 3 * MODEL_TICK_MS]);
		expect(replayed).toEqual(live);
	});

	it('is due at once when the clock was set back', () => {
		expect(tickDue(10_000, 9_999)).toBe(true);
		expect(tickDue(10_000, 10_000)).toBe(false);
		expect(tickDue(10_000, 10_000 + MODEL_TICK_MS - 1)).toBe(false);
	});
});
