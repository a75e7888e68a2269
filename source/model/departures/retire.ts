/**
 * Retires dask-top asked for, and what the following polls say became of them. Pure: the request
 * and its answer arrive as snapshot.actions (the rounds after they were sent, live or replayed);
 * the outcome comes from the worker list, not from the answer alone, because what the call does
 * depends on the worker: Dask's `retire_workers` (close_workers=False) moves the worker's keys to
 * others and removes it; a worker without a nanny exits and stays gone, one with a nanny is
 * restarted by it and rejoins empty under the same name; newer versions may answer 500 although the
 * retire happened. The scheduler's own answer is shown beside the outcome.
 */
import {RETIRE_PATH, type Snapshot, type SnapshotAction, type WorkerSnapshot} from '../../types/snapshot.js';
import type {WorkerTrack} from '../state-types.js';
import type {RetireAnswer, RetireOutcome, RetireTrack} from './retire-types.js';
import type {Severity} from '../view-types.js';

/** A nanny's worker that left is waited for this long to rejoin before it counts as gone for good. */
export const REJOIN_WAIT_MS = 30_000;
/** A worker still connected this long after a successful answer is said to be. */
export const STILL_CONNECTED_MS = 30_000;
/** After an answer that is not a success, a worker still there this long means the retire did not happen. */
export const FAILED_AFTER_MS = 10_000;
/** Retires remembered, newest first. */
export const RETIRES_KEPT = 20;

/** An event to log: what became of a retire. */
export interface RetireEvent {
	readonly address: string;
	readonly name: string;
	readonly severity: Severity;
	readonly message: string;
}

export interface RetireInput {
	readonly retires: readonly RetireTrack[];
	readonly snapshot: Snapshot;
	/** The model's workers before this snapshot (names, keys, memory, nanny of the worker asked about). */
	readonly workers: ReadonlyMap<string, WorkerTrack>;
	/** The worker list is fresh: absent workers are really gone. */
	readonly listFresh: boolean;
	readonly nowMs: number;
}

export interface RetireStep {
	readonly retires: readonly RetireTrack[];
	readonly events: readonly RetireEvent[];
	/** Workers with a retire under way: leaving is their retirement, not a loss. */
	readonly retiring: ReadonlySet<string>;
}

/** The worker addresses a retire request names (`{"workers": [address, …]}`). */
export function retireRequestWorkers(body: string | undefined): string[] {
	if (body === undefined) return [];
	try {
		const value: unknown = JSON.parse(body);
		const workers =
			typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['workers'] : undefined;
		return Array.isArray(workers) ? workers.filter((w): w is string => typeof w === 'string') : [];
	} catch {
		return [];
	}
}

/** The scheduler's answer in one line. Dask answers `{address: worker info, …}` for the workers it retired. */
export function answerOf(action: SnapshotAction): RetireAnswer {
	if (action.status === null || action.status === undefined)
		return {status: null, text: `no answer: ${action.error ?? 'failed'}`, ok: false};
	const ok = action.status >= 200 && action.status < 300;
	let what = '';
	if (ok && action.answer !== undefined) {
		try {
			const value: unknown = JSON.parse(action.answer);
			if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
				const names = Object.entries(value as Record<string, unknown>).map(([address, info]) => {
					const name =
						typeof info === 'object' && info !== null ? (info as Record<string, unknown>)['name'] : undefined;
					return typeof name === 'string' || typeof name === 'number' ? String(name) : address;
				});
				what = names.length === 0 ? ': retired none' : `: retired ${names.join(', ')}`;
			}
		} catch {
			what = '';
		}
	}
	return {status: action.status, text: `HTTP ${action.status}${what}`, ok};
}

function keysText(keys: number | undefined): string {
	if (keys === undefined) return 'its keys moved';
	if (keys === 0) return 'it held no keys';
	return `its ${keys} key${keys === 1 ? '' : 's'} moved`;
}

function answerNote(track: RetireTrack): string {
	return track.answer === undefined
		? ' (no answer from the scheduler yet)'
		: ` (scheduler answered ${track.answer.text})`;
}

/** The event line of a finished retire. */
export function outcomeMessage(track: RetireTrack): string {
	const note = answerNote(track);
	switch (track.outcome) {
		case 'left':
			return (
				`${track.name} retired: ${keysText(track.keys)}, ` +
				`it left${track.nanny ? ' (its nanny did not bring it back)' : ''}${note}`
			);
		case 'rejoined':
			return (
				`${track.name} retired and rejoined empty (its nanny restarted it; ` +
				`stopping it for good is the resource manager's job)${note}`
			);
		case 'still-connected':
			return `${track.name} still connected ${Math.round(STILL_CONNECTED_MS / 1000)} s after the retire${note}`;
		case 'failed':
			return `retire of ${track.name} did not happen${note}`;
		case 'not-enabled':
			return (
				`retire of ${track.name} refused: the scheduler's api module is not enabled ` +
				'(add distributed.http.scheduler.api to distributed.scheduler.http.routes)'
			);
		default:
			return `retiring ${track.name}…${note}`;
	}
}

function severityOf(outcome: RetireOutcome): Severity {
	return outcome === 'left' || outcome === 'rejoined' ? 'info' : 'warning';
}

function newTrack(address: string, sent: number, workers: ReadonlyMap<string, WorkerTrack>): RetireTrack {
	const w = workers.get(address)?.last;
	return {
		address,
		name: w?.name ?? address,
		sent,
		...(w?.keys_in_memory === undefined ? {} : {keys: w.keys_in_memory}),
		...(w?.memory_process_bytes === undefined ? {} : {memoryBytes: w.memory_process_bytes}),
		nanny: typeof w?.nanny === 'string' && w.nanny !== '',
	};
}

/** Registers this round's retire requests and answers, then judges each open retire against the worker list. */
export function stepRetires({retires, snapshot, workers, listFresh, nowMs}: RetireInput): RetireStep {
	let tracks = [...retires];
	for (const action of snapshot.actions ?? []) {
		if (action.method !== 'POST' || action.path !== RETIRE_PATH) continue;
		for (const address of retireRequestWorkers(action.request)) {
			let index = tracks.findIndex((t) => t.address === address && t.sent === action.sent);
			if (index < 0) {
				tracks = [newTrack(address, action.sent, workers), ...tracks];
				index = 0;
			}
			if (action.pending !== true) tracks[index] = {...tracks[index]!, answer: answerOf(action), answeredMs: nowMs};
		}
	}
	const present = new Map<string, WorkerSnapshot>(snapshot.workers.map((w) => [w.address, w]));
	const events: RetireEvent[] = [];
	const retiring = new Set<string>();
	tracks = tracks.map((track) => {
		if (track.outcome !== undefined) return track;
		const next = judge(track, present, listFresh, nowMs);
		if (next.outcome !== undefined)
			events.push({
				address: next.address,
				name: next.name,
				severity: severityOf(next.outcome),
				message: outcomeMessage(next),
			});
		else retiring.add(next.address);
		if (next.goneMs !== undefined && next.goneMs === nowMs) retiring.add(next.address);
		return next;
	});
	return {retires: tracks.slice(0, RETIRES_KEPT), events, retiring};
}

function judge(
	track: RetireTrack,
	present: ReadonlyMap<string, WorkerSnapshot>,
	listFresh: boolean,
	nowMs: number,
): RetireTrack {
	const done = (outcome: RetireOutcome, extra: Partial<RetireTrack> = {}): RetireTrack => ({
		...track,
		...extra,
		outcome,
		doneMs: nowMs,
	});
	if (track.answer?.status === 404) return done('not-enabled');
	const here = present.has(track.address);
	if (track.goneMs === undefined && !here && listFresh) track = {...track, goneMs: nowMs};
	if (track.goneMs !== undefined) {
		// Back under its name: at a new address, or at the same one when its port is fixed (--worker-port).
		const again = [...present.values()].find((w) => w.name === track.name);
		if (again) return done('rejoined', {rejoinedAs: again.address});
		if (!track.nanny || nowMs - track.goneMs >= REJOIN_WAIT_MS) return done('left');
		return track;
	}
	if (track.answer !== undefined && track.answeredMs !== undefined && here) {
		if (!track.answer.ok && nowMs - track.answeredMs >= FAILED_AFTER_MS) return done('failed');
		if (track.answer.ok && nowMs - track.answeredMs >= STILL_CONNECTED_MS) return done('still-connected');
	}
	return track;
}

/** The retire under way (newest), for the screen: one line, or undefined when none is open. */
export function retireUnderWay(retires: readonly RetireTrack[] | undefined): string | undefined {
	const open = retires?.find((t) => t.outcome === undefined);
	if (!open) return undefined;
	if (open.goneMs !== undefined)
		return `${open.name} left after the retire; waiting to see whether its nanny restarts it`;
	return outcomeMessage(open);
}
