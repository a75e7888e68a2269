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
	private readonly samples: Sample[] = [];
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
		const {samples} = this;
		const from = nowMs - LOAD_WINDOW_MS;
		while (samples.length > 0 && samples[0]!.atMs < from) {
			const old = samples.shift()!;
			this.bytes -= old.bytes;
			this.latencyMs -= old.latencyMs;
		}
		// Empty: the sums start afresh (no rounding carried over).
		if (samples.length === 0) this.bytes = this.latencyMs = 0;
		const windowMs = Math.min(LOAD_WINDOW_MS, Math.max(1000, nowMs - this.startedMs));
		const count = samples.length;
		return {
			requestsPerSecond: (count * 1000) / windowMs,
			bytesPerSecond: (this.bytes * 1000) / windowMs,
			...(count === 0 ? {} : {meanLatencyMs: this.latencyMs / count}),
		};
	}
}
