/** The alert thresholds' names and their table's type (the values are in thresholds.ts). */

export type ThresholdName =
	| 'memory_warning' // process / limit, Dask's spill threshold
	| 'memory_critical' // process / limit, Dask's pause threshold
	| 'memory_terminate' // process / limit, Dask's terminate threshold (critical too)
	| 'unmanaged_warning' // unmanaged / limit
	| 'unmanaged_critical'
	| 'event_loop_warning_s'
	| 'event_loop_critical_s'
	| 'memory_clear_margin' // hysteresis: a memory level is left only below its threshold − this (fraction of the limit)
	| 'unmanaged_clear_margin' // … an unmanaged-memory level (fraction of the limit)
	| 'event_loop_clear_margin_s' // … an event-loop level (seconds)
	| 'alert_clear_s' // … and those alerts (and heartbeat age) resolve only after staying clear (or unreported) this long
	| 'critical_after_s' // … and turn critical only after staying over the critical threshold this long (paused too)
	| 'unmanaged_recent_s' // unmanaged memory is judged on the least seen over this window (Dask's unmanaged_old)
	| 'heartbeat_warning_x' // × the heartbeat interval for the cluster's size
	| 'heartbeat_critical_x'
	// hysteresis: a heartbeat-age level is left only below its threshold − this (heartbeat intervals)
	| 'heartbeat_clear_margin_x'
	| 'stale_warning_polls' // missed polls
	| 'stale_critical_polls'
	| 'rising_window_s' // "rising" alerts (erred, spilling) stay open this long after the last rise
	| 'worker_lost_hold_s' // a lost worker is a critical alert for this long, then resolved (still listed)
	| 'stall_min_s' // stall detection: at least this many seconds without a completion
	| 'stall_duration_x' // … or this many × the longest mean task duration of the prefixes in flight
	| 'stall_cpu_percent'; // … and every worker holding tasks under this CPU %

export type Thresholds = Readonly<Record<ThresholdName, number>>;
