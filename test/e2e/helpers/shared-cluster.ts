/**
 * The e2e run's shared, read-only cluster (started once by test/e2e/global-setup.ts, default layout,
 * /api/v1 enabled). Do not kill, fill or stall its workers: start a cluster of your own for that.
 */
import {afterAll, beforeAll, inject} from 'vitest';
import type {ClusterInfo} from './cluster.js';
import {runWorkload, type Workload, type WorkloadKind} from './workload.js';

declare module 'vitest' {
	export interface ProvidedContext {
		cluster: ClusterInfo;
	}
}

export function sharedCluster(): ClusterInfo {
	const cluster = inject('cluster');
	if (cluster === undefined)
		throw new Error('no shared Dask cluster: run e2e tests with `vitest --project e2e` (its globalSetup starts it)');
	return cluster;
}

/**
 * The shared cluster with a `kind` workload held on it for the enclosing describe block: started in its
 * beforeAll, stopped in its afterAll. Call it inside describe().
 */
export function sharedClusterUnder(kind: WorkloadKind): ClusterInfo {
	const cluster = sharedCluster();
	let workload: Workload | undefined;
	beforeAll(async () => {
		workload = await runWorkload(cluster, kind);
	}, 120_000);
	afterAll(async () => {
		await workload?.stop();
	}, 60_000);
	return cluster;
}
