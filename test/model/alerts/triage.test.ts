/**
 * The triage view's alerts and event log are made when first read (a worker table of thousands of
 * workers shows only the counts): what they hold, and what the --json document gets, is unchanged.
 * A cluster with thousands of alerts is not in the fixtures: synthesized snapshots.
 */
import {describe, expect, it} from 'vitest';
import {synthState} from '../../../bench/synth.js';
import {compareAlerts, currentAlert, currentEvents, severityCounts} from '../../../source/model/alerts/events.js';
import {ongoingAlerts, triageView} from '../../../source/model/alerts/triage.js';

describe('the triage view', () => {
	const state = synthState(300, 3);

	it('holds the ongoing alerts worst first, with durations up to the state, and counts them', () => {
		const triage = triageView(state);
		expect(triage.alerts.length).toBe(state.alerts.size);
		expect(triage.alerts.length).toBeGreaterThan(100);
		expect([...triage.alerts].sort(compareAlerts)).toEqual(triage.alerts);
		expect(triage.alerts).toEqual(
			[...state.alerts.values()].map((a) => currentAlert(a, state.nowMs)).sort(compareAlerts),
		);
		expect(triage.counts).toEqual(severityCounts(triage.alerts));
		expect(triage.counts.critical + triage.counts.warning).toBeGreaterThan(0);
	});

	it('makes its alerts and log once per state, on first read', () => {
		const triage = triageView(state);
		expect(triageView(state)).toBe(triage);
		expect(triage.alerts).toBe(triage.alerts);
		expect(triage.events).toBe(triage.events);
		expect(triage.alerts).toEqual(ongoingAlerts(state));
		expect(triage.events).toEqual(currentEvents(state.events, state.alerts, state.nowMs));
	});

	it('serializes whole, in the same order, for --json', () => {
		const triage = triageView(state);
		const json = JSON.parse(JSON.stringify(triage));
		expect(Object.keys(json)).toEqual(
			['time', 'alerts', 'events', 'counts', 'adaptive', 'stall', 'data_age_seconds', 'missed_polls'].filter(
				(key) => key in json,
			),
		);
		expect(json.alerts).toEqual(JSON.parse(JSON.stringify(ongoingAlerts(state))));
		expect(json.events).toHaveLength(state.events.length);
		expect({...triage}.alerts).toBe(triage.alerts);
	});
});
