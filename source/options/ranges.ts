/** The ranges of the settings a timer depends on; flags, the config file and the +/- keys obey them. */
import {MAX_INTERVAL_MS, MIN_INTERVAL_MS} from '../types/poll-interval.js';
import type {DurationRange} from './duration.js';

/** The poll interval: at least 1 s (keeps the scheduler unbothered), at most 1 h. */
export const INTERVAL_RANGE: DurationRange = {minMs: MIN_INTERVAL_MS, maxMs: MAX_INTERVAL_MS};
/** The deadline of each request: 1 s to 10 min. */
export const TIMEOUT_RANGE: DurationRange = {minMs: 1000, maxMs: 600_000};
