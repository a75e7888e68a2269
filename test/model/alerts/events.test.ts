import {describe, expect, it} from 'vitest';
import type {Condition} from '../../../source/model/alerts/alerts.js';
import {
	applyConditions,
	currentEvents,
	instantEvent,
	prependEvents,
	severityCounts,
} from '../../../source/model/alerts/events.js';
import type {Alert, ModelEvent} from '../../../source/model/types.js';

const T0 = 1_800_000_000_000;

function cond(severity: Condition['severity'], message = 'm', subject = 'tcp://a:1'): Condition {
	return {id: `memory|${subject}`, kind: 'memory', severity, subject, subject_name: 'a', message};
}

describe('alerts follow conditions (glances model)', () => {
	it('opens an ongoing alert with a start time and logs it', () => {
		const r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		const alert = r.alerts.get('memory|tcp://a:1');
		expect(alert).toMatchObject({
			state: 'ongoing',
			severity: 'warning',
			peak_severity: 'warning',
			start_time: T0 / 1000,
			duration_seconds: 0,
		});
		expect(r.events).toEqual([alert]);
	});

	it('keeps one event while the condition holds, following its severity and keeping the peak', () => {
		let r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		r = applyConditions(r.alerts, [cond('critical', 'worse')], T0 + 5000, r.events, 10);
		r = applyConditions(r.alerts, [cond('warning', 'better')], T0 + 9000, r.events, 10);
		const alert = r.alerts.get('memory|tcp://a:1') as Alert;
		expect(alert).toMatchObject({
			severity: 'warning',
			peak_severity: 'critical',
			message: 'better',
			start_time: T0 / 1000,
		});
		expect(r.events).toHaveLength(1);
		expect(currentEvents(r.events, r.alerts, T0 + 12_000)[0]).toMatchObject({
			message: 'better',
			duration_seconds: 12,
			state: 'ongoing',
		});
	});

	it('resolves with an end time when the condition stops, and a later recurrence is a new event', () => {
		let r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		r = applyConditions(r.alerts, [], T0 + 20_000, r.events, 10);
		expect(r.alerts.size).toBe(0);
		expect(r.events[0]).toMatchObject({state: 'resolved', end_time: (T0 + 20_000) / 1000, duration_seconds: 20});
		r = applyConditions(r.alerts, [cond('critical')], T0 + 30_000, r.events, 10);
		expect(r.events.map((e) => [e.state, e.start_time])).toEqual([
			['ongoing', (T0 + 30_000) / 1000],
			['resolved', T0 / 1000],
		]);
	});

	it('keeps the ongoing log entry up to date with its alert, peak severity included', () => {
		let r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		r = applyConditions(r.alerts, [cond('critical', 'worse')], T0 + 2000, r.events, 10);
		r = applyConditions(r.alerts, [cond('warning', 'better')], T0 + 4000, r.events, 10);
		expect(r.events).toHaveLength(1);
		expect(r.events[0]).toMatchObject({
			state: 'ongoing',
			severity: 'warning',
			peak_severity: 'critical',
			message: 'better',
		});
	});

	it('ends a clearing alert at the moment it went clear, not when its clear time ran out', () => {
		let r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		r = applyConditions(
			r.alerts,
			[{...cond('warning', 'clearing'), clearing_since: (T0 + 4000) / 1000}],
			T0 + 4000,
			r.events,
			10,
		);
		expect(r.alerts.get('memory|tcp://a:1')).toMatchObject({state: 'ongoing', clearing_since: (T0 + 4000) / 1000});
		r = applyConditions(r.alerts, [], T0 + 14_000, r.events, 10);
		expect(r.events[0]).toMatchObject({state: 'resolved', end_time: (T0 + 4000) / 1000, duration_seconds: 4});
		expect(r.events[0]).not.toHaveProperty('clearing_since');
	});

	it('returns the same objects when nothing changed (cheap for the UI)', () => {
		const r = applyConditions(new Map(), [cond('warning')], T0, [], 10);
		const again = applyConditions(r.alerts, [cond('warning')], T0 + 2000, r.events, 10);
		expect(again.changed).toBe(false);
		expect(again.alerts).toBe(r.alerts);
		expect(again.events).toBe(r.events);
	});

	it('bounds the log, newest first', () => {
		let events: readonly ModelEvent[] = [];
		for (let i = 0; i < 25; i++)
			events = prependEvents(
				events,
				[
					instantEvent(
						{...cond('info', `joined ${i}`, `tcp://w:${i}`), kind: 'worker_joined', id: `worker_joined|tcp://w:${i}`},
						T0 + i * 1000,
					),
				],
				10,
			);
		expect(events).toHaveLength(10);
		expect(events[0]?.message).toBe('joined 24');
		expect(events[9]?.message).toBe('joined 15');
		expect(events.every((e) => e.state === 'resolved' && e.duration_seconds === 0)).toBe(true);
	});

	it('counts ongoing alerts by severity for the header', () => {
		const r = applyConditions(
			new Map(),
			[cond('warning', 'a', 'tcp://a:1'), cond('critical', 'b', 'tcp://b:1'), cond('critical', 'c', 'tcp://c:1')],
			T0,
			[],
			10,
		);
		expect(severityCounts(r.alerts.values())).toEqual({info: 0, warning: 1, critical: 2});
	});
});
