/** The scheduler's own view of the cluster (cluster/ground_truth.py), to compare dask-top's output with. */
import type {TaskState} from '../../../source/types/snapshot.js';
import {daskConfigDir, type ClusterInfo} from './cluster.js';
import {pythonEnv, runPythonJson} from './python.js';

export interface GroundTruthWorker {
	readonly address: string;
	readonly name: string;
	readonly nthreads: number;
	readonly memory_limit: number;
	/** Status enum name: running, paused, closing_gracefully, … */
	readonly status: string;
	/** len(WorkerState.processing): tasks the scheduler has assigned to it. */
	readonly processing: number;
	readonly keys_in_memory: number;
	/** WorkerState.nbytes: managed bytes the scheduler counts on it. */
	readonly managed_bytes: number;
	/** From the latest heartbeat: process memory, and bytes spilled to disk. */
	readonly memory_bytes: number | null;
	readonly spilled_bytes: number | null;
	readonly nanny: string | null;
	readonly dashboard_port: number | null;
}

export interface GroundTruth {
	/** Epoch seconds, scheduler clock, of the moment below. */
	readonly time: number;
	readonly scheduler: {readonly address: string; readonly id: string; readonly dashboard_port: number};
	readonly workers: readonly GroundTruthWorker[];
	/** Tasks by scheduler state (all 7 states present, zeros included). */
	readonly tasks: Readonly<Record<TaskState, number>>;
	readonly tasks_total: number;
	/** Σ len(ws.processing) over the workers (equals tasks.processing). */
	readonly processing: number;
	/** len(Scheduler.queued). */
	readonly queued: number;
	readonly erred: number;
	readonly unrunnable: number;
	/** Scheduler.adaptive_target(). */
	readonly desired_workers: number;
	/** Connected clients, without the internal fire-and-forget client and the script's own. */
	readonly clients: number;
}

/** One moment of the scheduler's state, taken in a single run_on_scheduler call (~0.4 s). */
export async function groundTruth(cluster: Pick<ClusterInfo, 'schedulerAddress' | 'tempDir'>): Promise<GroundTruth> {
	return runPythonJson<GroundTruth>('ground_truth.py', [cluster.schedulerAddress], pythonEnv(daskConfigDir(cluster)));
}
