/** A replay's pace: its speeds, the longest and shortest real-time waits, its timers and options. */
import {timerDelay} from '../units/timer-delay.js';

export const REPLAY_SPEEDS = [1, 4, 16] as const;

/** Longest real-time wait between two rounds: a recording that spans a suspended laptop does not stall. */
export const MAX_WAIT_MS = 30_000;

/** Shortest real-time wait while playing through a gap's ticks (a compressed long gap feeds several at once). */
export const MIN_TICK_WAIT_MS = 100;

export interface ReplayTimers {
	set(callback: () => void, ms: number): unknown;
	clear(handle: unknown): void;
}

export const realTimers: ReplayTimers = {
	set: (callback, ms) => setTimeout(callback, timerDelay(ms)),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ReplayOptions {
	/** Start over after the last round (the demo). */
	readonly loop?: boolean;
	/** First round shown (e.g. from --at); the rounds before it are fed too. */
	readonly startIndex?: number;
	/** The moment --at named (at or after the first round's time): the recorded time passes up to it first. */
	readonly startAtMs?: number;
	readonly paused?: boolean;
	readonly timers?: ReplayTimers;
	/** Pause at the end of a loop before starting over, in recorded ms. Defaults to the recorded interval. */
	readonly loopGapMs?: number;
}

/**
 * Real-time ms into a gap of `gapMs` recorded ms, `elapsedMs` of it passed, at `speed`: the recorded
 * pace ÷ speed, squeezed into MAX_WAIT_MS when the whole gap would take longer.
 */
export function wallMs(elapsedMs: number, gapMs: number, speed: number): number {
	if (gapMs <= 0) return 0;
	return Math.max(0, Math.min(elapsedMs / speed, (elapsedMs * MAX_WAIT_MS) / gapMs));
}
