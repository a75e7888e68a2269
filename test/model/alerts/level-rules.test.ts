import {describe, expect, it} from 'vitest';
import {levelLimits} from '../../../source/model/alerts/level-alerts.js';
import {LEVEL_KINDS, LEVEL_RULES} from '../../../source/model/alerts/level-rules.js';
import {DEFAULT_THRESHOLDS, THRESHOLD_TABLE} from '../../../source/model/alerts/thresholds.js';
import {ONE_POLL_KINDS} from '../../../source/output/check-verdict.js';

describe('the level rules table', () => {
	it('has one row per kind, each with its own thresholds, warning before critical', () => {
		const kinds = LEVEL_RULES.map((rule) => rule.kind);
		expect(new Set(kinds).size).toBe(kinds.length);
		expect([...LEVEL_KINDS]).toEqual(kinds);
		const named = new Set(THRESHOLD_TABLE.map((spec) => spec.name));
		for (const rule of LEVEL_RULES) {
			for (const name of [rule.warning, rule.critical, rule.margin]) expect(named.has(name)).toBe(true);
			expect(DEFAULT_THRESHOLDS[rule.warning]).toBeLessThan(DEFAULT_THRESHOLDS[rule.critical]);
			expect(DEFAULT_THRESHOLDS[rule.margin]).toBeLessThan(DEFAULT_THRESHOLDS[rule.warning]);
		}
	});

	it('gives the hysteresis each row its own limits, read once per thresholds object', () => {
		const limits = levelLimits(DEFAULT_THRESHOLDS);
		expect(levelLimits(DEFAULT_THRESHOLDS)).toBe(limits);
		expect(limits.map((l) => [l.warning, l.critical, l.margin])).toEqual(
			LEVEL_RULES.map((rule) => [
				DEFAULT_THRESHOLDS[rule.warning],
				DEFAULT_THRESHOLDS[rule.critical],
				DEFAULT_THRESHOLDS[rule.margin],
			]),
		);
	});

	it('tells --check which of its kinds one poll shows', () => {
		for (const rule of LEVEL_RULES) expect(ONE_POLL_KINDS.has(rule.kind)).toBe(rule.onePoll);
		expect(ONE_POLL_KINDS.has('unmanaged_memory')).toBe(false);
		expect(ONE_POLL_KINDS.has('memory')).toBe(true);
	});
});
