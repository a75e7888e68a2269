/**
 * The one hysteresis of every rule (level alerts, the alerts that turn critical with time, and the
 * diagnosis' findings): how long a condition must hold before it counts (its onset) and how long
 * it must be clear before it ends (its clear), each in polls in a row and in time. Every rule
 * declares its Hold and the rule engine (rule-engine.ts) steps each candidate through it; nothing
 * else decides when something starts or ends. Pure.
 *
 * - Onset: the condition held `onsetPolls` polls in a row (this one counted) and `onsetMs` since
 *   the first of them. A candidate whose own figures show it held `provenMs` already (a heartbeat
 *   silent for 3 s is a stall of 3 s, not an instant) needs no further polls: it counts at once,
 *   from then. A pending track whose condition lapses before its onset is forgotten.
 * - Clear: the condition was clear `clearPolls` polls in a row (this one counted) and `clearMs`
 *   since the first of them. A condition holding again meanwhile continues the same track.
 *
 * The findings count polls (two in a row, at least 1.5 s apart, to start; three clear to end). An
 * alert counts time only (its polls are 1): it opens at once, turns critical once over its critical
 * threshold for `critical_after_s` (the onset of its worst level), and resolves once clear for
 * `alert_clear_s`; it keeps the moments its hold needs in itself (`critical_since`,
 * `clearing_since`). A level's margin (entered at its threshold, left only below threshold −
 * margin) is `heldSeverity` below.
 */
import type {Severity} from './view-types.js';

export interface Hold {
	/** Polls in a row the condition must hold before it counts… */
	readonly onsetPolls: number;
	/** …and for at least this long (ms) since the first of them. */
	readonly onsetMs: number;
	/** A candidate whose own figures show it held this long (ms) counts at once, since then. */
	readonly provenMs?: number;
	/** Polls in a row the condition must be clear before it ends… */
	readonly clearPolls: number;
	/** …and for at least this long (ms) since the first of them. */
	readonly clearMs: number;
	/**
	 * What the onset decides: the start (a finding: nothing counts before it), or the worst level (an
	 * alert: it opens at once at its lesser level, and its condition turns it critical at the onset).
	 */
	readonly onsetOf?: 'start' | 'worst-level';
}

/**
 * A finding's common hold: two polls in a row, at least 1.5 s apart (a poll round and its
 * follow-up pass are one poll), to start; three clear polls to end.
 */
export const FINDING_HOLD: Hold = {onsetPolls: 2, onsetMs: 1500, clearPolls: 3, clearMs: 0};

/** Counts at once and ends at once: for verdicts another rule already held (a stall, a loss). */
export const AT_ONCE: Hold = {onsetPolls: 1, onsetMs: 0, clearPolls: 1, clearMs: 0};

/** An alert's hold: open at once, the worst level after `criticalAfterS`, resolved after `clearAfterS` clear. */
export function alertHold(criticalAfterS: number, clearAfterS = 0): Hold {
	return {
		onsetPolls: 1,
		onsetMs: criticalAfterS * 1000,
		clearPolls: 1,
		clearMs: clearAfterS * 1000,
		onsetOf: 'worst-level',
	};
}

/** Opens at once, resolves once clear: an alert with one level and no clear time (an erred task, a stall). */
export const EVENT_HOLD: Hold = alertHold(0);

/** A hair of slack so that ms ↔ s rounding cannot push a verdict one poll later. */
const SLACK_MS = 1e-3;

/** Held `holds` polls in a row since `firstMs`: long enough to count. */
export function onsetDue(hold: Hold, holds: number, firstMs: number, nowMs: number): boolean {
	return holds >= hold.onsetPolls && nowMs - firstMs >= hold.onsetMs - SLACK_MS;
}

/** Clear `clears` polls in a row since `sinceMs`: long enough to end. */
export function clearDue(hold: Hold, clears: number, sinceMs: number, nowMs: number): boolean {
	return clears >= hold.clearPolls && nowMs - sinceMs >= hold.clearMs - SLACK_MS;
}

/** Its own figures show the condition held at least the hold's `provenMs`. */
export function provenBy(hold: Hold, heldMs: number | undefined): heldMs is number {
	return hold.provenMs !== undefined && heldMs !== undefined && heldMs >= hold.provenMs;
}

/** A condition tracked through its hold: pending (not yet counted), active, or clearing. */
export interface HoldTrack {
	/** Epoch ms of the first poll of the current run of holds (or when its own figures show it began). */
	readonly firstMs: number;
	/** Epoch ms of the latest poll it held. */
	readonly lastMs: number;
	/** Polls in a row it held (counts up while pending; 0 while clearing). */
	readonly holds: number;
	/** Polls in a row it was clear (while active). */
	readonly clears: number;
	/** Epoch ms of the first of those clear polls. */
	readonly clearSinceMs?: number;
	readonly active: boolean;
}

export type HoldStep =
	/** Holding now: `started` when it counted this poll. */
	| {readonly state: 'held'; readonly track: HoldTrack; readonly started: boolean}
	/** Active and clear, not yet long enough. */
	| {readonly state: 'clearing'; readonly track: HoldTrack}
	/** Clear long enough: it ended (it last held at `old.lastMs`). */
	| {readonly state: 'ended'; readonly old: HoldTrack}
	/** Nothing to keep: never held, or a pending track that lapsed (forgotten). */
	| {readonly state: 'gone'};

const GONE: HoldStep = {state: 'gone'};

/**
 * One poll of a tracked condition. `holding`: whether the condition holds now; `heldMs`: how long
 * its own figures show it has held (see `provenMs`).
 */
export function stepHold(
	hold: Hold,
	old: HoldTrack | undefined,
	holding: boolean,
	nowMs: number,
	heldMs?: number,
): HoldStep {
	if (holding) {
		const holds = (old?.holds ?? 0) + 1;
		const sure = provenBy(hold, heldMs);
		const firstMs = old?.firstMs ?? (sure ? nowMs - heldMs : nowMs);
		const active =
			old?.active === true || sure || hold.onsetOf === 'worst-level' || onsetDue(hold, holds, firstMs, nowMs);
		return {state: 'held', track: {firstMs, lastMs: nowMs, holds, clears: 0, active}, started: active && !old?.active};
	}
	if (old === undefined || !old.active) return GONE; // a pending track that lapsed is forgotten
	const clears = old.clears + 1;
	const clearSinceMs = old.clearSinceMs ?? nowMs;
	if (clearDue(hold, clears, clearSinceMs, nowMs)) return {state: 'ended', old};
	return {state: 'clearing', track: {...old, holds: 0, clears, clearSinceMs}};
}

/**
 * The severity `value` holds with a level's margin, or undefined when it is clear. `ongoing` is the
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
