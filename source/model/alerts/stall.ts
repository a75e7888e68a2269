/**
 * Stall detection: tasks are processing, no work was seen to move for N seconds — no task completed
 * or went into processing, processing did not go from none to some — and every worker holding
 * tasks (processing > 0 or executing > 0) uses under stall_cpu_percent CPU (10 %) → a "stalled"
 * warning naming those workers. Counted from when work last moved, never from the last completion
 * before an idle spell (tasks submitted after an hour idle are not an hour stalled); across a
 * stretch in which dask-top itself did not run only once the counters were read after it
 * (own-gap.ts): they then say whether anything moved meanwhile.
 *
 * N = the stallAfterMs option when given, else max(stall_min_s (60 s), stall_duration_x (3) × the
 * longest mean task duration of the prefixes in flight), mean durations coming from
 * compute_seconds_total (≥ 2023.1.1; on older Dask N is 60 s).
 *
 * Caveat (shown in the message): tasks that sleep or wait on I/O look exactly like this. Without
 * per-worker CPU figures nothing is called stalled.
 */
import type {WorkerSnapshot} from '../../types/snapshot.js';
import {progressView} from '../progress/progress.js';
import {countersSpeakUntilMs} from '../own-gap.js';
import {listText, secondsText} from '../text.js';
import type {ClusterState} from '../state-types.js';
import type {StallView} from '../view-types.js';

export function holdsTasks(w: WorkerSnapshot): boolean {
	return (w.processing ?? 0) > 0 || (w.tasks_executing ?? 0) > 0;
}

export interface StallThreshold {
	readonly seconds: number;
	readonly note: string;
}

export function stallThreshold(state: ClusterState): StallThreshold {
	const t = state.options.thresholds;
	if (state.options.stallAfterMs !== undefined)
		return {seconds: state.options.stallAfterMs / 1000, note: 'set by --stall-after'};
	let longest: {prefix: string; seconds: number} | undefined;
	for (const p of progressView(state).prefixes) {
		// A prefix maybe in flight counts: the longer threshold is the one that does not cry wolf.
		if ((p.in_flight_max ?? p.in_flight) <= 0 || p.mean_duration_seconds === undefined) continue;
		if (!longest || p.mean_duration_seconds > longest.seconds)
			longest = {prefix: p.prefix, seconds: p.mean_duration_seconds};
	}
	if (longest && t.stall_duration_x * longest.seconds > t.stall_min_s) {
		return {
			seconds: t.stall_duration_x * longest.seconds,
			note: `${t.stall_duration_x} x the mean duration of ${longest.prefix} (${secondsText(longest.seconds)})`,
		};
	}
	return {
		seconds: t.stall_min_s,
		note: longest
			? `the minimum (longer than ${t.stall_duration_x} x ${longest.prefix}'s mean ${secondsText(longest.seconds)})`
			: 'the minimum (no mean task durations known)',
	};
}

export function stallView(state: ClusterState): StallView {
	const threshold = stallThreshold(state);
	const base = {threshold_seconds: threshold.seconds, threshold_note: threshold.note};
	const snapshot = state.snapshot;
	if (!snapshot) return {stalled: false, workers: [], worker_names: [], ...base};
	const since =
		state.lastCompletionMs === undefined ? undefined : Math.max(0, (state.nowMs - state.lastCompletionMs) / 1000);
	const progressMs = state.lastProgressMs ?? state.lastCompletionMs;
	const quietFor =
		progressMs === undefined ? undefined : Math.max(0, (countersSpeakUntilMs(state) - progressMs) / 1000);
	const holders: WorkerSnapshot[] = [];
	for (const w of snapshot.workers) if (holdsTasks(w)) holders.push(w);
	const names = holders.map((w) => w.name);
	const processing = snapshot.scheduler.tasks.processing ?? holders.reduce((n, w) => n + (w.processing ?? 0), 0);
	const view = {
		since_completion_seconds: since,
		since_progress_seconds: quietFor,
		workers: holders.map((w) => w.address),
		worker_names: names,
		...base,
	};
	// Completions are seen only through the /metrics task counters.
	if (state.baselineAtS === undefined)
		return {
			stalled: false,
			...view,
			threshold_note: `${threshold.note}; no task counters (/metrics unavailable), so no stall detection`,
		};
	if (processing <= 0 || quietFor === undefined || quietFor < threshold.seconds || holders.length === 0)
		return {stalled: false, ...view};
	const cpuLimit = state.options.thresholds.stall_cpu_percent;
	const quiet = holders.every((w) => w.cpu_percent !== undefined && w.cpu_percent < cpuLimit);
	if (!quiet) return {stalled: false, ...view};
	return {
		stalled: true,
		...view,
		message:
			`stalled? no task started or completed for ${secondsText(quietFor)} while ` +
			`${processing} task${processing === 1 ? ' is' : 's are'} processing; ` +
			`${listText(names)} hold${holders.length === 1 ? 's' : ''} them at under ${cpuLimit} % CPU ` +
			'(tasks that sleep or wait on I/O look the same)',
	};
}
