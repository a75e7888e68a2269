/**
 * Alert rules: which conditions hold right now, from the state and the threshold table. Each rule
 * is a declared rule of the rule engine (rule-engine.ts: its inputs, condition, hold and text), a
 * pure function of its inputs, so the tests are tables. This file holds what the rules share (the
 * Condition, its id, severity order, their inputs); the rules are in worker-alerts.ts (the level
 * alerts a table in level-rules.ts) and cluster-alerts.ts, their table alert-rules.ts. Turning
 * conditions into ongoing / resolved alerts and the event log is events.ts.
 *
 * Boundaries: a figure AT a threshold trips it (0.70 of the limit is a warning).
 */
import {EVENT_HOLD} from '../hold.js';
import type {DeclaredRule} from '../rule-engine.js';
import type {Rise, WorkerTrack} from '../state-types.js';
import type {Alert, AlertKind, Severity} from '../view-types.js';
import type {Thresholds} from './thresholds.js';

export interface Condition {
	readonly id: string;
	readonly kind: AlertKind;
	readonly severity: Severity;
	readonly subject: string;
	readonly subject_name: string;
	readonly message: string;
	readonly workers?: readonly string[];
	/** Level alerts only: epoch seconds since which the figure has been clear (see Alert.clearing_since). */
	readonly clearing_since?: number;
	/** A warning whose figure is over its critical threshold, not yet for long enough (see Alert.critical_since). */
	readonly critical_since?: number;
}

/** An alert's text: its message (what the screen and the event log say). */
export function alertText(c: Condition): string {
	return c.message;
}

/** What an event alert's rule declares itself: its id, inputs, condition, and its hold when not EVENT_HOLD. */
type EventAlertParts<I> = Pick<DeclaredRule<I, Condition>, 'id' | 'inputs' | 'judge'> &
	Partial<Pick<DeclaredRule<I, Condition>, 'hold'>>;

/** An event alert's rule (no level): open at once (EVENT_HOLD) unless it says, its text its message. */
export function eventAlert<I>(parts: EventAlertParts<I>): DeclaredRule<I, Condition> {
	return {kind: 'event', hold: EVENT_HOLD, text: alertText, ...parts};
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = {info: 0, warning: 1, critical: 2};

export function alertId(kind: AlertKind, subject: string): string {
	return `${kind}|${subject}`;
}

export function condition(
	kind: AlertKind,
	severity: Severity,
	subject: string,
	subjectName: string,
	message: string,
	workers?: readonly string[],
	clearingSince?: number,
	criticalSince?: number,
): Condition {
	// Optional fields assigned after a plain literal: a literal with spreads is built much more slowly.
	const c: {-readonly [K in keyof Condition]: Condition[K]} = {
		id: alertId(kind, subject),
		kind,
		severity,
		subject,
		subject_name: subjectName,
		message,
	};
	if (workers) c.workers = workers;
	if (clearingSince !== undefined) c.clearing_since = clearingSince;
	if (criticalSince !== undefined) c.critical_since = criticalSince;
	return c;
}

export function risingOpen(rise: Rise | undefined, nowMs: number, windowS: number): rise is Rise {
	return rise !== undefined && nowMs - rise.lastMs <= windowS * 1000;
}

/** What the rules on one worker are judged with (evaluate.ts builds it once per evaluation). */
export interface WorkerRuleContext {
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	/** Workers connected now (sets Dask's heartbeat interval). */
	readonly workerCount: number;
	readonly rises: ReadonlyMap<string, Rise>;
	/** The ongoing alerts by id: gives the level rules their hysteresis. Without it, none. */
	readonly alerts?: ReadonlyMap<string, Alert>;
	/**
	 * Seconds the scheduler had been listening as of the snapshot (since it last did not answer or
	 * its event loop was blocked); undefined: all along. Heartbeats that could not arrive at a deaf
	 * scheduler are the scheduler's fault: a heartbeat age is judged only over this time.
	 */
	readonly listeningSeconds?: number;
	/** Epoch ms → time of day in messages (ModelOptions.clockText). */
	readonly clockText: (epochMs: number) => string;
}

/** What a rule on one worker reads: the worker's track and the evaluation's context. */
export interface WorkerAlertInput {
	readonly track: WorkerTrack;
	readonly context: WorkerRuleContext;
}
