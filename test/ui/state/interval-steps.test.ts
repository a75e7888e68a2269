import {describe, expect, it} from 'vitest';
import {INTERVAL_RANGE} from '../../../source/options/ranges.js';
import {INTERVAL_STEPS_MS, stepInterval} from '../../../source/ui/state/interval-steps.js';

describe('the poll interval steps of + and -', () => {
	it('steps the poll interval through sane values, never below one second nor above one hour', () => {
		expect(stepInterval(2000, 1)).toBe(3000);
		expect(stepInterval(2000, -1)).toBe(1000);
		expect(stepInterval(1000, -1)).toBe(1000);
		expect(stepInterval(2500, -1)).toBe(2000);
		expect(stepInterval(60_000, 1)).toBe(120_000);
		expect(stepInterval(3_600_000, 1)).toBe(3_600_000); // --interval's maximum
	});

	it("obey --interval's range: from 1 s up to 1 h and no further, and back down to 1 s and no further", () => {
		expect(INTERVAL_STEPS_MS[0]).toBe(INTERVAL_RANGE.minMs);
		expect(INTERVAL_STEPS_MS[INTERVAL_STEPS_MS.length - 1]).toBe(INTERVAL_RANGE.maxMs);
		expect(stepInterval(INTERVAL_RANGE.maxMs, 1)).toBe(INTERVAL_RANGE.maxMs);
		expect(stepInterval(60_000, 1)).toBe(120_000);
		expect(stepInterval(INTERVAL_RANGE.minMs, -1)).toBe(INTERVAL_RANGE.minMs);
	});
});
