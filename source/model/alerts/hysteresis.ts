/**
 * Hysteresis for the level alerts (process memory, unmanaged memory, event loop, heartbeat age): which severity a
 * figure holds given the alert already ongoing, and when that alert may resolve. Pure; the margins
 * and the clear time are rows of the threshold table (thresholds.ts).
 *
 * - A level is ENTERED when the figure reaches its threshold, and LEFT only when the figure falls
 *   below threshold − margin while that level (or a worse one) is ongoing. Between the two the
 *   level is "held": 0.69 after 0.71 is still a memory warning; 0.64 is not.
 * - A level is CRITICAL only once the figure has stayed at or over the critical threshold for
 *   `criticalAfterSeconds` (uninterrupted: dropping under it starts the count again). Until then the
 *   alert is a warning carrying `criticalSinceS` (the moment the figure reached the critical
 *   threshold): one poll there — a burst of allocation, a GC pause, Dask's own accounting catching
 *   up — is not yet the incident. Once critical, the hysteresis above keeps it so.
 * - Once the figure is under the warning's clear level, or no longer reported (identity.json
 *   failing, workers.html lacks the figure), the alert is "clearing": still ongoing at its severity
 *   for `clearAfterSeconds`, then resolved with the moment it went clear as its end time. A figure
 *   back over a level meanwhile continues the same alert.
 *
 * Also here, for speed at 10,000 workers: the rules' limits read once per thresholds object, and
 * the ongoing level alerts indexed by subject once per alerts map.
 */
import type {Alert, Severity, Thresholds} from '../types.js';

/**
 * The severity `value` holds with hysteresis, or undefined when it is clear. `ongoing` is the
 * severity of the alert already open for it (undefined: none). At a threshold counts as over it;
 * at exactly threshold − margin still holds.
 */
export function heldSeverity(
	value: number,
	warning: number,
	critical: number,
	margin: number,
	ongoing: Severity | undefined,
): Severity | undefined {
	if (value >= critical || (ongoing === 'critical' && value >= critical - margin)) return 'critical';
	if (value >= warning || ((ongoing === 'critical' || ongoing === 'warning') && value >= warning - margin))
		return 'warning';
	return undefined;
}

export type LevelVerdict =
	/** Nothing to report (never was, or cleared for long enough). */
	| {readonly state: 'clear'}
	/**
	 * At or over the threshold of `severity`. `criticalSinceS`: over the critical threshold since then,
	 * not yet for `criticalAfterSeconds` (the severity is still warning).
	 */
	| {readonly state: 'over'; readonly severity: Severity; readonly criticalSinceS?: number}
	/** Under the threshold of `severity` but not yet below `clearBelow` (= threshold − margin). */
	| {readonly state: 'held'; readonly severity: Severity; readonly threshold: number; readonly clearBelow: number}
	/** Under the warning's clear level (or unreported) since `sinceS`: ongoing until the clear time passes. */
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
	readonly clearAfterSeconds: number;
	/** How long the figure must stay at or over `critical` before the level is critical. */
	readonly criticalAfterSeconds: number;
}

/** A hair of slack so that ms → s rounding cannot push a verdict one poll later. */
const SLACK_S = 1e-6;

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
			const nowS = nowMs / 1000;
			const sinceS = previous?.critical_since ?? nowS;
			if (nowS - sinceS >= limits.criticalAfterSeconds - SLACK_S) return OVER.critical;
			return {state: 'over', severity: 'warning', criticalSinceS: sinceS};
		}
		if (severity !== undefined) {
			const threshold = severity === 'critical' ? critical : warning;
			return value >= threshold ? OVER[severity] : {state: 'held', severity, threshold, clearBelow: threshold - margin};
		}
	}
	if (previous === undefined) return CLEAR;
	const nowS = nowMs / 1000;
	const sinceS = previous.clearing_since ?? nowS;
	if (nowS - sinceS >= limits.clearAfterSeconds - SLACK_S) return CLEAR;
	return {state: 'clearing', severity: previous.severity, sinceS, clearBelow: warning - margin};
}

export type LevelKind = 'memory' | 'unmanaged_memory' | 'event_loop' | 'heartbeat';
export type LevelAlerts = Partial<Record<LevelKind, Alert>>;

const levelIndexCache = new WeakMap<ReadonlyMap<string, Alert>, ReadonlyMap<string, LevelAlerts>>();

/**
 * The ongoing level alerts by subject, built once per alerts map (states are immutable): one
 * lookup per worker by its address instead of building and hashing four `kind|address` ids.
 */
export function levelAlertsBySubject(alerts: ReadonlyMap<string, Alert>): ReadonlyMap<string, LevelAlerts> {
	let index = levelIndexCache.get(alerts);
	if (!index) {
		const built = new Map<string, LevelAlerts>();
		for (const alert of alerts.values()) {
			if (
				alert.kind !== 'memory' &&
				alert.kind !== 'unmanaged_memory' &&
				alert.kind !== 'event_loop' &&
				alert.kind !== 'heartbeat'
			)
				continue;
			const entry = built.get(alert.subject);
			if (entry) entry[alert.kind] = alert;
			else built.set(alert.subject, {[alert.kind]: alert});
		}
		index = built;
		levelIndexCache.set(alerts, index);
	}
	return index;
}

export interface LevelRuleLimits {
	readonly memory: LevelLimits;
	readonly unmanaged: LevelLimits;
	readonly eventLoop: LevelLimits;
	/** In heartbeat intervals (the figure judged is age / interval: the interval depends on the cluster's size). */
	readonly heartbeat: LevelLimits;
}

const limitsCache = new WeakMap<Thresholds, LevelRuleLimits>();

/** The four level rules' limits, built once per thresholds object (not once per worker). */
export function levelLimits(t: Thresholds): LevelRuleLimits {
	let limits = limitsCache.get(t);
	if (!limits) {
		const clearAfterSeconds = t.alert_clear_s;
		const criticalAfterSeconds = t.critical_after_s;
		limits = {
			memory: {
				warning: t.memory_warning,
				critical: t.memory_critical,
				margin: t.memory_clear_margin,
				clearAfterSeconds,
				criticalAfterSeconds,
			},
			unmanaged: {
				warning: t.unmanaged_warning,
				critical: t.unmanaged_critical,
				margin: t.unmanaged_clear_margin,
				clearAfterSeconds,
				criticalAfterSeconds,
			},
			eventLoop: {
				warning: t.event_loop_warning_s,
				critical: t.event_loop_critical_s,
				margin: t.event_loop_clear_margin_s,
				clearAfterSeconds,
				criticalAfterSeconds,
			},
			heartbeat: {
				warning: t.heartbeat_warning_x,
				critical: t.heartbeat_critical_x,
				margin: t.heartbeat_clear_margin_x,
				clearAfterSeconds,
				criticalAfterSeconds,
			},
		};
		limitsCache.set(t, limits);
	}
	return limits;
}
