/**
 * The live source: a setTimeout chain of poll rounds, never overlapping, each asking what plan.ts says
 * is due (and workers.html after a failed identity.json) and emitting one RawScrape. Backs off (1, 2,
 * 4 … 30 s) while the scheduler gives no whole answer with its figures (answered.ts: /health alone is
 * not one), and measures its own load on it. Implements ScrapeSource.
 *
 * It also watches its own time (own-clock.ts): a timer that fires far later than asked means
 * dask-top itself did not run (Ctrl-Z, the machine asleep). The gap goes out with the status at
 * once and with the next round (recorded), so nothing blames it on the scheduler; a round that was
 * in flight across it is read again rather than delivered with wrong times and our own timeouts.
 */
import {AnswerTally} from './answer-tally.js';
import {hintsInput, type PlanHints, type PollerConfig, type RoundOptions} from './poller-config.js';
import {lastSchedulerAnswerMs} from '../parse/index.js';
import type {EndpointResult, OwnGap, RawScrape} from '../types/raw-scrape.js';
import type {ScrapeSource, SourceStatus} from '../types/scrape-source.js';
import type {FetchOutcome} from './client.js';
import {LoadMeter} from './load.js';
import {ENDPOINT_PATHS, identityFallback, nextDelayMs, planRound} from './plan.js';
import {toEndpointResult} from './result.js';
import {DRILL_BODY_CAP_BYTES, drillPath} from './drill-pages.js';
import {DrillPageCarrier} from './drill-page-carrier.js';
import {EndpointReader} from './endpoint-reader.js';
import type {DrillPage} from '../types/drill-page.js';
import {MIN_INTERVAL_MS} from '../types/poll-interval.js';
import {ActionOutbox} from './retire-request.js';
import {displayUrl, requestUrl} from './url.js';
import {WorkerSampleRunner} from './worker-sample-runner.js';
import {MAX_TIMER_MS, timerDelay} from '../units/timer-delay.js';
import {GAP_MIN_MS, OwnClock, processClocks} from './own-clock.js';

export class Poller implements ScrapeSource {
	readonly kind = 'live' as const;
	private interval: number;
	private readonly minIntervalMs: number;
	private readonly load = new LoadMeter(Date.now());
	private readonly outbox = new ActionOutbox();
	/** Drill-down pages fetched since the last round: the next round carries them (and a recording keeps them). */
	private readonly pages = new DrillPageCarrier();
	private listener: ((raw: RawScrape) => void) | undefined;
	private timer: NodeJS.Timeout | undefined;
	private inFlight: Promise<RawScrape> | undefined;
	/** The workers' own /metrics, sampled beside the rounds. */
	private readonly samples = new WorkerSampleRunner();
	private stopped = false;
	private force = false;
	private detailWorker: string | null = null;
	/** The rounds, and those in a row the scheduler gave no whole answer in. */
	private readonly tally = new AnswerTally();
	/** The scheduler's endpoints, asked, and how each went when last asked. */
	private readonly reader: EndpointReader;
	private lastRoundStartMs: number | undefined;
	private lastRoundEndMs: number | undefined;
	private nextAttemptMs: number | undefined;
	private readonly own: OwnClock;
	/** A gap in dask-top's own time noticed since the last round delivered: the next round carries it. */
	private pendingGap: OwnGap | undefined;

	constructor(private readonly config: PollerConfig) {
		this.minIntervalMs = config.minIntervalMs ?? MIN_INTERVAL_MS;
		this.interval = Math.max(this.minIntervalMs, config.intervalMs);
		this.own = new OwnClock(config.clocks ?? processClocks());
		this.reader = new EndpointReader(
			config,
			(outcome) => this.meter(outcome),
			() => this.stopped,
		);
	}

	get intervalMs(): number {
		return this.interval;
	}

	start(onScrape: (raw: RawScrape) => void): void {
		if (this.stopped) return;
		this.listener = onScrape;
		const sinceLast = this.lastRoundStartMs === undefined ? undefined : Date.now() - this.lastRoundStartMs;
		this.schedule(sinceLast === undefined ? 0 : Math.max(0, this.interval - sinceLast));
	}

	async stop(): Promise<void> {
		this.stopped = true;
		this.listener = undefined;
		clearTimeout(this.timer);
		this.own.settle(this.gapAfterMs());
		await this.config.client.close();
		await this.inFlight?.catch(() => undefined);
		await this.samples.stop();
	}

	status(): SourceStatus {
		// Read between rounds too (the screen passes time to the model): a gap is known before the next round.
		this.noteGap(this.own.check(this.gapAfterMs()));
		const gap = this.own.latest === undefined ? {} : {gap: this.own.latest};
		return this.tally.status({...this.load.summary(Date.now()), ...gap}, this.nextAttemptMs);
	}

	setIntervalMs(ms: number): number {
		this.interval = Math.min(this.config.maxIntervalMs ?? MAX_TIMER_MS, Math.max(this.minIntervalMs, Math.round(ms)));
		if (
			this.listener !== undefined &&
			this.inFlight === undefined &&
			this.tally.failures === 0 &&
			this.lastRoundStartMs !== undefined
		) {
			this.schedule(Math.max(0, this.lastRoundStartMs + this.interval - Date.now()));
		}
		return this.interval;
	}

	/** Asks the scheduler to retire one worker (once, never retried); the next rounds carry it and its answer. */
	retireWorker(address: string): void {
		if (this.stopped) return;
		this.outbox.retire(this.config.client, this.config.url, address, () => this.refreshNow());
		this.refreshNow();
	}

	refreshNow(): void {
		this.force = true;
		if (this.listener !== undefined && this.inFlight === undefined) this.schedule(0);
	}

	setDetailWorker(address: string | null): void {
		if (address === this.detailWorker) return;
		this.detailWorker = address;
		delete this.reader.memory.worker_detail;
	}

	/**
	 * One drill-down page (drill-pages.ts), asked now through the same client (deadline, a lower body
	 * cap) and counted in the load; never part of a round's plan. While rounds run, the next one
	 * carries the answer (`onDemand`), so a recording keeps what was looked at.
	 */
	async fetchPage(page: DrillPage): Promise<EndpointResult> {
		const path = drillPath(page);
		const outcome = await this.config.client.get(requestUrl(this.config.url, path), {
			timeoutMs: this.config.timeoutMs,
			maxBodyBytes: DRILL_BODY_CAP_BYTES,
		});
		this.meter(outcome);
		const result: EndpointResult = {
			...toEndpointResult('scheduler', path, displayUrl(this.config.url, path), outcome),
			onDemand: true,
		};
		if (!this.stopped && this.listener !== undefined) this.pages.carry(path, result);
		return result;
	}

	/**
	 * When the latest sample of the workers' own /metrics read some worker for the first time, when
	 * that sample began: a --once follow-up reads them again a moment later, for their CPU.
	 */
	firstReadingsAtMs(): number | undefined {
		return this.samples.firstReadings ? this.reader.memory.worker_metrics?.lastAttemptMs : undefined;
	}

	/** Redirect targets seen in the latest answers, by path (for the first-contact diagnosis). */
	redirects(): ReadonlyMap<string, string> {
		return this.reader.locations;
	}

	/** One round now, outside the timer chain (--once, first contact). Waits for a round in flight. */
	async round(options: RoundOptions = {}): Promise<RawScrape> {
		while (this.inFlight !== undefined) await this.inFlight.catch(() => undefined);
		const running = this.runRound(options);
		this.inFlight = running;
		try {
			return await running;
		} finally {
			this.inFlight = undefined;
		}
	}

	private schedule(delayMs: number): void {
		clearTimeout(this.timer);
		if (this.stopped) return;
		this.nextAttemptMs = Date.now() + delayMs;
		this.noteGap(this.own.expect(delayMs, this.gapAfterMs()));
		this.timer = setTimeout(() => void this.tick(), timerDelay(delayMs));
	}

	/** How late a timer must fire to count as a gap in dask-top's own time (own-clock.ts). */
	private gapAfterMs(): number {
		return Math.max(GAP_MIN_MS, this.interval);
	}

	private noteGap(gap: OwnGap | undefined): void {
		if (gap !== undefined) this.pendingGap = gap;
	}

	private async tick(): Promise<void> {
		if (this.stopped || this.listener === undefined) return;
		this.noteGap(this.own.check(this.gapAfterMs()));
		const raw = await this.round({background: true});
		if (this.stopped) return;
		this.listener?.(raw);
		// Workers the round first showed writing to disk: their spill time is asked now (for the next
		// round's rate), then with every round.
		const hints = this.config.hints();
		const fresh = this.samples.newlyWatched(hints.spilling ?? [], raw);
		if (fresh.length > 0 && this.tally.failures === 0)
			this.startWorkerSample({...hints, spilling: fresh}, raw.atMs, true);
		this.schedule(
			nextDelayMs({
				intervalMs: this.interval,
				roundStartMs: this.lastRoundStartMs ?? 0,
				roundEndMs: this.lastRoundEndMs ?? 0,
				failures: this.tally.failures,
			}),
		);
	}

	/**
	 * One round; read again at once (force) when it was in flight across a gap in dask-top's own time:
	 * its answers' times are wrong and its timeouts are ours (own-clock.ts).
	 */
	private async runRound(options: RoundOptions): Promise<RawScrape> {
		for (let again = false; ; again = true) {
			this.noteGap(this.own.expect(this.config.timeoutMs, this.gapAfterMs()));
			const start = this.own.now();
			const gaps = this.own.count;
			if (again) this.force = true;
			const read = await this.readRound(options);
			this.noteGap(this.own.settle(this.gapAfterMs()));
			if (again || this.stopped || !this.own.tainted(start, gaps)) return this.finishRound(read);
		}
	}

	private async readRound(options: RoundOptions): Promise<{atMs: number; responses: EndpointResult[]}> {
		const atMs = Date.now();
		const hints = this.config.hints();
		const plan = planRound({
			nowMs: atMs,
			intervalMs: this.interval,
			...hintsInput(hints),
			endpoints: this.reader.memory,
			detailWorker: this.detailWorker,
			...(this.samples.firstReadings ? {workerFirstReadings: true} : {}),
			schedulerDown: this.tally.failures > 0,
			force: this.force,
			followUp: options.followUp === true,
		});
		this.force = false;
		this.lastRoundStartMs = atMs;
		const idle = !this.stopped && !this.samples.busy;
		if (idle && (plan.sampleWorkers || plan.sampleSpilling)) this.startWorkerSample(hints, atMs, !plan.sampleWorkers);
		const responses = await Promise.all(plan.endpoints.map((key) => this.reader.ask(key, atMs, this.detailWorker)));
		const identity = responses.find((r) => r.path === ENDPOINT_PATHS.identity)?.status;
		const fallback = !this.stopped && identityFallback(plan.endpoints, this.reader.memory, identity);
		if (fallback) responses.push(await this.reader.ask('workers_html', atMs, null));
		// The round identity.json first fails in: the workers' own /metrics too, unless read moments ago.
		const firstFailure = identity !== undefined && identity !== null && identity >= 500 && !plan.sampleWorkers;
		const canSample = !this.stopped && !this.samples.busy && hints.workers.length > 0;
		if (firstFailure && canSample && this.reader.sampleIsStale(atMs, hints.workerCount))
			this.startWorkerSample(hints, atMs, false);
		await this.samples.settle(options.background === true ? this.samples.graceMs : undefined);
		return {atMs, responses};
	}

	private finishRound({atMs, responses}: {atMs: number; responses: EndpointResult[]}): RawScrape {
		responses.push(...this.samples.take());
		this.lastRoundEndMs = Date.now();
		this.tally.note(responses);
		const gap = this.pendingGap;
		this.pendingGap = undefined;
		// Actions sent or answered during the round ride at its end, after every read it made.
		return {
			atMs,
			answeredMs: lastSchedulerAnswerMs(responses) ?? this.lastRoundEndMs,
			intervalMs: this.interval,
			...(gap === undefined ? {} : {gap}),
			base: this.config.url.base,
			responses: [...responses, ...this.outbox.take(), ...this.pages.take()],
		};
	}

	/** Samples the workers' (or just the spilling ones') own /metrics beside the round. */
	private startWorkerSample(hints: PlanHints, atMs: number, spilling: boolean): void {
		this.reader.memory[spilling ? 'spill_metrics' : 'worker_metrics'] = {lastAttemptMs: atMs, lastOutcome: 'ok'};
		this.samples.start({
			client: this.config.client,
			url: this.config.url,
			workers: hints.workers,
			...(spilling ? {only: hints.spilling ?? []} : {}),
			timeoutMs: this.config.timeoutMs,
			onSchedulerRequest: (outcome) => this.meter(outcome),
		});
	}

	private meter(outcome: FetchOutcome): void {
		if (outcome.error?.kind !== 'aborted') this.load.record(outcome.startedMs, outcome.bytes, outcome.latencyMs);
	}
}
