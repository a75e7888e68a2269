/** The model's options, as given and as resolved (defaults filled in). */
import type {Thresholds} from './alerts/thresholds.js';

export interface ModelOptions {
	/** Threshold overrides by name (see THRESHOLDS in thresholds.ts). */
	readonly thresholds?: Partial<Thresholds>;
	/** Points kept per cluster series (default 300). */
	readonly clusterHistoryLength?: number;
	/** Points kept per worker series (default 300). */
	readonly workerHistoryLength?: number;
	/** Events kept in the log, newest first (default 500). */
	readonly eventLogLength?: number;
	/** Lost workers remembered (oldest forgotten first; default 500). */
	readonly lostWorkersKept?: number;
	/**
	 * Expected poll interval (default DEFAULT_INTERVAL_MS, types/poll-interval.ts); a round or a tick
	 * that tells the source's state can update it.
	 */
	readonly intervalMs?: number;
	/** Stall after this long without a completion; default max(60 s, 3 × longest mean duration). */
	readonly stallAfterMs?: number;
	/** Target duration for the adaptive recomputation, seconds (default 5, Dask's default). */
	readonly targetDurationSeconds?: number;
	/** The user's Adaptive minimum / maximum (not visible over HTTP), when given. */
	readonly minimumWorkers?: number;
	readonly maximumWorkers?: number;
	/**
	 * Epoch ms → the time of day in alert messages ("since 13:37:07"). The model never reads the
	 * clock or the time zone: the caller passes local time (units/clock.ts); default UTC, saying so.
	 */
	readonly clockText?: (epochMs: number) => string;
}

export interface ResolvedModelOptions {
	readonly thresholds: Thresholds;
	readonly clusterHistoryLength: number;
	readonly workerHistoryLength: number;
	readonly eventLogLength: number;
	readonly lostWorkersKept: number;
	readonly intervalMs: number;
	readonly stallAfterMs?: number | undefined;
	readonly targetDurationSeconds: number;
	readonly minimumWorkers?: number | undefined;
	readonly maximumWorkers?: number | undefined;
	readonly clockText: (epochMs: number) => string;
}
