/**
 * The adaptive recomputation's inputs that HTTP does not give as such: the mean duration of the
 * queued tasks (from the per-prefix counters, modern Dask), the summed occupancy (workers.html,
 * asked every 5 s while tasks run, so up to 5 s older than /metrics) and the stored bytes as of this
 * round's worker list (counts.json, or the workers' own bytes when counts.json is older). Each says
 * how much older than /metrics (the queue, processing and the scheduler's own number) it is, and
 * the fresher answer is taken where one is cheap: no task in memory by /metrics is 0 bytes stored.
 */
import type {Snapshot} from '../../types/snapshot.js';

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

/**
 * Seconds by which an endpoint's latest good answer is older than /metrics' (0 when not older,
 * undefined when unknown).
 */
export function olderThanMetrics(snapshot: Snapshot, path: string): number | undefined {
	const at = (p: string) => snapshot.endpoints.find((e) => e.target === undefined && e.path === p)?.last_ok;
	const metricsAt = at('/metrics');
	const answeredAt = at(path);
	if (metricsAt === undefined || answeredAt === undefined) return undefined;
	return Math.max(0, metricsAt - answeredAt);
}

/**
 * A task in flight's expected duration: each prefix's mean compute time (≥ 2023.1.1), Dask's 0.5 s
 * for a prefix with none finished (what the scheduler counts too), weighted by what each has in flight.
 */
function runningTaskSeconds(snapshot: Snapshot): {seconds: number; note: string} {
	let weighted = 0;
	let count = 0;
	let measured = false;
	for (const c of Object.values(snapshot.scheduler.prefixes)) {
		const t = c.transitions;
		const memory = t['memory'] ?? 0;
		const inFlight = (t['waiting'] ?? 0) - memory - (t['erred'] ?? 0);
		if (inFlight <= 0) continue;
		const mean = c.compute_seconds_total !== undefined && memory > 0 ? c.compute_seconds_total / memory : undefined;
		if (mean !== undefined) measured = true;
		weighted += inFlight * (mean ?? UNKNOWN_TASK_DURATION_S);
		count += inFlight;
	}
	if (count === 0 || !measured) return {seconds: UNKNOWN_TASK_DURATION_S, note: "Dask's unknown-task-duration 0.5 s"};
	return {
		seconds: weighted / count,
		note: "the prefixes in flight: their mean compute time, or Dask's 0.5 s for those none of whose tasks finished",
	};
}

export interface OccupancyInput {
	readonly seconds?: number | undefined;
	readonly estimated: boolean;
	readonly note: string;
	/** How much older than /metrics the figure is (0: as fresh). */
	readonly ageSeconds?: number | undefined;
}

/**
 * Σ occupancy, as of the latest workers.html (or 0 by /metrics when nothing processes). A
 * workers.html read while no task was processing says 0 for work that started since: then the
 * tasks processing now × a task's duration stand in (estimated), as the scheduler counts a task of
 * a prefix none of whose tasks has finished yet.
 */
export function occupancyOf(snapshot: Snapshot): OccupancyInput {
	const workers = snapshot.workers;
	if (workers.length === 0) return {seconds: 0, estimated: false, note: 'no workers', ageSeconds: 0};
	let seconds = 0;
	let processingThen = 0;
	let fromHtml = false;
	for (const w of workers) {
		if (w.occupancy_seconds === undefined)
			return {estimated: false, note: 'summed worker occupancy: workers.html not fetched yet'};
		seconds += w.occupancy_seconds;
		processingThen += w.processing ?? 0;
		if (w.sources['occupancy_seconds'] === 'workers_html') fromHtml = true;
	}
	if (!fromHtml) return {seconds, estimated: false, note: 'no task processing (/metrics): occupancy 0', ageSeconds: 0};
	const age = olderThanMetrics(snapshot, '/info/main/workers.html');
	const ago = age === undefined || age < 0.5 ? '' : ` (${Math.round(age)} s before /metrics)`;
	const processing = snapshot.scheduler.tasks.processing;
	if (processingThen === 0 && processing !== undefined && processing > 0) {
		const task = runningTaskSeconds(snapshot);
		return {
			seconds: processing * task.seconds,
			estimated: true,
			note:
				`workers.html was read while no task was processing${ago}; ${processing} are now: ` +
				`occupancy estimated as ${processing} x ${task.seconds.toFixed(2)} s (${task.note})`,
			ageSeconds: 0,
		};
	}
	return {seconds, estimated: false, note: `summed worker occupancy from workers.html${ago}`, ageSeconds: age};
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
	/** How much older than /metrics the figure is (0: as fresh). */
	readonly ageSeconds?: number | undefined;
}

/**
 * Σ nbytes for the memory rule and workers_to_close(). counts.json `bytes` is exact but is asked
 * for seldom (it costs the scheduler O(all tasks)); when its answer is older than this round's
 * worker list, the workers' own managed + spilled bytes (what each worker holds, incl. spilled —
 * the scheduler's ws.nbytes, as of the last heartbeat) stand for the present instead: data freed or
 * stored since the last counts.json would otherwise keep or retire the wrong workers.
 */
export function storedBytesOf(snapshot: Snapshot): StoredBytes {
	const s = snapshot.scheduler;
	// No task in memory now (the same /metrics answer as the queue): nothing is stored, exactly.
	if (s.sources['tasks'] === 'metrics' && s.tasks.memory === 0)
		return {bytes: 0, estimated: false, note: 'no task in memory (/metrics): 0 B stored', ageSeconds: 0};
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
		ageSeconds: olderThanMetrics(snapshot, '/json/counts.json'),
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
		ageSeconds: listPath === undefined ? undefined : olderThanMetrics(snapshot, listPath),
	};
}
