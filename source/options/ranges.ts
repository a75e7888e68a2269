/** The ranges of the duration settings (the settings table reads them): flags, config file and +/- keys obey them. */
import {MAX_INTERVAL_MS, MIN_INTERVAL_MS} from '../types/poll-interval.js';
import type {DurationRange} from './duration-setting.js';

/** The poll interval: at least 1 s (keeps the scheduler unbothered), at most 1 h. */
export const INTERVAL_RANGE: DurationRange = {minMs: MIN_INTERVAL_MS, maxMs: MAX_INTERVAL_MS};
/** The deadline of each request: 1 s to 10 min. */
export const TIMEOUT_RANGE: DurationRange = {minMs: 1000, maxMs: 600_000};
/** --stall-after: 1 s to a day. */
export const STALL_AFTER_RANGE: DurationRange = {minMs: 1000, maxMs: 24 * 3_600_000};
/** --target-duration: 1 ms (Dask accepts any positive time) to an hour. */
export const TARGET_DURATION_RANGE: DurationRange = {minMs: 1, maxMs: 3_600_000};
