/**
 * A round's time for the model: when its answers were in. A round that waited on a scheduler
 * which stopped answering (a long GC pause, a SIGSTOP, an overloaded event loop) brings figures
 * from the moment the scheduler answered, not from the moment it was asked: stamped with its
 * start, such a round would say its data was already seconds old when it arrived and close a
 * stale alert before the time the alert was opened. Rounds recorded before `answeredMs` existed,
 * and synthesized ones, carry only their start.
 */
import type {RawScrape} from '../types/raw-scrape.js';

export function roundTimeMs(raw: RawScrape): number {
	return raw.answeredMs !== undefined && raw.answeredMs >= raw.atMs ? raw.answeredMs : raw.atMs;
}
