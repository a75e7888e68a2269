/**
 * What a replay reports as its load (replay-source.ts status): its own is nil, so it is what the
 * recorded run cost the scheduler over the recorded minute up to the round shown.
 */
import type {SourceStatus} from '../types/scrape-source.js';
import type {RoundStore} from './round-store.js';

const LOAD_WINDOW_MS = 60_000;

/** The requests, bytes and mean latency of the recorded minute up to round `index` (-1: before the first). */
export function recordedLoad(rounds: RoundStore, index: number, intervalMs: number): SourceStatus {
	const at = (i: number) => rounds.atMs(Math.max(0, Math.min(rounds.count - 1, i)));
	const atMs = at(index);
	let requests = 0;
	let bytes = 0;
	let latencyMs = 0;
	let firstMs = atMs;
	for (let i = Math.max(index, 0); i >= 0; i -= 1) {
		if (at(i) <= atMs - LOAD_WINDOW_MS) break;
		firstMs = at(i);
		const load = rounds.load(i);
		requests += load.requests;
		bytes += load.bodyChars;
		latencyMs += load.latencyMs;
	}
	const spanSeconds = Math.max((atMs - firstMs) / 1000 + intervalMs / 1000, 1);
	return {
		state: 'replay',
		requestsPerSecond: requests / spanSeconds,
		bytesPerSecond: bytes / spanSeconds,
		...(requests > 0 ? {meanLatencyMs: latencyMs / requests} : {}),
	};
}
