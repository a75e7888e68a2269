/**
 * A long-lived Dask client (cluster/workload.py) holding a workload on a cluster until stop().
 * See workload.py for what each kind submits.
 */
import {once} from 'node:events';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {setTimeout as sleep} from 'node:timers/promises';
import {daskConfigDir, type ClusterInfo} from './cluster.js';
import {tail} from './logs.js';
import {killGroups, spawnGroup} from './processes.js';
import {CLUSTER_SCRIPTS_DIR, pythonEnv} from './python.js';

/** How long a workload may take to release what it made once told to stop (hooks time out at 120 s). */
const STOP_WAIT_MS = 75_000;

export type WorkloadKind = 'busy' | 'fill-memory' | 'churn' | 'cpu-bound' | 'stall' | 'hostile';

/** What workload.py reports once its workload is in place. */
export type WorkloadReady =
	| {
			readonly kind: 'busy';
			readonly token: string;
			readonly seconds: number;
			/** Tasks erred (explode ×3, divide ×2, summarize by blame): settled before ready. */
			readonly erred: number;
			/** One pinned slow-process per worker thread: every thread is busy until stop. */
			readonly threads: number;
			/**
			 * Scheduler-side processing: the sleepers plus the few incs each worker took beyond its threads
			 * (worker-saturation 1.1), which wait in its ready queue; the other incs of the 200 stay queued.
			 * sum waits on all of them.
			 */
			readonly processing: number;
			readonly queued: number;
			readonly in_memory: number;
			readonly states: Readonly<Record<string, number>>;
			readonly prefixes: readonly string[];
	  }
	| {
			readonly kind: 'fill-memory';
			readonly token: string;
			readonly seconds: number;
			readonly worker: string;
			readonly name: string;
			readonly memory_limit: number;
			readonly unmanaged_bytes: number;
			readonly status: 'paused';
			readonly spilled_bytes: number;
			readonly memory_bytes: number;
	  }
	| {
			/** 20,000 `nap` tasks of 20 ms, completing on every worker until stop; ready once 50 are done. */
			readonly kind: 'churn';
			readonly token: string;
			readonly seconds: number;
			readonly tasks: number;
			readonly states: Readonly<Record<string, number>>;
			readonly prefixes: readonly string[];
	  }
	| {
			/** 4,000 `burn` tasks of 0.25 s of pure Python, completing on every worker until stop; ready once 10 are done. */
			readonly kind: 'cpu-bound';
			readonly token: string;
			readonly seconds: number;
			readonly tasks: number;
			readonly states: Readonly<Record<string, number>>;
			readonly prefixes: readonly string[];
	  }
	| {
			/**
			 * Keys whose prefixes hold escape sequences, C1 controls, a bidi override and a newline
			 * (workload.py's HOSTILE_PREFIXES): one erred, one of each in memory, one pinned sleeper per thread.
			 */
			readonly kind: 'hostile';
			readonly token: string;
			readonly seconds: number;
			readonly erred: number;
			readonly in_memory: number;
			readonly threads: number;
			readonly states: Readonly<Record<string, number>>;
			readonly prefixes: readonly string[];
	  }
	| {
			readonly kind: 'stall';
			readonly token: string;
			readonly seconds: number;
			readonly worker: string;
			readonly name: string;
			readonly key: string;
			readonly blocked_since: number;
	  };

export interface WorkloadOptions {
	/** Worker name for fill-memory (default beta) and stall (default alpha). */
	readonly worker?: string;
	readonly readyTimeoutMs?: number;
}

export interface Workload {
	readonly kind: WorkloadKind;
	readonly pid: number;
	readonly ready: WorkloadReady;
	/** From spawning the client to its ready line. */
	readonly readyMs: number;
	readonly logPath: string;
	/**
	 * Closes the client's stdin: it releases its blocked tasks and held memory, cancels its futures and
	 * exits once the scheduler holds none of its keys. SIGKILLs it after 30 s.
	 */
	stop(): Promise<void>;
}

let workloadCount = 0;

export async function runWorkload(
	cluster: ClusterInfo,
	kind: WorkloadKind,
	options: WorkloadOptions = {},
): Promise<Workload> {
	const startedAt = performance.now();
	const logPath = join(cluster.tempDir, `workload-${process.pid}-${++workloadCount}-${kind}.log`);
	const args = [`${CLUSTER_SCRIPTS_DIR}workload.py`, cluster.schedulerAddress, kind];
	if (options.worker !== undefined) args.push('--worker', options.worker);
	const group = spawnGroup(cluster.python, args, {
		env: pythonEnv(daskConfigDir(cluster)),
		logPath,
		stdin: 'pipe',
		pipeStdout: true,
	});
	const {child} = group;
	const lines = createInterface({input: child.stdout!});
	const events: Array<Record<string, unknown>> = [];
	lines.on('line', (line) => {
		try {
			events.push(JSON.parse(line) as Record<string, unknown>);
		} catch {
			events.push({event: 'noise', line});
		}
	});
	const exited = once(child, 'exit');
	const report = (): string => `workload ${kind} (log ${logPath}):\n${tail(logPath, 40)}`;

	const timeoutMs = options.readyTimeoutMs ?? 90_000;
	const deadline = Date.now() + timeoutMs;
	let ready: WorkloadReady | undefined;
	while (ready === undefined) {
		const event = events.find((entry) => entry['event'] === 'ready' || entry['event'] === 'error');
		if (event?.['event'] === 'ready') ready = event as unknown as WorkloadReady;
		else if (event?.['event'] === 'error' || group.exit || Date.now() > deadline) {
			const reason = event
				? String(event['message'])
				: group.exit
					? `exited with code ${group.exit.code}`
					: `not ready after ${timeoutMs} ms`;
			await killGroups([group.pid]);
			throw new Error(`${reason}\n${report()}`);
		} else await sleep(50);
	}
	const readyMs = Math.round(performance.now() - startedAt);

	let stopping: Promise<void> | undefined;
	const stop = async (): Promise<void> => {
		child.stdin?.end();
		// Releasing 20,000 held futures (churn) took over 30 s on a loaded 2-core machine beside the
		// scenario suite: the workload is given that long before it counts as hung.
		const stopped = await Promise.race([exited.then(() => true), sleep(STOP_WAIT_MS).then(() => false)]);
		await killGroups([group.pid]);
		if (!stopped || group.exit?.code !== 0) throw new Error(`workload did not stop cleanly\n${report()}`);
	};
	return {kind, pid: group.pid, ready, readyMs, logPath, stop: () => (stopping ??= stop())};
}
