/**
 * A recording played back as a ScrapeSource: rounds are delivered at the recorded pace × speed,
 * and every seek goes through the same rounds the live run went through, so the model downstream
 * (history, events, alerts) ends up exactly as it was live. Seeking back restarts from the first
 * round with `{reset: true}`; seeking forward feeds the rounds in between. `loop` (the demo)
 * starts over with a reset after the last round.
 */
import type {RawScrape} from '../types/raw-scrape.js';
import type {ReplayControls, ReplayPosition, ScrapeSource, SourceStatus} from '../types/scrape-source.js';
import {arrayRoundStore, type RoundStore} from './round-store.js';
import {timerDelay} from '../timer-delay.js';

export const REPLAY_SPEEDS = [1, 4, 16] as const;

/** Longest real-time wait between two rounds: a recording that spans a suspended laptop does not stall. */
export const MAX_WAIT_MS = 30_000;

export interface ReplayTimers {
	set(callback: () => void, ms: number): unknown;
	clear(handle: unknown): void;
}

const realTimers: ReplayTimers = {
	set: (callback, ms) => setTimeout(callback, timerDelay(ms)),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ReplayOptions {
	/** Start over after the last round (the demo). */
	readonly loop?: boolean;
	/** First round shown (e.g. from --at); the rounds before it are fed too. */
	readonly startIndex?: number;
	readonly paused?: boolean;
	readonly timers?: ReplayTimers;
	/** Pause at the end of a loop before starting over, in recorded ms. Defaults to the recorded interval. */
	readonly loopGapMs?: number;
}

type OnScrape = Parameters<ScrapeSource['start']>[0];

/** Median gap between consecutive rounds: the interval the recording was made with. */
export function recordedIntervalMs(rounds: RoundStore): number {
	const gaps: number[] = [];
	for (let i = 1; i < rounds.count; i += 1) gaps.push(rounds.atMs(i) - rounds.atMs(i - 1));
	gaps.sort((a, b) => a - b);
	const median = gaps[Math.floor(gaps.length / 2)];
	return median !== undefined && median > 0 ? median : 2000;
}

export class ReplaySource implements ScrapeSource {
	readonly kind = 'replay';
	readonly intervalMs: number;
	readonly replay: ReplayControls;
	/** Decoded one at a time as they are fed (a recording's rounds may not fit in memory decoded). */
	readonly #rounds: RoundStore;
	readonly #loop: boolean;
	readonly #timers: ReplayTimers;
	readonly #loopGapMs: number;
	#startIndex: number;
	#index = -1;
	#paused: boolean;
	#speed: number = REPLAY_SPEEDS[0];
	#onScrape: OnScrape | undefined;
	#timer: unknown;

	constructor(rounds: readonly RawScrape[] | RoundStore, options: ReplayOptions = {}) {
		const store = Array.isArray(rounds) ? arrayRoundStore(rounds) : (rounds as RoundStore);
		if (store.count === 0) throw new Error('a replay needs at least one round');
		this.#rounds = store;
		this.#loop = options.loop ?? false;
		this.#timers = options.timers ?? realTimers;
		this.#paused = options.paused ?? false;
		this.#startIndex = Math.max(0, Math.min(store.count - 1, options.startIndex ?? 0));
		this.intervalMs = recordedIntervalMs(store);
		this.#loopGapMs = options.loopGapMs ?? this.intervalMs;
		this.replay = {
			position: () => this.#position(),
			togglePause: () => this.#togglePause(),
			step: (rounds) => {
				this.#paused = true;
				this.#seek(this.#index + rounds);
			},
			jumpMs: (deltaMs) => this.#seek(this.#indexAfterJump(deltaMs)),
			toStart: () => this.#seek(0),
			toEnd: () => this.#seek(this.#rounds.count - 1),
			cycleSpeed: () => this.#cycleSpeed(),
		};
	}

	start(onScrape: OnScrape): void {
		this.#onScrape = onScrape;
		this.#seek(this.#startIndex);
	}

	async stop(): Promise<void> {
		this.#clearTimer();
		this.#onScrape = undefined;
	}

	/** Replay's own load is nil; this reports what the recorded run cost the scheduler over the recorded minute. */
	status(): SourceStatus {
		const atMs = this.#atMs(this.#index);
		let requests = 0;
		let bytes = 0;
		let latencyMs = 0;
		let firstMs = atMs;
		for (let i = Math.max(this.#index, 0); i >= 0; i -= 1) {
			if (this.#atMs(i) <= atMs - 60_000) break;
			firstMs = this.#atMs(i);
			const load = this.#rounds.load(i);
			requests += load.requests;
			bytes += load.bodyChars;
			latencyMs += load.latencyMs;
		}
		const spanSeconds = Math.max((atMs - firstMs) / 1000 + this.intervalMs / 1000, 1);
		return {
			state: 'replay',
			requestsPerSecond: requests / spanSeconds,
			bytesPerSecond: bytes / spanSeconds,
			...(requests > 0 ? {meanLatencyMs: latencyMs / requests} : {}),
		};
	}

	/** The pace of a replay is the recording's; the interval cannot change. */
	setIntervalMs(_ms: number): number {
		return this.intervalMs;
	}

	/** Nothing to poll: a recording holds what it holds. */
	refreshNow(): void {}

	/** Worker pages in a recording are those fetched while recording; nothing more can be fetched. */
	setDetailWorker(_address: string | null): void {}

	#clamp(index: number): number {
		return Math.max(0, Math.min(this.#rounds.count - 1, index));
	}

	#atMs(index: number): number {
		return this.#rounds.atMs(this.#clamp(index));
	}

	#position(): ReplayPosition {
		return {
			atMs: this.#atMs(this.#index),
			startMs: this.#atMs(0),
			endMs: this.#atMs(this.#rounds.count - 1),
			index: Math.max(this.#index, 0),
			count: this.#rounds.count,
			paused: this.#paused,
			speed: this.#speed,
		};
	}

	/** The last round at or before the current time + delta, moving at least one round when it can. */
	#indexAfterJump(deltaMs: number): number {
		const targetMs = this.#atMs(this.#index) + deltaMs;
		let target = 0;
		for (let i = 0; i < this.#rounds.count; i += 1) if (this.#rounds.atMs(i) <= targetMs) target = i;
		if (deltaMs > 0) return Math.max(target, this.#index + 1);
		if (deltaMs < 0) return Math.min(target, this.#index - 1);
		return this.#index;
	}

	#feed(index: number, reset: boolean): void {
		this.#index = index;
		if (this.#onScrape) this.#onScrape(this.#rounds.round(this.#clamp(index)), reset ? {reset: true} : undefined);
	}

	/** Moves to `target` through the recorded rounds, then resumes the clock from there. */
	#seek(target: number): void {
		const to = this.#clamp(target);
		if (this.#onScrape && to !== this.#index) {
			if (to < this.#index) this.#feed(0, true);
			else if (this.#index < 0) this.#feed(0, false);
			for (let i = this.#index + 1; i <= to; i += 1) this.#feed(i, false);
		}
		this.#schedule();
	}

	#togglePause(): void {
		const atEnd = this.#index >= this.#rounds.count - 1;
		this.#paused = !this.#paused;
		if (!this.#paused && atEnd && !this.#loop) this.#seek(0);
		else this.#schedule();
	}

	#cycleSpeed(): number {
		const next = REPLAY_SPEEDS.findIndex((speed) => speed > this.#speed);
		this.#speed = next === -1 ? REPLAY_SPEEDS[0] : (REPLAY_SPEEDS[next] as number);
		this.#schedule();
		return this.#speed;
	}

	#clearTimer(): void {
		if (this.#timer !== undefined) this.#timers.clear(this.#timer);
		this.#timer = undefined;
	}

	#schedule(): void {
		this.#clearTimer();
		if (this.#paused || !this.#onScrape) return;
		const last = this.#rounds.count - 1;
		if (this.#index >= last) {
			if (!this.#loop) {
				this.#paused = true;
				return;
			}
			this.#timer = this.#timers.set(
				() => {
					this.#timer = undefined;
					this.#feed(0, true);
					this.#schedule();
				},
				Math.min(this.#loopGapMs / this.#speed, MAX_WAIT_MS),
			);
			return;
		}
		const gapMs = this.#atMs(this.#index + 1) - this.#atMs(this.#index);
		this.#timer = this.#timers.set(
			() => {
				this.#timer = undefined;
				this.#feed(this.#index + 1, false);
				this.#schedule();
			},
			Math.max(0, Math.min(gapMs / this.#speed, MAX_WAIT_MS)),
		);
	}
}
