import {describe, expect, it} from 'vitest';
import {parseThresholdOverride, resolveThresholds} from '../../../source/model/alerts/threshold-overrides.js';
import {
	DEFAULT_THRESHOLDS,
	heartbeatIntervalSeconds,
	THRESHOLD_TABLE,
} from '../../../source/model/alerts/thresholds.js';

describe('the threshold table', () => {
	it('holds the documented defaults', () => {
		expect(DEFAULT_THRESHOLDS).toMatchObject({
			memory_warning: 0.7,
			memory_critical: 0.8,
			memory_terminate: 0.95,
			unmanaged_warning: 0.3,
			unmanaged_critical: 0.5,
			event_loop_warning_s: 1,
			event_loop_critical_s: 3,
			heartbeat_warning_x: 3,
			heartbeat_critical_x: 10,
			stale_warning_polls: 2,
			stale_critical_polls: 5,
			stall_min_s: 60,
			stall_duration_x: 3,
			stall_cpu_percent: 10,
		});
	});

	it('holds the hysteresis margins and clear time in the same table', () => {
		expect(DEFAULT_THRESHOLDS).toMatchObject({
			memory_clear_margin: 0.05,
			unmanaged_clear_margin: 0.05,
			event_loop_clear_margin_s: 0.2,
			heartbeat_clear_margin_x: 0.5,
			alert_clear_s: 10,
		});
		const units = Object.fromEntries(THRESHOLD_TABLE.map((t) => [t.name, t.unit]));
		expect(units).toMatchObject({
			memory_clear_margin: 'fraction',
			unmanaged_clear_margin: 'fraction',
			event_loop_clear_margin_s: 'seconds',
			heartbeat_clear_margin_x: 'times',
			alert_clear_s: 'seconds',
		});
	});

	it('describes every threshold once', () => {
		const names = THRESHOLD_TABLE.map((t) => t.name);
		expect(new Set(names).size).toBe(names.length);
		for (const spec of THRESHOLD_TABLE) expect(spec.description.length).toBeGreaterThan(10);
	});
});

describe('parseThresholdOverride', () => {
	it.each([
		['memory_warning=0.75', {name: 'memory_warning', value: 0.75}],
		['event_loop_critical_s=5', {name: 'event_loop_critical_s', value: 5}],
		['event_loop_critical_s=5s', {name: 'event_loop_critical_s', value: 5}],
		[' stale_warning_polls = 3 ', {name: 'stale_warning_polls', value: 3}],
		['memory_clear_margin=0.1', {name: 'memory_clear_margin', value: 0.1}],
		['event_loop_clear_margin_s=0.5s', {name: 'event_loop_clear_margin_s', value: 0.5}],
		['alert_clear_s=0', {name: 'alert_clear_s', value: 0}],
	])('reads %s', (text, expected) => {
		expect(parseThresholdOverride(text)).toEqual(expected);
	});

	it.each([
		['memory_warning', /NAME=VALUE/],
		['=0.5', /NAME=VALUE/],
		['memory_warnin=0.5', /unknown threshold "memory_warnin"/],
		['memory_warning=lots', /memory_warning needs a number/],
		['memory_warning=', /memory_warning needs a number/],
		['memory_warning=-1', /memory_warning must be between/],
		['stale_warning_polls=0', /stale_warning_polls must be between/],
		['memory_clear_margin=1.5', /memory_clear_margin must be between 0 and 1/],
		['alert_clear_s=-1', /alert_clear_s must be between/],
	])('rejects %s with one line naming the problem', (text, message) => {
		const result = parseThresholdOverride(text);
		expect(result).toHaveProperty('error');
		const error = (result as {error: string}).error;
		expect(error).toMatch(message);
		expect(error).not.toContain('\n');
	});
});

describe('resolveThresholds', () => {
	it('applies overrides from a config object over the defaults', () => {
		expect(resolveThresholds({memory_warning: 0.6, event_loop_warning_s: '2'})).toMatchObject({
			memory_warning: 0.6,
			event_loop_warning_s: 2,
			memory_critical: 0.8,
		});
	});

	it('names a bad value from the config file', () => {
		expect(resolveThresholds({heartbeat_warning_x: 'often'})).toEqual({
			error: expect.stringMatching(/^threshold heartbeat_warning_x needs a number/),
		});
	});

	it('refuses a warning above its critical', () => {
		expect(resolveThresholds({memory_warning: 0.9})).toEqual({
			error: 'threshold memory_warning (0.9) must not exceed memory_critical (0.8)',
		});
	});

	it.each([
		[
			{unmanaged_clear_margin: 0.3},
			'threshold unmanaged_clear_margin (0.3) must be below unmanaged_warning (0.3), or the alert never resolves',
		],
		[
			{event_loop_warning_s: 0.1},
			'threshold event_loop_clear_margin_s (0.2) must be below event_loop_warning_s (0.1), or the alert never resolves',
		],
		[
			{heartbeat_warning_x: 0.5},
			'threshold heartbeat_clear_margin_x (0.5) must be below heartbeat_warning_x (0.5), or the alert never resolves',
		],
	])('refuses a margin that would keep an alert open forever: %o', (overrides, error) => {
		expect(resolveThresholds(overrides)).toEqual({error});
	});

	it('accepts margins overridden like any threshold, 0 switching hysteresis off', () => {
		expect(
			resolveThresholds({memory_clear_margin: '0.1', event_loop_clear_margin_s: 0, alert_clear_s: 30}),
		).toMatchObject({memory_clear_margin: 0.1, event_loop_clear_margin_s: 0, alert_clear_s: 30});
		expect(resolveThresholds({memory_warning: 0, memory_clear_margin: 0})).toMatchObject({
			memory_warning: 0,
			memory_clear_margin: 0,
		});
	});
});

describe("Dask's heartbeat interval", () => {
	it.each([
		[1, 0.5],
		[10, 0.5],
		[11, 1],
		[49, 1],
		[50, 2],
		[199, 2],
		[200, 2],
		[1000, 6],
	])('is %s workers → %s s', (workers, seconds) => {
		expect(heartbeatIntervalSeconds(workers)).toBe(seconds);
	});
});
