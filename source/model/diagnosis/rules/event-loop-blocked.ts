/**
 * event-loop-blocked: a worker's or the scheduler's event loop ticks late — a task holding the GIL,
 * a long C call, heavy (de)serialisation. While its loop is blocked a worker answers nothing and
 * sends no heartbeat, so three figures show it: the loop interval a heartbeat reports
 * (identity.json), the longest tick since the last scrape (a worker's own /metrics; the scheduler's
 * /metrics for the scheduler), and heartbeats that stopped while the scheduler was listening.
 *
 * Visible on every version. Explained away by memory pressure, spilling (which block the loop too),
 * GIL contention where that is visible, and, for the scheduler, by being bound by its own work.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {secondsText} from '../../text.js';
import {heartbeatIntervalSeconds} from '../../alerts/thresholds.js';
import {CLUSTER, schedulerEvidence, workerEvidence, workerSubject} from '../figures.js';
import {DEFAULT_HYSTERESIS, type Rule, type RuleInput} from '../rule.js';
import type {Candidate, Evidence} from '../types.js';

/** A worker's event-loop interval (nominal 0.02 s) at or over this. */
export const LOOP_INTERVAL_BLOCKED_S = 1;
/** A tick (worker or scheduler) at least this long since the previous scrape. */
export const TICK_BLOCKED_S = 1;
/** No heartbeat for this many heartbeat intervals… */
export const HEARTBEAT_BLOCKED_X = 5;
/** …and at least this long. */
export const HEARTBEAT_BLOCKED_MIN_S = 3;

const NEXT_WORKER =
	'a task holds the GIL or a long C call blocks the loop (heartbeats and transfers wait): release the GIL ' +
	'(numba nogil, numpy), split the task, or run it in a separate process';

/** Seconds the scheduler has been listening as of the snapshot (undefined: all along). */
export function listeningSeconds(input: RuleInput): number | undefined {
	const deaf = input.state.source.deafUntilMs;
	return deaf === undefined ? undefined : input.snapshot.time - deaf / 1000;
}

/**
 * What shows a worker's loop blocked now: each figure over its threshold, as evidence and as words.
 * Heartbeats are judged only over the time the scheduler was listening (a deaf scheduler hears none).
 */
export function blockedLoop(
	input: RuleInput,
	w: WorkerSnapshot,
): {evidence: Evidence[]; parts: string[]; silentMs?: number} {
	const {snapshot, nowMs} = input;
	const listeningS = listeningSeconds(input);
	const ev: Evidence[] = [];
	const parts: string[] = [];
	const interval = w.event_loop_interval_seconds;
	if (interval !== undefined && interval >= LOOP_INTERVAL_BLOCKED_S) {
		ev.push(
			workerEvidence(snapshot, w, 'event_loop_interval_seconds', 'event-loop interval', secondsText(interval), nowMs),
		);
		parts.push(`its loop ticks every ${secondsText(interval)} (nominal 0.02 s)`);
	}
	const tick = w.tick_duration_max_seconds;
	if (tick !== undefined && tick >= TICK_BLOCKED_S) {
		ev.push(workerEvidence(snapshot, w, 'tick_duration_max_seconds', 'longest tick', secondsText(tick), nowMs));
		parts.push(`a tick took ${secondsText(tick)}`);
	}
	const age = w.heartbeat_age_seconds;
	const beat = heartbeatIntervalSeconds(snapshot.workers.length);
	const judged = age === undefined || listeningS === undefined ? age : Math.min(age, Math.max(0, listeningS));
	let silentMs: number | undefined;
	if (judged !== undefined && judged >= Math.max(HEARTBEAT_BLOCKED_MIN_S, HEARTBEAT_BLOCKED_X * beat)) {
		silentMs = judged * 1000;
		ev.push(
			workerEvidence(
				snapshot,
				w,
				'heartbeat_age_seconds',
				'no heartbeat for',
				`${secondsText(age)} (every ${beat} s)`,
				nowMs,
			),
		);
		parts.push(`no heartbeat for ${secondsText(age)}`);
	}
	return {evidence: ev, parts, ...(silentMs === undefined ? {} : {silentMs})};
}

function judgeWorker(input: RuleInput, w: WorkerSnapshot): Candidate | undefined {
	const {evidence: ev, parts, silentMs} = blockedLoop(input, w);
	if (parts.length === 0) return undefined;
	return {
		...(silentMs === undefined ? {} : {heldMs: silentMs}),
		cause: 'event-loop-blocked',
		severity: 'warning',
		subject: workerSubject(w),
		evidence: ev,
		summary: `${w.name}'s event loop is blocked: ${parts.join(', ')}`,
		next: NEXT_WORKER,
	};
}

export const eventLoopBlocked: Rule = {
	cause: 'event-loop-blocked',
	// A heartbeat missing for 3 s is a stall that lasted 3 s, as Dask's own "event loop was unresponsive"
	// warning says after one: it needs no second poll. A loop interval or a tick is one reading: two polls.
	hysteresis: {...DEFAULT_HYSTERESIS, provenMs: HEARTBEAT_BLOCKED_MIN_S * 1000},
	explainedBy: ['memory-pressure', 'spilling', 'gil-contention', 'scheduler-bound'],
	onePoll: true,
	judge(input) {
		const {snapshot, nowMs} = input;
		const out: Candidate[] = [];
		for (const w of snapshot.workers) {
			const c = judgeWorker(input, w);
			if (c) out.push(c);
		}
		const tick = snapshot.scheduler.tick_duration_max_seconds;
		if (tick !== undefined && tick >= TICK_BLOCKED_S)
			out.push({
				cause: 'event-loop-blocked',
				severity: 'warning',
				subject: CLUSTER,
				evidence: [
					schedulerEvidence(
						snapshot,
						'tick_duration_max_seconds',
						"scheduler's longest tick",
						secondsText(tick),
						nowMs,
					),
				],
				summary: `the scheduler's event loop is blocked: a tick took ${secondsText(tick)} since the previous poll`,
				next:
					'the scheduler stalls every client and worker meanwhile: look for huge graphs submitted at once, ' +
					'large results gathered through it, or a scheduler plugin doing heavy work',
			});
		return out;
	},
};
