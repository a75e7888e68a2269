/**
 * Dask's own ways to name a cluster, against real schedulers of both releases: dask-top started
 * before the scheduler waits for the file `dask scheduler --scheduler-file` writes, says so, then
 * reads the cluster through it; $DASK_SCHEDULER_ADDRESS with --dashboard-port reads the same
 * cluster from its comm address, its dashboard on a port that is not 8787.
 */
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Snapshot} from '../../source/types/snapshot.js';
import {runCli, type CliResult} from './helpers/cli.js';
import {startCluster, type Cluster} from './helpers/cluster.js';
import {DASK_RELEASES} from './helpers/python.js';

const WORKERS = [{name: 'solo', nthreads: 1, memoryLimitBytes: 1_000_000_000, nanny: false}];

describe.each(DASK_RELEASES)('naming a Dask %s cluster the Dask ways', (release) => {
	let cluster: Cluster | undefined;
	let throughFile: CliResult;
	const file = join(mkdtempSync(join(tmpdir(), 'dask-top-sf-')), 'scheduler.json');

	beforeAll(async () => {
		// dask-top first, as with a batch job still queued: the file does not exist yet.
		const waiting = runCli(['--once', '--json', '--scheduler-file', file], {}, {timeoutMs: 120_000});
		cluster = await startCluster({dask: release, workers: WORKERS, schedulerFile: file});
		throughFile = await waiting;
	}, 180_000);

	afterAll(async () => {
		await cluster?.stop();
	}, 60_000);

	it('waits for the scheduler file with one line, then reads the cluster it names', () => {
		expect(throughFile.stderr).toBe(
			`dask-top: waiting for ${file}: its scheduler writes it as it starts (Ctrl-C stops)\n`,
		);
		expect(throughFile.code).toBe(0);
		const snapshot = JSON.parse(throughFile.stdout) as Snapshot;
		expect(snapshot.url).toBe(cluster!.httpUrl);
		expect(snapshot.scheduler.address).toBe(cluster!.schedulerAddress);
	});

	it("reads $DASK_SCHEDULER_ADDRESS's dashboard on --dashboard-port", async () => {
		const result = await runCli(['--once', '--json', '--dashboard-port', String(cluster!.httpPort)], {
			DASK_SCHEDULER_ADDRESS: cluster!.schedulerAddress,
			DASK_TOP_URL: undefined,
		});
		expect(result.code, result.stderr).toBe(0);
		expect((JSON.parse(result.stdout) as Snapshot).url).toBe(cluster!.httpUrl);
		expect(result.stderr).toBe(
			`dask-top: DASK_SCHEDULER_ADDRESS: ${cluster!.schedulerAddress} is the scheduler's comm address; ` +
				`reading its dashboard at ${cluster!.httpUrl}\n`,
		);
	});
});
