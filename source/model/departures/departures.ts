/**
 * Departures waiting for their reason (departure.ts says which): each fresh snapshot notes the
 * workers found gone or back as a new process, looks for the ones that came back, and judges every
 * waiting departure against what the snapshot knows (last status, the scheduler's log once asked).
 * Pure. The poller asks the scheduler's log while some departure waits (scrape/plan.ts).
 */
import type {WorkerSnapshot} from '../../types/snapshot.js';
import {type Departure, type DepartureEvidence, explainDeparture, type PendingDeparture} from './departure.js';
import type {WorkerTrack} from '../state-types.js';

/** Departures waiting at most (a cluster scaled down by hundreds at once); the oldest are judged first. */
const PENDING_KEPT = 1000;

export interface DecidedDeparture {
	readonly pending: PendingDeparture;
	readonly departure: Departure;
}

export interface DepartureStep {
	readonly pending: readonly PendingDeparture[];
	readonly decided: readonly DecidedDeparture[];
}

/** A worker found gone (or found back as a new process) at `nowMs`, with its figures before. */
export function departureOf(track: WorkerTrack, nowMs: number, rejoinedAs?: string): PendingDeparture {
	return {
		address: track.address,
		last: track.last,
		lastSeenMs: track.lastSeenMs,
		detectedMs: nowMs,
		...(track.memoryKilledMs === undefined ? {} : {memoryKilledMs: track.memoryKilledMs}),
		...(rejoinedAs === undefined ? {} : {rejoinedAs}),
	};
}

/** The worker that took its place: back at its address, or (it had a nanny) under its name elsewhere. */
function successor(p: PendingDeparture, present: readonly WorkerSnapshot[]): string | undefined {
	const nanny = typeof p.last.nanny === 'string' && p.last.nanny !== '';
	for (const w of present) if (w.address === p.address || (nanny && w.name === p.last.name)) return w.address;
	return undefined;
}

export function stepDepartures(
	waiting: readonly PendingDeparture[],
	added: readonly PendingDeparture[],
	present: readonly WorkerSnapshot[],
	evidence: DepartureEvidence,
): DepartureStep {
	if (waiting.length === 0 && added.length === 0) return {pending: waiting, decided: []};
	const known = new Set(waiting.map((p) => p.address));
	let all = [...waiting, ...added.filter((p) => !known.has(p.address))];
	const decided: DecidedDeparture[] = [];
	if (all.length > PENDING_KEPT) {
		// Judged now with what is known (the oldest): the log wait is a nicety, the bound is not.
		const overflow = all.slice(0, all.length - PENDING_KEPT);
		all = all.slice(all.length - PENDING_KEPT);
		const late = {...evidence, nowMs: Number.POSITIVE_INFINITY};
		for (const p of overflow) decided.push({pending: p, departure: explainDeparture(p, late)!});
	}
	const pending: PendingDeparture[] = [];
	for (const waitingOne of all) {
		let p = waitingOne;
		if (p.rejoinedAs === undefined) {
			const back = successor(p, present);
			if (back !== undefined) p = {...p, rejoinedAs: back};
		}
		const departure = explainDeparture(p, evidence);
		if (departure) decided.push({pending: p, departure});
		else pending.push(p);
	}
	return {pending, decided};
}
