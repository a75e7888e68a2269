/**
 * When time alone (no new round) is passed to the model: MODEL_TICK_MS after it last heard of time
 * (a round or a tick), then every MODEL_TICK_MS. Time-based verdicts (the stale alert counts polls
 * missed by time, durations, windows) move only then. Live, the screen's store does it on the wall
 * clock (ui/shell/store.ts); a replay does it at the same moments on the recorded clock, after each
 * recorded round until the next one (record/replay-source.ts, record/recorded-feed.ts), so a
 * replay reaches the verdicts live reached, at the times live reached them, whatever the wall clock
 * does. A tick costs O(workers).
 */
export const MODEL_TICK_MS = 5000;

/** Live: whether time is due to the model at `nowMs`, last told of time at `lastMs` (a clock set back is). */
export function tickDue(lastMs: number, nowMs: number): boolean {
	return nowMs - lastMs >= MODEL_TICK_MS || nowMs < lastMs;
}

/** Live: how long from `nowMs` until tickDue holds (0 when it holds already, a clock set back included). */
export function msUntilTickDue(lastMs: number, nowMs: number): number {
	return tickDue(lastMs, nowMs) ? 0 : lastMs + MODEL_TICK_MS - nowMs;
}

/**
 * The next moment after `nowMs` at which time passes after a round at `roundMs` (`nowMs` is that
 * round's time or one of these moments), if it comes before the next round at `nextRoundMs`.
 */
export function nextTickMs(roundMs: number, nowMs: number, nextRoundMs: number): number | undefined {
	const ticks = Math.max(0, Math.floor((nowMs - roundMs) / MODEL_TICK_MS)) + 1;
	const tickMs = roundMs + ticks * MODEL_TICK_MS;
	return tickMs < nextRoundMs ? tickMs : undefined;
}
