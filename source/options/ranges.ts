/** The ranges of the settings a timer depends on; flags, the config file and the +/- keys obey them. */
import type {DurationRange} from './duration-setting.js';

/** The poll interval: at least 1 s (keeps the scheduler unbothered), at most 1 h. */
export const INTERVAL_RANGE: DurationRange = {minMs: 1000, maxMs: 3_600_000};
/** The deadline of each request: 1 s to 10 min. */
export const TIMEOUT_RANGE: DurationRange = {minMs: 1000, maxMs: 600_000};
