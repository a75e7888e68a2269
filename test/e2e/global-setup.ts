/**
 * globalSetup of the e2e project: the Dask 2026.7.1 venv (made when missing), and one shared,
 * read-only Dask 2022.12.1 cluster (the fixtures' layout,
 * /api/v1 enabled) for the whole run, provided to tests as `inject('cluster')` (see
 * helpers/shared-cluster.ts). Missing Debian Dask is a hard failure, in CI and locally: never a skip.
 */
import type {TestProject} from 'vitest/node';
import {startCluster} from './helpers/cluster.js';
import {pythonFor, requireDebianDask} from './helpers/python.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	await requireDebianDask();
	// The modern release's venv, made now (about 8 s, offline) rather than inside a test's timeout.
	pythonFor('2026.7.1');
	const cluster = await startCluster();
	const {stop, ...info} = cluster;
	project.provide('cluster', info);
	console.log(
		`[e2e] shared Dask cluster at ${cluster.httpUrl} started in ${cluster.startMs} ms (logs: ${cluster.tempDir})`,
	);
	return stop;
}
