/**
 * A drill-down page in a recording (replay-source.ts fetchPage): as the live session last read it up
 * to the moment shown (it was recorded with the round after it was read); an error saying so when it
 * never asked for it by then.
 */
import type {EndpointResult} from '../types/raw-scrape.js';
import type {RoundStore} from './round-store.js';

/** The page at `path` as last read by `atMs`, looking back from round `index`. */
export function recordedPage(rounds: RoundStore, index: number, path: string, atMs: number): EndpointResult {
	for (let i = Math.max(0, Math.min(rounds.count - 1, index)); i >= 0; i -= 1) {
		if (!rounds.pages(i).includes(path)) continue;
		const found = rounds
			.round(i)
			.responses.filter((r) => r.onDemand === true && r.path === path && r.startedMs <= atMs)
			.at(-1);
		if (found !== undefined) return found;
	}
	return {
		target: 'scheduler',
		path,
		url: path,
		startedMs: atMs,
		latencyMs: 0,
		status: null,
		error: {
			kind: 'other',
			message: 'not in the recording by this moment: it holds the pages the live session asked for',
		},
	};
}
