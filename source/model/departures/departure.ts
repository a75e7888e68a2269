/**
 * Why a worker left, and how sure dask-top can be: the rule, pure. A worker that closes in an
 * orderly way is routine (info); one that vanished without closing is a loss (critical); where
 * HTTP cannot tell them apart the verdict says so and its severity follows what left with it.
 *
 * What survives a 2 s poll (docs: "How dask-top tells a clean leave from a loss"):
 * - the worker's last status: `closing_gracefully` (a retire under way) or `closing`/`closed` (it told
 *   the scheduler it is closing). Sure, but rarely seen: an idle worker's close takes milliseconds;
 * - the scheduler's log (/info/main/logs.html, asked once after a departure): a retire by any client,
 *   Adaptive or a cluster manager; Client.restart; the worker-ttl removal of a worker that stopped
 *   heartbeating. Sure. Neither release logs whether a worker it did not retire closed or vanished:
 *   a SIGTERM'd `dask worker --no-nanny` does not even close (its event loop stops, the connection
 *   breaks as after kill -9), and a nanny's orderly stop is logged like a crash;
 * - its last heartbeat age: not heard for the critical level before it went: lost (likely);
 * - a new process under its name (a new scratch directory at its address, or its name at another
 *   address): the process died without its nanny asking, and the nanny restarted it. Sure; "killed by
 *   its nanny for memory?" (likely) when it was last seen paused by memory (Dask pauses at
 *   `distributed.worker.memory.pause`, 0.8: a worker paused is on its way to the nanny's
 *   `distributed.worker.memory.terminate`, 0.95, whatever its last reading), when its memory was
 *   near the limit, or when an earlier process at its address was killed for memory (a leak or a
 *   task that allocates the same way again, faster than two polls apart). Otherwise its last
 *   poll's memory is said with what it cannot show: an allocation past the terminate threshold
 *   between two polls is not ruled out.
 */
import type {Snapshot, WorkerRemoval, WorkerSnapshot} from '../../types/snapshot.js';
import {heartbeatIntervalSeconds} from '../alerts/thresholds.js';
import {bytesText} from '../../units/bytes.js';
import {percentText, UNKNOWN} from '../text.js';
import type {Thresholds} from '../alerts/thresholds.js';
import type {Severity} from '../view-types.js';

export type DepartureCause = 'retired' | 'closed' | 'restart' | 'no-heartbeat' | 'nanny-restart' | 'unknown';
export type DepartureConfidence = 'sure' | 'likely' | 'unknown';

export interface Departure {
	readonly cause: DepartureCause;
	/** left: an orderly leave (info); lost: a loss (of the worker, or of its work); gone: reason unknown, nothing lost. */
	readonly verdict: 'left' | 'lost' | 'gone';
	readonly confidence: DepartureConfidence;
	readonly severity: Severity;
	/** An ongoing worker_lost alert while the loss is held (a worker that did not come back). */
	readonly standing: boolean;
	readonly message: string;
	/** The reason given is memory (its nanny's terminate threshold): its next process keeps that in mind. */
	readonly memory?: boolean;
}

/** A worker found gone (or found back as a new process), waiting for its reason. */
export interface PendingDeparture {
	readonly address: string;
	/** Its figures when last seen before it went. */
	readonly last: WorkerSnapshot;
	readonly lastSeenMs: number;
	/** Monitor time it was found gone. */
	readonly detectedMs: number;
	/** It was seen again at its address as a new process (or a new process took its name). */
	readonly rejoinedAs?: string;
	/** When an earlier process at its address was judged killed for memory (monitor ms). */
	readonly memoryKilledMs?: number;
}

/** A departure waits this long at most for the scheduler's log; then it is judged without. */
export const DEPARTURE_LOG_WAIT_MS = 60_000;
/** From this memory / limit at its last sight, a worker its nanny restarted was probably killed for memory. */
const NANNY_KILL_HINT = 0.8;
/** An earlier process at the address killed for memory this recently: a new death is likely the same. */
export const MEMORY_KILL_MEMORY_MS = 10 * 60_000;
const LEAVING_GRACEFULLY = new Set(['closing_gracefully', 'retiring']);
const CLOSING = new Set(['closing', 'closed']);

export interface DepartureEvidence {
	readonly snapshot: Snapshot;
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	readonly clock: (epochMs: number) => string;
}

function logHealth(snapshot: Snapshot): Snapshot['endpoints'][number] | undefined {
	return snapshot.endpoints.find((h) => h.target === undefined && h.path === '/info/main/logs.html');
}

function logAsked(snapshot: Snapshot): boolean {
	return logHealth(snapshot) !== undefined;
}

/** What the scheduler's log can say of this departure, or 'wait' for an answer asked after it. */
function logRemoval(p: PendingDeparture, e: DepartureEvidence): WorkerRemoval | 'wait' | undefined {
	const log = e.snapshot.scheduler_log;
	const askedAfter = log !== undefined && log.time * 1000 > p.detectedMs;
	const removal = log?.removals.find((r) => r.address === p.address);
	// A removal the log has not seen the worker come back from is this one, whenever the log was
	// asked; one it came back from may be an earlier stay's, unless the log was asked after.
	if (removal && (!removal.rejoined || askedAfter || p.rejoinedAs !== undefined)) return removal;
	if (askedAfter) return undefined;
	if (e.nowMs - p.detectedMs >= DEPARTURE_LOG_WAIT_MS) return undefined;
	// A poller asks the log the round after a departure; a round later with the log never asked is a
	// source that does not ask it (a recording made without it): judge without.
	const health = logHealth(e.snapshot);
	if (health === undefined && e.nowMs > p.detectedMs) return undefined;
	const failedSince = health !== undefined && health.state !== 'ok' && (health.last_attempt ?? 0) * 1000 > p.detectedMs;
	return failedSince ? undefined : 'wait';
}

function hasNanny(w: WorkerSnapshot): boolean {
	return typeof w.nanny === 'string' && w.nanny !== '';
}

function tookWork(w: WorkerSnapshot): {keys: number; tasks: number} {
	const keys = w.keys_in_memory ?? w.tasks_in_memory ?? 0;
	const tasks = Math.max(w.processing ?? 0, w.tasks_executing ?? 0);
	return {keys, tasks};
}

/** Its last figures, as the lost alert always gave them (the task counts left out where the message names its work). */
export function lastFigures(p: PendingDeparture, clock: (epochMs: number) => string, withTasks = true): string {
	const w = p.last;
	const parts: string[] = [`last status ${w.status ?? 'unknown'}`];
	if (w.memory_process_bytes !== undefined) {
		const limit = w.memory_limit_bytes;
		parts.push(
			`memory ${bytesText(w.memory_process_bytes, UNKNOWN)}` +
				`${limit ? ` (${percentText(w.memory_process_bytes / limit)} of ${bytesText(limit, UNKNOWN)})` : ''}`,
		);
	}
	const tasks: string[] = [];
	if (w.processing !== undefined) tasks.push(`${w.processing} processing`);
	if (w.tasks_executing !== undefined) tasks.push(`${w.tasks_executing} executing`);
	const held = w.keys_in_memory ?? w.tasks_in_memory;
	if (held !== undefined) tasks.push(`${held} in memory`);
	if (withTasks && tasks.length > 0) parts.push(`tasks ${tasks.join(', ')}`);
	parts.push(`last seen ${clock(p.lastSeenMs)}`);
	return parts.join('; ');
}

function left(p: PendingDeparture, cause: DepartureCause, how: string): Departure {
	const message = `worker ${p.last.name} left: ${how}`;
	return {cause, verdict: 'left', confidence: 'sure', severity: 'info', standing: false, message};
}

function lost(
	p: PendingDeparture,
	e: DepartureEvidence,
	cause: DepartureCause,
	confidence: DepartureConfidence,
	why: string,
): Departure {
	// Standing even when its nanny brought it back: what it held and ran was lost, and a critical
	// alert that started and ended in one poll would be missed (the header's count, --bell).
	const message = `worker ${p.last.name} (${p.address}) lost: ${why}; ${lastFigures(p, e.clock)}`;
	return {cause, verdict: 'lost', confidence, severity: 'critical', standing: true, message};
}

/** The verdict on a departure, or undefined while the scheduler's log is still to be asked. */
export function explainDeparture(p: PendingDeparture, e: DepartureEvidence): Departure | undefined {
	const w = p.last;
	const status = w.status ?? '';
	if (LEAVING_GRACEFULLY.has(status)) return left(p, 'retired', 'retired (it was closing gracefully)');
	if (CLOSING.has(status)) return left(p, 'closed', `closed (last seen ${status})`);
	const beat = heartbeatIntervalSeconds(e.snapshot.scheduler.workers.total ?? e.snapshot.workers.length);
	const age = w.heartbeat_age_seconds;
	if (age !== undefined && age >= e.thresholds.heartbeat_critical_x * beat)
		return lost(p, e, 'no-heartbeat', 'likely', `no heartbeat for ${Math.round(age)} s before it went`);
	const removal = logRemoval(p, e);
	if (removal === 'wait') return undefined;
	const back = p.rejoinedAs !== undefined || removal?.rejoined === true;
	switch (removal?.cause) {
		case 'retired':
			return left(p, 'retired', back ? 'retired, and its nanny restarted it empty' : "retired (the scheduler's log)");
		case 'restart':
			return left(
				p,
				'restart',
				back || hasNanny(p.last)
					? "restarted by Client.restart (the scheduler's log)"
					: "shut down by Client.restart (no nanny to restart it; the scheduler's log)",
			);
		case 'no-heartbeat':
			return lost(p, e, 'no-heartbeat', 'sure', "no heartbeat: the scheduler removed it (the scheduler's log)");
		default:
			break;
	}
	if (back) return restartedVerdict(p, e);
	return gone(p, e, removal);
}

/** A process that died without closing and came back (its nanny restarted it): memory, when its figures say so. */
function restartedVerdict(p: PendingDeparture, e: DepartureEvidence): Departure {
	const w = p.last;
	const t = e.thresholds;
	const limit = w.memory_limit_bytes;
	const memory = limit && w.memory_process_bytes !== undefined ? w.memory_process_bytes / limit : undefined;
	const at = memory === undefined ? '' : ` at ${percentText(memory)} of its limit`;
	const terminate = `the nanny terminates at ${percentText(t.memory_terminate)}`;
	const before = p.memoryKilledMs;
	const again = before !== undefined && p.detectedMs - before <= MEMORY_KILL_MEMORY_MS;
	const withMemory = (why: string): Departure => ({...lost(p, e, 'nanny-restart', 'likely', why), memory: true});
	if (w.status === 'paused')
		return withMemory(`killed by its nanny for memory? it was paused by memory${at} at the last poll (${terminate})`);
	if (memory !== undefined && memory >= NANNY_KILL_HINT)
		return withMemory(`killed by its nanny for memory? memory was${at} at the last poll (${terminate})`);
	if (again)
		return withMemory(
			`killed by its nanny for memory again? its previous process was killed for memory ` +
				`${Math.round((p.detectedMs - before) / 1000)} s before, and this one was${at} at the last poll: ` +
				'it grows faster than two polls apart',
		);
	const died = `its process died without closing and ${hasNanny(w) ? 'its nanny restarted it' : 'was started again'}`;
	return lost(
		p,
		e,
		'nanny-restart',
		'sure',
		memory === undefined
			? died
			: `${died} (memory${at} at the last poll: an allocation past the terminate threshold between polls ` +
					'cannot be ruled out)',
	);
}

/**
 * No retire, no restart, no missed heartbeat, no new process: closed (SIGTERM, its nanny stopping)
 * or killed (kill -9, the OOM killer, a crash) — HTTP cannot tell. What left with it decides: the
 * keys it held and the tasks it ran are lost to the cluster (recomputed, or gone for scattered data)
 * however it left — critical; a worker that held no work is only gone — a warning in the log.
 */
function gone(p: PendingDeparture, e: DepartureEvidence, removal: WorkerRemoval | undefined): Departure {
	const why =
		removal !== undefined
			? "not retired (the scheduler's log): closed or killed, HTTP cannot tell"
			: e.snapshot.scheduler_log !== undefined
				? "reason unknown (the scheduler's log does not name it)"
				: logAsked(e.snapshot)
					? "reason unknown (the scheduler's log could not be read)"
					: "reason unknown (no scheduler's log in this recording)";
	const nanny = hasNanny(p.last) ? '; its nanny did not restart it' : '';
	const {keys, tasks} = tookWork(p.last);
	const figures = lastFigures(p, e.clock, keys === 0 && tasks === 0);
	if (keys === 0 && tasks === 0) {
		const message = `worker ${p.last.name} (${p.address}) gone, holding no work: ${why}${nanny}; ${figures}`;
		return {cause: 'unknown', verdict: 'gone', confidence: 'unknown', severity: 'warning', standing: false, message};
	}
	const work = [
		...(keys > 0 ? [`${keys} key${keys === 1 ? '' : 's'} held`] : []),
		...(tasks > 0 ? [`${tasks} task${tasks === 1 ? '' : 's'} running`] : []),
	].join(', ');
	const message = `worker ${p.last.name} (${p.address}) lost with its work (${work}): ${why}${nanny}; ${figures}`;
	return {cause: 'unknown', verdict: 'lost', confidence: 'unknown', severity: 'critical', standing: true, message};
}
