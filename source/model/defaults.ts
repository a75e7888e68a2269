/**
 * The model's defaults that the command line reads too: a leaf module, so that options/ (loaded
 * for every usage error) imports them without the model's code.
 */

/** Dask's default target duration for the adaptive target (--target-duration). */
export const DEFAULT_TARGET_DURATION_S = 5;
