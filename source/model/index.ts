/** The pure model: state, reducer and the view functions the sinks render. */
export type * from './types.js';
export {initialState, reduce} from './state.js';
export {workerRows} from './rows/rows.js';
export {workerCount} from './rows/worker-count.js';
export {workerStates} from './rows/worker-states.js';
export {cpuUnknownWhy, figureGapsText, identityWhy, spilledUnknownText, statusUnknownWhy} from './rows/figure-gaps.js';
export {progressView} from './progress/progress.js';
export {triageView} from './alerts/triage.js';
export {severityCounts} from './alerts/events.js';
export {groupErrors} from './drill/error-groups.js';
export {pickWorker, type NamedWorker} from './drill/pick-worker.js';
export {longestFirst, seeRunning, type RunningMemory} from './drill/running-since.js';
export {isDaskDefault} from './alerts/thresholds.js';
