/** The pure model: state, reducer and the view functions the sinks render. */
export type * from './types.js';
export {initialState, reduce, resolveModelOptions, DEFAULT_HISTORY_LENGTH, DEFAULT_EVENT_LOG_LENGTH, DEFAULT_INTERVAL_MS, DEFAULT_TARGET_DURATION_S} from './state.js';
export {dataAgeSeconds, missedPolls} from './freshness.js';
export {workerRows, sortRows, parseRowFilter, SORT_COLUMNS} from './rows.js';
export {progressView, prefixesProgress, meanDurationSeconds} from './progress.js';
export {adaptiveView, detectFlavor, WAIT_COUNT} from './adaptive.js';
export {recomputeAdaptive, estimateQueuedDuration} from './adaptive-recompute.js';
export {workersToClose} from './scale-down.js';
export {stallView} from './stall.js';
export {triageView, ongoingAlerts} from './triage.js';
export {severityCounts} from './events.js';
export {
	THRESHOLD_TABLE,
	THRESHOLD_NAMES,
	DEFAULT_THRESHOLDS,
	parseThresholdOverride,
	checkThresholdValue,
	resolveThresholds,
	heartbeatIntervalSeconds,
	isThresholdName,
} from './thresholds.js';
export {Ring} from './ring.js';
