/**
 * `Scheduler.adaptive_target()` recomputed from HTTP data, per version (docs/endpoints.md,
 * "Adaptive target"), to explain the scheduler's own number (`desired_workers`):
 *
 *   legacy (≤ 2023.7):  qOcc = Q × 0.5 s (unknown-task-duration); no-worker tasks ignored
 *                       cpu = min(ceil((occupancy + qOcc) / T), Q + P)          → threads wanted
 *   modern (≥ 2023.8):  qOcc = (Q + U) × per-prefix duration (NOT exposed: estimated)
 *                       cpu = min(ceil((occupancy + qOcc) / T), Q + U + P)
 *                       cpu = ceil(cpu / Σthreads × workers)                     → workers
 *   both:               no workers and Q or U → cpu ≥ 1
 *                       memory = 2 × workers when stored bytes > 0.6 × Σ limits (and Σ limits > 0)
 *                       target = max(memory, cpu); below the worker count it is
 *                       workers − len(workers_to_close())
 *
 * occupancy = Σ per-worker occupancy (workers.html), Q = queued, U = no-worker, P = processing,
 * stored bytes = counts.json `bytes` (Σ nbytes with replicas and spilled data — not managed memory).
 * The inputs HTTP does not give as such (queued tasks' duration, stored bytes now) are adaptive-inputs.ts.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {
	estimateQueuedDuration,
	occupancyOf,
	type QueuedDuration,
	storedBytesOf,
	UNKNOWN_TASK_DURATION_S,
} from './adaptive-inputs.js';
import {workersToClose} from './scale-down.js';
import {bytesText} from '../../units/bytes.js';
import {percentText, UNKNOWN} from '../text.js';
import type {AdaptiveFlavor, AdaptiveInput, AdaptiveRecomputation} from '../view-types.js';

export interface RecomputeOptions {
	readonly flavor: AdaptiveFlavor;
	readonly targetDurationSeconds: number;
	readonly minimumWorkers?: number | undefined;
	readonly maximumWorkers?: number | undefined;
	/** Modern only: mean duration of the queued / no-worker tasks. */
	readonly queuedDuration?: QueuedDuration;
}

export function clampWorkers(n: number, minimum?: number, maximum?: number): number {
	return Math.min(Math.max(n, minimum ?? 0), maximum ?? Number.POSITIVE_INFINITY);
}

function sumOf(values: ReadonlyArray<number | undefined>): number | undefined {
	let total = 0;
	for (let i = 0; i < values.length; i++) {
		const v = values[i];
		if (v === undefined) return undefined;
		total += v;
	}
	return total;
}

export function recomputeAdaptive(snapshot: Snapshot, options: RecomputeOptions): AdaptiveRecomputation {
	const s = snapshot.scheduler;
	const T = options.targetDurationSeconds;
	const workers = snapshot.workers;
	const n = workers.length;
	const inputs: AdaptiveInput[] = [];
	const missing: string[] = [];
	const estimatedNotes: string[] = [];
	const explanation: string[] = [];
	const modern = options.flavor === 'modern';

	const occupancyInput = occupancyOf(snapshot);
	const occupancy = occupancyInput.seconds;
	inputs.push({
		name: 'occupancy',
		value: occupancy,
		status: occupancy === undefined ? 'missing' : occupancyInput.estimated ? 'estimated' : 'exact',
		note: occupancyInput.note,
		...(occupancyInput.ageSeconds === undefined ? {} : {age_seconds: occupancyInput.ageSeconds}),
	});
	if (occupancy === undefined) missing.push('occupancy (workers.html not fetched yet)');
	if (occupancyInput.estimated) estimatedNotes.push(occupancyInput.note);
	const Q = s.tasks.queued;
	const U = s.tasks['no-worker'];
	const P = s.tasks.processing ?? sumOf(workers.map((w) => w.processing));
	inputs.push({
		name: 'queued',
		value: Q,
		status: Q === undefined ? 'missing' : 'exact',
		note: 'dask_scheduler_tasks{state="queued"}',
	});
	inputs.push({
		name: 'no_worker',
		value: U,
		status: U === undefined ? 'missing' : 'exact',
		note: modern ? 'dask_scheduler_tasks{state="no-worker"}' : 'not used by this Dask version',
	});
	inputs.push({name: 'processing', value: P, status: P === undefined ? 'missing' : 'exact', note: 'tasks processing'});
	if (Q === undefined) missing.push('queued tasks (/metrics)');
	if (P === undefined) missing.push('processing tasks');
	if (modern && U === undefined) missing.push('no-worker tasks (/metrics)');
	const threads = s.threads ?? sumOf(workers.map((w) => w.nthreads));
	if (modern) {
		inputs.push({
			name: 'threads',
			value: threads,
			status: threads === undefined ? 'missing' : 'exact',
			note: 'summed nthreads',
		});
		if (threads === undefined && n > 0) missing.push('threads per worker');
	}
	const storedChoice = storedBytesOf(snapshot);
	const stored = storedChoice.bytes;
	if (storedChoice.estimated) estimatedNotes.push(storedChoice.note);
	const limits = sumOf(workers.map((w) => w.memory_limit_bytes)) ?? s.memory_limit_bytes;
	inputs.push({
		name: 'stored_bytes',
		value: stored,
		status: stored === undefined ? 'missing' : storedChoice.estimated ? 'estimated' : 'exact',
		note: storedChoice.note,
		...(storedChoice.ageSeconds === undefined ? {} : {age_seconds: storedChoice.ageSeconds}),
	});
	inputs.push({
		name: 'memory_limit_bytes',
		value: limits,
		status: limits === undefined ? 'missing' : 'exact',
		note: 'summed worker memory_limit',
	});
	if (limits === undefined) missing.push('memory limits');

	let qDuration: QueuedDuration;
	if (modern) qDuration = options.queuedDuration ?? estimateQueuedDuration(snapshot);
	else
		qDuration = {
			seconds: UNKNOWN_TASK_DURATION_S,
			estimated: false,
			note: "Q x Dask's unknown-task-duration (0.5 s, the scheduler's config default)",
		};
	inputs.push({
		name: 'queued_task_duration',
		value: qDuration.seconds,
		status: qDuration.estimated ? 'estimated' : 'exact',
		note: qDuration.note,
	});
	if (qDuration.estimated) estimatedNotes.push(qDuration.note);

	let oldest: number | undefined;
	for (const input of inputs)
		if (input.age_seconds !== undefined && input.status !== 'missing')
			oldest = Math.max(oldest ?? 0, input.age_seconds);
	const base = {
		...(oldest === undefined ? {} : {inputs_age_seconds: oldest}),
		target_duration_seconds: T,
		queued_task_duration_seconds: qDuration.seconds,
		occupancy_seconds: occupancy,
		inputs,
		missing,
		estimated: estimatedNotes.length > 0,
	};

	// CPU term.
	let cpu: number | undefined;
	let cpuThreads: number | undefined;
	let queuedOcc: number | undefined;
	if (occupancy !== undefined && Q !== undefined && P !== undefined && (!modern || U !== undefined)) {
		const ready = modern ? Q + (U ?? 0) : Q;
		queuedOcc = ready * qDuration.seconds;
		const raw = Math.ceil((occupancy + queuedOcc) / T);
		cpuThreads = Math.min(raw, ready + P);
		explanation.push(
			`cpu: ceil((${occupancy.toFixed(2)} s occupancy + ${ready} ` +
				`${modern ? 'queued/no-worker' : 'queued'} x ${qDuration.seconds.toFixed(2)} s) ` +
				`/ ${T} s) = ${raw}, capped at ${ready + P} runnable tasks -> ${cpuThreads}`,
		);
		cpu = cpuThreads;
		if (modern && n > 0) {
			if (threads === undefined || threads <= 0) cpu = undefined;
			else {
				cpu = Math.ceil((cpuThreads / threads) * n);
				explanation.push(
					`cpu: ${cpuThreads} threads / ${(threads / n).toFixed(2)} threads per worker -> ${cpu} workers`,
				);
			}
		}
		if (cpu !== undefined && n === 0 && (Q > 0 || (modern && (U ?? 0) > 0))) cpu = Math.max(1, cpu);
	}
	// Memory term.
	let memory: number | undefined;
	if (limits !== undefined && stored !== undefined) {
		memory = stored > 0.6 * limits && limits > 0 ? 2 * n : 0;
		// A share that rounds to the threshold keeps a decimal, so "(60 %) > 60 %" never reads as a contradiction.
		const percent = limits > 0 ? (stored / limits) * 100 : undefined;
		const share =
			percent === undefined
				? ''
				: ` (${Math.round(percent) === 60 ? `${percent.toFixed(1)} %` : percentText(percent / 100)})`;
		explanation.push(
			`memory: stored ${bytesText(stored, UNKNOWN)}${share} ${memory > 0 ? '>' : '<='} ` +
				`60 % of the ${bytesText(limits, UNKNOWN)} memory limits -> ${memory}`,
		);
	} else if (stored === undefined) missing.push('stored bytes (counts.json not fetched yet)');

	const terms = {
		...base,
		cpu_term: cpu,
		memory_term: memory,
		cpu_threads: cpuThreads,
		queued_occupancy_seconds: queuedOcc,
		explanation,
	};
	if (cpu === undefined) return terms;
	// The memory term is 0 or 2 × workers: when it is unknown, cpu ≥ 2 × workers still decides.
	if (memory === undefined && cpu < 2 * n) return terms;
	const wanted = Math.max(memory ?? 0, cpu);
	let target = wanted;
	let wins: AdaptiveRecomputation['wins'] =
		memory === undefined || cpu > memory ? 'cpu' : memory > cpu ? 'memory' : 'tie';
	if (wanted < n) {
		const close = workersToClose(workers, stored);
		if (close.missing.length > 0) {
			missing.push(...close.missing);
			return terms;
		}
		estimatedNotes.push(...close.estimated);
		target = n - close.addresses.length;
		wins = 'scale_down';
		explanation.push(
			`max(memory, cpu) = ${wanted} < ${n} workers: ` +
				`${n} - ${close.addresses.length} that workers_to_close() would retire = ${target}`,
		);
	}
	const clamped = clampWorkers(target, options.minimumWorkers, options.maximumWorkers);
	return {...terms, target, wins, clamped, estimated: estimatedNotes.length > 0};
}
