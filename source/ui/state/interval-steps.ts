/** The poll intervals of the `+` / `-` keys, and the step from one to the next. Pure. */
import {MAX_INTERVAL_MS, MIN_INTERVAL_MS} from '../../types/poll-interval.js';

/** Poll intervals `+`/`-` step through: --interval's range, 1 s to 1 h. */
export const INTERVAL_STEPS_MS: readonly number[] = [
	MIN_INTERVAL_MS,
	...[2000, 3000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000],
	MAX_INTERVAL_MS,
];

/** The next interval up or down from the current one. */
export function stepInterval(currentMs: number, step: 1 | -1): number {
	if (step === 1)
		return INTERVAL_STEPS_MS.find((ms) => ms > currentMs) ?? INTERVAL_STEPS_MS[INTERVAL_STEPS_MS.length - 1]!;
	const lower = INTERVAL_STEPS_MS.filter((ms) => ms < currentMs);
	return lower[lower.length - 1] ?? INTERVAL_STEPS_MS[0]!;
}
