/**
 * The verdict on one level alert's figure (process memory, unmanaged memory, event loop, heartbeat
 * age) through its hold (hold.ts, the one hysteresis): which severity the figure holds given the
 * alert already ongoing, and when that alert may resolve. Pure; the margins and times are rows of
 * the threshold table (thresholds.ts).
 *
 * - A level is ENTERED when the figure reaches its threshold, and LEFT only when the figure falls
 *   below threshold − margin while that level (or a worse one) is ongoing (`heldSeverity`).
 *   Between the two the level is "held": 0.69 after 0.71 is still a memory warning; 0.64 is not.
 * - A level is CRITICAL only once the figure has stayed at or over the critical threshold for
 *   `critical_after_s` (the hold's onset, uninterrupted: dropping under it starts the count again).
 *   Until then the alert is a warning carrying `criticalSinceS` (the moment the figure reached the
 *   critical threshold): one poll there — a burst of allocation, a GC pause, Dask's own accounting
 *   catching up — is not yet the incident. Once critical, the margin keeps it so.
 * - Once the figure is under the warning's clear level, or no longer reported (identity.json
 *   failing, workers.html lacks the figure), the alert is "clearing": the rule engine keeps it
 *   ongoing at its severity for `alert_clear_s` (the hold's clear), then resolves it with the moment
 *   it went clear as its end time. A figure back over a level meanwhile continues the same alert.
 */
import {type Hold, heldSeverity, onsetDue} from '../hold.js';
import type {Alert, Severity} from '../view-types.js';

export type LevelVerdict =
	/** Nothing to report (never was, or no alert is ongoing). */
	| {readonly state: 'clear'}
	/**
	 * At or over the threshold of `severity`. `criticalSinceS`: over the critical threshold since then,
	 * not yet for `critical_after_s` (the severity is still warning).
	 */
	| {readonly state: 'over'; readonly severity: Severity; readonly criticalSinceS?: number}
	/** Under the threshold of `severity` but not yet below `clearBelow` (= threshold − margin). */
	| {readonly state: 'held'; readonly severity: Severity; readonly threshold: number; readonly clearBelow: number}
	/** Under the warning's clear level (or unreported) since `sinceS`: its hold says when it resolves. */
	| {readonly state: 'clearing'; readonly severity: Severity; readonly sinceS: number; readonly clearBelow: number};

// Shared verdicts without data: most figures are clear or over, and 10,000 workers are judged every poll.
const CLEAR: LevelVerdict = {state: 'clear'};
const OVER: Readonly<Record<Severity, LevelVerdict>> = {
	info: {state: 'over', severity: 'info'},
	warning: {state: 'over', severity: 'warning'},
	critical: {state: 'over', severity: 'critical'},
};

export interface LevelLimits {
	readonly warning: number;
	readonly critical: number;
	readonly margin: number;
	/** Onset: how long the figure must stay at or over `critical` before the level is critical; clear: how long under. */
	readonly hold: Hold;
}

/**
 * The verdict for one figure. `value` undefined: not reported this time. `previous`: the ongoing
 * alert for this kind and subject, if any.
 */
export function levelVerdict(
	value: number | undefined,
	limits: LevelLimits,
	previous: Alert | undefined,
	nowMs: number,
): LevelVerdict {
	const {warning, critical, margin} = limits;
	if (value !== undefined) {
		const severity = heldSeverity(value, warning, critical, margin, previous?.severity);
		if (severity === 'critical' && previous?.severity !== 'critical') {
			// Entering critical (heldSeverity says so only at or over the threshold here): held long enough?
			const sinceS = previous?.critical_since ?? nowMs / 1000;
			if (onsetDue(limits.hold, 1, sinceS * 1000, nowMs)) return OVER.critical;
			return {state: 'over', severity: 'warning', criticalSinceS: sinceS};
		}
		if (severity !== undefined) {
			const threshold = severity === 'critical' ? critical : warning;
			return value >= threshold ? OVER[severity] : {state: 'held', severity, threshold, clearBelow: threshold - margin};
		}
	}
	if (previous === undefined) return CLEAR;
	const sinceS = previous.clearing_since ?? nowMs / 1000;
	return {state: 'clearing', severity: previous.severity, sinceS, clearBelow: warning - margin};
}
