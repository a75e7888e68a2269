import {describe, expect, it} from 'vitest';
import {MODEL_TICK_MS, msUntilTickDue, nextTickMs, tickDue} from '../../source/model/tick.js';

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

	it('says how long until the tick is due, as tickDue decides it (a clock set back: at once)', () => {
		for (const [last, now] of [
			[10_000, 10_000],
			[10_000, 12_345],
			[10_000, 10_000 + MODEL_TICK_MS - 1],
			[10_000, 10_000 + MODEL_TICK_MS],
			[10_000, 99_000],
			[10_000, 9_999],
			[10_000, 0],
		] as const) {
			const wait = msUntilTickDue(last, now);
			expect(wait === 0, `${last} ${now}`).toBe(tickDue(last, now));
			expect(tickDue(last, now + wait), `${last} ${now}`).toBe(true);
			if (wait > 0) expect(tickDue(last, now + wait - 1), `${last} ${now}`).toBe(false);
		}
		expect(msUntilTickDue(10_000, 12_000)).toBe(MODEL_TICK_MS - 2000);
		expect(msUntilTickDue(10_000, 0)).toBe(0);
	});
});
