import {describe, expect, it} from 'vitest';
import {INTERVAL_RANGE} from '../source/options/ranges.js';
import {MAX_TIMER_MS, timerDelay} from '../source/timer-delay.js';
import {INTERVAL_STEPS_MS, stepInterval} from '../source/ui/ui-state.js';

describe('timer delays', () => {
	it('never hands Node a delay it turns into 1 ms (above 2^31 − 1) or a negative one', () => {
		expect(timerDelay(9_999_999_000)).toBe(MAX_TIMER_MS);
		expect(timerDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_MS);
		expect(timerDelay(-5)).toBe(0);
		expect(timerDelay(Number.NaN)).toBe(0);
		expect(timerDelay(1500.4)).toBe(1500);
	});

	it('a real timer of the clamped maximum does not fire at once', async () => {
		let fired = false;
		const timer = setTimeout(() => {
			fired = true;
		}, timerDelay(9_999_999_000));
		await new Promise((resolve) => setTimeout(resolve, 50));
		clearTimeout(timer);
		expect(fired).toBe(false);
	});
});

describe("the +/- keys obey --interval's range", () => {
	it('steps from 1 s up to 1 h and no further, and back down to 1 s and no further', () => {
		expect(INTERVAL_STEPS_MS[0]).toBe(INTERVAL_RANGE.minMs);
		expect(INTERVAL_STEPS_MS[INTERVAL_STEPS_MS.length - 1]).toBe(INTERVAL_RANGE.maxMs);
		expect(stepInterval(INTERVAL_RANGE.maxMs, 1)).toBe(INTERVAL_RANGE.maxMs);
		expect(stepInterval(60_000, 1)).toBe(120_000);
		expect(stepInterval(INTERVAL_RANGE.minMs, -1)).toBe(INTERVAL_RANGE.minMs);
	});
});
