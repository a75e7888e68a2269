import {describe, expect, it} from 'vitest';
import {MAX_TIMER_MS, timerDelay} from '../../source/units/timer-delay.js';

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
