/**
 * What the drill-down pages say (parse/call-stacks.ts, parse/exceptions-page.ts, parse/log-page.ts
 * read them): the call stacks of running tasks, the erred tasks with their tracebacks, and log
 * lines. Every text here is the cluster's own (paths, code, keys, messages): shown inert, kept
 * exact in --json.
 */

/**
 * Whose code a frame runs: the user's own (`user`), Dask's (dask, distributed), another installed
 * package's (`library`: site-packages or dist-packages outside Dask, e.g. numpy, pandas) or Python's
 * standard library (`stdlib`).
 */
export type FrameKind = 'user' | 'dask' | 'library' | 'stdlib';

export interface StackFrame {
	readonly file: string;
	/** 0 when the line gives none. */
	readonly line: number;
	readonly function: string;
	/** The source line as Python printed it, trimmed ('' when it gave none). */
	readonly code: string;
	readonly kind: FrameKind;
}

export interface TaskStack {
	/** The worker's address. */
	readonly worker: string;
	readonly key: string;
	/** Outermost first, innermost last (as Python prints them). */
	readonly frames: readonly StackFrame[];
}

export interface ErredTask {
	readonly key: string;
	/** The key's task prefix (`explode` for `explode-9dab…`). */
	readonly prefix: string;
	/** The worker(s) the task erred on (addresses). */
	readonly workers: readonly string[];
	/** The exception as Dask printed it, e.g. `ValueError('boom')`. */
	readonly exception: string;
	/** The exception's type read from `exception` (`ValueError`), or '' when it does not start with one. */
	readonly type: string;
	readonly traceback: string;
}

export type LogLevel = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR' | 'CRITICAL';

export interface LogLine {
	/** The line's time as written (`2026-11-29 17:09:42,392`), when the line starts with one. */
	readonly time?: string;
	/** The logger's name (`distributed.worker`), when the line gives it. */
	readonly logger?: string;
	readonly level?: LogLevel;
	/** The message: the whole line when its format is not Dask's default; may hold newlines. */
	readonly message: string;
}

/** A drill-down page, asked on demand only (scrape/drill-pages.ts says where each is). */
export type DrillPage =
	| {readonly kind: 'call-stacks'; readonly worker: string}
	| {readonly kind: 'call-stack'; readonly key: string}
	| {readonly kind: 'exceptions'}
	| {readonly kind: 'scheduler-logs'}
	| {readonly kind: 'worker-logs'; readonly worker: string};
