/**
 * The alert rules on one worker: lost, process and unmanaged memory, paused, event loop, heartbeat
 * age, spilling.
 *
 * The level rules (process memory, unmanaged memory, event loop, heartbeat age) have hysteresis when given the
 * ongoing alerts (`WorkerRuleContext.alerts`, as evaluate.ts does): a level is left only below its
 * threshold − margin, and the alert resolves only after staying clear for `alert_clear_s`
 * (hysteresis.ts). Without them each rule judges the figure alone.
 *
 * No critical comes from one poll: a figure over its critical threshold, and a paused worker, are a
 * warning (carrying `critical_since`) until that has lasted `critical_after_s`.
 * Unmanaged memory is judged on what has stayed over `unmanaged_recent_s` (unmanaged-old.ts), never on
 * Dask's transient unmanaged_recent. Spilling is bytes on disk now AND new bytes written lately.
 */
import {alertId, type Condition, condition, risingOpen} from './alerts.js';
import {levelAlertsBySubject, levelLimits, levelVerdict} from './hysteresis.js';
import {LEVEL_LABELS, levelCondition, levelReached, MEMORY_LABELS, pendingText} from './level-condition.js';
import {heartbeatIntervalSeconds} from './thresholds.js';
import {bytesText} from '../../units/bytes.js';
import {percentText, secondsText, UNKNOWN} from '../text.js';
import type {Alert, Rise, Thresholds, WorkerTrack} from '../types.js';
import {unmanagedOldBytes} from './unmanaged-old.js';

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
	const limits = levelLimits(t);
	const ongoing =
		ctx.alerts === undefined || ctx.alerts.size === 0 ? undefined : levelAlertsBySubject(ctx.alerts).get(subject);
	const limit = w.memory_limit_bytes;
	const hasLimit = limit !== undefined && limit > 0;
	const memory = hasLimit && w.memory_process_bytes !== undefined ? w.memory_process_bytes / limit : undefined;
	const memoryPrevious = ongoing?.memory;
	const memoryVerdict = levelVerdict(memory, limits.memory, memoryPrevious, ctx.nowMs);
	if (memoryVerdict.state !== 'clear') {
		const used =
			memory === undefined
				? undefined
				: `${name}: process memory ${percentText(memory)} of ${bytesText(limit, UNKNOWN)}`;
		let over = '';
		if (memoryVerdict.state === 'over' && memory !== undefined) {
			const level = levelReached(memoryVerdict);
			const since = pendingText(memoryVerdict, ctx.clockText);
			over =
				memory >= t.memory_terminate
					? `${used}, over Dask's terminate threshold (${percentText(t.memory_terminate)})${since}`
					: `${used}, over ${MEMORY_LABELS[level]} ` +
						`(${percentText(level === 'critical' ? t.memory_critical : t.memory_warning)})${since}`;
		}
		out.push(
			levelCondition(
				'memory',
				memoryVerdict,
				subject,
				name,
				used,
				over,
				MEMORY_LABELS,
				percentText,
				memoryPrevious,
				ctx.clockText,
			),
		);
	}
	if (w.status === 'paused') out.push(pausedCondition(subject, name, ctx));
	// What stayed over the window (Dask's unmanaged_old), and only while the worker reports the figure.
	const oldBytes =
		w.memory_unmanaged_bytes === undefined
			? undefined
			: unmanagedOldBytes(track.unmanaged, t.unmanaged_recent_s * 1000);
	const unmanaged = hasLimit && oldBytes !== undefined ? oldBytes / limit : undefined;
	const unmanagedPrevious = ongoing?.unmanaged_memory;
	const unmanagedVerdict = levelVerdict(unmanaged, limits.unmanaged, unmanagedPrevious, ctx.nowMs);
	if (unmanagedVerdict.state !== 'clear') {
		const held = t.unmanaged_recent_s > 0 ? ` over the last ${secondsText(t.unmanaged_recent_s)}` : '';
		const text =
			unmanaged === undefined
				? undefined
				: `${name}: unmanaged memory ${held === '' ? '' : 'at least '}${bytesText(oldBytes, UNKNOWN)} ` +
					`(${percentText(unmanaged)} of the limit)${held}`;
		const over =
			text === undefined || unmanagedVerdict.state !== 'over'
				? ''
				: text + pendingText(unmanagedVerdict, ctx.clockText);
		out.push(
			levelCondition(
				'unmanaged_memory',
				unmanagedVerdict,
				subject,
				name,
				text,
				over,
				LEVEL_LABELS,
				percentText,
				unmanagedPrevious,
				ctx.clockText,
			),
		);
	}
	const loop = w.event_loop_interval_seconds;
	const loopPrevious = ongoing?.event_loop;
	const loopVerdict = levelVerdict(loop, limits.eventLoop, loopPrevious, ctx.nowMs);
	if (loopVerdict.state !== 'clear') {
		const figure = loop === undefined ? undefined : `${name}: event loop interval ${loopSecondsText(loop)}`;
		const over =
			loopVerdict.state === 'over'
				? `${figure} (nominal 0.02 s): the worker is blocked${pendingText(loopVerdict, ctx.clockText)}`
				: '';
		out.push(
			levelCondition(
				'event_loop',
				loopVerdict,
				subject,
				name,
				figure,
				over,
				LEVEL_LABELS,
				loopSecondsText,
				loopPrevious,
				ctx.clockText,
			),
		);
	}
	// Judged in heartbeat intervals (age / interval): the thresholds and the margin are multiples of it.
	const age = w.heartbeat_age_seconds;
	const beat = heartbeatIntervalSeconds(ctx.workerCount);
	const judged =
		age === undefined || ctx.listeningSeconds === undefined ? age : Math.min(age, Math.max(0, ctx.listeningSeconds));
	const beats = judged === undefined ? undefined : judged / beat;
	const beatPrevious = ongoing?.heartbeat;
	const beatVerdict = levelVerdict(beats, limits.heartbeat, beatPrevious, ctx.nowMs);
	if (beatVerdict.state !== 'clear') {
		const figure =
			age === undefined ? undefined : `${name}: no heartbeat for ${secondsText(age)} (expected every ${beat} s)`;
		const over =
			figure === undefined || beatVerdict.state !== 'over' ? '' : figure + pendingText(beatVerdict, ctx.clockText);
		out.push(
			levelCondition(
				'heartbeat',
				beatVerdict,
				subject,
				name,
				figure,
				over,
				LEVEL_LABELS,
				(x) => `${Number(x.toFixed(2))} x ${beat} s`,
				beatPrevious,
				ctx.clockText,
			),
		);
	}
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
	if (nowS - sinceS >= ctx.thresholds.critical_after_s - 1e-6)
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

/** Two decimals under 10 s: near the clear level (0.8 s by default) one decimal would read 0.79 as 0.8. */
function loopSecondsText(seconds: number): string {
	return seconds < 10 ? `${Number(seconds.toFixed(2))} s` : secondsText(seconds);
}
