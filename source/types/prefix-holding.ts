/** What a worker holds, by task prefix, as its /info/worker page shows it (parse/worker-page.ts reads it). */
export interface PrefixHolding {
	readonly prefix: string;
	readonly keys: number;
	/** Σ bytes of the prefix's keys on this worker (approximate: the page prints formatted bytes). */
	readonly bytes: number;
}
