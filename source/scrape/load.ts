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

export class LoadMeter {
	private samples: Sample[] = [];

	/** `startedMs`: when measuring began; a younger meter divides by its age, not a full minute. */
	constructor(private readonly startedMs: number) {}

	record(atMs: number, bytes: number, latencyMs: number): void {
		this.samples.push({atMs, bytes, latencyMs});
	}

	summary(nowMs: number): LoadSummary {
		const from = nowMs - LOAD_WINDOW_MS;
		if (this.samples.length > 0 && this.samples[0]!.atMs < from)
			this.samples = this.samples.filter((s) => s.atMs >= from);
		const windowMs = Math.min(LOAD_WINDOW_MS, Math.max(1000, nowMs - this.startedMs));
		const count = this.samples.length;
		let bytes = 0;
		let latency = 0;
		for (const sample of this.samples) {
			bytes += sample.bytes;
			latency += sample.latencyMs;
		}
		return {
			requestsPerSecond: (count * 1000) / windowMs,
			bytesPerSecond: (bytes * 1000) / windowMs,
			...(count === 0 ? {} : {meanLatencyMs: latency / count}),
		};
	}
}
