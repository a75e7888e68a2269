/** How much the diagnosis' window keeps (window.ts, worker-window.ts). */

/** Readings kept: about ten seconds of polls at the default 2 s. */
export const WINDOW_READINGS = 6;
/** Readings older than this are dropped even when fewer are kept (a gap in the polls). */
export const WINDOW_MAX_S = 30;
