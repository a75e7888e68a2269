/**
 * dask-top's exit codes, all of them: what the shell sees when it ends. The launch code
 * (source/run/) returns the first three; the TUI (ui/shell/run.tsx) ends with 0, 1 when the screen
 * failed, or a signal's code; --check (run/check.ts) ends with the monitoring-plugin codes.
 */

/** Done: printed, or the user quit. */
export const EXIT_OK = 0;
/** The scheduler (or the recording) could not be read, or the screen failed. */
export const EXIT_UNREADABLE = 1;
/** A usage error: bad flags, config file or URL. */
export const EXIT_USAGE = 2;

/** --check's codes, the monitoring-plugin convention (Nagios, Icinga, Sensu), not the ones above. */
export const CHECK_EXIT_CODES = {OK: 0, WARNING: 1, CRITICAL: 2, UNKNOWN: 3} as const;

/** Exit codes for the signals that end the TUI (128 + signal number). */
export const SIGNAL_EXIT_CODES = {SIGINT: 130, SIGTERM: 143, SIGHUP: 129} as const;
export type EndingSignal = keyof typeof SIGNAL_EXIT_CODES;
