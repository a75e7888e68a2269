/**
 * The alert rules on one worker, declared for the rule engine (rule-engine.ts): lost, the level
 * alerts (process and unmanaged memory, event loop, heartbeat age: one row each in level-rules.ts,
 * made rules by level-alerts.ts), paused, spilling. A lost worker only has the lost rule.
 *
 * A paused worker is a warning until it has stayed paused for `critical_after_s`. Spilling is bytes
 * on disk now AND new bytes written lately.
 */
import {
	alertId,
	type Condition,
	condition,
	eventAlert,
	risingOpen,
	type WorkerAlertInput,
	type WorkerRuleContext,
} from './alerts.js';
import {levelAlertRule} from './level-alerts.js';
import {LEVEL_RULES} from './level-rules.js';
import type {Thresholds} from './thresholds.js';
import {alertHold, type Hold, onsetDue} from '../hold.js';
import {type DeclaredRule, judgeRules, newVerdicts} from '../rule-engine.js';
import {bytesText} from '../../units/bytes.js';
import {UNKNOWN} from '../text.js';
import type {WorkerTrack} from '../state-types.js';

type WorkerAlertRule = DeclaredRule<WorkerAlertInput, Condition>;

/**
 * A loss of a worker that did not come back (departure.ts), while its hold lasts; routine leaves and
 * the unknown are events.
 */
const lost = eventAlert<WorkerAlertInput>({
	id: 'worker_lost',
	inputs: ['track.lostMs', 'track.departure', 'track.last.name', 'context.thresholds', 'context.nowMs'],
	judge({track, context}) {
		const gone = track.departure;
		if (track.lostMs === undefined || !gone?.standing) return undefined;
		if (context.nowMs - track.lostMs >= context.thresholds.worker_lost_hold_s * 1000) return undefined;
		return condition('worker_lost', gone.severity, track.address, track.last.name, gone.message);
	},
});

const pausedHolds = new WeakMap<Thresholds, Hold>();

/** A paused worker's hold: open at once, critical once paused for `critical_after_s`; one per thresholds. */
function pausedHold(t: Thresholds): Hold {
	let hold = pausedHolds.get(t);
	if (!hold) {
		hold = alertHold(t.critical_after_s);
		pausedHolds.set(t, hold);
	}
	return hold;
}

/**
 * A paused worker runs no new task: a warning at once, critical once it stayed paused for
 * `critical_after_s` (Dask pauses and resumes a worker as its memory crosses the pause threshold;
 * one poll paused is not yet the incident).
 */
const paused = eventAlert<WorkerAlertInput>({
	id: 'paused',
	inputs: ['track.last.status', 'track.last.name', 'context.alerts', 'context.thresholds', 'context.nowMs'],
	hold: ({context}) => pausedHold(context.thresholds),
	judge: ({track, context}) =>
		track.lostMs === undefined && track.last.status === 'paused' ? pausedCondition(track, context) : undefined,
});

function pausedCondition(track: WorkerTrack, ctx: WorkerRuleContext): Condition {
	const subject = track.address;
	const name = track.last.name;
	const previous = ctx.alerts?.get(alertId('paused', subject));
	const nowS = ctx.nowMs / 1000;
	const message = `${name} is paused: it runs no new tasks until its memory drops`;
	if (previous?.severity === 'critical') return condition('paused', 'critical', subject, name, message);
	const sinceS = previous?.critical_since ?? previous?.start_time ?? nowS;
	if (onsetDue(pausedHold(ctx.thresholds), 1, sinceS * 1000, ctx.nowMs))
		return condition('paused', 'critical', subject, name, message);
	return condition(
		'paused',
		'warning',
		subject,
		name,
		`${message} (since ${ctx.clockText(sinceS * 1000)})`,
		undefined,
		undefined,
		sinceS,
	);
}

/**
 * Spilling is now: new bytes written to disk lately AND bytes on disk now. Data released (or read
 * back) leaves nothing on disk: that is not spilling, however much was written before.
 */
const spilling = eventAlert<WorkerAlertInput>({
	id: 'spilling',
	inputs: [
		'track.last.memory_spilled_bytes',
		'track.last.name',
		'context.rises',
		'context.thresholds',
		'context.nowMs',
	],
	judge({track, context}) {
		if (track.lostMs !== undefined) return undefined;
		const subject = track.address;
		const name = track.last.name;
		const spill = context.rises.get(alertId('spilling', subject));
		const onDisk = track.last.memory_spilled_bytes;
		if (!risingOpen(spill, context.nowMs, context.thresholds.rising_window_s)) return undefined;
		if (onDisk !== undefined && !(onDisk > 0)) return undefined;
		const disk = onDisk === undefined ? 'bytes on disk not reported' : `${bytesText(onDisk, UNKNOWN)} on disk`;
		return condition(
			'spilling',
			'warning',
			subject,
			name,
			`${name} is spilling to disk: ${disk} (+${bytesText(spill.amount, UNKNOWN)} written since ` +
				`${context.clockText(spill.firstMs)})`,
		);
	},
});

/** The rules judged on every worker, in the order their alerts are listed. */
export const WORKER_ALERT_RULES: readonly WorkerAlertRule[] = [
	lost,
	...LEVEL_RULES.map(levelAlertRule),
	paused,
	spilling,
];

/** @internal Conditions on one worker (holding, or a level judged clear while it clears), appended to `out`. */
export function workerConditions(track: WorkerTrack, context: WorkerRuleContext, out: Condition[]): void {
	out.push(...judgeRules(WORKER_ALERT_RULES, {track, context}, newVerdicts<Condition>()).candidates);
}
