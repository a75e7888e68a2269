/** The scheduler's own view of the cluster (cluster/ground_truth.py), to compare dask-top's output with. */
import type {Snapshot, TaskState} from '../../../source/types/snapshot.js';
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
export async function groundTruth(
	cluster: Pick<ClusterInfo, 'schedulerAddress' | 'tempDir' | 'python'>,
): Promise<GroundTruth> {
	return runPythonJson<GroundTruth>(
		'ground_truth.py',
		[cluster.schedulerAddress],
		pythonEnv(daskConfigDir(cluster)),
		30_000,
		cluster.python,
	);
}

/** A worker's identity as both sides state it: address, name, threads and memory limit in bytes. */
export interface WorkerIdentity {
	readonly address: string;
	readonly name: string;
	/** Optional in a Snapshot (a source may not state them); always in the ground truth. */
	readonly nthreads: number | undefined;
	readonly memory_limit: number | undefined;
}

const byName = (a: WorkerIdentity, b: WorkerIdentity) => a.name.localeCompare(b.name);

/** The workers a `--json` Snapshot lists, as identities sorted by name. */
export function listedWorkers(snapshot: Snapshot): WorkerIdentity[] {
	return snapshot.workers
		.map((worker) => ({
			address: worker.address,
			name: worker.name,
			nthreads: worker.nthreads,
			memory_limit: worker.memory_limit_bytes,
		}))
		.sort(byName);
}

/** The scheduler's own workers (ground_truth.py), as identities sorted by name. */
export function truthWorkers(truth: GroundTruth): WorkerIdentity[] {
	return truth.workers
		.map((worker) => ({
			address: worker.address,
			name: worker.name,
			nthreads: worker.nthreads,
			memory_limit: worker.memory_limit,
		}))
		.sort(byName);
}
