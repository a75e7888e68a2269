/**
 * What a diagnosis scenario declares (its workload, the finding it must or may give, its proof), and
 * the small readers its proofs share.
 */
import type {ModelFlags} from '../../../source/options/model.js';
import type {Cause} from './findings.js';
import type {DaskRelease} from './python.js';
import type {Onset, ScenarioSubject, Truth} from './scenario.js';
import type {ClusterPlan} from './scenario-plans.js';

export interface ScenarioRun {
	readonly onset: Onset;
	readonly notes: readonly Truth[];
	readonly end: Truth;
	/** The workers' logs, by name. */
	readonly logs: Readonly<Record<string, string>>;
}

/** A finding a run may give without being false, on its subject, and what it must (never) say when given. */
export interface AllowedFinding {
	readonly cause: Cause;
	readonly subject: ScenarioSubject;
	readonly says?: RegExp;
	readonly neverSays?: RegExp;
}

export interface ScenarioSpec {
	/** The workload's name in cluster/scenarios.py. */
	readonly name: string;
	/** The finding it must raise, or null: a healthy run that must raise none. */
	readonly cause: Cause | null;
	readonly cluster: ClusterPlan;
	/** dask-top's model flags for the recording, its replay and the live documents (--stall-after, --threshold). */
	readonly model?: ModelFlags;
	/** Seconds its workload may take to report its onset (default 90: a set-up that takes long on a loaded host). */
	readonly onsetWithinS?: number;
	/** When the cause holds (epoch s), from the workload's report; default its onset. */
	onsetAt?(onset: Onset): number;
	/**
	 * The subject the finding must name on this release, when it is not the workload's (a release that
	 * cannot show the cause on it: the finding then names what it can, and diagnosis_not_visible says so).
	 */
	subjectOn?(dask: DaskRelease, onset: Onset): ScenarioSubject;
	/**
	 * Causes that truly held on the same subject before the onset, by the workload's account (a worker
	 * paused by memory before its nanny killed it): found before the onset, they are not false.
	 */
	precursors?(run: ScenarioRun): readonly Cause[];
	/**
	 * Causes that truly hold too, each on its own subject, by the workload's account (the paused worker's
	 * memory-pressure beside the tasks it leaves without a worker): not false whenever found.
	 */
	also?(run: ScenarioRun): ReadonlyArray<{readonly cause: Cause; readonly subject: ScenarioSubject}>;
	/**
	 * Findings the run may give, by the workload's account (a loop that froze past Dask's tick limit on a
	 * loaded host while a client left): not false when found, and checked for what they say.
	 */
	may?(run: ScenarioRun): readonly AllowedFinding[];
	/** What the expected finding's summary must say, each time it is given (the cause in words, not only its name). */
	readonly says?: RegExp;
	/** What it must never say (advice the run disproves). */
	readonly neverSays?: RegExp;
	/** The workload's function its worker finding's tasks are in: the innermost user frame its `frame` names. */
	readonly frame?: string;
	/** Why the run does not show its cause for real, by the scheduler's or the tasks' own account (empty: it does). */
	proof(run: ScenarioRun): string[];
}

export type Numbers = Readonly<Record<string, number>>;
export const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);
export const field = (truth: Truth, name: string): Truth => (truth[name] ?? {}) as Truth;
export const check = (ok: boolean, failure: string): string[] => (ok ? [] : [failure]);
