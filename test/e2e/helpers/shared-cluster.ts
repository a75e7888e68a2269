/**
 * The e2e run's shared, read-only cluster (started once by test/e2e/global-setup.ts, default layout,
 * /api/v1 enabled). Do not kill, fill or stall its workers: start a cluster of your own for that.
 */
import {inject} from 'vitest';
import type {ClusterInfo} from './cluster.js';

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
