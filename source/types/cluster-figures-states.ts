/**
 * The cluster figures' table (cluster-figures.ts), its counts by state: the workers by state and the
 * tasks by state, in the order of the header's lines. The type asks for every state of the
 * snapshot's WorkerCounts and TaskState.
 */
import type {ClusterFigure} from './cluster-figure-types.js';
import type {FigureSource} from './worker-figure-types.js';
import type {TaskState, WorkerCounts} from './snapshot.js';

const METRICS_WORKERS: FigureSource = {from: 'metrics', reads: 'dask_scheduler_workers{state}'};
const COUNTS_WORKERS: FigureSource = {from: 'counts', reads: 'workers, idle, saturated', dask: '< 2023.4'};
const LIST_STATUSES: FigureSource = {from: 'identity', reads: "the workers' status", computed: true};

/**
 * A worker state's descriptor: the same place on the header's and --once's workers line, its word on
 * --once `onceLabel` when the header's is shorter.
 */
function workerState(
	state: keyof WorkerCounts,
	sources: readonly FigureSource[],
	header: {label: string; position: number; priority: number},
	onceLabel = header.label,
): ClusterFigure {
	return {
		unit: 'count',
		sources,
		header: {line: 'workers', ...header},
		once: {line: 'workers', label: onceLabel, position: header.position},
		json: `scheduler.workers.${state}`,
	};
}

export const WORKER_STATE_FIGURES: {readonly [K in keyof WorkerCounts]-?: ClusterFigure} = {
	total: workerState(
		'total',
		[METRICS_WORKERS, COUNTS_WORKERS, {from: 'identity', reads: 'the workers listed', computed: true}],
		{label: '', position: 0, priority: 0},
	),
	idle: workerState('idle', [METRICS_WORKERS, COUNTS_WORKERS], {label: 'idle', position: 1, priority: 1}),
	partially_saturated: workerState(
		'partially_saturated',
		[METRICS_WORKERS, {from: 'derived', reads: 'total − idle − saturated − paused − retiring', computed: true}],
		{label: 'partial', position: 2, priority: 2},
		'partially saturated',
	),
	saturated: workerState('saturated', [METRICS_WORKERS, COUNTS_WORKERS], {
		label: 'saturated',
		position: 3,
		priority: 1,
	}),
	paused: workerState('paused', [METRICS_WORKERS, LIST_STATUSES], {label: 'paused', position: 4, priority: 0}),
	retiring: workerState('retiring', [METRICS_WORKERS, LIST_STATUSES], {label: 'retiring', position: 5, priority: 2}),
};

const METRICS_TASKS: FigureSource = {from: 'metrics', reads: 'dask_scheduler_tasks{state}'};

/** A task state's descriptor: /metrics, else counts.json's key of the same meaning (`null`: none). */
function taskState(
	state: TaskState,
	countsKey: string | null,
	header: {label: string; position: number; priority: number},
	oncePosition: number,
): ClusterFigure {
	return {
		unit: 'count',
		sources: countsKey === null ? [METRICS_TASKS] : [METRICS_TASKS, {from: 'counts', reads: countsKey}],
		header: {line: 'tasks', ...header},
		once: {line: 'tasks', label: header.label, position: oncePosition},
		json: `scheduler.tasks.${state}`,
	};
}

/** The tasks by state: the header lists them by what runs first, --once by a task's way through. */
export const TASK_STATE_FIGURES: {readonly [K in TaskState]-?: ClusterFigure} = {
	processing: taskState('processing', 'processing', {label: 'processing', position: 1, priority: 0}, 3),
	queued: taskState('queued', null, {label: 'queued', position: 2, priority: 0}, 2),
	waiting: taskState('waiting', null, {label: 'waiting', position: 3, priority: 2}, 1),
	memory: taskState('memory', null, {label: 'in memory', position: 4, priority: 2}, 4),
	erred: taskState('erred', 'erred', {label: 'erred', position: 5, priority: 0}, 5),
	'no-worker': taskState('no-worker', 'unrunnable', {label: 'no-worker', position: 6, priority: 2}, 6),
	// Released tasks are part of the total: without them the states do not add up to it.
	released: taskState('released', 'released', {label: 'released', position: 7, priority: 2}, 7),
};
