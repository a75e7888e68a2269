/**
 * Conditions → alerts and the event log, on glances' model: a condition that starts holding opens
 * an alert (ongoing, with a start time); while it holds, its severity and message follow it (the
 * peak severity is kept); when it stops holding, the alert is resolved with an end time. The same
 * condition later opens a NEW event. Joins and graceful exits are instantaneous events (resolved
 * at once, duration 0). The log is bounded, newest first; its ongoing entries follow their alert
 * (severity, peak severity, message) whenever the alerts change.
 *
 * The conditions are what the rule engine kept this step (evaluate.ts). A level alert that was
 * clearing (`clearing_since`, its hold's clear) resolves with the moment it went clear as its end
 * time, not the moment its clear time ran out.
 *
 * Alerts kept in the state carry the duration as of their latest change; `currentAlert` (used by
 * the triage view) brings it up to the present.
 */
import type {Condition} from './alerts.js';
import {SEVERITY_RANK} from './alerts.js';
import type {Alert, ModelEvent, SeverityCounts} from '../view-types.js';

function worse(a: Alert['severity'], b: Alert['severity']): Alert['severity'] {
	return SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b;
}

export interface AppliedAlerts {
	readonly alerts: ReadonlyMap<string, Alert>;
	readonly events: readonly ModelEvent[];
	readonly changed: boolean;
}

export function applyConditions(
	previous: ReadonlyMap<string, Alert>,
	conditions: readonly Condition[],
	nowMs: number,
	events: readonly ModelEvent[],
	maxEvents: number,
): AppliedAlerts {
	const nowS = nowMs / 1000;
	const alerts = new Map<string, Alert>();
	const opened: ModelEvent[] = [];
	let changed = false;
	for (const c of conditions) {
		if (alerts.has(c.id)) continue; // one alert per kind and subject
		const old = previous.get(c.id);
		if (
			old &&
			old.severity === c.severity &&
			old.message === c.message &&
			old.clearing_since === c.clearing_since &&
			old.critical_since === c.critical_since &&
			sameWorkers(old.workers, c.workers)
		) {
			alerts.set(c.id, old);
			continue;
		}
		changed = true;
		const start = old ? old.start_time : nowS;
		// Optional fields assigned after a plain literal: a literal with spreads is built much more slowly.
		const alert: {-readonly [K in keyof Alert]: Alert[K]} = {
			id: c.id,
			kind: c.kind,
			severity: c.severity,
			peak_severity: old ? worse(old.peak_severity, c.severity) : c.severity,
			subject: c.subject,
			subject_name: c.subject_name,
			message: c.message,
			start_time: start,
			duration_seconds: Math.max(0, nowS - start),
			state: 'ongoing',
		};
		if (c.workers) alert.workers = c.workers;
		if (c.clearing_since !== undefined) alert.clearing_since = c.clearing_since;
		if (c.critical_since !== undefined) alert.critical_since = c.critical_since;
		alerts.set(c.id, alert);
		if (!old) opened.push(alert);
	}
	if (!changed && alerts.size === previous.size) return {alerts: previous, events, changed: false};
	// Resolve the log entries of alerts that stopped and bring the ongoing ones up to their alert
	// (the log is bounded, the alerts may not be).
	let log: ModelEvent[] = events.map((e) => {
		if (e.state === 'resolved') return e;
		const live = alerts.get(e.id);
		if (live) return live.start_time === e.start_time ? live : e;
		const old = previous.get(e.id);
		if (!old || old.start_time !== e.start_time) return e;
		return resolved(old, nowS);
	});
	if (opened.length > 0) {
		const newest = opened.length > maxEvents ? opened.slice(opened.length - maxEvents) : opened;
		log = [...newest.reverse(), ...log];
	}
	if (log.length > maxEvents) log = log.slice(0, maxEvents);
	return {alerts, events: log, changed: true};
}

function resolved(alert: Alert, nowS: number): ModelEvent {
	const {clearing_since: clearedS, critical_since: _pending, ...rest} = alert;
	const end = clearedS !== undefined && clearedS <= nowS ? clearedS : nowS;
	return {...rest, state: 'resolved', end_time: end, duration_seconds: Math.max(0, end - alert.start_time)};
}

function sameWorkers(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
	if (a === b) return true;
	if (!a || !b || a.length !== b.length) return false;
	return a.every((x, i) => x === b[i]);
}

/** An instantaneous event (a join, a graceful exit): resolved at once. */
export function instantEvent(c: Condition, nowMs: number): ModelEvent {
	const nowS = nowMs / 1000;
	return {...c, peak_severity: c.severity, start_time: nowS, end_time: nowS, duration_seconds: 0, state: 'resolved'};
}

export function prependEvents(
	events: readonly ModelEvent[],
	added: readonly ModelEvent[],
	maxEvents: number,
): readonly ModelEvent[] {
	if (added.length === 0) return events;
	const log = [...[...added].reverse(), ...events];
	return log.length > maxEvents ? log.slice(0, maxEvents) : log;
}

/** The alert with its duration up to `nowMs`. */
export function currentAlert(alert: Alert, nowMs: number): Alert {
	if (alert.state === 'resolved') return alert;
	const duration = Math.max(0, nowMs / 1000 - alert.start_time);
	return duration === alert.duration_seconds ? alert : {...alert, duration_seconds: duration};
}

/** The log with ongoing entries brought up to date from the live alerts (newest first). */
export function currentEvents(
	events: readonly ModelEvent[],
	alerts: ReadonlyMap<string, Alert>,
	nowMs: number,
): ModelEvent[] {
	return events.map((e) => {
		if (e.state === 'resolved') return e;
		const live = alerts.get(e.id);
		return currentAlert(live && live.start_time === e.start_time ? live : e, nowMs);
	});
}

export function severityCounts(alerts: Iterable<Alert>): SeverityCounts {
	const counts = {info: 0, warning: 0, critical: 0};
	for (const a of alerts) counts[a.severity]++;
	return counts;
}

/** Worst first, then oldest first, then by id (stable). */
export function compareAlerts(a: Alert, b: Alert): number {
	return (
		SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
		a.start_time - b.start_time ||
		(a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	);
}
