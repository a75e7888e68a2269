/**
 * A finding's start and end as entries of the event log (instantaneous events of kind
 * `diagnosis`): in the events view, the Alerts panel, `--json`'s events, and so in a replay of a
 * recording (the model makes them again from the recorded answers).
 */
import {condition} from '../alerts/alerts.js';
import {instantEvent} from '../alerts/events.js';
import type {ModelEvent} from '../view-types.js';
import type {EndedFinding, Finding} from './diagnosis-types.js';
import {findingText} from './rule.js';
import {RULES} from './rules.js';

/** Each cause's text (its rule's), for the line a finding's start writes in the log. */
const TEXT = new Map(RULES.map((rule) => [rule.id, rule.text]));

function subjectOf(f: Finding): {subject: string; name: string} {
	switch (f.subject.kind) {
		case 'worker':
			return {subject: f.subject.id, name: f.subject.name ?? f.subject.id};
		case 'prefix':
			return {subject: 'cluster', name: f.subject.id};
		case 'cluster':
			return {subject: 'cluster', name: 'cluster'};
	}
}

export function startEvent(f: Finding, nowMs: number): ModelEvent {
	const {subject, name} = subjectOf(f);
	return instantEvent(condition('diagnosis', f.severity, subject, name, (TEXT.get(f.cause) ?? findingText)(f)), nowMs);
}

export function endEvent(f: EndedFinding, nowMs: number, clock: (epochMs: number) => string): ModelEvent {
	const {subject, name} = subjectOf(f);
	const message = `no longer ${f.cause}: ${f.summary} (from ${clock(f.since)} to ${clock(f.until)})`;
	return instantEvent(condition('diagnosis', 'info', subject, name, message), nowMs);
}
