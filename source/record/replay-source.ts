/**
 * A recording played back as a ScrapeSource: rounds are delivered at the recorded pace × speed,
 * and every seek goes through the same rounds the live run went through, so the model downstream
 * (history, events, alerts) ends up exactly as it was live. Seeking back restarts from the first
 * round with `{reset: true}`; seeking forward feeds the rounds in between. `loop` (the demo)
 * starts over with a reset after the last round.
 *
 * Its clock is the recorded one: between two rounds, time passes (onTime) at the moments live's
 * screen passed it to the model (model/tick.ts: every 5 s after a round, before the next one), at
 * the recorded pace while playing and all at once when a seek goes past them, so time-based
 * verdicts (the stale alert of a frozen scheduler) open when they opened live, whether the replay
 * plays, steps or seeks. Paused, nothing passes: the wall clock never enters.
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';
import type {DrillPage} from '../types/drill-page.js';
import {drillPath} from '../scrape/drill-pages.js';
import type {ReplayControls, ReplayPosition, ScrapeSource, SourceStatus} from '../types/scrape-source.js';
import {arrayRoundStore, type RoundStore} from './round-store.js';
import {IntervalEstimate, ESTIMATE_GAPS} from './recorded-feed.js';
import {nextTickMs} from '../model/tick.js';
import {recordedLoad} from './recorded-load.js';
import {recordedPage} from './recorded-page.js';
import {
	MAX_WAIT_MS,
	realTimers,
	REPLAY_SPEEDS,
	wallMs,
	MIN_TICK_WAIT_MS,
	type ReplayOptions,
	type ReplayTimers,
} from './replay-pace.js';

export type {ReplayTimers};

type OnScrape = Parameters<ScrapeSource['start']>[0];
type OnTime = NonNullable<Parameters<ScrapeSource['start']>[1]>;

export class ReplaySource implements ScrapeSource {
	readonly kind = 'replay';
	readonly replay: ReplayControls;
	/** Decoded one at a time as they are fed (a recording's rounds may not fit in memory decoded). */
	readonly #rounds: RoundStore;
	readonly #loop: boolean;
	readonly #timers: ReplayTimers;
	readonly #loopGapMs: number | undefined;
	/** The interval estimated at each of the first rounds, for rounds that did not record theirs (the last holds on). */
	readonly #estimates: readonly number[];
	readonly #startIndex: number;
	readonly #startAtMs: number | undefined;
	#index = -1;
	/** The recorded clock: the time of the round fed last, or a later moment time passed to since. */
	#nowMs: number;
	/** The interval the round fed last was recorded with. */
	#roundIntervalMs: number | undefined;
	#paused: boolean;
	#speed: number = REPLAY_SPEEDS[0];
	#onScrape: OnScrape | undefined;
	#onTime: OnTime | undefined;
	#timer: unknown;

	constructor(rounds: readonly RawScrape[] | RoundStore, options: ReplayOptions = {}) {
		const store = Array.isArray(rounds) ? arrayRoundStore(rounds) : (rounds as RoundStore);
		if (store.count === 0) throw new Error('a replay needs at least one round');
		this.#rounds = store;
		this.#loop = options.loop ?? false;
		this.#timers = options.timers ?? realTimers;
		this.#paused = options.paused ?? false;
		this.#startIndex = Math.max(0, Math.min(store.count - 1, options.startIndex ?? 0));
		this.#startAtMs = options.startAtMs;
		const estimate = new IntervalEstimate();
		const estimates: number[] = [];
		for (let i = 0; i < Math.min(store.count, ESTIMATE_GAPS + 1); i += 1) {
			estimate.add(store.atMs(i));
			estimates.push(estimate.ms);
		}
		this.#estimates = estimates;
		this.#nowMs = store.atMs(0);
		this.#loopGapMs = options.loopGapMs;
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

	/** `onTime`: the recorded time passes between two rounds (connect passes it to the model). */
	start(onScrape: OnScrape, onTime?: OnTime): void {
		this.#onScrape = onScrape;
		this.#onTime = onTime;
		this.#seek(this.#startIndex, this.#startAtMs);
	}

	async stop(): Promise<void> {
		this.#clearTimer();
		this.#onScrape = undefined;
		this.#onTime = undefined;
	}

	/** The poll interval the current round was recorded with, else the recording's estimate (recorded-feed.ts). */
	get intervalMs(): number {
		const estimated = this.#estimates[Math.min(Math.max(this.#index, 0), this.#estimates.length - 1)] as number;
		return this.#roundIntervalMs ?? estimated;
	}

	/** Replay's own load is nil; this reports what the recorded run cost the scheduler over the recorded minute. */
	status(): SourceStatus {
		return recordedLoad(this.#rounds, this.#index, this.intervalMs);
	}

	/** The pace of a replay is the recording's; the interval cannot change. */
	setIntervalMs(_ms: number): number {
		return this.intervalMs;
	}

	/** Nothing to poll: a recording holds what it holds. */
	refreshNow(): void {}

	/** Worker pages in a recording are those fetched while recording; nothing more can be fetched. */
	setDetailWorker(_address: string | null): void {}

	/**
	 * A drill-down page as the live session last read it up to the moment shown (it was recorded
	 * with the round after it was read); nothing when it never asked for it by then.
	 */
	async fetchPage(page: DrillPage): Promise<EndpointResult> {
		return recordedPage(this.#rounds, this.#index, drillPath(page), this.#position().atMs);
	}

	#clamp(index: number): number {
		return Math.max(0, Math.min(this.#rounds.count - 1, index));
	}

	#atMs(index: number): number {
		return this.#rounds.atMs(this.#clamp(index));
	}

	#position(): ReplayPosition {
		return {
			atMs: this.#index < 0 ? this.#atMs(0) : this.#nowMs,
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
		const targetMs = this.#position().atMs + deltaMs;
		let target = 0;
		for (let i = 0; i < this.#rounds.count; i += 1) if (this.#rounds.atMs(i) <= targetMs) target = i;
		if (deltaMs > 0) return Math.max(target, this.#index + 1);
		if (deltaMs < 0) return Math.min(target, this.#index - 1);
		return this.#index;
	}

	#feed(index: number, reset: boolean): void {
		const raw = this.#rounds.round(this.#clamp(index));
		this.#index = index;
		this.#nowMs = this.#atMs(index);
		this.#roundIntervalMs = raw.intervalMs;
		this.#onScrape?.(raw, reset ? {reset: true} : undefined);
	}

	/**
	 * The next moment time passes before the next round (none after the last round: the recording
	 * ends), never inside a gap the next round carries (dask-top did not run then).
	 */
	#nextTick(): number | undefined {
		if (this.#index < 0 || this.#index >= this.#rounds.count - 1) return undefined;
		return nextTickMs(this.#atMs(this.#index), this.#nowMs, this.#passesUntil(this.#index + 1));
	}

	/** Ticks before round `index` come before this (strictly): its time, or its gap's start (+1 ms, inclusive). */
	#passesUntil(index: number): number {
		const atMs = this.#atMs(index);
		const until = this.#rounds.passesUntilMs(this.#clamp(index));
		return until < atMs ? until + 1 : atMs;
	}

	#passTime(atMs: number): void {
		this.#nowMs = atMs;
		this.#onTime?.(atMs);
	}

	/**
	 * Moves to `target` through the recorded rounds and the time between them (then on to `untilMs`
	 * before the next round, when given), and resumes the clock from there.
	 */
	#seek(target: number, untilMs?: number): void {
		const to = this.#clamp(target);
		if (this.#onScrape && to !== this.#index) {
			if (to < this.#index) this.#feed(0, true);
			else if (this.#index < 0) this.#feed(0, false);
			for (let i = this.#index + 1; i <= to; i += 1) {
				for (let t = this.#nextTick(); t !== undefined; t = this.#nextTick()) this.#passTime(t);
				this.#feed(i, false);
			}
		}
		if (untilMs !== undefined)
			for (let t = this.#nextTick(); t !== undefined && t <= untilMs; t = this.#nextTick()) this.#passTime(t);
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
				Math.min((this.#loopGapMs ?? this.intervalMs) / this.#speed, MAX_WAIT_MS),
			);
			return;
		}
		// Real time into the gap to the next round, to the next moment of it at least MIN_TICK_WAIT_MS
		// away (or the round, when none is): what is due by then is fed when the wait ends.
		const roundMs = this.#atMs(this.#index);
		const nextMs = this.#atMs(this.#index + 1);
		const into = (atMs: number) => wallMs(atMs - roundMs, nextMs - roundMs, this.#speed);
		const fromMs = into(this.#nowMs);
		let tick = this.#nextTick();
		const ticksBeforeMs = this.#passesUntil(this.#index + 1);
		while (tick !== undefined && into(tick) - fromMs < MIN_TICK_WAIT_MS)
			tick = nextTickMs(roundMs, tick, ticksBeforeMs);
		const toRoundMs = into(nextMs) - fromMs;
		const waitMs = tick === undefined ? toRoundMs : into(tick) - fromMs;
		this.#timer = this.#timers.set(() => {
			this.#timer = undefined;
			for (let t = this.#nextTick(); t !== undefined && into(t) - fromMs <= waitMs; t = this.#nextTick())
				this.#passTime(t);
			if (toRoundMs <= waitMs) this.#feed(this.#index + 1, false);
			this.#schedule();
		}, waitMs);
	}
}
