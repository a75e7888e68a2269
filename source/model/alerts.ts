/**
 * Alert rules: which conditions hold right now, from the state and the threshold table. Each rule
 * is a pure function of its inputs, so the tests are tables. Turning conditions into ongoing /
 * resolved alerts and the event log is events.ts.
 *
 * Boundaries: a figure AT a threshold trips it (0.70 of the limit is a warning).
 */
import type {Snapshot} from '../types/snapshot.js';
import {heartbeatIntervalSeconds} from './thresholds.js';
import {bytesText, countsText, percentText, secondsText, utcClockText} from './text.js';
import type {AlertKind, Rise, Severity, StallView, Thresholds, WorkerTrack} from './types.js';

export interface Condition {
	readonly id: string;
	readonly kind: AlertKind;
	readonly severity: Severity;
	readonly subject: string;
	readonly subject_name: string;
	readonly message: string;
	readonly workers?: readonly string[];
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = {info: 0, warning: 1, critical: 2};

export function alertId(kind: AlertKind, subject: string): string {
	return `${kind}|${subject}`;
}

function condition(kind: AlertKind, severity: Severity, subject: string, subjectName: string, message: string, workers?: readonly string[]): Condition {
	return {id: alertId(kind, subject), kind, severity, subject, subject_name: subjectName, message, ...(workers ? {workers} : {})};
}

export interface WorkerRuleContext {
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	/** Workers connected now (sets Dask's heartbeat interval). */
	readonly workerCount: number;
	readonly rises: ReadonlyMap<string, Rise>;
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
		if (!track.retired && ctx.nowMs - track.lostMs < t.worker_lost_hold_s * 1000) out.push(condition('worker_lost', 'critical', subject, name, lostMessage(track)));
		return;
	}
	const limit = w.memory_limit_bytes;
	if (limit !== undefined && limit > 0 && w.memory_process_bytes !== undefined) {
		const f = w.memory_process_bytes / limit;
		const used = `process memory ${percentText(f)} of ${bytesText(limit)}`;
		if (f >= t.memory_terminate) out.push(condition('memory', 'critical', subject, name, `${name}: ${used}, over Dask's terminate threshold (${percentText(t.memory_terminate)})`));
		else if (f >= t.memory_critical) out.push(condition('memory', 'critical', subject, name, `${name}: ${used}, over Dask's pause threshold (${percentText(t.memory_critical)})`));
		else if (f >= t.memory_warning) out.push(condition('memory', 'warning', subject, name, `${name}: ${used}, over Dask's spill threshold (${percentText(t.memory_warning)})`));
	}
	if (w.status === 'paused') out.push(condition('paused', 'critical', subject, name, `${name} is paused: it runs no new tasks until its memory drops`));
	if (limit !== undefined && limit > 0 && w.memory_unmanaged_bytes !== undefined) {
		const f = w.memory_unmanaged_bytes / limit;
		const text = `${name}: unmanaged memory ${bytesText(w.memory_unmanaged_bytes)} (${percentText(f)} of the limit)`;
		if (f >= t.unmanaged_critical) out.push(condition('unmanaged_memory', 'critical', subject, name, text));
		else if (f >= t.unmanaged_warning) out.push(condition('unmanaged_memory', 'warning', subject, name, text));
	}
	const loop = w.event_loop_interval_seconds;
	if (loop !== undefined) {
		const text = `${name}: event loop interval ${secondsText(loop)} (nominal 0.02 s): the worker is blocked`;
		if (loop >= t.event_loop_critical_s) out.push(condition('event_loop', 'critical', subject, name, text));
		else if (loop >= t.event_loop_warning_s) out.push(condition('event_loop', 'warning', subject, name, text));
	}
	const age = w.heartbeat_age_seconds;
	if (age !== undefined) {
		const beat = heartbeatIntervalSeconds(ctx.workerCount);
		const text = `${name}: no heartbeat for ${secondsText(age)} (expected every ${beat} s)`;
		if (age >= t.heartbeat_critical_x * beat) out.push(condition('heartbeat', 'critical', subject, name, text));
		else if (age >= t.heartbeat_warning_x * beat) out.push(condition('heartbeat', 'warning', subject, name, text));
	}
	const spill = ctx.rises.get(alertId('spilling', subject));
	if (risingOpen(spill, ctx.nowMs, t.rising_window_s)) {
		out.push(condition('spilling', 'warning', subject, name, `${name} is spilling to disk: ${bytesText(w.memory_spilled_bytes)} on disk (+${bytesText(spill.amount)})`));
	}
}

export function lostMessage(track: WorkerTrack): string {
	const w = track.last;
	const parts: string[] = [`last status ${w.status ?? 'unknown'}`];
	if (w.memory_process_bytes !== undefined) {
		const limit = w.memory_limit_bytes;
		parts.push(`memory ${bytesText(w.memory_process_bytes)}${limit ? ` (${percentText(w.memory_process_bytes / limit)} of ${bytesText(limit)})` : ''}`);
	}
	const tasks: string[] = [];
	if (w.processing !== undefined) tasks.push(`${w.processing} processing`);
	if (w.tasks_executing !== undefined) tasks.push(`${w.tasks_executing} executing`);
	const held = w.keys_in_memory ?? w.tasks_in_memory;
	if (held !== undefined) tasks.push(`${held} in memory`);
	if (tasks.length > 0) parts.push(`tasks ${tasks.join(', ')}`);
	return `worker ${w.name} (${track.address}) lost: ${parts.join('; ')}; last seen ${utcClockText(track.lastSeenMs)} UTC`;
}

export interface ClusterRuleContext {
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	readonly snapshot?: Snapshot;
	readonly rises: ReadonlyMap<string, Rise>;
	readonly missedPolls: number;
	readonly dataAgeSeconds?: number;
	/** Why the source is failing, when it says. */
	readonly sourceDetail?: string;
	readonly stall: StallView;
}

export function clusterConditions(ctx: ClusterRuleContext, out: Condition[]): void {
	const t = ctx.thresholds;
	const erred = ctx.rises.get(alertId('erred_rising', 'cluster'));
	if (risingOpen(erred, ctx.nowMs, t.rising_window_s)) {
		const byPrefix = erred.detail && Object.keys(erred.detail).length > 0 ? ` (${countsText(erred.detail)})` : '';
		const now = ctx.snapshot?.scheduler.tasks.erred;
		out.push(condition('erred_rising', 'warning', 'cluster', 'cluster', `${erred.amount} more task${erred.amount === 1 ? '' : 's'} erred${byPrefix}${now === undefined ? '' : `; ${now} erred now`}`));
	}
	if (ctx.missedPolls >= t.stale_warning_polls) {
		const severity: Severity = ctx.missedPolls >= t.stale_critical_polls ? 'critical' : 'warning';
		const age = ctx.dataAgeSeconds === undefined ? 'no data yet' : `data ${secondsText(ctx.dataAgeSeconds)} old`;
		out.push(condition('stale', severity, 'cluster', 'cluster', `scheduler unreachable: ${ctx.missedPolls} missed polls, ${age}${ctx.sourceDetail ? ` (${ctx.sourceDetail})` : ''}`));
	}
	const fallback = ctx.rises.get(alertId('fallback_source', 'cluster'));
	if (risingOpen(fallback, ctx.nowMs, t.rising_window_s)) out.push(condition('fallback_source', 'info', 'cluster', 'cluster', fallbackMessage(ctx.snapshot, fallback)));
	if (ctx.stall.stalled) out.push(condition('stalled', 'warning', 'cluster', 'cluster', ctx.stall.message ?? 'stalled', ctx.stall.workers));
}

/**
 * identity.json fails intermittently on busy modern clusters (dask/distributed#8370): the fallback
 * alert stays open for the rising window after the last fallback poll instead of flapping.
 */
function fallbackMessage(snapshot: Snapshot | undefined, rise: Rise): string {
	const identity = snapshot?.endpoints.find((e) => e.target === undefined && e.path === '/json/identity.json');
	const failing = identity !== undefined && identity.state !== 'ok';
	const why = !failing ? 'failed' : identity.status === 500 ? 'answers HTTP 500 (dask/distributed#8370: busy workers break its JSON)' : identity.status ? `answers HTTP ${identity.status}` : 'gets no answer';
	const from = rise.detail?.api && !rise.detail.workers_html ? '/api/v1/get_workers' : '/info/main/workers.html';
	return `identity.json ${why} in ${rise.amount} recent poll${rise.amount === 1 ? '' : 's'}: worker figures come from ${from}`;
}
