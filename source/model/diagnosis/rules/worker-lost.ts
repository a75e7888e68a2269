/**
 * worker-lost: a post-mortem of each worker that left without retiring, from its last figures.
 * Likely reasons, in order: its memory was near Dask's terminate threshold (or it was paused) —
 * killed by its nanny (or, without one, by the system's out-of-memory killer); its heartbeats had
 * stopped (hung, or cut off); else no sign in its figures — and then it says so: HTTP cannot tell a
 * worker stopped (SIGTERM, its cluster manager) from one killed (SIGKILL, the OOM killer) or crashed,
 * and its last poll's memory does not rule out an allocation between polls. Follows the
 * alert rules' `worker_lost` alert (its input, read below), which tells a loss from a retirement.
 * Critical, as that alert is: its tasks are recomputed elsewhere and its data is gone.
 *
 * A worker its nanny restarted between two polls is never seen gone: the departure rules
 * (departure.ts) tell it from a new process at its address or under its name, and judge it lost
 * (the process died without closing), an alert held for `worker_lost_hold_s` though the worker is
 * back (state.heldLosses). The finding follows that verdict for as long, in its words. Either way
 * the departure's own entry (the alert or the event) is the event log's account of the loss: the
 * finding cites it and logs no event of its own (diagnose.ts), so a loss is told once.
 *
 * Visible on every version (the worker list of identity.json or workers.html).
 */
import {alertId} from '../../alerts/alerts.js';
import type {ClusterState, WorkerTrack} from '../../state-types.js';
import type {Alert} from '../../view-types.js';
import {bytesText} from '../../../units/bytes.js';
import {percentText, secondsText, UNKNOWN} from '../../text.js';
import {heartbeatIntervalSeconds} from '../../alerts/thresholds.js';
import {MEMORY_KILL_MEMORY_MS} from '../../departures/departure.js';
import {evidence, workerSubject} from '../figures.js';
import {AT_ONCE} from '../../hold.js';
import type {Rule} from '../rule.js';
import {findingText} from '../rule.js';
import type {Candidate, Evidence} from '../diagnosis-types.js';

interface LostReport {
	readonly alert: Alert;
	readonly track: WorkerTrack;
	/** Monitor ms it was found gone. */
	readonly lostMs: number;
}

/** Workers the alert rules hold as lost (not retired), while their alert lasts. */
function lostReports(state: ClusterState): LostReport[] {
	const out: LostReport[] = [];
	for (const track of state.workers.values()) {
		if (track.lostMs === undefined || track.retired) continue;
		const alert = state.alerts.get(alertId('worker_lost', track.address));
		if (alert?.state === 'ongoing') out.push({alert, track, lostMs: track.lostMs});
	}
	return out;
}

interface ReplacedReport {
	/** The departure's verdict as logged (an instantaneous `worker_lost` event). */
	readonly event: Alert;
	/** Epoch ms the verdict was logged. */
	readonly atMs: number;
}

/**
 * Workers the departure rules judged lost that are back as a new process (their nanny restarted
 * them): the verdict's alert while it is held, else its event, for `holdMs` after it was logged.
 * The newest per worker address.
 */
function replacedReports(state: ClusterState, nowMs: number, holdMs: number): ReplacedReport[] {
	const out = new Map<string, ReplacedReport>();
	for (const event of state.events) {
		const atMs = event.start_time * 1000;
		if (nowMs - atMs >= holdMs) continue;
		if (event.kind !== 'worker_lost' || event.duration_seconds !== 0 || out.has(event.subject)) continue;
		if (state.alerts.get(event.id)?.state === 'ongoing') continue;
		out.set(event.subject, {event, atMs});
	}
	// A loss held as an alert while a new process has its address back (state.heldLosses): no lost
	// track carries it, so it is reported here, from its alert.
	for (const loss of state.heldLosses ?? []) {
		const track = state.workers.get(loss.address);
		if (track?.lostMs !== undefined && !track.retired) continue; // lostReports has it
		const alert = state.alerts.get(alertId('worker_lost', loss.address));
		if (alert?.state !== 'ongoing' || out.has(alert.subject)) continue;
		const atMs = alert.start_time * 1000;
		if (nowMs - atMs < holdMs) out.set(alert.subject, {event: alert, atMs});
	}
	return [...out.values()];
}

/** Memory at least this fraction of the limit in its last figures: near the terminate threshold. */
export const LOST_NEAR_TERMINATE = 0.85;
/** Its last heartbeat at least this many heartbeat intervals old: heartbeats had stopped. */
export const LOST_HEARTBEAT_X = 5;
/** The last history points looked at for its memory peak. */
const LAST_POINTS = 3;

function peakFraction(track: WorkerTrack): number | undefined {
	const limit = track.last.memory_limit_bytes;
	if (limit === undefined || limit <= 0) return undefined;
	let peak = track.last.memory_process_bytes;
	for (const v of track.history.memoryProcessBytes.values(LAST_POINTS))
		if (!Number.isNaN(v)) peak = Math.max(peak ?? 0, v);
	return peak === undefined ? undefined : peak / limit;
}

function reason(track: WorkerTrack, workers: number): {text: string; evidence: Evidence[]} {
	const w = track.last;
	const atS = track.lastSeenMs / 1000;
	const nowMs = track.lostMs ?? track.lastSeenMs;
	const ev: Evidence[] = [];
	const peak = peakFraction(track);
	if (peak !== undefined)
		ev.push(
			evidence(
				'memory when last seen',
				`${percentText(peak)} of ${bytesText(w.memory_limit_bytes, UNKNOWN)}`,
				w.sources['memory_process_bytes'] ?? 'derived',
				atS,
				nowMs,
			),
		);
	if (w.status !== undefined) ev.push(evidence('last status', w.status, w.sources['status'] ?? 'derived', atS, nowMs));
	const age = w.heartbeat_age_seconds;
	const beat = heartbeatIntervalSeconds(workers);
	if (age !== undefined)
		ev.push(
			evidence(
				'heartbeat age when last seen',
				secondsText(age),
				w.sources['heartbeat_age_seconds'] ?? 'derived',
				atS,
				nowMs,
			),
		);
	const nanny = typeof w.nanny === 'string' && w.nanny !== '';
	if ((peak !== undefined && peak >= LOST_NEAR_TERMINATE) || w.status === 'paused')
		return {
			text: nanny
				? 'likely killed by its nanny for memory (near the terminate threshold when last seen)'
				: 'likely killed for memory (near its limit when last seen; it had no nanny)',
			evidence: ev,
		};
	if (age !== undefined && age >= LOST_HEARTBEAT_X * beat)
		return {text: `its heartbeats had stopped ${secondsText(age)} before it went (hung or cut off)`, evidence: ev};
	if (track.memoryKilledMs !== undefined && nowMs - track.memoryKilledMs <= MEMORY_KILL_MEMORY_MS)
		return {
			text:
				'likely killed for memory again: an earlier process at its address was, and this one grew between polls ' +
				`(${peak === undefined ? 'its memory unknown' : `${percentText(peak)} at the last poll`})`,
			evidence: ev,
		};
	const memory = peak === undefined ? '' : ` (memory ${percentText(peak)} of its limit at the last poll)`;
	return {
		text:
			`no sign in its last figures${memory}: stopped (SIGTERM, its cluster manager), killed (SIGKILL, the OOM ` +
			'killer) or crashed — HTTP cannot tell which, nor rule out an allocation between polls',
		evidence: ev,
	};
}

export const workerLost: Rule = {
	id: 'worker-lost',
	kind: 'finding',
	inputs: [
		'state.workers',
		'state.alerts',
		'state.events',
		'state.heldLosses',
		'state.options.thresholds',
		'snapshot.workers',
		'nowMs',
	],
	text: findingText,
	// The alert rules already decided it is a loss: follow their alert as it is.
	hold: AT_ONCE,
	onePoll: false,
	judge({state, snapshot, nowMs}) {
		const out: Candidate[] = [];
		for (const lost of lostReports(state)) {
			const {track} = lost;
			const w = track.last;
			const why = reason(track, snapshot.workers.length + 1);
			const held: string[] = [];
			if (w.processing !== undefined && w.processing > 0) held.push(`${w.processing} processing`);
			const keys = w.keys_in_memory ?? w.tasks_in_memory;
			if (keys !== undefined && keys > 0) held.push(`${keys} in memory`);
			const tasks = held.length > 0 ? `; its tasks (${held.join(', ')}) are recomputed elsewhere` : '';
			out.push({
				cause: 'worker-lost',
				severity: 'critical',
				subject: workerSubject({address: track.address, name: w.name}),
				// Its own figures; the verdict stands as the worker_lost alert beside it (the log's one account).
				evidence: why.evidence,
				summary: `${w.name} was lost: ${why.text}`,
				next:
					`its last figures are in the worker table (dimmed) and the events view (3)${tasks}; ` +
					"the worker's own log says why it exited",
			});
		}
		const holdMs = state.options.thresholds.worker_lost_hold_s * 1000;
		for (const {event} of replacedReports(state, nowMs, holdMs)) {
			const name = event.subject_name;
			const why = VERDICT_WHY.exec(event.message)?.[1] ?? 'its process died without closing';
			out.push({
				cause: 'worker-lost',
				severity: 'critical',
				subject: workerSubject({address: event.subject, name}),
				evidence: [verdictEvidence(event.message, event.start_time, nowMs)],
				summary: `${name} was lost and is back as a new process: ${why}`,
				next:
					'the events view (3) has its last figures; its tasks were recomputed and its data is gone; ' +
					"the worker's own log (and its nanny's) says why it exited",
			});
		}
		return out;
	},
};

/** The reason in a departure's verdict: "worker NAME (ADDRESS) lost: REASON; last status …". */
const VERDICT_WHY = /\) lost(?: with its work \([^)]*\))?: (.+?); last status /;

/** The verdict's judgement ("lost with its work (…): reason …"); its figures are the finding's other evidence. */
const VERDICT_JUDGEMENT = /\) (lost.*?); last status /;

function verdictEvidence(message: string, atS: number, nowMs: number): Evidence {
	const judgement = VERDICT_JUDGEMENT.exec(message)?.[1] ?? message;
	return evidence('departure verdict (events view)', judgement, 'alerts', atS, nowMs);
}
