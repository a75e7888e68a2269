/**
 * Alert thresholds: ONE table of data. Every value is overridable by name with
 * `--threshold NAME=VALUE` (repeatable) or the config file's `thresholds` object
 * (threshold-overrides.ts checks them: a bad value is one line naming it).
 *
 * Hysteresis (the `*_clear_margin*` rows and `alert_clear_s`): the level alerts — memory, unmanaged
 * memory, event loop, heartbeat age — would otherwise open and resolve on every poll while a figure hovers at a
 * threshold, flooding the event log in an incident. As in mature monitors, a level is ENTERED at its
 * threshold and LEFT only below threshold − margin (memory 0.70 → below 0.65; event loop 1 s →
 * below 0.8 s; heartbeat age 3 × → below 2.5 × the heartbeat interval); a worse level entered
 * meanwhile updates the same alert (its peak severity is kept). Once below the warning's clear
 * level (or no longer reported) the alert stays ongoing for `alert_clear_s`, and resolves only if
 * it stayed clear that long, with the moment it went clear as its end time. Set a margin or
 * `alert_clear_s` to 0 to switch that part off.
 */
/** One row of the table. `N`: the names (the table's own, once it is written). */
export interface ThresholdSpec<N extends string = ThresholdName> {
	readonly name: N;
	readonly value: number;
	readonly unit: 'fraction' | 'seconds' | 'times' | 'polls' | 'percent';
	readonly description: string;
	/** Smallest accepted value (inclusive) and largest (inclusive). */
	readonly min: number;
	readonly max: number;
}

const TABLE = [
	{
		name: 'memory_warning',
		value: 0.7,
		unit: 'fraction',
		min: 0,
		max: 10,
		description: "worker process memory / limit: warning (Dask's spill threshold)",
	},
	{
		name: 'memory_critical',
		value: 0.8,
		unit: 'fraction',
		min: 0,
		max: 10,
		description: "worker process memory / limit: critical (Dask's pause threshold)",
	},
	{
		name: 'memory_terminate',
		value: 0.95,
		unit: 'fraction',
		min: 0,
		max: 10,
		description: "worker process memory / limit: critical, named terminate (Dask's terminate threshold)",
	},
	// 5 % of the limit: a worker hovering at 70 % keeps one alert; it clears below 65 % (critical below 75 %).
	{
		name: 'memory_clear_margin',
		value: 0.05,
		unit: 'fraction',
		min: 0,
		max: 1,
		description:
			'worker process memory / limit, hysteresis: a level (warning, ' +
			'critical) is left only below its threshold minus this (0.70 -> 0.65)',
	},
	{
		name: 'unmanaged_warning',
		value: 0.3,
		unit: 'fraction',
		min: 0,
		max: 10,
		description: 'unmanaged memory / limit: warning',
	},
	{
		name: 'unmanaged_critical',
		value: 0.5,
		unit: 'fraction',
		min: 0,
		max: 10,
		description: 'unmanaged memory / limit: critical',
	},
	// 5 % of the limit, as for process memory: warning clears below 25 %, critical below 45 %.
	{
		name: 'unmanaged_clear_margin',
		value: 0.05,
		unit: 'fraction',
		min: 0,
		max: 1,
		description:
			'unmanaged memory / limit, hysteresis: a level is left only below its threshold minus this (0.30 -> 0.25)',
	},
	// Dask's distributed.worker.memory.recent-to-old-time: unmanaged memory younger than this is
	// "unmanaged_recent", which Dask itself treats as transient (it is not served over HTTP).
	{
		name: 'unmanaged_recent_s',
		value: 30,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description:
			"unmanaged memory: judged on what stayed this long (the least seen over the window, Dask's unmanaged_old); " +
			'0 judges every reading',
	},
	{
		name: 'event_loop_warning_s',
		value: 1,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description: 'worker event loop interval: warning',
	},
	{
		name: 'event_loop_critical_s',
		value: 3,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description: 'worker event loop interval: critical',
	},
	// 0.2 s: a blocked loop hovering at 1 s keeps one alert; it clears below 0.8 s (critical below 2.8 s).
	{
		name: 'event_loop_clear_margin_s',
		value: 0.2,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description:
			'worker event loop interval, hysteresis: a level is left only below its threshold minus this (1 s -> 0.8 s)',
	},
	// 10 s = 5 polls at the default 2 s: bridges a sawtooth wider than the margin and the polls in
	// which identity.json fails and the figure goes missing (workers.html has no event-loop figure).
	{
		name: 'alert_clear_s',
		value: 10,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description:
			'memory, unmanaged-memory, event-loop and heartbeat-age alerts resolve only after their figure ' +
			'stayed under the clear level (or unreported) this long; the event ends when it went clear',
	},
	// 10 s = 5 polls at the default 2 s: one poll over a critical threshold (a GC pause, a burst of
	// allocation, Dask's own accounting catching up) is a warning; staying there is the incident.
	{
		name: 'critical_after_s',
		value: 10,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description:
			'memory, unmanaged-memory, event-loop, heartbeat-age and paused alerts turn critical only after their ' +
			'figure stayed at or over the critical threshold (or the worker stayed paused) this long; a warning until then',
	},
	{
		name: 'heartbeat_warning_x',
		value: 3,
		unit: 'times',
		min: 0,
		max: 10_000,
		description: 'heartbeat age, in heartbeat intervals (0.5/1/2/(n/200+1) s for <=10/<50/<200/>=200 workers): warning',
	},
	{
		name: 'heartbeat_critical_x',
		value: 10,
		unit: 'times',
		min: 0,
		max: 10_000,
		description: 'heartbeat age, in heartbeat intervals: critical',
	},
	// Half a heartbeat: an age hovering at 3 × heartbeat keeps one alert; it clears below 2.5 × (critical below 9.5 ×).
	{
		name: 'heartbeat_clear_margin_x',
		value: 0.5,
		unit: 'times',
		min: 0,
		max: 10_000,
		description:
			'heartbeat age, in heartbeat intervals, hysteresis: ' +
			'a level is left only below its threshold minus this (3 x -> 2.5 x)',
	},
	{
		name: 'stale_warning_polls',
		value: 2,
		unit: 'polls',
		min: 1,
		max: 10_000,
		description: 'scheduler unreachable / data stale, missed polls: warning',
	},
	{
		name: 'stale_critical_polls',
		value: 5,
		unit: 'polls',
		min: 1,
		max: 10_000,
		description: 'scheduler unreachable / data stale, missed polls: critical',
	},
	{
		name: 'rising_window_s',
		value: 30,
		unit: 'seconds',
		min: 0,
		max: 86_400,
		description: 'erred tasks / spilled bytes rising: the warning stays open this long after the last rise',
	},
	{
		name: 'worker_lost_hold_s',
		value: 600,
		unit: 'seconds',
		min: 0,
		max: 31_536_000,
		description:
			'worker lost: critical, and a dimmed row of the worker table, ' +
			'for this long; then resolved (--json still lists it under lost_workers)',
	},
	{
		name: 'stall_min_s',
		value: 60,
		unit: 'seconds',
		min: 1,
		max: 86_400,
		description: 'stalled: no task started or completed for at least this long (see stall_duration_x)',
	},
	{
		name: 'stall_duration_x',
		value: 3,
		unit: 'times',
		min: 0,
		max: 10_000,
		description:
			'stalled: ... or this many x the longest mean task duration of the prefixes in flight, whichever is longer',
	},
	{
		name: 'stall_cpu_percent',
		// A Dask worker whose one task blocks reads 4–8 % of a core on a loaded 2-core host (its loop,
		// heartbeats and the 10 ms profiler): a line at 5 % missed such a hang for many polls.
		value: 10,
		unit: 'percent',
		min: 0,
		max: 100_000,
		description: 'stalled: every worker holding tasks uses less CPU than this (100 = one core)',
	},
] as const satisfies readonly ThresholdSpec<string>[];

/** A threshold's name: a row of the table (a new row is a new name; nothing else to declare). */
export type ThresholdName = (typeof TABLE)[number]['name'];
export type Thresholds = Readonly<Record<ThresholdName, number>>;

export const THRESHOLD_TABLE: readonly ThresholdSpec[] = TABLE;

export const THRESHOLD_NAMES: readonly ThresholdName[] = THRESHOLD_TABLE.map((spec) => spec.name);

export const DEFAULT_THRESHOLDS: Thresholds = Object.freeze(
	Object.fromEntries(THRESHOLD_TABLE.map((spec) => [spec.name, spec.value])) as Record<ThresholdName, number>,
);

/** Dask's heartbeat interval for a cluster of `workers` workers, seconds (`heartbeat_interval(n)`). */
/**
 * The memory thresholds that are Dask's own worker settings when left at their defaults
 * (distributed.worker.memory.spill / pause / terminate: 0.7 / 0.8 / 0.95). Set otherwise, they are
 * the user's, not the cluster's: alerts and the table's marks name them so (memoryThresholdName).
 */
const DASK_MEMORY_NAMES = {
	memory_warning: 'spill',
	memory_critical: 'pause',
	memory_terminate: 'terminate',
} as const;
export type MemoryThresholdName = keyof typeof DASK_MEMORY_NAMES;

/**
 * Dask's managed-memory target (distributed.worker.memory.target), where a worker starts spilling
 * what it manages: no alert judges it, the memory bars mark it.
 */
export const DASK_MEMORY_TARGET = 0.6;

/** Whether a memory threshold is at Dask's default (so it stands for the cluster's own setting). */
export function isDaskDefault(t: Thresholds, name: MemoryThresholdName): boolean {
	return t[name] === DEFAULT_THRESHOLDS[name];
}

/** "Dask's pause threshold" at Dask's default; "your memory_critical threshold" once set otherwise. */
export function memoryThresholdName(t: Thresholds, name: MemoryThresholdName): string {
	return isDaskDefault(t, name) ? `Dask's ${DASK_MEMORY_NAMES[name]} threshold` : `your ${name} threshold`;
}

export function heartbeatIntervalSeconds(workers: number): number {
	if (workers <= 10) return 0.5;
	if (workers < 50) return 1;
	if (workers < 200) return 2;
	return workers / 200 + 1;
}
