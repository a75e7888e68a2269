/** The pure model: state, reducer and the view functions the sinks render. */
export type * from './types.js';
export {initialState, reduce} from './state.js';
export {workerRows} from './rows.js';
export {progressView} from './progress.js';
export {triageView} from './triage.js';
export {severityCounts} from './events.js';
