/**
 * The monitor's own load on the scheduler over the last minute: requests/s, bytes/s and mean
 * latency. Pure apart from the times it is given.
 */

export const LOAD_WINDOW_MS = 60_000;

interface Sample {
	readonly atMs: number;
	readonly bytes: number;
	readonly latencyMs: number;
}

export interface LoadSummary {
	readonly requestsPerSecond: number;
	readonly bytesPerSecond: number;
	readonly meanLatencyMs?: number;
}

/**
 * Requests of the last minute in arrival order, with running sums: a summary is asked every
 * second and every round, and costs the same however many requests the minute holds.
 */
export class LoadMeter {
	private samples: Sample[] = [];
	/** Index of the oldest sample still in the window. */
	private head = 0;
	private bytes = 0;
	private latencyMs = 0;

	/** `startedMs`: when measuring began; a younger meter divides by its age, not a full minute. */
	constructor(private readonly startedMs: number) {}

	record(atMs: number, bytes: number, latencyMs: number): void {
		this.samples.push({atMs, bytes, latencyMs});
		this.bytes += bytes;
		this.latencyMs += latencyMs;
	}

	summary(nowMs: number): LoadSummary {
		this.evictBefore(nowMs - LOAD_WINDOW_MS);
		const windowMs = Math.min(LOAD_WINDOW_MS, Math.max(1000, nowMs - this.startedMs));
		const count = this.samples.length - this.head;
		return {
			requestsPerSecond: (count * 1000) / windowMs,
			bytesPerSecond: (this.bytes * 1000) / windowMs,
			...(count === 0 ? {} : {meanLatencyMs: this.latencyMs / count}),
		};
	}

	private evictBefore(fromMs: number): void {
		const {samples} = this;
		while (this.head < samples.length && samples[this.head]!.atMs < fromMs) {
			const old = samples[this.head++]!;
			this.bytes -= old.bytes;
			this.latencyMs -= old.latencyMs;
		}
		if (this.head === samples.length) {
			// Empty: start the sums afresh (no rounding carried over).
			this.samples = [];
			this.head = 0;
			this.bytes = 0;
			this.latencyMs = 0;
		} else if (this.head > 256 && this.head * 2 > samples.length) {
			this.samples = samples.slice(this.head);
			this.head = 0;
		}
	}
}
