/**
 * A real Dask cluster (Debian's 2022.12.1, or 2026.7.1 from vendor/) on loopback: one scheduler and
 * N workers, each in its own process group, on free ports passed explicitly, with every port checked
 * after start.
 */
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {clusterLogs, fileNamePart, loggedDashboardPort, tail, workerLogName} from './logs.js';
import {freePorts} from './ports.js';
import {killGroups, readProcess, spawnGroup, type GroupProcess} from './processes.js';
import {CLUSTER_SCRIPTS_DIR, type DaskRelease, pythonEnv, pythonFor, runPythonJson, schedulerRoutes} from './python.js';

export interface WorkerSpec {
	readonly name: string;
	readonly nthreads: number;
	/** Bytes, passed to --memory-limit as an integer. */
	readonly memoryLimitBytes: number;
	readonly nanny: boolean;
	/** The worker's comm port (default: a free one), e.g. to reuse a port of a cluster that was stopped. */
	readonly workerPort?: number;
	/**
	 * The loopback address it listens on (default 127.0.0.1): another one (127.0.0.2) is another host
	 * to Dask, as several nodes each running `dask worker --nworkers` are.
	 */
	readonly host?: string;
}

/** The fixtures' layout (test/fixtures/dask-2022.12.1/cluster.json); beta is the small one. */
export const DEFAULT_WORKERS: readonly WorkerSpec[] = [
	{name: 'alpha', nthreads: 2, memoryLimitBytes: 2_147_483_648, nanny: true},
	{name: 'beta', nthreads: 1, memoryLimitBytes: 600_000_000, nanny: true},
	{name: 'gamma', nthreads: 2, memoryLimitBytes: 1_073_741_824, nanny: false},
];

export interface ClusterOptions {
	readonly workers?: readonly WorkerSpec[];
	/** Enable the opt-in /api/v1 routes (default true, as in the fixtures). */
	readonly api?: boolean;
	readonly startTimeoutMs?: number;
	/** The scheduler's comm and HTTP ports (default: free ones), e.g. a new scheduler on a stopped one's ports. */
	readonly schedulerPort?: number;
	readonly httpPort?: number;
	/** Which Dask runs it (default Debian's 2022.12.1); see python.ts. */
	readonly dask?: DaskRelease;
	/** The scheduler writes its scheduler file here (`--scheduler-file`), as dask-jobqueue's do. */
	readonly schedulerFile?: string;
}

export interface WorkerInfo {
	readonly name: string;
	readonly address: string; // tcp://127.0.0.1:PORT (its WorkerSpec's host)
	readonly httpPort: number;
	readonly httpUrl: string; // http://127.0.0.1:PORT/
	/** PID of the process running the Worker (for a nanny worker: the spawned worker, not the nanny). */
	readonly pid: number;
	readonly nannyAddress: string | null;
	readonly nthreads: number;
	readonly memoryLimitBytes: number;
	/** The process group (= PID of the dask_worker command: the nanny, or the worker itself). */
	readonly processGroup: number;
	readonly logPath: string;
}

/** Plain data: what tests need to reach the cluster; serialisable for vitest's provide/inject. */
export interface ClusterInfo {
	readonly httpUrl: string; // http://127.0.0.1:PORT/ (with the trailing slash)
	readonly httpPort: number;
	readonly schedulerAddress: string;
	readonly schedulerPid: number;
	readonly workers: readonly WorkerInfo[];
	readonly apiEnabled: boolean;
	/** Temp dir holding the logs (scheduler.log, worker-NAME.log), the Dask config dir and spill dirs. */
	readonly tempDir: string;
	readonly processGroups: readonly number[];
	readonly startMs: number;
	/** The Dask release it runs, and the interpreter of that release (for clients of this cluster). */
	readonly dask: DaskRelease;
	readonly python: string;
}

export interface Cluster extends ClusterInfo {
	/**
	 * SIGTERM to every process group, SIGKILL after 3 s; resolves when no process of the cluster runs.
	 * Removes the workers' spill directories; the logs stay in tempDir. Calling it again is harmless.
	 */
	stop(): Promise<void>;
}

export function daskConfigDir(cluster: Pick<ClusterInfo, 'tempDir'>): string {
	return join(cluster.tempDir, 'dask-config');
}

/** The last lines of every log of the cluster, for assertion messages. */
export function logsOf(cluster: Pick<ClusterInfo, 'tempDir' | 'workers'>, lines = 40): string {
	return clusterLogs(
		cluster.tempDir,
		cluster.workers.map((worker) => worker.name),
		lines,
	);
}

async function stopCluster(groups: readonly number[], tempDir: string, workers: readonly WorkerSpec[]): Promise<void> {
	await killGroups(groups);
	for (const worker of workers)
		rmSync(join(tempDir, `work-${fileNamePart(worker.name)}`), {recursive: true, force: true});
}

class StartError extends Error {
	constructor(
		message: string,
		readonly portTaken: boolean,
	) {
		super(message);
	}
}

interface IdentityWorker {
	readonly name?: unknown;
	readonly status?: unknown;
	readonly services?: {readonly dashboard?: unknown};
}

interface Identity {
	readonly address?: unknown;
	readonly services?: {readonly dashboard?: unknown};
	readonly workers?: Readonly<Record<string, IdentityWorker>>;
}

async function fetchText(url: string): Promise<{status: number; body: string} | undefined> {
	try {
		const response = await fetch(url, {signal: AbortSignal.timeout(2000)});
		return {status: response.status, body: await response.text()};
	} catch {
		return undefined;
	}
}

interface Layout {
	readonly schedulerPort: number;
	readonly httpPort: number;
	readonly workers: ReadonlyArray<
		WorkerSpec & {readonly workerPort: number; readonly nannyPort: number; readonly httpPort: number}
	>;
}

async function planPorts(workers: readonly WorkerSpec[], options: ClusterOptions = {}): Promise<Layout> {
	const ports = await freePorts(2 + workers.length * 3);
	const take = (): number => {
		const port = ports.shift();
		if (port === undefined) throw new Error('ran out of free ports');
		return port;
	};
	const schedulerPort = take();
	const httpPort = take();
	return {
		schedulerPort: options.schedulerPort ?? schedulerPort,
		httpPort: options.httpPort ?? httpPort,
		workers: workers.map((spec) => {
			const workerPort = take();
			return {...spec, workerPort: spec.workerPort ?? workerPort, nannyPort: take(), httpPort: take()};
		}),
	};
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
	const attempts = 3;
	for (let attempt = 1; ; attempt++) {
		try {
			return await startOnce(options);
		} catch (error) {
			// A port taken between our probe and Dask's bind: try again on new ports.
			if (!(error instanceof StartError && error.portTaken) || attempt >= attempts) throw error;
		}
	}
}

async function startOnce(options: ClusterOptions): Promise<Cluster> {
	const startedAt = performance.now();
	const workers = options.workers ?? DEFAULT_WORKERS;
	const names = workers.map((worker) => worker.name);
	if (names.some((name, index) => name === '' || name === SCHEDULER || names.indexOf(name) !== index)) {
		throw new Error(`worker names must be unique, non-empty and not '${SCHEDULER}': ${names.join(', ')}`);
	}
	const apiEnabled = options.api ?? true;
	const tempDir = mkdtempSync(join(tmpdir(), 'dask-top-e2e-'));
	mkdirSync(daskConfigDir({tempDir}));
	const layout = await planPorts(workers, options);
	const dask = options.dask ?? '2022.12.1';
	const python = pythonFor(dask);
	const env = pythonEnv(daskConfigDir({tempDir}), {
		DASK_DISTRIBUTED__SCHEDULER__HTTP__ROUTES: schedulerRoutes(apiEnabled),
	});
	const processes = spawnProcesses(python, layout, env, tempDir, options.schedulerFile);
	const processGroups = [...processes.values()].map((group) => group.pid);
	let infos: WorkerInfo[];
	try {
		await waitUntilReady(layout, processes, options.startTimeoutMs ?? 60_000);
		infos = await workerInfos(python, layout, processes, env, tempDir);
	} catch (error) {
		await stopCluster(processGroups, tempDir, workers);
		const portTaken = error instanceof StartError && error.portTaken;
		const logs = clusterLogs(
			tempDir,
			workers.map((worker) => worker.name),
		);
		throw new StartError(
			`Dask cluster did not start: ${(error as Error).message}\nlogs in ${tempDir}\n${logs}`,
			portTaken,
		);
	}
	let stopping: Promise<void> | undefined;
	return {
		httpUrl: httpUrlOf(layout),
		httpPort: layout.httpPort,
		schedulerAddress: schedulerAddressOf(layout),
		schedulerPid: processes.get(SCHEDULER)?.pid ?? 0,
		workers: infos,
		apiEnabled,
		tempDir,
		processGroups,
		startMs: Math.round(performance.now() - startedAt),
		dask,
		python,
		stop: () => (stopping ??= stopCluster(processGroups, tempDir, workers)),
	};
}

const SCHEDULER = 'scheduler';
const hostOf = (worker: Pick<WorkerSpec, 'host'>): string => worker.host ?? '127.0.0.1';
const schedulerAddressOf = (layout: Layout): string => `tcp://127.0.0.1:${layout.schedulerPort}`;
const httpUrlOf = (layout: Layout): string => `http://127.0.0.1:${layout.httpPort}/`;

/** The scheduler and the workers, each the leader of its own process group, keyed 'scheduler' or by worker name. */
function spawnProcesses(
	python: string,
	layout: Layout,
	env: NodeJS.ProcessEnv,
	tempDir: string,
	schedulerFile?: string,
): Map<string, GroupProcess> {
	const watch = `${CLUSTER_SCRIPTS_DIR}owner_watch.py`;
	const processes = new Map<string, GroupProcess>();
	processes.set(
		SCHEDULER,
		spawnGroup(
			python,
			[
				'-m',
				'distributed.cli.dask_scheduler',
				'--host',
				'127.0.0.1',
				'--port',
				String(layout.schedulerPort),
				'--dashboard-address',
				`127.0.0.1:${layout.httpPort}`,
				'--no-show',
				'--preload',
				watch,
				...(schedulerFile === undefined ? [] : ['--scheduler-file', schedulerFile]),
			],
			{env, logPath: join(tempDir, 'scheduler.log'), cwd: tempDir},
		),
	);
	for (const worker of layout.workers) {
		const host = hostOf(worker);
		const args = [
			'-m',
			'distributed.cli.dask_worker',
			schedulerAddressOf(layout),
			'--host',
			host,
			'--name',
			worker.name,
			'--nthreads',
			String(worker.nthreads),
			'--memory-limit',
			String(worker.memoryLimitBytes),
			'--worker-port',
			String(worker.workerPort),
			'--dashboard-address',
			`${host}:${worker.httpPort}`,
			'--local-directory',
			join(tempDir, `work-${fileNamePart(worker.name)}`),
			...(worker.nanny
				? ['--nanny', '--nanny-port', String(worker.nannyPort), '--preload-nanny', watch]
				: ['--no-nanny', '--preload', watch]),
		];
		processes.set(
			worker.name,
			spawnGroup(python, args, {env, logPath: join(tempDir, workerLogName(worker.name)), cwd: tempDir}),
		);
	}
	return processes;
}

/**
 * Polls until the scheduler's log names the dashboard port we gave it, /health answers ok, and
 * /json/identity.json is this scheduler's and lists every worker running with the HTTP port we gave it.
 */
async function waitUntilReady(
	layout: Layout,
	processes: ReadonlyMap<string, GroupProcess>,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	const httpUrl = httpUrlOf(layout);
	let waitingFor = 'the scheduler log to name its dashboard port';
	for (;;) {
		for (const [name, group] of processes) {
			const log = tail(group.logPath, 200);
			if (/already in use/i.test(log))
				throw new StartError(
					`a port of ${name} was taken:\n${log
						.split('\n')
						.filter((line) => /already in use/i.test(line))
						.join('\n')}`,
					true,
				);
			if (group.exit)
				throw new StartError(`${name} exited (code ${group.exit.code}, signal ${group.exit.signal})`, false);
		}
		if (Date.now() > deadline) throw new StartError(`timed out after ${timeoutMs} ms waiting for ${waitingFor}`, false);
		const loggedPort = loggedDashboardPort(processes.get(SCHEDULER)?.logPath ?? '');
		if (loggedPort !== undefined && loggedPort !== layout.httpPort) {
			throw new StartError(
				`the scheduler dashboard moved from port ${layout.httpPort} to ${loggedPort} (port taken)`,
				true,
			);
		}
		if (loggedPort === layout.httpPort) {
			const pending = await pendingRegistration(layout, httpUrl);
			if (pending === undefined) return;
			waitingFor = pending;
		}
		await sleep(100);
	}
}

/** What the cluster still waits for, or undefined when it is ready; throws when a port is not ours. */
async function pendingRegistration(layout: Layout, httpUrl: string): Promise<string | undefined> {
	const health = await fetchText(`${httpUrl}health`);
	if (health?.status !== 200 || health.body !== 'ok') return `${httpUrl}health to answer ok`;
	const answer = await fetchText(`${httpUrl}json/identity.json`);
	let identity: Identity | undefined;
	try {
		identity = answer?.status === 200 ? (JSON.parse(answer.body) as Identity) : undefined;
	} catch {
		identity = undefined;
	}
	if (identity?.address !== schedulerAddressOf(layout) || identity.services?.dashboard !== layout.httpPort) {
		throw new StartError(
			`${httpUrl} is not this cluster's scheduler (identity.json: ${answer?.body.slice(0, 200)})`,
			true,
		);
	}
	for (const worker of layout.workers) {
		const registered = identity.workers?.[`tcp://${hostOf(worker)}:${worker.workerPort}`];
		if (registered?.name !== worker.name || registered.status !== 'running')
			return `worker ${worker.name} to register in /json/identity.json`;
		if (registered.services?.dashboard !== worker.httpPort) {
			throw new StartError(
				`worker ${worker.name}'s HTTP server is on port ${String(registered.services?.dashboard)}, ` +
					`not ${worker.httpPort} (port taken)`,
				true,
			);
		}
	}
	return undefined;
}

/**
 * The workers as tests see them, with the PID of each worker process (client.run(os.getpid)),
 * checked to lie in its group.
 */
async function workerInfos(
	python: string,
	layout: Layout,
	processes: ReadonlyMap<string, GroupProcess>,
	env: NodeJS.ProcessEnv,
	tempDir: string,
): Promise<WorkerInfo[]> {
	const pids = await runPythonJson<Record<string, number>>(
		'worker_pids.py',
		[schedulerAddressOf(layout)],
		env,
		30_000,
		python,
	);
	return layout.workers.map((worker) => {
		const host = hostOf(worker);
		const address = `tcp://${host}:${worker.workerPort}`;
		const group = processes.get(worker.name)?.pid;
		const pid = pids[address];
		if (group === undefined || pid === undefined || readProcess(pid)?.pgid !== group) {
			throw new StartError(
				`worker ${worker.name}'s PID ${String(pid)} is not in its process group ${String(group)}`,
				false,
			);
		}
		return {
			name: worker.name,
			address,
			httpPort: worker.httpPort,
			httpUrl: `http://${host}:${worker.httpPort}/`,
			pid,
			nannyAddress: worker.nanny ? `tcp://${host}:${worker.nannyPort}` : null,
			nthreads: worker.nthreads,
			memoryLimitBytes: worker.memoryLimitBytes,
			processGroup: group,
			logPath: join(tempDir, workerLogName(worker.name)),
		};
	});
}

/** The worker of that name; throws when the cluster has none. */
export function workerNamed(cluster: Pick<ClusterInfo, 'workers'>, name: string): WorkerInfo {
	const worker = cluster.workers.find((entry) => entry.name === name);
	if (worker === undefined)
		throw new Error(`no worker named ${name} (have ${cluster.workers.map((entry) => entry.name).join(', ')})`);
	return worker;
}
