/**
 * Where a worker finding's tasks are: a hung, straggler or event-loop-blocked finding on a worker
 * wants that worker's call stacks read once after it starts (the sinks ask: the screen, --json,
 * --record, --check; never every poll), and keeps the first reading of them made at or after its
 * start as its `frame`. Readings come with the round that carries the page (a recording replays
 * them) or, read outside the rounds (--once, --check), on their own. Pure.
 */
import type {StackReading} from '../../types/drill-page.js';
import type {DiagnosisState, Finding, Track} from './diagnosis-types.js';

/** The causes whose worker is asked for its call stacks when they start. */
const FRAME_CAUSES: ReadonlySet<string> = new Set(['hung', 'straggler', 'event-loop-blocked']);

/** The finding's key among the stacks asked (one reading per finding: its cause, worker and start). */
export function findingFrameKey(finding: Pick<Finding, 'cause' | 'subject' | 'since'>): string | undefined {
	if (!FRAME_CAUSES.has(finding.cause) || finding.subject.kind !== 'worker') return undefined;
	return `${finding.cause}|${finding.subject.id}|${finding.since}`;
}

/** A worker's call stacks to ask for: the findings' keys it serves. */
export interface FramesWanted {
	readonly worker: string;
	readonly keys: readonly string[];
}

/** The workers whose call stacks `findings` (those without a frame, not in `asked`) want, one each. */
export function framesWanted(findings: readonly Finding[], asked: ReadonlySet<string> = new Set()): FramesWanted[] {
	const byWorker = new Map<string, string[]>();
	for (const finding of findings) {
		const key = findingFrameKey(finding);
		if (key === undefined || finding.frame !== undefined || asked.has(key)) continue;
		const keys = byWorker.get(finding.subject.id) ?? [];
		keys.push(key);
		byWorker.set(finding.subject.id, keys);
	}
	return [...byWorker].map(([worker, keys]) => ({worker, keys}));
}

/** Each track that wants a frame and has none gets the first reading of its worker since it began. */
export function attachFrames(diagnosis: DiagnosisState, readings: readonly StackReading[]): DiagnosisState {
	if (readings.length === 0) return diagnosis;
	let tracks: Map<string, Track> | undefined;
	for (const [key, track] of diagnosis.tracks) {
		if (track.frame !== undefined) continue;
		const subject = track.candidate.subject;
		if (findingFrameKey({...track.candidate, since: track.firstMs}) === undefined) continue;
		const reading = readings.find((r) => r.worker === subject.id && r.frame.at >= track.firstMs);
		if (reading === undefined) continue;
		tracks ??= new Map(diagnosis.tracks);
		tracks.set(key, {...track, frame: reading.frame});
	}
	return tracks === undefined ? diagnosis : {...diagnosis, tracks};
}
