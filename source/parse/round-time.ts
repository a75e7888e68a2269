/**
 * When the scheduler answered: a round's time, and an answer's own (answerTimeMs, at the end).
 *
 * A round's time for the model: when the scheduler's answers were in. A round that waited on a
 * scheduler which stopped answering (a long GC pause, a SIGSTOP, an overloaded event loop) brings figures
 * from the moment the scheduler answered, not from the moment it was asked: stamped with its
 * start, such a round would say its data was already seconds old when it arrived and close a
 * stale alert before the time the alert was opened. Rounds recorded before `answeredMs` existed,
 * and synthesized ones, carry only their start.
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';

export function roundTimeMs(raw: RawScrape): number {
	return raw.answeredMs !== undefined && raw.answeredMs >= raw.atMs ? raw.answeredMs : raw.atMs;
}

/**
 * Until when time passed before a round: its time, or the start of the gap it carries — dask-top
 * itself did not run from then on (types/raw-scrape.ts OwnGap), so no moment of that stretch was
 * judged live and a replay does not judge one either (record/recorded-feed.ts, replay-source.ts).
 */
export function timePassesUntilMs(raw: RawScrape): number {
	const timeMs = roundTimeMs(raw);
	return raw.gap === undefined ? timeMs : Math.min(timeMs, raw.gap.fromMs);
}

/**
 * When the scheduler last spoke in a round: the latest arrival of its HTTP answers (any status:
 * a 500 is the scheduler answering too). Not the round's end: one endpoint timing out beside
 * answers that came at once would otherwise make their data look seconds fresher than it is.
 * Undefined when it gave no HTTP answer at all (the round's end is then when that was known).
 * Workers' samples, actions (POST) and drill-down pages do not count: they are not the round's reads.
 */
export function lastSchedulerAnswerMs(responses: readonly EndpointResult[]): number | undefined {
	let last: number | undefined;
	for (let i = 0; i < responses.length; i++) {
		const r = responses[i]!;
		if (r.target !== 'scheduler' || r.status === null || r.method === 'POST' || r.onDemand === true) continue;
		const arrived = Math.round(r.startedMs + r.latencyMs);
		if (last === undefined || arrived > last) last = arrived;
	}
	return last;
}

/**
 * The moment an answer speaks for: when its headers arrived. Figures the scheduler gives as
 * timestamps of its own clock (a worker's `last_seen`) turn into ages against this time. Not the
 * request's start: a scheduler that is frozen or blocked when asked builds its answer seconds later,
 * and an age taken at the start would be short by all that time (a worker not heard for 12 s would
 * read ~0 s). Not the body's last byte either: a 10 MB identity.json would read older by its
 * transfer. Tornado builds the whole answer before it sends headers and body, so the headers'
 * arrival is within one network latency of when the answer was built. Answers recorded before
 * `headersMs` existed, and synthesized ones, are timed by their start, as they always were.
 */
export function answerTimeMs(result: EndpointResult): number {
	const headersMs = result.headersMs;
	return headersMs !== undefined && headersMs >= result.startedMs ? headersMs : result.startedMs;
}
