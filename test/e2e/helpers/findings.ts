/**
 * Judging dask-top's diagnosis over a scenario's recorded rounds: when the expected finding first
 * appeared (in polls after the onset), on which subject, and every other finding seen. Pure.
 */
import type {ScenarioSubject} from './scenario.js';

export const CAUSES = [
	'memory-pressure',
	'spilling',
	'event-loop-blocked',
	'gil-contention',
	'transfer-bound',
	'straggler',
	'skew',
	'no-worker',
	'scheduler-bound',
	'hung',
	'worker-lost',
] as const;
export type Cause = (typeof CAUSES)[number];

/** A finding as `--json` prints it in `diagnosis[]` (only the fields judged here). */
export interface Finding {
	readonly cause: string;
	readonly severity?: string;
	readonly subject: {readonly kind: string; readonly id?: string; readonly name?: string};
	readonly since?: number;
	readonly summary?: string;
	readonly next?: string;
	/** Where a worker finding's tasks were, once its worker's call stacks were read. */
	readonly frame?: {readonly function?: string; readonly file?: string; readonly missing?: string};
}

/** The `--json` document of one round, with the round's time (epoch ms). */
export interface RoundDiagnosis {
	readonly atMs: number;
	/** undefined: the document has no diagnosis[] at all. */
	readonly findings: readonly Finding[] | undefined;
}

export function diagnosisOf(document: unknown): readonly Finding[] | undefined {
	const diagnosis = (document as {diagnosis?: unknown} | null)?.diagnosis;
	return Array.isArray(diagnosis) ? (diagnosis as Finding[]) : undefined;
}

/** Whether a finding's subject is the scenario's: same kind, and the worker's address or name, the prefix. */
export function sameSubject(found: Finding['subject'], expected: ScenarioSubject): boolean {
	if (found.kind !== expected.kind) return false;
	if (expected.kind === 'cluster' || (expected.id === undefined && expected.name === undefined)) return true;
	const names = [expected.id, expected.name].filter((value) => value !== undefined);
	return [found.id, found.name].some((value) => value !== undefined && names.includes(value));
}

export function subjectText(subject: Finding['subject']): string {
	if (subject.kind === 'cluster') return 'cluster';
	return `${subject.kind} ${subject.name ?? subject.id ?? '?'}`;
}

export interface Expectation {
	readonly cause: Cause;
	readonly subject: ScenarioSubject;
	/** Causes that truly held on the same subject before the onset (not false when found before it). */
	readonly precursors?: readonly string[];
	/**
	 * Causes that truly hold too, each on its own subject, by the workload's account (the paused worker's
	 * memory-pressure beside the no-worker tasks it leaves): not false whenever found.
	 */
	readonly also?: ReadonlyArray<{readonly cause: string; readonly subject: ScenarioSubject}>;
}

export interface Seen {
	readonly cause: string;
	readonly subject: string;
	/** Polls from the onset to its first appearance: 1 = the first poll at or after the onset; ≤ 0 before it. */
	readonly poll: number;
	/** The round it first appeared in (epoch ms). */
	readonly atMs: number;
	readonly rounds: number;
}

export interface Verdict {
	/** Rounds recorded at or after the onset. */
	readonly pollsAfterOnset: number;
	/** Every round had a diagnosis[] (false: the engine is not in this build). */
	readonly diagnosed: boolean;
	/** The expected finding on the expected subject, first seen at this poll after the onset. */
	readonly expected?: Seen;
	/** The expected cause on another subject. */
	readonly wrongSubject: readonly Seen[];
	/** A precursor of the expected finding, found on its subject before the onset. */
	readonly precursors: readonly Seen[];
	/** A cause declared true too (Expectation.also) or allowed (`allowed`), found on its subject. */
	readonly alsoTrue: readonly Seen[];
	/** Every other (cause, subject) seen in any round. */
	readonly others: readonly Seen[];
}

/** The poll (1-based from the onset) of a round: rounds before the onset get 0, -1, … */
function pollOf(rounds: readonly RoundDiagnosis[], index: number, onsetMs: number): number {
	const first = rounds.findIndex((round) => round.atMs >= onsetMs);
	const firstAfter = first === -1 ? rounds.length : first;
	return index - firstAfter + 1;
}

/** A finding a run may give without being false (a healthy run's loop frozen past Dask's tick limit). */
export interface Allowed {
	readonly cause: string;
	readonly subject: ScenarioSubject;
}

export function judge(
	rounds: readonly RoundDiagnosis[],
	onsetMs: number,
	expected: Expectation | null,
	allowed: readonly Allowed[] = [],
): Verdict {
	const seen = new Map<string, {cause: string; subject: Finding['subject']; first: number; rounds: number}>();
	rounds.forEach((round, index) => {
		for (const finding of round.findings ?? []) {
			const key = `${finding.cause}|${subjectText(finding.subject)}`;
			const entry = seen.get(key);
			if (entry) entry.rounds++;
			else seen.set(key, {cause: finding.cause, subject: finding.subject, first: index, rounds: 1});
		}
	});
	let hit: Seen | undefined;
	const wrongSubject: Seen[] = [];
	const precursors: Seen[] = [];
	const alsoTrue: Seen[] = [];
	const others: Seen[] = [];
	for (const entry of seen.values()) {
		const view: Seen = {
			cause: entry.cause,
			subject: subjectText(entry.subject),
			poll: pollOf(rounds, entry.first, onsetMs),
			atMs: rounds[entry.first]?.atMs ?? Number.NaN,
			rounds: entry.rounds,
		};
		if (expected && entry.cause === expected.cause) {
			if (!sameSubject(entry.subject, expected.subject)) wrongSubject.push(view);
			else if (!hit || view.atMs < hit.atMs) hit = view;
		} else if (
			expected?.precursors?.includes(entry.cause) &&
			sameSubject(entry.subject, expected.subject) &&
			view.atMs < onsetMs
		)
			precursors.push(view);
		else if (
			[...(expected?.also ?? []), ...allowed].some(
				(a) => a.cause === entry.cause && sameSubject(entry.subject, a.subject),
			)
		)
			alsoTrue.push(view);
		else others.push(view);
	}
	return {
		pollsAfterOnset: rounds.filter((round) => round.atMs >= onsetMs).length,
		diagnosed: rounds.length > 0 && rounds.every((round) => round.findings !== undefined),
		...(hit ? {expected: hit} : {}),
		wrongSubject,
		precursors,
		alsoTrue,
		others,
	};
}
