/** What a diagnosis rule is: a cause, its hysteresis, what explains it away, and its judgement. */
import type {Snapshot} from '../../types/snapshot.js';
import type {ClusterState} from '../state-types.js';
import type {Candidate, Cause, DiagnosisWindow, Hysteresis} from './diagnosis-types.js';

export interface RuleInput {
	/** The state after this snapshot's alerts were evaluated. */
	readonly state: ClusterState;
	readonly snapshot: Snapshot;
	/** The window after this snapshot (window.ts). */
	readonly window: DiagnosisWindow;
	readonly nowMs: number;
}

export interface Rule {
	readonly cause: Cause;
	readonly hysteresis: Hysteresis;
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

/**
 * The common hysteresis: two polls in a row, at least 1.5 s apart (a poll round and its follow-up
 * pass are one poll), to start; three clear polls to end.
 */
export const DEFAULT_HYSTERESIS: Hysteresis = {startPolls: 2, startMs: 1500, endPolls: 3};
