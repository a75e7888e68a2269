/**
 * event-loop-blocked: a worker's or the scheduler's event loop ticks late — a task holding the GIL,
 * a long C call, heavy (de)serialisation. While its loop is blocked a worker answers nothing and
 * sends no heartbeat, so three figures show it: the loop interval a heartbeat reports
 * (identity.json), the longest tick since the last scrape (a worker's own /metrics; the scheduler's
 * /metrics for the scheduler), and heartbeats that stopped while the scheduler was listening.
 *
 * Dask's own line is `distributed.admin.tick.limit` (3 s on every release): a tick longer than that
 * is when Dask itself logs "Event loop was unresponsive in Worker for N s. This is often caused by
 * long-running GIL-holding functions or moving large chunks of data" (core.py `_measure_tick`). A
 * shorter tick (1.1 s during a healthy 20 M-row shuffle) is below that line and no finding. A
 * heartbeat missing for 3 s (5 × its interval at least) is a stall that long.
 *
 * What the loop was doing, when it can be known: with no task running on the worker, a task holding
 * the GIL is not the cause — the loop was moving data (transfers in or out, data arriving with no
 * task: a scatter) or releasing it (keys dropping: a client leaving, futures released), and the next
 * step says so rather than advising about the GIL. For the scheduler, a client leaving, a graph of
 * thousands of tasks arriving or being released between two polls.
 *
 * Visible on every version. Explained away by memory pressure, spilling (which block the loop too),
 * GIL contention where that is visible, and, for the scheduler, by being bound by its own work.
 */
import type {WorkerSnapshot} from '../../../types/snapshot.js';
import {bytesText} from '../../../units/bytes.js';
import {secondsText} from '../../text.js';
import {heartbeatIntervalSeconds} from '../../alerts/thresholds.js';
import {CLUSTER, evidence, schedulerEvidence, sourceOf, workerEvidence, workerSubject} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule, RuleInput} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';

/**
 * Dask's `distributed.admin.tick.limit` (3 s on 2022.12 and 2026.7): a tick longer than this is when
 * Dask logs its "Event loop was unresponsive" warning. Dask's own line, not a stricter one.
 */
export const DASK_TICK_LIMIT_S = 3;
/** A worker's event-loop interval (nominal 0.02 s, averaged over a 1 s cycle) at or over Dask's tick limit. */
const LOOP_INTERVAL_BLOCKED_S = DASK_TICK_LIMIT_S;
/** A tick (worker or scheduler) at least Dask's tick limit since the previous scrape. */
const TICK_BLOCKED_S = DASK_TICK_LIMIT_S;
/** The scheduler's tasks changed by at least this many between two polls: a graph arrived or was released. */
export const TASKS_MOVED_MIN = 1000;
/** No heartbeat for this many heartbeat intervals… */
export const HEARTBEAT_BLOCKED_X = 5;
/** …and at least this long. */
export const HEARTBEAT_BLOCKED_MIN_S = 3;

const NEXT_WORKER =
	'a task holds the GIL or a long C call blocks the loop (heartbeats and transfers wait): release the GIL ' +
	'(numba nogil, numpy), split the task, or run it in a separate process';
const NEXT_DATA =
	'no task was running: the loop was busy moving or releasing data, which Dask does on the event loop ' +
	'(its warning names "moving large chunks of data"): scatter less at once or load data inside tasks, ' +
	'gather smaller results, release futures in smaller batches';

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

/** Tasks running on the worker as last read (executing, else the scheduler's processing); undefined: unknown. */
function running(w: WorkerSnapshot): number | undefined {
	return w.tasks_executing ?? w.processing;
}

/**
 * What a worker's loop was doing with no task running, when its figures tell: data moving in or out,
 * keys arriving (a scatter, a transfer) or leaving (released) since its previous reading.
 */
function dataActivity(input: RuleInput, w: WorkerSnapshot): {text: string; evidence: Evidence[]} {
	const {snapshot, nowMs} = input;
	const ev: Evidence[] = [];
	const parts: string[] = [];
	const incoming = w.transfer_incoming_bytes ?? 0;
	const outgoing = w.transfer_outgoing_bytes ?? 0;
	if (incoming > 0 || (w.transfer_incoming_count ?? 0) > 0) {
		ev.push(
			workerEvidence(snapshot, w, 'transfer_incoming_bytes', 'receiving from peers', bytesText(incoming, '?'), nowMs),
		);
		parts.push(`receiving ${bytesText(incoming, '?')} from peers`);
	}
	if (outgoing > 0 || (w.transfer_outgoing_count ?? 0) > 0) {
		ev.push(
			workerEvidence(snapshot, w, 'transfer_outgoing_bytes', 'sending to peers', bytesText(outgoing, '?'), nowMs),
		);
		parts.push(`sending ${bytesText(outgoing, '?')} to peers`);
	}
	const held = input.window.workers.get(w.address)?.rate('held', false);
	if (held && held.delta !== 0) {
		const n = Math.abs(held.delta);
		ev.push(
			evidence(
				'keys held, change since its previous reading',
				`${held.delta > 0 ? '+' : '−'}${n} in ${secondsText(held.spanS)}`,
				sourceOf(held.src),
				held.lastAt,
				nowMs,
			),
		);
		parts.push(
			held.delta > 0
				? `${n} key${n === 1 ? '' : 's'} arrived (a scatter or a transfer)`
				: `releasing ${n} key${n === 1 ? '' : 's'} (a client leaving or futures released)`,
		);
	}
	return {text: parts.length === 0 ? 'moving or releasing data' : parts.join(', '), evidence: ev};
}

/**
 * Idle workers whose heartbeats alone stopped, this many at once or more: the scheduler was late to
 * answer them, not their loops. A worker sends its next heartbeat only once the scheduler answered the
 * last (tornado's `PeriodicCallback._run` awaits `Worker.heartbeat`, which awaits the scheduler's
 * `heartbeat_worker`), so a scheduler slowed by a flood of tiny tasks on a loaded host silences every
 * idle worker together (3.5 s on two of three in the client-leaving scenario, their loops free), while
 * a worker's own blocked loop silences that worker alone.
 */
export const SCHEDULER_LATE_WORKERS = 2;

/** A worker's finding; whether it runs no task and sent no heartbeat, and whether that is its one sign. */
interface WorkerBlocked {
	readonly candidate: Candidate;
	readonly idleSilent: boolean;
	readonly heartbeatOnly: boolean;
}

function judgeWorker(input: RuleInput, w: WorkerSnapshot): WorkerBlocked | undefined {
	const {evidence: ev, parts, silentMs} = blockedLoop(input, w);
	if (parts.length === 0) return undefined;
	const tasks = running(w);
	const idle = tasks === 0;
	const idleSilent = idle && silentMs !== undefined;
	const field = w.tasks_executing === undefined ? 'processing' : 'tasks_executing';
	if (tasks !== undefined)
		ev.push(workerEvidence(input.snapshot, w, field, 'tasks running', String(tasks), input.nowMs));
	const activity = idle ? dataActivity(input, w) : undefined;
	if (activity) ev.push(...activity.evidence);
	const candidate: Candidate = {
		...(silentMs === undefined ? {} : {heldMs: silentMs}),
		cause: 'event-loop-blocked',
		severity: 'warning',
		subject: workerSubject(w),
		evidence: ev,
		summary:
			`${w.name}'s event loop is blocked: ${parts.join(', ')}` +
			(activity ? `, with no task running: ${activity.text}` : ''),
		next: activity ? NEXT_DATA : NEXT_WORKER,
	};
	return {candidate, idleSilent, heartbeatOnly: parts.length === 1 && silentMs !== undefined};
}

/** What the scheduler was doing between its last two /metrics readings: a client leaving, a graph coming or going. */
function schedulerActivity(input: RuleInput): {text: string; evidence: Evidence[]} | undefined {
	const list = input.window.cluster;
	const last = list.at(-1);
	const before = list.at(-2);
	if (!last || !before) return undefined;
	const ev: Evidence[] = [];
	const parts: string[] = [];
	if (last.clients !== undefined && before.clients !== undefined && last.clients < before.clients) {
		ev.push(evidence('clients connected', `${before.clients} → ${last.clients}`, 'metrics', last.at, input.nowMs));
		parts.push(`a client left (${before.clients} → ${last.clients} connected)`);
	}
	if (last.tasksTotal !== undefined && before.tasksTotal !== undefined) {
		const delta = last.tasksTotal - before.tasksTotal;
		if (Math.abs(delta) >= TASKS_MOVED_MIN) {
			ev.push(
				evidence(
					'tasks the scheduler holds',
					`${before.tasksTotal} → ${last.tasksTotal}`,
					'metrics',
					last.at,
					input.nowMs,
				),
			);
			parts.push(delta > 0 ? `${delta} tasks arrived` : `releasing ${-delta} tasks`);
		}
	}
	return parts.length === 0 ? undefined : {text: parts.join(', '), evidence: ev};
}

export const eventLoopBlocked: Rule = {
	id: 'event-loop-blocked',
	kind: 'finding',
	inputs: ['snapshot.workers', 'snapshot.scheduler.tick', 'window.workers', 'window.cluster', 'state.source', 'nowMs'],
	text: findingText,
	// A heartbeat missing for 3 s is a stall that lasted 3 s, as Dask's own "event loop was unresponsive"
	// warning says after one: it needs no second poll. A loop interval or a tick is one reading: two polls.
	hold: {...FINDING_HOLD, provenMs: HEARTBEAT_BLOCKED_MIN_S * 1000},
	explainedBy: ['memory-pressure', 'spilling', 'gil-contention', 'scheduler-bound'],
	onePoll: true,
	judge(input) {
		const {snapshot, nowMs} = input;
		const out: Candidate[] = [];
		const blocked = snapshot.workers.flatMap((w) => judgeWorker(input, w) ?? []);
		const late = blocked.filter((b) => b.idleSilent).length >= SCHEDULER_LATE_WORKERS;
		for (const b of blocked) if (!(late && b.idleSilent && b.heartbeatOnly)) out.push(b.candidate);
		const tick = snapshot.scheduler.tick_duration_max_seconds;
		if (tick !== undefined && tick >= TICK_BLOCKED_S) {
			const activity = schedulerActivity(input);
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
					...(activity?.evidence ?? []),
				],
				summary:
					`the scheduler's event loop is blocked: a tick took ${secondsText(tick)} since the previous poll` +
					(activity ? `, while ${activity.text}` : ''),
				next: activity
					? 'the scheduler does this work on its event loop and stalls every client and worker meanwhile: ' +
						'submit and release work in smaller graphs (fewer, larger tasks), keep clients open between runs'
					: 'the scheduler stalls every client and worker meanwhile: look for huge graphs submitted at once, ' +
						'large results gathered through it, or a scheduler plugin doing heavy work',
			});
		}
		return out;
	},
};
