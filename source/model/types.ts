/**
 * The model's public API: the state `reduce` keeps, the actions it takes, and the view-models the
 * sinks (TUI, --once text, --json) render. Pure data; no I/O, no clock (time always comes in).
 *
 * Naming rule: OPTIONS and STATE are TypeScript-side and camelCase. VIEW-MODELS (everything a view
 * function returns: WorkerRow, ProgressView, Alert, ModelEvent, AdaptiveView, StallView, TriageView)
 * are snake_case with units in the names, like the Snapshot, so `--json` can print them unchanged.
 * View times are epoch seconds and durations seconds, as in the Snapshot. This file is an index
 * (its parts never import it): the actions in action-types.ts, the options in option-types.ts, the
 * state in state-types.ts, the view-models in view-types.ts and rows/row-types.ts, the thresholds'
 * names from their table in alerts/thresholds.ts. Code outside the model imports everything from here.
 */
export type {Series} from './history/ring.js';
export type {SeenRunning} from './drill/running-since.js';
export type * from './action-types.js';
export type * from './option-types.js';
export type {ThresholdName, Thresholds} from './alerts/thresholds.js';
export type * from './state-types.js';
export type * from './rows/row-types.js';
export type * from './view-types.js';
export type * from './time/time-types.js';
