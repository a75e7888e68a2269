import type {DrillPage} from './drill-page.js';
import type {EndpointResult, OwnGap, RawScrape} from './raw-scrape.js';

/**
 * Where poll rounds come from: the live poller, a recording being replayed, or the bundled demo
 * (a replay). The TUI and the headless sinks drive every source through this one interface.
 */

export type ConnectionState =
	| 'connecting' // no answer yet
	| 'live' // the latest round reached the scheduler
	| 'retrying' // the scheduler did not answer; backing off
	| 'replay'; // data comes from a recording

export interface SourceStatus {
	readonly state: ConnectionState;
	/** Why the scheduler is not answering, one line (retrying only). */
	readonly detail?: string;
	/** Epoch ms of the next attempt (retrying only). */
	readonly nextAttemptMs?: number;
	/** The monitor's own load on the scheduler, over the last minute. */
	readonly requestsPerSecond: number;
	readonly bytesPerSecond: number;
	readonly meanLatencyMs?: number;
	/**
	 * Live: the latest stretch in which dask-top itself did not run (raw-scrape.ts), as soon as the
	 * poller notices it — before its next round, so time passed to the model then already knows.
	 */
	readonly gap?: OwnGap;
}

export interface ReplayPosition {
	/** Recorded time shown on screen, epoch ms. */
	readonly atMs: number;
	readonly startMs: number;
	readonly endMs: number;
	readonly index: number;
	readonly count: number;
	readonly paused: boolean;
	readonly speed: number;
}

/** Controls only a replay has (←/→ step, [/] jump a minute, {/} start/end, x speed, space pause). */
export interface ReplayControls {
	position(): ReplayPosition;
	togglePause(): void;
	step(rounds: number): void;
	jumpMs(deltaMs: number): void;
	toStart(): void;
	toEnd(): void;
	cycleSpeed(): number;
}

export interface ScrapeSource {
	readonly kind: 'live' | 'replay';
	/**
	 * Starts delivering rounds; a replay that seeks delivers `reset: true` first so state starts over.
	 * A source on a recorded clock (a replay) also tells when its time passes between rounds
	 * (`onTime`, at the moments of model-tick.ts); live time is the wall clock, passed on by the screen.
	 */
	start(onScrape: (raw: RawScrape, info?: {readonly reset?: boolean}) => void, onTime?: (nowMs: number) => void): void;
	stop(): Promise<void>;
	status(): SourceStatus;
	readonly intervalMs: number;
	/** Changes the poll interval (never below 1 s); returns the interval in force. */
	setIntervalMs(ms: number): number;
	/** Polls now (R). */
	refreshNow(): void;
	/** While a worker's detail is open, also fetch its /info/worker page (slow cadence); null stops. */
	setDetailWorker(address: string | null): void;
	readonly replay?: ReplayControls;
	/** Asks the scheduler to retire a worker (live only: a recording cannot act). */
	retireWorker?(address: string): void;
	/** Asks one drill-down page now, outside the rounds (live only). */
	fetchPage?(page: DrillPage): Promise<EndpointResult>;
}
