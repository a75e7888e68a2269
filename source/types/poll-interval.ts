/**
 * The poll interval's default and its range, written once: the options (--interval, the config
 * file), the model (the interval it assumes before a source tells it), the poller, the recording
 * (the interval of a recording that did not record it) and the `+`/`-` keys read them.
 */

/** --interval when not given: 2 s. */
export const DEFAULT_INTERVAL_MS = 2000;
/** The floor: 1 s, which keeps the scheduler unbothered; neither a flag nor a key polls faster. */
export const MIN_INTERVAL_MS = 1000;
/** The ceiling: 1 h. */
export const MAX_INTERVAL_MS = 3_600_000;
