/**
 * How the rule engine (rule-engine.ts) keys the findings and keeps their tracks: by cause and
 * subject, each a `Track` (its hold track beside its candidate, and the call stacks read for it). A
 * finding no rule speaks of any more is clear: it ends through its rule's hold.
 */
import type {RuleFamily} from '../rule-engine.js';
import type {Candidate, Track} from './diagnosis-types.js';

export function findingKey(c: Pick<Candidate, 'cause' | 'subject'>): string {
	return `${c.cause}|${c.subject.kind}|${c.subject.id}`;
}

export const FINDING_TRACKS: RuleFamily<Candidate, Track, Track> = {
	key: findingKey,
	subject: (c) => c.subject.id,
	holding: () => true,
	heldMs: (c) => c.heldMs,
	track: (old) => old,
	ruleOf: (old) => old.candidate.cause,
	candidateOf: (old) => old.candidate,
	keep: (candidate, track, old) => ({candidate, ...track, ...(old?.frame === undefined ? {} : {frame: old.frame})}),
	unjudged: 'clears',
};
