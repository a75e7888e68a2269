/**
 * The adaptive recomputation's inputs that HTTP does not give as such: the mean duration of the
 * queued tasks (from the per-prefix counters, modern Dask) and the stored bytes as of this round's
 * worker list (counts.json, or the workers' own bytes when counts.json is older).
 */
import type {Snapshot} from '../types/snapshot.js';

export const UNKNOWN_TASK_DURATION_S = 0.5;

export interface QueuedDuration {
	readonly seconds: number;
	readonly estimated: boolean;
	readonly note: string;
}

/** Mean duration of the tasks waiting to run, from the per-prefix counters (modern Dask). */
export function estimateQueuedDuration(snapshot: Snapshot): QueuedDuration {
	let weighted = 0;
	let count = 0;
	const used: string[] = [];
	for (const [prefix, c] of Object.entries(snapshot.scheduler.prefixes)) {
		const t = c.transitions;
		const waiting = Math.max(0, (t['queued'] ?? 0) + (t['no-worker'] ?? 0) - (t['processing'] ?? 0));
		if (waiting <= 0) continue;
		const memory = t['memory'] ?? 0;
		const mean = c.compute_seconds_total !== undefined && memory > 0 ? c.compute_seconds_total / memory : undefined;
		weighted += waiting * (mean ?? UNKNOWN_TASK_DURATION_S);
		count += waiting;
		used.push(mean === undefined ? `${prefix} 0.5 s (unknown)` : `${prefix} ${mean.toFixed(2)} s`);
	}
	if (count === 0) {
		return {
			seconds: UNKNOWN_TASK_DURATION_S,
			estimated: true,
			note: "per-prefix durations of queued tasks are not exposed; Dask's unknown-task-duration 0.5 s used",
		};
	}
	return {
		seconds: weighted / count,
		estimated: true,
		note:
			'per-prefix durations of queued tasks are not exposed: ' +
			'estimated as compute_seconds_total / memory transitions of the prefixes with queued tasks ' +
			`(${used.slice(0, 4).join(', ')}${used.length > 4 ? ', ...' : ''})`,
	};
}

const WORKER_LIST_PATHS: Readonly<Record<NonNullable<Snapshot['workers_source']>, string>> = {
	identity: '/json/identity.json',
	workers_html: '/info/main/workers.html',
	api: '/api/v1/get_workers',
};

/** How much older than the worker list counts.json may be and still stand for the same moment. */
const STORED_BYTES_SKEW_S = 1;

interface StoredBytes {
	readonly bytes?: number | undefined;
	readonly estimated: boolean;
	readonly note: string;
}

/**
 * Σ nbytes for the memory rule and workers_to_close(). counts.json `bytes` is exact but is asked
 * for seldom (it costs the scheduler O(all tasks)); when its answer is older than this round's
 * worker list, the workers' own managed + spilled bytes (what each worker holds, incl. spilled —
 * the scheduler's ws.nbytes, as of the last heartbeat) stand for the present instead: data freed or
 * stored since the last counts.json would otherwise keep or retire the wrong workers.
 */
export function storedBytesOf(snapshot: Snapshot): StoredBytes {
	const counted = snapshot.scheduler.stored_bytes;
	const endpoint = (path: string) => snapshot.endpoints.find((e) => e.target === undefined && e.path === path);
	const countsAt = endpoint('/json/counts.json')?.last_ok;
	const listPath = snapshot.workers_source === undefined ? undefined : WORKER_LIST_PATHS[snapshot.workers_source];
	const listAt = listPath === undefined ? undefined : endpoint(listPath)?.last_ok;
	const held =
		snapshot.workers.length > 0 && snapshot.workers.every((w) => w.memory_managed_bytes !== undefined)
			? snapshot.workers.reduce((n, w) => n + (w.memory_managed_bytes ?? 0) + (w.memory_spilled_bytes ?? 0), 0)
			: undefined;
	const exact = {
		bytes: counted,
		estimated: false,
		note:
			counted === undefined
				? 'counts.json bytes: not fetched yet'
				: 'counts.json bytes (summed nbytes incl. replicas and spilled)',
	};
	if (
		counted === undefined ||
		held === undefined ||
		countsAt === undefined ||
		listAt === undefined ||
		countsAt >= listAt - STORED_BYTES_SKEW_S
	)
		return exact;
	return {
		bytes: held,
		estimated: true,
		note:
			"the workers' summed managed + spilled bytes " +
			`(counts.json bytes is ${Math.round(listAt - countsAt)} s older than the worker list)`,
	};
}
