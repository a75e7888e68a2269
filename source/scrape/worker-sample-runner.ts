/**
 * The workers' own /metrics read beside the poll rounds (worker-sampler.ts): one sample in flight at
 * most, its answers kept here for the round that delivers them. A round of the timer chain waits for
 * a sample still running at most SAMPLE_GRACE_MS after the scheduler has answered: a quick sample
 * rides with the round it began in (its answers dated in it), while a slow or frozen worker still
 * never holds the scheduler's data back by more than that.
 *
 * The workers a round first shows writing to disk are read right after it (newlyWatched), not only
 * with the next round: a worker busy spilling can take seconds to answer, and a rate of its spill
 * time needs two readings a poll apart, so the first is taken as early as it can be.
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';
import {type SampleInput, sampleWorkerMetrics, type WorkerSampling} from './worker-sampler.js';

export const SAMPLE_GRACE_MS = 250;

export class WorkerSampleRunner {
	private running: Promise<void> | undefined;
	private readonly answers: EndpointResult[] = [];
	/** Routes, proxy state and the rotation, kept between samples. */
	private readonly state: WorkerSampling = {proxy: 'unknown', routes: new Map(), cursor: 0};
	private stopped = false;
	/** The spilling workers named after the latest round. */
	private watched = new Set<string>();

	get busy(): boolean {
		return this.running !== undefined;
	}

	start(input: Omit<SampleInput, 'state'>): void {
		this.running = sampleWorkerMetrics({...input, state: this.state})
			.then((results) => {
				if (!this.stopped) this.answers.push(...results);
			})
			.finally(() => {
				this.running = undefined;
			});
	}

	/** Waits for the sample in flight: to its end, or at most `graceMs`. */
	async settle(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
		const running = this.running;
		if (running === undefined) return;
		if (graceMs === Number.POSITIVE_INFINITY) return running;
		let timer: NodeJS.Timeout | undefined;
		await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
		clearTimeout(timer);
	}

	/**
	 * Of the workers now watched for spilling, those not watched after the round before and not read in
	 * this one; none while a sample is in flight. Remembers the watch for the next call.
	 */
	newlyWatched(spilling: readonly string[], raw: RawScrape): string[] {
		const read = new Set(raw.responses.map((r) => r.target));
		const fresh = spilling.filter((address) => !this.watched.has(address) && !read.has(`worker:${address}`));
		this.watched = new Set(spilling);
		return this.busy ? [] : fresh;
	}

	/** The answers of finished samples not yet delivered. */
	take(): EndpointResult[] {
		return this.answers.splice(0);
	}

	async stop(): Promise<void> {
		this.stopped = true;
		await this.running;
	}
}
