/**
 * The workers whose own /metrics the poller reads every round for the spilling rule: those writing
 * to disk now (their bytes on disk or written rose between their two latest readings) and those the
 * rule is judging (a spilling finding pending or active). The time a worker spends spilling is only
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
	for (const [address, readings] of diagnosis.window.workers) {
		if (out.length >= SPILL_WATCH_MAX) break;
		const judged = diagnosis.tracks.has(findingKey({cause: 'spilling', subject: {kind: 'worker', id: address}}));
		if (judged || readings.rising('spilled')) out.push(address);
	}
	return out;
}
