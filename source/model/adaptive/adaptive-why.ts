/**
 * The adaptive target's why, in one line, for where the number is shown beside the cluster (the
 * overview): what drives it (the work waiting against the target duration, the data against the
 * memory limits) and, on Dask ≤ 2023.7, that the number counts threads. The whole
 * explanation is the events view's (adaptive-recompute.ts). Pure.
 */
import {secondsText} from '../text.js';
import type {AdaptiveView} from '../view-types.js';

function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * What makes the scheduler want more workers than it has: undefined when it does not. A wish for
 * fewer is routine (an idle cluster's Adaptive scales down to its minimum): the header's arrow says it.
 */
export function adaptiveWhy(a: AdaptiveView): string | undefined {
	const desired = a.target ?? a.desired_workers;
	if (desired === undefined || a.direction !== 'up') return undefined;
	const r = a.recomputed;
	const parts: string[] = [];
	if (r?.wins === 'memory') parts.push('stored data over 60 % of the memory limits doubles the workers');
	else if (r?.occupancy_seconds !== undefined || r?.queued_occupancy_seconds !== undefined) {
		const work = (r.occupancy_seconds ?? 0) + (r.queued_occupancy_seconds ?? 0);
		parts.push(`${secondsText(work)} of work for a ${secondsText(r.target_duration_seconds)} target`);
	} else parts.push('more work than the workers can finish in the target duration');
	// The surprise first: on Dask ≤ 2023.7 the number is threads.
	if (a.flavor === 'legacy')
		parts.unshift(
			a.approx_workers === undefined
				? 'this Dask counts threads, not workers'
				: `this Dask counts threads (≈${plural(a.approx_workers, 'worker')})`,
		);
	const now = `${plural(a.workers, 'worker')} now`;
	return `desired ${desired} for ${now}: ${parts.join('; ')}`;
}
