/**
 * A scheduler frozen with SIGSTOP for ~13 s while dask-top polls it every 2 s with its 5 s
 * timeout, as the poller records it, built from the real Dask 2022.12.1 idle answers: four good
 * rounds, two rounds that time out (no HTTP answer: the round ends at the deadline, backing off
 * 1 s after the first), then good rounds again after SIGCONT. And the same rounds as the live TUI
 * met them: delivered when their answers were in, with the screen's store ticking every second
 * on the wall clock — what the live screen's model did.
 */
import {createPipeline, type Pipeline} from '../../source/pipeline.js';
import {roundTimeMs} from '../../source/parse/round-time.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import {createTuiStore} from '../../source/ui/shell/store.js';
import {LIVE, unansweredRound} from './fixture-data.js';
import {loadScenarioScrape} from './fixtures.js';
import {shiftScrape} from './snapshots.js';

export const INTERVAL_MS = 2000;
const TIMEOUT_MS = 5000;

/** A round whose scheduler endpoints (or only `paths`) all hit the timeout: no HTTP answer at all. */
export function timedOutRound(recorded: RawScrape, atMs: number, paths?: readonly string[]): RawScrape {
	const error = {kind: 'timeout', message: `no answer within ${TIMEOUT_MS / 1000} s`} as const;
	return {
		...unansweredRound(recorded, atMs, {error, latencyMs: TIMEOUT_MS}, paths),
		answeredMs: atMs + TIMEOUT_MS, // the round's end: the scheduler gave no answer
		intervalMs: INTERVAL_MS,
	};
}

export interface FrozenRecording {
	readonly rounds: readonly RawScrape[];
	/** When the last answer before the freeze came in (the last fresh data). */
	readonly lastFreshMs: number;
	/** The first round after it (a timed-out one): the old replay opened nothing before the second. */
	readonly firstMissedMs: number;
	readonly secondMissedMs: number;
	/** When the first answer after SIGCONT came in. */
	readonly backMs: number;
}

export function frozenScheduler(): FrozenRecording {
	const idle = loadScenarioScrape('2022.12.1', 'idle');
	const t0 = idle.atMs;
	const good = (atMs: number): RawScrape => ({
		...shiftScrape(idle, atMs),
		answeredMs: atMs + 30,
		intervalMs: INTERVAL_MS,
	});
	const rounds = [
		...[0, 2000, 4000, 6000].map((offset) => good(t0 + offset)),
		// SIGSTOP at +7 s: the round asked at +8 s ends at its deadline (+13 s), the next (1 s backoff,
		// only /metrics is probed) at +19 s; SIGCONT at +19.5 s, and the round asked at +21 s is answered.
		timedOutRound(idle, t0 + 8030),
		timedOutRound(idle, t0 + 14_030, ['/metrics']),
		...[21_030, 23_030, 25_030].map((offset) => good(t0 + offset)),
	];
	return {
		rounds,
		lastFreshMs: t0 + 6030,
		firstMissedMs: t0 + 13_030,
		secondMissedMs: t0 + 19_030,
		backMs: t0 + 21_060,
	};
}

const RETRYING: SourceStatus = {
	state: 'retrying',
	detail: 'no answer within 5 s',
	requestsPerSecond: 0.5,
	bytesPerSecond: 100,
};

/**
 * The rounds as the live TUI met them: each delivered (and its status taken) when its answers were
 * in, the screen's store ticking every `tickMs` of wall clock (run.tsx: every second), from
 * `phaseMs` after the first round. Returns the pipeline the store passed time to.
 */
export function liveRun(rounds: readonly RawScrape[], phaseMs = 0, tickMs = 1000): Pipeline {
	const pipeline = createPipeline({model: {intervalMs: INTERVAL_MS}});
	let status: SourceStatus = LIVE;
	let clock = roundTimeMs(rounds[0]!);
	const source = {kind: 'live' as const, status: () => status, intervalMs: INTERVAL_MS};
	const store = createTuiStore({pipeline, source, now: () => clock});
	const endMs = roundTimeMs(rounds.at(-1)!);
	let next = 0;
	let nextTickMs = clock + phaseMs;
	for (; clock <= endMs; clock += 10) {
		while (next < rounds.length && roundTimeMs(rounds[next]!) <= clock) {
			const raw = rounds[next++]!;
			status = raw.responses.some((r) => r.target === 'scheduler' && r.status !== null) ? LIVE : RETRYING;
			pipeline.ingest(raw, {source: {status, intervalMs: INTERVAL_MS}});
		}
		if (clock >= nextTickMs) {
			store.tick();
			nextTickMs += tickMs;
		}
	}
	store.dispose();
	return pipeline;
}
