/**
 * A diagnosis scenario on a real cluster: cluster/scenarios.py run with the cluster's own Python (so
 * client and scheduler are one release), read line by line. It reports the onset of its cause (by the
 * scheduler's or the tasks' own account), keeps the cause going until stop(), then reports what the
 * run did and releases everything.
 */
import {once} from 'node:events';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {setTimeout as sleep} from 'node:timers/promises';
import {daskConfigDir, type ClusterInfo} from './cluster.js';
import {tail} from './logs.js';
import {killGroups, spawnGroup} from './processes.js';
import {CLUSTER_SCRIPTS_DIR, pythonEnv} from './python.js';

export type SubjectKind = 'cluster' | 'worker' | 'prefix';

/**
 * What a finding is about, as the workload names it (a worker: its address and name). With neither
 * id nor name: every subject of that kind (the cause holds on every worker).
 */
export interface ScenarioSubject {
	readonly kind: SubjectKind;
	readonly id?: string;
	readonly name?: string;
}

export type Truth = Readonly<Record<string, unknown>>;

export interface Onset {
	/** Epoch seconds (this machine's clock, as dask-top's rounds). */
	readonly at: number;
	/** null: a healthy scenario (the moment its work is in full swing). */
	readonly subject: ScenarioSubject | null;
	readonly truth: Truth;
}

export interface ScenarioProcess {
	readonly name: string;
	readonly onset: Onset;
	/** Later moments the workload reported (a pause that ended, a worker replaced), so far. */
	notes(): readonly Truth[];
	readonly logPath: string;
	/** Closes the workload's stdin: it reports what the run did (returned) and releases everything. */
	stop(): Promise<Truth>;
}

let count = 0;

export async function startScenario(
	cluster: ClusterInfo,
	name: string,
	onsetTimeoutMs = 90_000,
): Promise<ScenarioProcess> {
	const logPath = join(cluster.tempDir, `scenario-${process.pid}-${++count}-${name}.log`);
	const group = spawnGroup(cluster.python, [`${CLUSTER_SCRIPTS_DIR}scenarios.py`, cluster.schedulerAddress, name], {
		env: pythonEnv(daskConfigDir(cluster)),
		logPath,
		stdin: 'pipe',
		pipeStdout: true,
	});
	const {child} = group;
	const events: Array<Record<string, unknown>> = [];
	createInterface({input: child.stdout!}).on('line', (line) => {
		try {
			events.push(JSON.parse(line) as Record<string, unknown>);
		} catch {
			events.push({event: 'noise', line});
		}
	});
	const exited = once(child, 'exit');
	const report = (): string => `scenario ${name} (log ${logPath}):\n${tail(logPath, 40)}`;
	const find = (kind: string) => events.find((event) => event['event'] === kind);

	const deadline = Date.now() + onsetTimeoutMs;
	let onset: Onset | undefined;
	while (onset === undefined) {
		const error = find('error');
		if (find('onset')) onset = find('onset') as unknown as Onset;
		else if (error || group.exit || Date.now() > deadline) {
			await killGroups([group.pid]);
			const reason = error
				? String(error['message'])
				: group.exit
					? `exited with code ${group.exit.code}`
					: `no onset after ${onsetTimeoutMs} ms`;
			throw new Error(`${reason}\n${report()}`);
		} else await sleep(50);
	}

	let stopping: Promise<Truth> | undefined;
	const stop = async (): Promise<Truth> => {
		child.stdin?.end();
		const stopped = await Promise.race([exited.then(() => true), sleep(60_000).then(() => false)]);
		await killGroups([group.pid]);
		const end = find('end');
		if (!stopped || group.exit?.code !== 0 || !end) throw new Error(`scenario did not stop cleanly\n${report()}`);
		return end['truth'] as Truth;
	};
	return {
		name,
		onset,
		notes: () => events.filter((event) => event['event'] === 'note'),
		logPath,
		stop: () => (stopping ??= stop()),
	};
}
