/**
 * Node's timers hold at most 2^31 − 1 ms (~24.8 days): a longer delay fires after 1 ms (with a
 * warning on stderr), so a huge interval would poll hundreds of times a second. Every delay handed
 * to setTimeout / AbortSignal.timeout goes through timerDelay.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/** `ms` as a delay a timer can hold: 0 … MAX_TIMER_MS (NaN is 0). */
export function timerDelay(ms: number): number {
	if (Number.isNaN(ms) || ms <= 0) return 0;
	return Math.min(MAX_TIMER_MS, Math.round(ms));
}
