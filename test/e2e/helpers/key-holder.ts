/**
 * A client holding `count` scattered keys on one worker (retire_data.py hold), until killed: what a
 * worker "lost with its work" held. Resolves once the keys are in place.
 */
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {join} from 'node:path';
import {createInterface} from 'node:readline';
import {type ClusterInfo, daskConfigDir} from './cluster.js';
import {CLUSTER_SCRIPTS_DIR, pythonEnv} from './python.js';

export async function holdKeys(
	cluster: Pick<ClusterInfo, 'python' | 'schedulerAddress' | 'tempDir'>,
	workerAddress: string,
	count: number,
): Promise<ChildProcessWithoutNullStreams> {
	const holder = spawn(
		cluster.python,
		[join(CLUSTER_SCRIPTS_DIR, 'retire_data.py'), 'hold', cluster.schedulerAddress, `${workerAddress}=${count}`],
		{env: pythonEnv(daskConfigDir(cluster))},
	);
	await new Promise<string>((resolve, reject) => {
		createInterface({input: holder.stdout}).once('line', resolve);
		holder.once('exit', (code) => reject(new Error(`retire_data.py exited with ${code}`)));
	});
	return holder;
}
