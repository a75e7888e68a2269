/**
 * What a diagnosis rule is: a declared rule of the rule engine (rule-engine.ts: its inputs, its
 * condition, its hold, its text) whose id is its cause, and what only a finding has: whether one
 * poll shows it, and what a Dask version cannot show of it.
 */
import type {Snapshot} from '../../types/snapshot.js';
import type {ClusterState} from '../state-types.js';
import type {DeclaredRule} from '../rule-engine.js';
import type {Candidate, Cause, DiagnosisWindow} from './diagnosis-types.js';

export interface RuleInput {
	/** The state after this snapshot's alerts were evaluated. */
	readonly state: ClusterState;
	readonly snapshot: Snapshot;
	/** The window after this snapshot (window.ts). */
	readonly window: DiagnosisWindow;
	readonly nowMs: number;
}

export interface Rule extends DeclaredRule<RuleInput, Candidate> {
	readonly id: Cause;
	readonly kind: 'finding';
	/**
	 * Causes whose condition, holding on the same subject this poll, explains this one (a paused
	 * worker's event loop is late because it spills: memory pressure, not a blocked loop).
	 */
	readonly explainedBy?: readonly Cause[];
	/** Its condition can be judged from one poll's figures (`--check` polls once). */
	readonly onePoll: boolean;
	/** The findings whose condition holds now. */
	judge(input: RuleInput): readonly Candidate[];
	/** What this Dask version or setup cannot show of the cause, and what would; undefined: all is visible. */
	blind?(snapshot: Snapshot): string | undefined;
}

/** A finding's text: the line the event log writes when it starts. */
export function findingText(c: Pick<Candidate, 'cause' | 'summary'>): string {
	return `likely ${c.cause}: ${c.summary}`;
}
