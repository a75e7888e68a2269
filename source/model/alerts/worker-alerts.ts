/**
 * The alert rules on one worker: lost, the level alerts (process and unmanaged memory, event loop,
 * heartbeat age: one row each in level-rules.ts, judged with hysteresis by level-alerts.ts), paused,
 * spilling.
 *
 * A paused worker is a warning until it has stayed paused for `critical_after_s`. Spilling is bytes
 * on disk now AND new bytes written lately.
 */
import {alertId, type Condition, condition, risingOpen, type WorkerRuleContext} from './alerts.js';
import {levelConditions} from './level-alerts.js';
import {alertHold, onsetDue} from '../hold.js';
import {bytesText} from '../../units/bytes.js';
import {UNKNOWN} from '../text.js';
import type {HeldLoss, WorkerTrack} from '../state-types.js';

/**
 * A standing loss's alert (state.heldLosses), while its hold lasts: the same alert as a lost track's
 * (one alert per id), which it outlives when a new process takes the address back.
 */
export function heldLossCondition(loss: HeldLoss, ctx: WorkerRuleContext, out: Condition[]): void {
	if (ctx.nowMs - loss.sinceMs < ctx.thresholds.worker_lost_hold_s * 1000)
		out.push(condition('worker_lost', loss.departure.severity, loss.address, loss.name, loss.departure.message));
}

/** Conditions on one worker, appended to `out`. A lost worker only has the lost rule. */
export function workerConditions(track: WorkerTrack, ctx: WorkerRuleContext, out: Condition[]): void {
	const t = ctx.thresholds;
	const w = track.last;
	const name = w.name;
	const subject = track.address;
	if (track.lostMs !== undefined) {
		// A loss of a worker that did not come back (departure.ts); routine leaves and the unknown are events.
		const gone = track.departure;
		if (gone?.standing && ctx.nowMs - track.lostMs < t.worker_lost_hold_s * 1000)
			out.push(condition('worker_lost', gone.severity, subject, name, gone.message));
		return;
	}
	levelConditions(track, ctx, out);
	if (w.status === 'paused') out.push(pausedCondition(subject, name, ctx));
	// Spilling is now: new bytes written to disk lately AND bytes on disk now. Data released (or read
	// back) leaves nothing on disk: that is not spilling, however much was written before.
	const spill = ctx.rises.get(alertId('spilling', subject));
	const onDisk = w.memory_spilled_bytes;
	if (risingOpen(spill, ctx.nowMs, t.rising_window_s) && (onDisk === undefined || onDisk > 0)) {
		const disk = onDisk === undefined ? 'bytes on disk not reported' : `${bytesText(onDisk, UNKNOWN)} on disk`;
		out.push(
			condition(
				'spilling',
				'warning',
				subject,
				name,
				`${name} is spilling to disk: ${disk} (+${bytesText(spill.amount, UNKNOWN)} written since ` +
					`${ctx.clockText(spill.firstMs)})`,
			),
		);
	}
}

/**
 * A paused worker runs no new task: a warning at once, critical once it stayed paused for
 * `critical_after_s` (Dask pauses and resumes a worker as its memory crosses the pause threshold;
 * one poll paused is not yet the incident).
 */
function pausedCondition(subject: string, name: string, ctx: WorkerRuleContext): Condition {
	const previous = ctx.alerts?.get(alertId('paused', subject));
	const nowS = ctx.nowMs / 1000;
	const message = `${name} is paused: it runs no new tasks until its memory drops`;
	if (previous?.severity === 'critical') return condition('paused', 'critical', subject, name, message);
	const sinceS = previous?.critical_since ?? previous?.start_time ?? nowS;
	if (onsetDue(alertHold(ctx.thresholds.critical_after_s), 1, sinceS * 1000, ctx.nowMs))
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
