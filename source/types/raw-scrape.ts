/**
 * What a scheduler (or one of its workers) said, untouched. The live poller produces these, the
 * recorder writes them, replay and the demo read them back: everything downstream (parse → model →
 * views) sees the same shape whatever the source.
 */

/** Why a request produced no usable HTTP answer. */
export type FetchErrorKind =
	| 'refused' // ECONNREFUSED: nothing listens there
	| 'dns' // ENOTFOUND / EAI_AGAIN
	| 'timeout' // our deadline (AbortSignal.timeout) or undici's
	| 'tls' // certificate or handshake failure
	| 'reset' // ECONNRESET, socket closed mid-answer
	| 'too-large' // body over the size cap; the rest was not read
	| 'aborted' // we cancelled it (shutdown)
	| 'other';

/** Which process an answer came from: the scheduler, or a worker identified by its comm address. */
export type Target = 'scheduler' | `worker:${string}`;

export interface EndpointResult {
	readonly target: Target;
	/** Path relative to the target's HTTP base, with its query, e.g. `/metrics`, `/json/identity.json`. */
	readonly path: string;
	/** Absolute URL requested (with any token-like query values redacted). */
	readonly url: string;
	/** When the request started, epoch milliseconds. */
	readonly startedMs: number;
	/**
	 * When the answer's headers arrived, epoch milliseconds: the time of the answer (the scheduler
	 * builds the whole answer before it sends them), not of its body's last byte. Absent when no
	 * HTTP answer came, in synthesized answers and in recordings made before it existed (parse
	 * then uses `startedMs`, see parse/round-time.ts answerTimeMs).
	 */
	readonly headersMs?: number;
	/** From the request's start to the body's last byte (or the failure), milliseconds. */
	readonly latencyMs: number;
	/** HTTP status, or null when there was no HTTP answer (see error). */
	readonly status: number | null;
	readonly contentType?: string;
	/** Body as text (every endpoint dask-top reads is text). Absent when not read or on error. */
	readonly body?: string;
	readonly error?: {readonly kind: FetchErrorKind; readonly message: string};
	/**
	 * `POST` for a request that acts on the cluster (a retire, see scrape/retire-request.ts); absent for the
	 * reads. Actions travel in the round after they were sent, so a recording replays them: parse
	 * keeps them out of its cache and freshness and hands them to the model as snapshot.actions.
	 */
	readonly method?: 'POST';
	/** The JSON body a POST sent. */
	readonly requestBody?: string;
	/** A POST still waiting for its answer when the round ended (the answer comes in a later round, same startedMs). */
	readonly pending?: true;
	/**
	 * A drill-down page (call stacks, erred tasks, a log: scrape/drill-pages.ts) a user or a finding
	 * asked outside the rounds; it rides in the next round so a recording keeps it, and parse leaves
	 * it out of the cache, the freshness and the round's time. A replay answers the same page with it.
	 */
	readonly onDemand?: true;
}

/**
 * A stretch in which dask-top itself did not run — stopped (Ctrl-Z, SIGSTOP), the machine asleep,
 * its process blocked — seen by the poller as a timer that fired far later than asked (or a round
 * that spanned a SIGCONT), epoch milliseconds. Nothing was polled then: that is not the scheduler's
 * doing, and no time-based verdict (missed polls, stalls, heartbeat ages, rates) may count it.
 */
export interface OwnGap {
	/** The last moment dask-top was known to run before it. */
	readonly fromMs: number;
	/** When it ran again. */
	readonly toMs: number;
}

/** One poll round: every endpoint that round asked, in order. Cadences differ per endpoint, so a
 * round usually holds a subset; parse keeps the latest answer of each (see parse/cache.ts). */
export interface RawScrape {
	/** When the round started, epoch milliseconds (its answers' `startedMs` are at or after it). */
	readonly atMs: number;
	/**
	 * When the scheduler's last HTTP answer of the round arrived (the round's end when it gave none),
	 * epoch milliseconds: the model's time for the round (parse/round-time.ts). Absent in
	 * synthesized rounds and in recordings made before it existed.
	 */
	readonly answeredMs?: number;
	/**
	 * The poll interval in force when the round ended, ms: the one live's model was told with the
	 * round and counts missed polls by, so a replay counts them as live did (+ / - change it).
	 * Absent in synthesized rounds and in recordings made before it existed (a replay estimates it:
	 * record/recorded-feed.ts).
	 */
	readonly intervalMs?: number;
	/**
	 * dask-top did not run for a while before this round (the latest such stretch since the round
	 * before): recorded, so a replay judges the moment as live did. Absent otherwise.
	 */
	readonly gap?: OwnGap;
	/** The scheduler's HTTP base URL, normalised, ending in `/` (e.g. `http://127.0.0.1:8787/`). */
	readonly base: string;
	readonly responses: readonly EndpointResult[];
}
