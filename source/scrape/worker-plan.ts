/**
 * The identity.json fallback: which workers' own /metrics to sample this round, and by which road.
 * Pure. Straight to http://{host}:{dashboard port}/metrics first; through the scheduler's
 * /proxy/{port}/{host}/metrics when the worker cannot be reached; the proxy answering its HTML
 * hint page (jupyter-server-proxy missing) means it never will, so it is not asked again.
 */
import {SMALLEST_SAMPLE_WINDOW} from '../parse/index.js';
import type {FetchErrorKind} from '../types/raw-scrape.js';

/** Up to this many workers, every one is read each sample; above it, a rotating window. */
export const WORKER_SAMPLE_ALL_UP_TO = 200;
export const WORKER_SAMPLE_WINDOW = 50;
/** Through the scheduler's /proxy each answer costs the scheduler: fewer per sample. */
export const PROXY_SAMPLE_WINDOW = SMALLEST_SAMPLE_WINDOW;
export const WORKER_CONCURRENCY = 8;
export const DIRECT_RETRY_MS = 60_000;

export interface WorkerEndpoint {
	readonly address: string;
	readonly host?: string;
	readonly dashboardPort?: number;
}

export type ProxyState = 'unknown' | 'ok' | 'unavailable';

export interface WorkerRouteMemory {
	/** How the last direct attempt went, and when. */
	readonly direct?: 'ok' | 'failed';
	readonly directAtMs?: number;
}

export type WorkerRoute = 'direct' | 'proxy' | 'skip';

export function isLoopbackHost(host: string): boolean {
	const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
	return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

/**
 * The rotating sample: every worker when there are at most `max`, else `max` of them starting at
 * `cursor` (wrapping), so each worker is read every few rounds. Workers are taken in address order.
 */
/** How many workers one sample reads: all up to 200 straight, else a window; fewer via the proxy. */
export function sampleSize(workers: number, proxy: ProxyState): number {
	if (proxy === 'ok') return Math.min(workers, PROXY_SAMPLE_WINDOW);
	return workers <= WORKER_SAMPLE_ALL_UP_TO ? workers : WORKER_SAMPLE_WINDOW;
}

export function pickWorkerSample(
	workers: readonly WorkerEndpoint[],
	cursor: number,
	max: number,
): {readonly sample: readonly WorkerEndpoint[]; readonly nextCursor: number} {
	const reachable = workers.filter((w) => w.host !== undefined && w.dashboardPort !== undefined);
	const sorted = [...reachable].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
	if (sorted.length <= max) return {sample: sorted, nextCursor: 0};
	const start = cursor % sorted.length;
	const sample = Array.from({length: max}, (_, i) => sorted[(start + i) % sorted.length]!);
	return {sample, nextCursor: (start + max) % sorted.length};
}

export interface RouteInput {
	readonly worker: WorkerEndpoint;
	readonly memory: WorkerRouteMemory | undefined;
	readonly proxy: ProxyState;
	/** The scheduler's own host is loopback (then a loopback worker host is the same machine). */
	readonly schedulerIsLoopback: boolean;
	readonly nowMs: number;
}

/** Whether a worker's address may be asked directly from here. */
export function directAllowed(worker: WorkerEndpoint, schedulerIsLoopback: boolean): boolean {
	if (worker.host === undefined || worker.dashboardPort === undefined) return false;
	// A remote scheduler whose workers say 127.0.0.1 would send us to our own machine: never.
	return schedulerIsLoopback || !isLoopbackHost(worker.host);
}

export function chooseWorkerRoute({worker, memory, proxy, schedulerIsLoopback, nowMs}: RouteInput): WorkerRoute {
	if (worker.host === undefined || worker.dashboardPort === undefined) return 'skip';
	const direct = directAllowed(worker, schedulerIsLoopback);
	if (direct && memory?.direct !== 'failed') return 'direct';
	if (proxy !== 'unavailable') return 'proxy';
	if (direct && nowMs - (memory?.directAtMs ?? 0) >= DIRECT_RETRY_MS) return 'direct';
	return 'skip';
}

/** After a direct failure of this kind, the proxy is worth trying in the same round. */
export function directFailureMeansUnreachable(kind: FetchErrorKind): boolean {
	return kind !== 'too-large' && kind !== 'aborted';
}

/** The scheduler's proxy answering its "install jupyter-server-proxy" page, or refusing outright. */
export function isProxyHint(status: number | null, contentType: string | undefined, body: string | undefined): boolean {
	if (status === 403 || status === 404) return true;
	if (status !== 200) return false;
	if (contentType !== undefined && /text\/html/i.test(contentType)) return true;
	return body !== undefined && /jupyter-server-proxy/i.test(body);
}

export function proxyPath(worker: WorkerEndpoint): string {
	return `/proxy/${worker.dashboardPort}/${worker.host}/metrics`;
}
