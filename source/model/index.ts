/** The pure model: state, reducer and the view functions the sinks render. */
export type * from './types.js';
export {initialState, reduce} from './state.js';
export {workerRows} from './rows/rows.js';
export {workerCount} from './rows/worker-count.js';
export {workerStates} from './rows/worker-states.js';
export {cpuGap, cpuGapText, cpuUnknownWhy, statusUnknownWhy} from './rows/figure-gaps.js';
export {progressView} from './progress/progress.js';
export {triageView} from './alerts/triage.js';
export {severityCounts} from './alerts/events.js';
