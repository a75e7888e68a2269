/**
 * The identity.json fallback's I/O: reads a sample of workers' own /metrics, at most 8 at a time,
 * straight from each worker or through the scheduler's /proxy (see worker-plan.ts for the rules).
 * Answers are stored under target `worker:<address>`, path `/metrics`, whichever road was taken.
 */
import type {EndpointResult} from '../types/raw-scrape.js';
import type {FetchOutcome, HttpClient} from './client.js';
import {toEndpointResult} from './result.js';
import {requestUrl, type SchedulerUrl} from './url.js';
import {
	chooseWorkerRoute,
	directFailureMeansUnreachable,
	isLoopbackHost,
	isProxyHint,
	pickWorkerSample,
	sampleSize,
	proxyPath,
	WORKER_CONCURRENCY,
	type ProxyState,
	type WorkerEndpoint,
	type WorkerRouteMemory,
} from './worker-plan.js';

export const WORKER_BODY_CAP_BYTES = 4 * 1024 * 1024;
const WORKER_TIMEOUT_CAP_MS = 3000;

/** What the sampler remembers between rounds. */
export interface WorkerSampling {
	proxy: ProxyState;
	readonly routes: Map<string, WorkerRouteMemory>;
	cursor: number;
}

export interface SampleInput {
	readonly client: HttpClient;
	readonly url: SchedulerUrl;
	readonly workers: readonly WorkerEndpoint[];
	readonly timeoutMs: number;
	readonly state: WorkerSampling;
	/** Called for every request that went to the scheduler (through /proxy), for its load meter. */
	readonly onSchedulerRequest?: (outcome: FetchOutcome) => void;
	/**
	 * Read just these workers (addresses), straight only (never through the scheduler's /proxy), and
	 * leave the whole sample's rotation alone: the spilling workers (model/diagnosis/spill-watch.ts).
	 */
	readonly only?: readonly string[];
}

function hostInUrl(host: string): string {
	return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export async function sampleWorkerMetrics(input: SampleInput): Promise<EndpointResult[]> {
	const {client, url, state} = input;
	const subset = input.only !== undefined;
	const only = new Set(input.only);
	const workers = subset ? input.workers.filter((w) => only.has(w.address)) : input.workers;
	const {sample, nextCursor} = pickWorkerSample(
		workers,
		subset ? 0 : state.cursor,
		subset ? workers.length : sampleSize(workers.length, state.proxy),
	);
	if (!subset) state.cursor = nextCursor;
	const scheme = new URL(url.base).protocol;
	const schedulerIsLoopback = isLoopbackHost(new URL(url.base).hostname);
	const timeoutMs = Math.min(input.timeoutMs, WORKER_TIMEOUT_CAP_MS);
	const results: EndpointResult[] = [];

	const readOne = async (worker: WorkerEndpoint): Promise<void> => {
		const target = `worker:${worker.address}` as const;
		let route = chooseWorkerRoute({
			worker,
			memory: state.routes.get(worker.address),
			proxy: state.proxy,
			schedulerIsLoopback,
			nowMs: Date.now(),
		});
		let direct: EndpointResult | undefined;
		if (route === 'direct') {
			const directUrl = `${scheme}//${hostInUrl(worker.host ?? '')}:${worker.dashboardPort}/metrics`;
			const outcome = await client.get(directUrl, {timeoutMs, maxBodyBytes: WORKER_BODY_CAP_BYTES});
			direct = toEndpointResult(target, '/metrics', directUrl, outcome);
			const unreachable = outcome.error !== undefined && directFailureMeansUnreachable(outcome.error.kind);
			state.routes.set(worker.address, {direct: unreachable ? 'failed' : 'ok', directAtMs: outcome.startedMs});
			if (!unreachable || outcome.error?.kind === 'aborted') {
				results.push(direct);
				return;
			}
			route = state.proxy === 'unavailable' || subset ? 'skip' : 'proxy';
		}
		if (route === 'proxy' && !subset) {
			const path = proxyPath(worker);
			const outcome = await client.get(requestUrl(url, path), {timeoutMs, maxBodyBytes: WORKER_BODY_CAP_BYTES});
			input.onSchedulerRequest?.(outcome);
			const viaProxy = toEndpointResult(target, '/metrics', requestUrl(url, path), outcome);
			if (isProxyHint(outcome.status, outcome.contentType, outcome.body)) {
				state.proxy = 'unavailable';
				results.push(direct ?? viaProxy);
				return;
			}
			if (outcome.status === 200) state.proxy = 'ok';
			results.push(viaProxy);
			return;
		}
		if (direct !== undefined) results.push(direct);
	};

	const queue = [...sample];
	const lanes = Array.from({length: Math.min(WORKER_CONCURRENCY, queue.length)}, async () => {
		for (let next = queue.shift(); next !== undefined; next = queue.shift()) await readOne(next);
	});
	await Promise.all(lanes);
	const order = new Map(sample.map((w, i) => [`worker:${w.address}`, i]));
	return results.sort((a, b) => (order.get(a.target) ?? 0) - (order.get(b.target) ?? 0));
}
