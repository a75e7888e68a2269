/**
 * A live source's reads of the scheduler's endpoints (poller.ts): each asked through the client with
 * the round's deadline and counted in the load, and what it remembers of each after (plan.ts
 * EndpointMemory: when it was asked, how it went, when it last failed, the wasted answers in a row),
 * which the next round's plan reads; and the redirects the answers gave.
 */
import {classify, workerSampleEveryMs} from '../parse/index.js';
import type {EndpointResult} from '../types/raw-scrape.js';
import {wastedAnswer} from './answered.js';
import type {FetchOutcome} from './client.js';
import {ENDPOINT_PATHS, type EndpointKey, type EndpointMemory, type PlanKey, workerDetailPath} from './plan.js';
import type {PollerConfig} from './poller-config.js';
import {toEndpointResult} from './result.js';
import {displayUrl, requestUrl} from './url.js';

export class EndpointReader {
	/** How each endpoint went when last asked (the round's plan reads it). */
	readonly memory: Partial<Record<PlanKey, EndpointMemory>> = {};
	/** Redirect targets seen in the latest answers, by path. */
	readonly locations = new Map<string, string>();

	constructor(
		private readonly config: Pick<PollerConfig, 'client' | 'url' | 'timeoutMs'>,
		private readonly meter: (outcome: FetchOutcome) => void,
		/** Whether the source has stopped: an answer that comes after is not remembered. */
		private readonly stopped: () => boolean,
	) {}

	/** Asks one endpoint (`worker_detail`: the page of the detail's worker). */
	async ask(key: EndpointKey, atMs: number, detailWorker: string | null): Promise<EndpointResult> {
		const {client, url, timeoutMs} = this.config;
		const path = key === 'worker_detail' ? workerDetailPath(detailWorker ?? '') : ENDPOINT_PATHS[key];
		const outcome = await client.get(requestUrl(url, path), {timeoutMs});
		this.meter(outcome);
		if (outcome.location === undefined) this.locations.delete(path);
		else this.locations.set(path, outcome.location);
		const result = toEndpointResult('scheduler', path, displayUrl(url, path), outcome);
		if (!this.stopped()) this.memory[key] = rememberAnswer(this.memory[key], result, outcome.latencyMs, atMs);
		return result;
	}

	/** The latest whole sample of the workers' own /metrics began a sample period or more ago (or never). */
	sampleIsStale(nowMs: number, workers: number | undefined): boolean {
		const last = this.memory.worker_metrics?.lastAttemptMs;
		return last === undefined || nowMs - last >= workerSampleEveryMs(workers);
	}
}

/** The endpoint's memory after one answer, asked at `atMs`, from what it remembered before. */
function rememberAnswer(
	before: EndpointMemory | undefined,
	result: EndpointResult,
	latencyMs: number,
	atMs: number,
): EndpointMemory {
	const strikes = wastedAnswer(result) ? (before?.strikes ?? 0) + 1 : 0;
	const lastOutcome = classify(result).state;
	const lastFailedMs = lastOutcome === 'failed' ? atMs : before?.lastFailedMs;
	return {
		lastAttemptMs: atMs,
		lastOutcome,
		lastLatencyMs: latencyMs,
		...(strikes > 0 ? {strikes} : {}),
		...(lastFailedMs === undefined ? {} : {lastFailedMs}),
	};
}
