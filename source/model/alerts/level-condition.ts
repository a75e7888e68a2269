/**
 * The message of a level alert (process memory, unmanaged memory, event loop, heartbeat age) for
 * each state of its hold: over, held between the threshold and its clear level, or clearing.
 */
import type {LevelVerdict} from './level-verdict.js';
import {type Condition, condition} from './alerts.js';
import type {Alert, AlertKind, Severity} from '../view-types.js';
import {memoryThresholdName, type Thresholds} from './thresholds.js';

export type Labels = Readonly<Record<Severity, string>>;
let lastMemoryLabels: {readonly t: Thresholds; readonly labels: Labels} | undefined;

/** Memory's levels named by who set them (thresholds.ts memoryThresholdName); one object per thresholds. */
export function memoryLabels(t: Thresholds): Labels {
	if (lastMemoryLabels?.t !== t)
		lastMemoryLabels = {
			t,
			labels: {
				info: 'its threshold',
				warning: memoryThresholdName(t, 'memory_warning'),
				critical: memoryThresholdName(t, 'memory_critical'),
			},
		};
	return lastMemoryLabels.labels;
}
export const LEVEL_LABELS: Labels = {
	info: 'its threshold',
	warning: 'the warning threshold',
	critical: 'the critical threshold',
};

/**
 * The level the figure is at: critical while it waits out `critical_after_s` over the critical
 * threshold (the alert is still a warning then), else the verdict's severity.
 */
export function levelReached(verdict: Extract<LevelVerdict, {state: 'over'}>): Severity {
	return verdict.criticalSinceS === undefined ? verdict.severity : 'critical';
}

/** " since 10:27:18" while a critical waits out its time, else nothing. */
export function pendingText(
	verdict: Extract<LevelVerdict, {state: 'over'}>,
	clock: (epochMs: number) => string,
): string {
	return verdict.criticalSinceS === undefined ? '' : ` since ${clock(verdict.criticalSinceS * 1000)}`;
}

/**
 * The condition for a level verdict. A clearing alert keeps its last message (what the incident
 * was, also what the log keeps once it resolves) with when and how it went clear appended once; it
 * is then the previous alert itself, unchanged, until it resolves or the figure comes back.
 * `figure`: "name: figure …", undefined when not reported; `over`: the message at or over a threshold.
 * (Positional, not an options object: this runs for every alerting figure of 10,000 workers.)
 */
export function levelCondition(
	kind: AlertKind,
	verdict: Exclude<LevelVerdict, {state: 'clear'}>,
	subject: string,
	name: string,
	figure: string | undefined,
	over: string,
	labels: Labels,
	unit: (value: number) => string,
	previous: Alert | undefined,
	clock: (epochMs: number) => string,
): Condition {
	switch (verdict.state) {
		case 'over':
			return condition(kind, verdict.severity, subject, name, over, undefined, undefined, verdict.criticalSinceS);
		case 'held':
			return condition(
				kind,
				verdict.severity,
				subject,
				name,
				`${figure}, under ${labels[verdict.severity]} (${unit(verdict.threshold)}) ` +
					`but not yet below ${unit(verdict.clearBelow)}`,
			);
		case 'clearing': {
			if (previous !== undefined && previous.clearing_since === verdict.sinceS) return previous; // an Alert is a Condition
			const how = figure === undefined ? 'not reported' : `back under ${unit(verdict.clearBelow)}`;
			return condition(
				kind,
				verdict.severity,
				subject,
				name,
				`${previous?.message ?? name}; ${how} since ${clock(verdict.sinceS * 1000)}`,
				undefined,
				verdict.sinceS,
			);
		}
		default: {
			const never: never = verdict;
			return never;
		}
	}
}
