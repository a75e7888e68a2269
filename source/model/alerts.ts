/**
 * Alert rules: which conditions hold right now, from the state and the threshold table. Each rule
 * is a pure function of its inputs, so the tests are tables. Turning conditions into ongoing /
 * resolved alerts and the event log is events.ts.
 *
 * Boundaries: a figure AT a threshold trips it (0.70 of the limit is a warning).
 *
 * The level rules (process memory, unmanaged memory, event loop, heartbeat age) have hysteresis when given the
 * ongoing alerts (`WorkerRuleContext.alerts`, as evaluate.ts does): a level is left only below its
 * threshold − margin, and the alert resolves only after staying clear for `alert_clear_s`
 * (hysteresis.ts). Without them each rule judges the figure alone.
 */
import type {Snapshot} from '../types/snapshot.js';
import {type LevelVerdict, levelAlertsBySubject, levelLimits, levelVerdict} from './hysteresis.js';
import {heartbeatIntervalSeconds} from './thresholds.js';
import {bytesText, countsText, percentText, secondsText} from './text.js';
import type {Alert, AlertKind, Rise, Severity, StallView, Thresholds, WorkerTrack} from './types.js';

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
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = {info: 0, warning: 1, critical: 2};

export function alertId(kind: AlertKind, subject: string): string {
	return `${kind}|${subject}`;
}

function condition(
	kind: AlertKind,
	severity: Severity,
	subject: string,
	subjectName: string,
	message: string,
	workers?: readonly string[],
	clearingSince?: number,
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
	return c;
}

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

function risingOpen(rise: Rise | undefined, nowMs: number, windowS: number): rise is Rise {
	return rise !== undefined && nowMs - rise.lastMs <= windowS * 1000;
}

/** Conditions on one worker, appended to `out`. A lost worker only has the lost rule. */
export function workerConditions(track: WorkerTrack, ctx: WorkerRuleContext, out: Condition[]): void {
	const t = ctx.thresholds;
	const w = track.last;
	const name = w.name;
	const subject = track.address;
	if (track.lostMs !== undefined) {
		if (!track.retired && ctx.nowMs - track.lostMs < t.worker_lost_hold_s * 1000)
			out.push(condition('worker_lost', 'critical', subject, name, lostMessage(track, ctx.clockText)));
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
			memory === undefined ? undefined : `${name}: process memory ${percentText(memory)} of ${bytesText(limit)}`;
		const over =
			memoryVerdict.state !== 'over' || memory === undefined
				? ''
				: memory >= t.memory_terminate
					? `${used}, over Dask's terminate threshold (${percentText(t.memory_terminate)})`
					: `${used}, over ${MEMORY_LABELS[memoryVerdict.severity]} ` +
						`(${percentText(memoryVerdict.severity === 'critical' ? t.memory_critical : t.memory_warning)})`;
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
	if (w.status === 'paused')
		out.push(
			condition('paused', 'critical', subject, name, `${name} is paused: it runs no new tasks until its memory drops`),
		);
	const unmanaged = hasLimit && w.memory_unmanaged_bytes !== undefined ? w.memory_unmanaged_bytes / limit : undefined;
	const unmanagedPrevious = ongoing?.unmanaged_memory;
	const unmanagedVerdict = levelVerdict(unmanaged, limits.unmanaged, unmanagedPrevious, ctx.nowMs);
	if (unmanagedVerdict.state !== 'clear') {
		const text =
			unmanaged === undefined
				? undefined
				: `${name}: unmanaged memory ${bytesText(w.memory_unmanaged_bytes)} (${percentText(unmanaged)} of the limit)`;
		out.push(
			levelCondition(
				'unmanaged_memory',
				unmanagedVerdict,
				subject,
				name,
				text,
				text ?? '',
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
		const over = loopVerdict.state === 'over' ? `${figure} (nominal 0.02 s): the worker is blocked` : '';
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
		out.push(
			levelCondition(
				'heartbeat',
				beatVerdict,
				subject,
				name,
				figure,
				figure ?? '',
				LEVEL_LABELS,
				(x) => `${Number(x.toFixed(2))} x ${beat} s`,
				beatPrevious,
				ctx.clockText,
			),
		);
	}
	const spill = ctx.rises.get(alertId('spilling', subject));
	if (risingOpen(spill, ctx.nowMs, t.rising_window_s)) {
		out.push(
			condition(
				'spilling',
				'warning',
				subject,
				name,
				`${name} is spilling to disk: ${bytesText(w.memory_spilled_bytes)} on disk (+${bytesText(spill.amount)})`,
			),
		);
	}
}

/** Two decimals under 10 s: near the clear level (0.8 s by default) one decimal would read 0.79 as 0.8. */
function loopSecondsText(seconds: number): string {
	return seconds < 10 ? `${Number(seconds.toFixed(2))} s` : secondsText(seconds);
}

type Labels = Readonly<Record<Severity, string>>;
const MEMORY_LABELS: Labels = {
	info: 'its threshold',
	warning: "Dask's spill threshold",
	critical: "Dask's pause threshold",
};
const LEVEL_LABELS: Labels = {
	info: 'its threshold',
	warning: 'the warning threshold',
	critical: 'the critical threshold',
};

/**
 * The condition for a level verdict. A clearing alert keeps its last message (what the incident
 * was, also what the log keeps once it resolves) with when and how it went clear appended once; it
 * is then the previous alert itself, unchanged, until it resolves or the figure comes back.
 * `figure`: "name: figure …", undefined when not reported; `over`: the message at or over a threshold.
 * (Positional, not an options object: this runs for every alerting figure of 10,000 workers.)
 */
function levelCondition(
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
			return condition(kind, verdict.severity, subject, name, over);
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

export function lostMessage(track: WorkerTrack, clock: (epochMs: number) => string): string {
	const w = track.last;
	const parts: string[] = [`last status ${w.status ?? 'unknown'}`];
	if (w.memory_process_bytes !== undefined) {
		const limit = w.memory_limit_bytes;
		parts.push(
			`memory ${bytesText(w.memory_process_bytes)}` +
				`${limit ? ` (${percentText(w.memory_process_bytes / limit)} of ${bytesText(limit)})` : ''}`,
		);
	}
	const tasks: string[] = [];
	if (w.processing !== undefined) tasks.push(`${w.processing} processing`);
	if (w.tasks_executing !== undefined) tasks.push(`${w.tasks_executing} executing`);
	const held = w.keys_in_memory ?? w.tasks_in_memory;
	if (held !== undefined) tasks.push(`${held} in memory`);
	if (tasks.length > 0) parts.push(`tasks ${tasks.join(', ')}`);
	return `worker ${w.name} (${track.address}) lost: ${parts.join('; ')}; last seen ${clock(track.lastSeenMs)}`;
}

export interface ClusterRuleContext {
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	readonly snapshot?: Snapshot | undefined;
	readonly rises: ReadonlyMap<string, Rise>;
	readonly missedPolls: number;
	readonly dataAgeSeconds?: number | undefined;
	/** Why the source is failing, when it says. */
	readonly sourceDetail?: string | undefined;
	readonly stall: StallView;
}

export function clusterConditions(ctx: ClusterRuleContext, out: Condition[]): void {
	const t = ctx.thresholds;
	const erred = ctx.rises.get(alertId('erred_rising', 'cluster'));
	if (risingOpen(erred, ctx.nowMs, t.rising_window_s)) {
		const byPrefix = erred.detail && Object.keys(erred.detail).length > 0 ? ` (${countsText(erred.detail)})` : '';
		const now = ctx.snapshot?.scheduler.tasks.erred;
		out.push(
			condition(
				'erred_rising',
				'warning',
				'cluster',
				'cluster',
				`${erred.amount} more task${erred.amount === 1 ? '' : 's'} erred${byPrefix}` +
					(now === undefined ? '' : `; ${now} erred now`),
			),
		);
	}
	if (ctx.missedPolls >= t.stale_warning_polls) {
		const severity: Severity = ctx.missedPolls >= t.stale_critical_polls ? 'critical' : 'warning';
		const age = ctx.dataAgeSeconds === undefined ? 'no data yet' : `data ${secondsText(ctx.dataAgeSeconds)} old`;
		out.push(
			condition(
				'stale',
				severity,
				'cluster',
				'cluster',
				`scheduler unreachable: ${ctx.missedPolls} missed polls, ${age}${ctx.sourceDetail ? ` (${ctx.sourceDetail})` : ''}`,
			),
		);
	}
	const fallback = ctx.rises.get(alertId('fallback_source', 'cluster'));
	if (risingOpen(fallback, ctx.nowMs, t.rising_window_s))
		out.push(condition('fallback_source', 'info', 'cluster', 'cluster', fallbackMessage(ctx.snapshot, fallback)));
	if (ctx.stall.stalled)
		out.push(condition('stalled', 'warning', 'cluster', 'cluster', ctx.stall.message ?? 'stalled', ctx.stall.workers));
}

/**
 * identity.json fails intermittently on busy modern clusters (dask/distributed#8370): the fallback
 * alert stays open for the rising window after the last fallback poll instead of flapping.
 */
function fallbackMessage(snapshot: Snapshot | undefined, rise: Rise): string {
	const identity = snapshot?.endpoints.find((e) => e.target === undefined && e.path === '/json/identity.json');
	const failing = identity !== undefined && identity.state !== 'ok';
	const why = !failing
		? 'failed'
		: identity.status === 500
			? 'answers HTTP 500 (dask/distributed#8370: busy workers break its JSON)'
			: identity.status
				? `answers HTTP ${identity.status}`
				: 'gets no answer';
	const from = rise.detail?.['api'] && !rise.detail['workers_html'] ? '/api/v1/get_workers' : '/info/main/workers.html';
	return (
		`identity.json ${why} in ${rise.amount} recent poll${rise.amount === 1 ? '' : 's'}: ` +
		`worker figures come from ${from}`
	);
}
