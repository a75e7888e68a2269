/**
 * Freshness: is the data new, how many polls were missed, how old is it. A snapshot is fresh when
 * at least one scheduler endpoint that carries the cluster's figures answered in its own round (or it
 * carries no endpoint health at all, as synthesized snapshots do): /health answering alone is no data.
 */
import {carriesFigures, endpointKind} from '../parse/index.js';
import type {Snapshot} from '../types/snapshot.js';
import {afterOwnGap} from './own-gap.js';
import type {ClusterState} from './state-types.js';

/**
 * Polls missed since fresh data: consecutive rounds without a fresh answer, or the time since fresh
 * data (the model's time: the wall clock live, the recorded clock in a replay) in poll intervals
 * minus half an interval of slack, whichever is more. Time in which dask-top itself did not run is
 * not the scheduler's: counted from the end of dask-top's latest gap when that is later (own-gap.ts).
 */
export function missedPolls(state: ClusterState): number {
	const {lastFreshMs, startMs, intervalMs, missedRounds} = state.source;
	const since = lastFreshMs ?? startMs;
	const byTime = since === undefined ? 0 : Math.floor((state.nowMs - afterOwnGap(state, since)) / intervalMs - 0.5);
	return Math.max(0, missedRounds, byTime);
}

/** Seconds since the latest fresh data, at the state's time; undefined before any. */
export function dataAgeSeconds(state: ClusterState): number | undefined {
	return state.source.lastFreshMs === undefined
		? undefined
		: Math.max(0, (state.nowMs - state.source.lastFreshMs) / 1000);
}

/** At least one of the scheduler's endpoints with the cluster's figures answered in the snapshot's own round. */
export function snapshotFresh(snapshot: Snapshot): boolean {
	const scheduler = snapshot.endpoints.filter((e) => e.target === undefined);
	if (scheduler.length === 0) return true;
	return scheduler.some(
		(e) =>
			e.state === 'ok' &&
			e.last_ok !== undefined &&
			e.last_ok >= snapshot.time - 1e-6 &&
			carriesFigures(endpointKind('scheduler', e.path)),
	);
}

const WORKER_LIST_PATHS = {
	identity: '/json/identity.json',
	workers_html: '/info/main/workers.html',
	api: '/api/v1/get_workers',
} as const;

/** The worker list came from an answer of this round (so absent workers are really gone). */
export function workerListFresh(snapshot: Snapshot): boolean {
	if (snapshot.workers_source === undefined) return snapshot.endpoints.length === 0;
	const path = WORKER_LIST_PATHS[snapshot.workers_source];
	const health = snapshot.endpoints.find((e) => e.target === undefined && e.path === path);
	if (!health) return true;
	return health.state === 'ok' && health.last_ok !== undefined && health.last_ok >= snapshot.time - 1e-6;
}
