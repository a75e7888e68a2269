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
 *
 * Likewise a worker's CPU (parse/worker-cpu.ts) is a rate of two readings: after a sample that
 * read some worker for the first time (`firstReadings`), the next round samples again rather than
 * one sample period later, so no row waits 5 s for its CPU.
 */
import type {EndpointResult, RawScrape} from '../types/raw-scrape.js';
import {type SampleInput, sampleWorkerMetrics, type WorkerSampling} from './worker-sampler.js';

export const SAMPLE_GRACE_MS = 250;
/**
 * The grace of a sample of the spilling workers alone: a worker busy writing to disk answered in
 * 629 ms on a loaded machine, and its spill time missed the round it was read in, so the rate (and
 * the spilling finding) came a poll late. It holds the round back only while a worker spills.
 */
export const SPILL_SAMPLE_GRACE_MS = 1000;
/** Workers remembered as read once: past four times this many, the memory starts again (workers churn). */
const MAX_REMEMBERED = 10_000;

export class WorkerSampleRunner {
	private running: Promise<void> | undefined;
	private readonly answers: EndpointResult[] = [];
	/** Routes, proxy state and the rotation, kept between samples. */
	private readonly state: WorkerSampling = {proxy: 'unknown', routes: new Map(), cursor: 0};
	private stopped = false;
	/** The spilling workers named after the latest round. */
	private watched = new Set<string>();
	/** Workers whose own /metrics answered 200 at least once. */
	private readonly answeredOnce = new Set<string>();
	private first = false;
	/** The sample in flight reads the spilling workers alone. */
	private spillOnly = false;

	/** The latest whole sample read some worker for the first time: its CPU needs a second reading. */
	get firstReadings(): boolean {
		return this.first;
	}

	get busy(): boolean {
		return this.running !== undefined;
	}

	/** How long a round waits for the sample in flight: longer for the spilling workers alone. */
	get graceMs(): number {
		return this.spillOnly ? SPILL_SAMPLE_GRACE_MS : SAMPLE_GRACE_MS;
	}

	start(input: Omit<SampleInput, 'state'>): void {
		const whole = input.only === undefined;
		if (whole) this.first = false;
		this.spillOnly = !whole;
		this.running = sampleWorkerMetrics({...input, state: this.state})
			.then((results) => {
				if (this.stopped) return;
				this.answers.push(...results);
				for (const r of results) {
					if (r.status !== 200 || this.answeredOnce.has(r.target)) continue;
					this.answeredOnce.add(r.target);
					if (whole) this.first = true;
				}
				if (this.answeredOnce.size > 4 * MAX_REMEMBERED) this.answeredOnce.clear();
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
