/** What a diagnosis rule is: a cause, its hold (hold.ts), what explains it away, and its judgement. */
import type {Snapshot} from '../../types/snapshot.js';
import type {ClusterState} from '../state-types.js';
import type {Hold} from '../hold.js';
import type {Candidate, Cause, DiagnosisWindow} from './diagnosis-types.js';

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
	/** When its finding starts and ends. */
	readonly hold: Hold;
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
