/**
 * dask-top's own time: notices the stretches in which dask-top itself did not run — stopped (Ctrl-Z,
 * SIGSTOP), the machine asleep, the process blocked — so that they are not blamed on the scheduler
 * (types/raw-scrape.ts OwnGap).
 *
 * The poller tells it when it expects to run again (a timer armed for the next round, a round's
 * deadline); whenever it runs (the timer fires, a round ends, its status is read) it checks: far past
 * the expected moment — by the wall clock (the machine slept: the monotonic clock, which Node's
 * timers follow, stood still) or by the monotonic one (the process was stopped or blocked) — is a gap,
 * from the last moment it was known to run until now. "Far" is GAP_MIN_MS or one poll interval,
 * whichever is longer: a timer a few hundred milliseconds late is a busy event loop, and a gap under
 * 1.5 intervals cannot make a poll look missed anyway.
 *
 * A round that was in flight across a stop is "tainted": its answers were read after the stop, so
 * their arrival times (heartbeat ages, the round's time) are wrong, and its timeouts are ours. A
 * SIGCONT since the round started (a stop too short to be a gap), a gap noticed meanwhile, or the
 * wall clock running ahead of the monotonic one (the machine slept) taint it; the poller then reads
 * again instead of delivering it.
 */
import type {OwnGap} from '../types/raw-scrape.js';

/** The shortest stretch reported as a gap. */
export const GAP_MIN_MS = 2000;

/** Wall clock ahead of the monotonic one by this much during a round: the machine slept in it. */
const SLEPT_IN_ROUND_MS = 500;

export interface Clocks {
	/** Epoch ms (Date.now). */
	wallMs(): number;
	/** Monotonic ms (performance.now): Node's timers follow it; it stands still while the machine sleeps. */
	monoMs(): number;
	/** Monotonic ms of the latest SIGCONT of this process (-Infinity before any). */
	continuedMonoMs(): number;
}

let lastContinueMono = Number.NEGATIVE_INFINITY;
let listening = false;

/** The process's clocks; the SIGCONT listener is added once, on first use (it changes nothing about the signal). */
export function processClocks(): Clocks {
	if (!listening) {
		listening = true;
		process.on('SIGCONT', () => {
			lastContinueMono = performance.now();
		});
	}
	return {
		wallMs: () => Date.now(),
		monoMs: () => performance.now(),
		continuedMonoMs: () => lastContinueMono,
	};
}

/** A moment by both clocks. */
export interface Moment {
	readonly wallMs: number;
	readonly monoMs: number;
}

export class OwnClock {
	readonly #clocks: Clocks;
	#expected: Moment | undefined;
	#alive: Moment;
	#latest: OwnGap | undefined;
	#count = 0;

	constructor(clocks: Clocks) {
		this.#clocks = clocks;
		this.#alive = this.now();
	}

	now(): Moment {
		return {wallMs: this.#clocks.wallMs(), monoMs: this.#clocks.monoMs()};
	}

	/** The latest gap noticed (kept: the status carries it). */
	get latest(): OwnGap | undefined {
		return this.#latest;
	}

	/** How many gaps were noticed so far (a round compares it before and after). */
	get count(): number {
		return this.#count;
	}

	/**
	 * dask-top runs now and expects to run again within `delayMs` (a timer armed, a round's deadline);
	 * returns the gap behind it, if any (check).
	 */
	expect(delayMs: number, thresholdMs: number): OwnGap | undefined {
		const gap = this.check(thresholdMs);
		const now = this.now();
		this.#expected = {wallMs: now.wallMs + delayMs, monoMs: now.monoMs + delayMs};
		return gap;
	}

	/** dask-top runs now: the gap it finds behind it (once), if the expected moment is far behind. */
	check(thresholdMs: number): OwnGap | undefined {
		const now = this.now();
		const expected = this.#expected;
		const alive = this.#alive;
		this.#alive = now;
		if (expected === undefined) return undefined;
		const late = Math.max(now.wallMs - expected.wallMs, now.monoMs - expected.monoMs);
		if (late < Math.max(GAP_MIN_MS, thresholdMs)) return undefined;
		this.#expected = undefined;
		this.#latest = {fromMs: alive.wallMs, toMs: now.wallMs};
		this.#count += 1;
		return this.#latest;
	}

	/** dask-top expects nothing for now (a round ended; the next timer is armed with expect): checks first. */
	settle(thresholdMs: number): OwnGap | undefined {
		const gap = this.check(thresholdMs);
		this.#expected = undefined;
		return gap;
	}

	/** A round that started at `start` (with `gapsBefore` gaps noticed then) cannot be trusted. */
	tainted(start: Moment, gapsBefore: number): boolean {
		const now = this.now();
		const slept = now.wallMs - start.wallMs - (now.monoMs - start.monoMs) >= SLEPT_IN_ROUND_MS;
		return slept || this.#count !== gapsBefore || this.#clocks.continuedMonoMs() >= start.monoMs;
	}
}
