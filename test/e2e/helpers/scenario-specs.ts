/**
 * The diagnosis scenarios, in the order they run: for each workload of cluster/scenarios.py, the
 * cluster it runs on, the finding dask-top must raise (null: a healthy run that must raise none), and
 * the proof from the scheduler's and the tasks' own account that the cause really happened. The
 * scenarios of one shared plan run together (the cluster is stopped before the next plan's start);
 * the scenario whose worker is killed comes last on EQUAL.
 */
import {CLIENT_LEAVING, FOUR_THREAD_SCENARIOS} from './scenario-specs-loop.js';
import {MEMORY_SCENARIOS} from './scenario-specs-memory.js';
import {SCHEDULER_BOUND, WORK_SCENARIOS} from './scenario-specs-work.js';
import type {ScenarioSpec} from './scenario-spec-types.js';

export {BASELINE_POLLS, HOLD_POLLS, POLL_S} from './scenario-plans.js';
export type {ScenarioRun, ScenarioSpec} from './scenario-spec-types.js';

export const SCENARIOS: readonly ScenarioSpec[] = [
	...WORK_SCENARIOS,
	CLIENT_LEAVING,
	...MEMORY_SCENARIOS,
	...FOUR_THREAD_SCENARIOS,
	SCHEDULER_BOUND,
];
