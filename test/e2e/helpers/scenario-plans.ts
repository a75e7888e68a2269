/**
 * The clusters the diagnosis scenarios run on, and the pace they are recorded at.
 */
import type {WorkerSpec} from './cluster.js';

/** dask-top's default poll interval: the rules are judged as users run them. */
export const POLL_S = 2;
/** Polls recorded after the onset: the 3 the finding has to appear in, and one more for anything else. */
export const HOLD_POLLS = 4;
/** Polls recorded before the scenario starts (more follow while its client starts): the idle cluster. */
export const BASELINE_POLLS = 1;
/** How long a task runs without returning before the hung scenario counts it as hung (--stall-after). */
export const HUNG_AFTER_S = 6;

const MB = 1_000_000;
const worker = (name: string, nanny = false, nthreads = 1, memoryLimitBytes = 800 * MB): WorkerSpec => ({
	name,
	nthreads,
	memoryLimitBytes,
	nanny,
});
/**
 * The cluster a scenario runs on. Scenarios of one `shared` plan run one after the other on one
 * cluster (per release), in the order of SCENARIOS: each releases all it made before the next starts,
 * and dask-top starts afresh for each; a shared plan's cluster is stopped when the next plan's
 * scenarios begin. Memory held outside Dask is allocated in chunks that go back to the system when
 * freed (scenario_tasks.py), so a worker filled and emptied is as before; the scenario whose worker
 * is killed comes last on its plan.
 */
export interface ClusterPlan {
	readonly key: string;
	readonly workers: readonly WorkerSpec[];
	readonly shared: boolean;
}
/** Three equal workers (one thread, 800 MB each): peers that can be compared; beta under a nanny. */
export const EQUAL: ClusterPlan = {
	key: 'equal',
	workers: [worker('alpha'), worker('beta', true), worker('gamma')],
	shared: true,
};
/**
 * EQUAL's peers but beta with four threads, and gamma with room for data scattered to it (4 GB: under a
 * fifth of the 24 GiB machine; 500 MB scattered twice stays far under its spill threshold).
 */
export const FOUR_THREADS: ClusterPlan = {
	key: 'four-threads',
	workers: [worker('alpha'), worker('beta', false, 4), worker('gamma', false, 1, 4000 * MB)],
	shared: true,
};
/** Two workers of 8 threads: room for far more tiny tasks a second than one scheduler hands out. */
export const WIDE: ClusterPlan = {
	key: 'wide',
	workers: [worker('alpha', false, 8), worker('beta', false, 8)],
	shared: false,
};
