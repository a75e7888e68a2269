/**
 * The drill-down pages a live source fetched between rounds (poller.ts fetchPage): the next round
 * carries them, so a recording keeps what was looked at. A page read again unchanged (a log shown
 * with nothing new) is not carried twice; the body last carried is kept for a few paths only.
 */
import type {EndpointResult} from '../types/raw-scrape.js';

/** Paths whose last carried body is remembered; the oldest is forgotten past this. */
const CARRIED_PATHS = 16;

export class DrillPageCarrier {
	private readonly fetched: EndpointResult[] = [];
	private readonly carried = new Map<string, string>();

	/** Keeps a page's answer for the next round, unless it is the body last carried for its path. */
	carry(path: string, result: EndpointResult): void {
		if (this.carried.get(path) === result.body) return;
		this.fetched.push(result);
		this.carried.delete(path);
		if (result.body !== undefined) this.carried.set(path, result.body);
		if (this.carried.size > CARRIED_PATHS) this.carried.delete(this.carried.keys().next().value as string);
	}

	/** The pages kept since the last take, oldest first; none are kept after. */
	take(): EndpointResult[] {
		return this.fetched.splice(0);
	}
}
