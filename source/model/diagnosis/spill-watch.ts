/**
 * The workers whose own /metrics the poller reads every round for the spilling rule: those writing
 * to disk now (their bytes on disk or written rose between their two latest readings), those busy
 * with data on disk (a first sighting: on busy Dask ≥ 2023.4 the bytes on disk come only from the
 * worker's own /metrics, every few polls), and those the rule is judging (a spilling finding pending
 * or active). The time a worker spends spilling is only
 * in its own /metrics; the scheduler's answers show the bytes alone, and bytes alone do not say
 * whether the disk bounds the run. Pure.
 */
import type {ClusterState} from '../state-types.js';
import {findingKey} from './engine.js';

/** At most this many workers are watched (the workers' sample window). */
export const SPILL_WATCH_MAX = 50;

export function spillWatch(state: ClusterState): string[] {
	const diagnosis = state.diagnosis;
	if (!diagnosis) return [];
	const out: string[] = [];
	for (const w of state.snapshot?.workers ?? []) {
		if (out.length >= SPILL_WATCH_MAX) break;
		const readings = diagnosis.window.workers.get(w.address);
		if (!readings) continue;
		const judged = diagnosis.tracks.has(findingKey({cause: 'spilling', subject: {kind: 'worker', id: w.address}}));
		const onDisk = (w.memory_spilled_bytes ?? 0) > 0 && readings.busySince() !== undefined;
		if (judged || onDisk || readings.rising('spilled')) out.push(w.address);
	}
	return out;
}
