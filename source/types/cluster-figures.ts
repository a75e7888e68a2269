/**
 * The cluster figures' table: one descriptor per figure of the cluster as a whole
 * (cluster-figure-types.ts) saying its unit, where each Dask version gives it and in what fallback
 * order, its place on the screen's header, its place on --once's lines and its path in --json. The
 * header (ui/views/header-lines.ts) and --once (output/text-table.ts) write the figures in the
 * places, with the words, the table gives. Pure data: every layer imports it.
 *
 * Its parts: the scheduler's own figures (cluster-figures-scheduler.ts), the workers and the tasks
 * by state (cluster-figures-states.ts), and here the figures the model computes.
 */
import type {ClusterFigure, ClusterLine, ClusterPlace, HeaderPlace} from './cluster-figure-types.js';
import {SCHEDULER_FIGURES} from './cluster-figures-scheduler.js';
import {TASK_STATE_FIGURES, WORKER_STATE_FIGURES} from './cluster-figures-states.js';

/** The figures the model computes over the rounds (--json has them elsewhere, or not at all). */
const MODEL_FIGURES = {
	tasks_done_per_second: {
		unit: 'count',
		sources: [],
		header: {line: 'tasks', label: 'done', position: 8, priority: 1},
		once: null,
		json: null,
	},
	data_age_seconds: {
		unit: 'seconds',
		sources: [],
		header: {line: 'connection', label: 'ago', position: 1, priority: 0},
		once: null,
		json: null,
	},
} as const satisfies Readonly<Record<string, ClusterFigure>>;

/** Every cluster figure, by a name unique across the parts (a state's is `workers.idle`, `tasks.erred`). */
export const CLUSTER_FIGURES: Readonly<Record<string, ClusterFigure>> = {
	...SCHEDULER_FIGURES,
	...Object.fromEntries(Object.entries(WORKER_STATE_FIGURES).map(([key, f]) => [`workers.${key}`, f])),
	...Object.fromEntries(Object.entries(TASK_STATE_FIGURES).map(([key, f]) => [`tasks.${key}`, f])),
	...MODEL_FIGURES,
};

/** One figure of a part of the table as a line shows it: its key in that part and its place. */
export interface Placed<K extends string, P extends ClusterPlace> {
	readonly key: K;
	readonly place: P;
}

/** Where a figure is written: the screen's header or --once's lines. */
type Where = 'header' | 'once';

/**
 * The figures of one part of the table on one line of the header or of --once, in their order there
 * (the views call it once, when they load: not on each frame).
 */
export function placesOn<K extends string, W extends Where>(
	part: Readonly<Record<K, ClusterFigure>>,
	where: W,
	line: ClusterLine,
): Array<Placed<K, W extends 'header' ? HeaderPlace : ClusterPlace>> {
	type P = W extends 'header' ? HeaderPlace : ClusterPlace;
	return (Object.entries(part) as Array<[K, ClusterFigure]>)
		.flatMap(([key, f]) => {
			const place = f[where];
			return place?.line === line ? [{key, place: place as P}] : [];
		})
		.sort((a, b) => a.place.position - b.place.position);
}

/** A figure's place on the header (the table's word for it there). */
export function headerPlace(name: keyof typeof SCHEDULER_FIGURES | keyof typeof MODEL_FIGURES): HeaderPlace {
	return (CLUSTER_FIGURES[name] as ClusterFigure).header as HeaderPlace;
}

export {SCHEDULER_FIGURES, TASK_STATE_FIGURES, WORKER_STATE_FIGURES};
