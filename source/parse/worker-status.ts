/**
 * Workers' status while identity.json cannot give it (HTTP 500 on busy clusters, Dask ≥ 2023.4),
 * from what the scheduler's /metrics counts (≥ 2023.1.1, `dask_scheduler_workers{state}`: idle,
 * partially_saturated and saturated are running workers; paused; retiring is every other status,
 * closing_gracefully, init …). docs/endpoints.md, "Workers by state".
 *
 * - /metrics of this moment counts no paused and no retiring worker, and as many workers as are
 *   listed: every listed worker is running. That is proof, sourced `metrics`.
 * - Otherwise identity.json's last answer (at most STATUS_CARRY_MS old) is carried over when its
 *   paused and retiring workers are still listed and they are exactly as many as /metrics counts
 *   now; the others are running. That is a guess (a worker could have resumed while another
 *   paused), sourced `inferred`.
 * - Otherwise the status stays unknown (and the screen says why).
 * 2022.12.1's /metrics (`connected`, `idle`, `saturated`) counts no paused worker: nothing is
 * proved from it (its identity.json does not fail while busy).
 */
import type {Source} from '../types/snapshot.js';
import type {IdentityWorker} from './identity.js';
import type {SchedulerMetrics} from './scheduler-metrics.js';
import {stateCount, sumOf} from './prom-counts.js';

export const STATUS_CARRY_MS = 30_000;

export interface StatusInput {
	readonly addresses: readonly string[];
	/** The scheduler's /metrics of this moment (current), if any. */
	readonly metrics: SchedulerMetrics | undefined;
	/** identity.json's last ok answer's workers, and how old that answer is. */
	readonly lastIdentity?: {readonly workers: readonly IdentityWorker[]; readonly ageMs: number};
}

export interface WorkerStatuses {
	readonly source: Extract<Source, 'metrics' | 'inferred'>;
	readonly status: ReadonlyMap<string, string>;
}

export function workerStatuses({addresses, metrics, lastIdentity}: StatusInput): WorkerStatuses | undefined {
	const states = metrics?.workerStates;
	if (!states || metrics?.workerLabels !== 'additive') return undefined;
	const paused = stateCount(states, 'paused');
	const retiring = stateCount(states, 'retiring');
	const total = sumOf(states);
	if (paused === undefined || retiring === undefined || total === undefined) return undefined;
	const listed = new Set(addresses);
	if (total !== listed.size) return undefined;
	if (paused === 0 && retiring === 0) return {source: 'metrics', status: new Map(addresses.map((a) => [a, 'running']))};
	if (!lastIdentity || lastIdentity.ageMs > STATUS_CARRY_MS) return undefined;
	const status = new Map(addresses.map((a) => [a, 'running']));
	let pausedThen = 0;
	let retiringThen = 0;
	for (const w of lastIdentity.workers) {
		if (w.status === undefined || w.status === 'running') continue;
		if (!listed.has(w.address)) return undefined;
		if (w.status === 'paused') pausedThen++;
		else retiringThen++;
		status.set(w.address, w.status);
	}
	return pausedThen === paused && retiringThen === retiring ? {source: 'inferred', status} : undefined;
}
