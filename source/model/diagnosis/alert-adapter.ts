/**
 * What the diagnosis takes from the alert rules, in one place: stall detection (the `stalled`
 * alert, for `hung`) and workers lost rather than retired (the `worker_lost` alert and the
 * worker's last figures, or the `worker_lost` event of one its nanny restarted, for
 * `worker-lost`). Those rules own their judgement; the diagnosis reads their verdicts here only,
 * so a change in them touches this file alone.
 */
import {alertId} from '../alerts/alerts.js';
import type {Alert} from '../view-types.js';
import type {ClusterState, WorkerTrack} from '../state-types.js';

const STALLED_ID = alertId('stalled', 'cluster');

export interface StallReport {
	readonly alert: Alert;
	/** Addresses of the workers holding tasks (the alert's `workers`). */
	readonly workers: readonly string[];
	/** Epoch ms the stall alert started. */
	readonly sinceMs: number;
}

/** The ongoing stall, when the stall rule sees one. */
export function stallReport(state: ClusterState): StallReport | undefined {
	const alert = state.alerts.get(STALLED_ID);
	if (alert?.state !== 'ongoing') return undefined;
	return {alert, workers: alert.workers ?? [], sinceMs: alert.start_time * 1000};
}

export interface LostReport {
	readonly alert: Alert;
	readonly track: WorkerTrack;
	/** Monitor ms it was found gone. */
	readonly lostMs: number;
}

/** Workers the alert rules hold as lost (not retired), while their alert lasts. */
export function lostReports(state: ClusterState): LostReport[] {
	const out: LostReport[] = [];
	for (const track of state.workers.values()) {
		if (track.lostMs === undefined || track.retired) continue;
		const alert = state.alerts.get(alertId('worker_lost', track.address));
		if (alert?.state === 'ongoing') out.push({alert, track, lostMs: track.lostMs});
	}
	return out;
}

export interface ReplacedReport {
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
export function replacedReports(state: ClusterState, nowMs: number, holdMs: number): ReplacedReport[] {
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
