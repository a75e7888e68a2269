/**
 * What the cluster figures' table (cluster-figures.ts) says of each figure of the cluster as a
 * whole (the header's and --once's lines): one descriptor per figure, every part given, a part a
 * figure has not said so with `null`. Types only.
 */
import type {FigureSource, FigureUnit} from './worker-figure-types.js';

/** The lines the cluster's figures are written on: the screen's header and --once's first lines. */
export type ClusterLine = 'workers' | 'threads' | 'memory' | 'tasks' | 'connection';

/** Where a figure shows on a line: the line, its word there, its place on it, what drops it first. */
export interface ClusterPlace {
	readonly line: ClusterLine;
	/** The figure's word on the line; '' for the line's lead figure, written bare. */
	readonly label: string;
	/** Its place on the line from the left (0 first). */
	readonly position: number;
}

/** A place on the screen's header, whose parts give way as the terminal narrows. */
export interface HeaderPlace extends ClusterPlace {
	/** 0 is kept longest; larger numbers drop first. */
	readonly priority: number;
}

export interface ClusterFigure {
	readonly unit: FigureUnit;
	/**
	 * Where each Dask version gives it, first choice first (a later source fills it only where the
	 * earlier ones gave none); `derived`: summed or computed by dask-top. Empty only for a figure of
	 * the model (`--json` carries it beside the snapshot).
	 */
	readonly sources: readonly FigureSource[];
	/** Its place on the screen's header, or null. */
	readonly header: HeaderPlace | null;
	/** Its place on --once's lines, or null. */
	readonly once: ClusterPlace | null;
	/** Its path in the --json document (`scheduler.workers.idle`), or null. */
	readonly json: string | null;
}
