/**
 * The one HTTP client toward Dask: a single undici Agent (a keep-alive Pool per origin), a precise
 * deadline on every request (a timer of its own, cleared when the request ends, over the headers and
 * the body; undici's own, ~1 s coarse, are off), one request per URL in flight, the body collected from
 * undici's dispatch with a size cap (answer-collector.ts), and the configured headers sent to the
 * scheduler's origin only. get() never throws: failures come back as data.
 *
 * A request's deadline aborts it with a TimeoutError (as AbortSignal.timeout would) and close()
 * aborts every one in flight, each through its collector: no AbortController or AbortSignal. (On
 * Node 20, AbortSignal.any over AbortSignal.timeout and a shutdown signal made two signals, weak
 * references and event listeners per request, and the timeout's timer still fired 5 s after every
 * answer: under --cpu-prof at 3 workers, about 6 % of the process's CPU.)
 */
import type {Dispatcher} from 'undici';
// Only the part of undici that is used: its index also loads fetch, WebSocket, the caches and the
// mock agents (about 60 ms of start-up against 22).
import Agent from 'undici/lib/dispatcher/agent.js';
import {AnswerCollector} from './answer-collector.js';
import {bodyFailure, classifyError, tooLarge, type FetchError} from './errors.js';
import {timerDelay} from '../units/timer-delay.js';
import {boundedCache} from '../units/bounded-cache.js';

export const SCHEDULER_BODY_CAP_BYTES = 32 * 1024 * 1024;

export interface ClientConfig {
	readonly timeoutMs: number;
	/** `scheme://host:port` of the scheduler; only requests to it carry `headers`. */
	readonly schedulerOrigin: string;
	readonly headers: ReadonlyArray<{readonly name: string; readonly value: string}>;
	/** PEM text of the CA certificate(s) to trust (--ca-file). */
	readonly ca?: string;
	readonly insecure?: boolean;
	readonly maxBodyBytes?: number;
	readonly userAgent?: string;
	/** For tests: another dispatcher (e.g. a MockAgent) instead of the client's own Agent. */
	readonly dispatcher?: Dispatcher;
}

export interface FetchOutcome {
	/** Epoch ms when the request started. */
	readonly startedMs: number;
	/**
	 * Epoch ms when the response headers arrived; absent when none did. The time of the answer: Dask's
	 * HTTP server (Tornado) builds the whole answer before it writes headers and body, so this is
	 * within a network latency of when the scheduler built it, however long the body then takes.
	 */
	readonly headersMs?: number;
	readonly latencyMs: number;
	readonly status: number | null;
	readonly contentType?: string;
	readonly body?: string;
	/** Bytes of body read (up to the cap). */
	readonly bytes: number;
	/** The Location header of a redirect (not followed). */
	readonly location?: string;
	readonly error?: FetchError;
}

export interface GetOptions {
	readonly timeoutMs?: number;
	readonly maxBodyBytes?: number;
}

export class HttpClient {
	private readonly agent: Dispatcher;
	private readonly ownsAgent: boolean;
	/** One collector per request under way (GET or POST): close() aborts them. */
	private readonly collectors = new Set<AnswerCollector>();
	private readonly inflight = new Map<string, Promise<FetchOutcome>>();
	private closed = false;

	constructor(private readonly config: ClientConfig) {
		this.ownsAgent = config.dispatcher === undefined;
		this.agent =
			config.dispatcher ??
			new Agent({
				connections: 6,
				keepAliveTimeout: 30_000,
				keepAliveMaxTimeout: 60_000,
				// No headers or body timeout of undici's own: every request's deadline is the client's
				// (fetch), over headers and body alike. undici keeps those two on its coarse timer wheel,
				// whose tick woke the process half a second after every poll for nothing.
				headersTimeout: 0,
				bodyTimeout: 0,
				connect: {
					timeout: config.timeoutMs,
					rejectUnauthorized: config.insecure !== true,
					...(config.ca === undefined ? {} : {ca: config.ca}),
				},
			});
	}

	/** GET url. While the same URL is in flight, callers share that one request. */
	get(url: string, options: GetOptions = {}): Promise<FetchOutcome> {
		const running = this.inflight.get(url);
		if (running !== undefined) return running;
		const promise = this.fetch(url, options).finally(() => this.inflight.delete(url));
		this.inflight.set(url, promise);
		return promise;
	}

	/**
	 * POST a JSON body (an action: retire). Never shared with another caller and never retried: one
	 * call, one request. Only to the scheduler's origin (its headers go with it); any other URL is
	 * refused without a request.
	 */
	post(url: string, json: string, options: GetOptions = {}): Promise<FetchOutcome> {
		let origin: string | undefined;
		try {
			origin = new URL(url).origin;
		} catch {
			origin = undefined;
		}
		if (origin !== this.config.schedulerOrigin) {
			return Promise.resolve({
				startedMs: Date.now(),
				latencyMs: 0,
				status: null,
				bytes: 0,
				error: {kind: 'other', message: "actions go to the scheduler's origin only"},
			});
		}
		return this.fetch(url, options, json);
	}

	/** Requests in flight right now. */
	get pending(): number {
		return this.inflight.size;
	}

	/** Aborts everything in flight and closes every pooled connection. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		for (const collector of this.collectors)
			collector.abort(new DOMException('This operation was aborted', 'AbortError'));
		await Promise.allSettled([...this.inflight.values()]);
		if (this.ownsAgent) await this.agent.close().catch(() => undefined);
	}

	private headersFor(url: RequestTarget): Record<string, string> {
		const headers: Record<string, string> = {'user-agent': this.config.userAgent ?? 'dask-top'};
		if (url.origin === this.config.schedulerOrigin) {
			for (const {name, value} of this.config.headers) headers[name.toLowerCase()] = value;
		}
		return headers;
	}

	/** GET url, or POST `json` to it when given. */
	private async fetch(url: string, options: GetOptions, json?: string): Promise<FetchOutcome> {
		const startedMs = Date.now();
		const t0 = performance.now();
		const since = (at: number) => Math.round((at - t0) * 100) / 100;
		const cap = options.maxBodyBytes ?? this.config.maxBodyBytes ?? SCHEDULER_BODY_CAP_BYTES;
		if (this.closed)
			return {startedMs, latencyMs: 0, status: null, bytes: 0, error: {kind: 'aborted', message: 'cancelled'}};
		const parsed = requestTarget(url);
		if (parsed === undefined)
			return {startedMs, latencyMs: 0, status: null, bytes: 0, error: {kind: 'other', message: 'invalid URL'}};
		const collector = new AnswerCollector(cap);
		const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
		const deadline = setTimeout(abortForTimeout, timerDelay(timeoutMs), collector);
		this.collectors.add(collector);
		const headers = this.headersFor(parsed);
		this.agent.dispatch(
			json === undefined
				? {origin: parsed.origin, path: parsed.path, method: 'GET', headers}
				: {
						origin: parsed.origin,
						path: parsed.path,
						method: 'POST',
						headers: {...headers, 'content-type': 'application/json'},
						body: json,
					},
			collector,
		);
		const answer = await collector.done;
		clearTimeout(deadline);
		this.collectors.delete(collector);
		const latencyMs = since(performance.now());
		if (answer.headersAt === undefined)
			return {startedMs, latencyMs, status: null, bytes: 0, error: classifyError(answer.error)};
		// Dask's server (Tornado) builds the whole answer before it writes headers: their arrival dates it.
		const meta = {
			startedMs,
			headersMs: Math.round(startedMs + since(answer.headersAt)),
			latencyMs,
			status: answer.status,
			...(answer.contentType === undefined ? {} : {contentType: answer.contentType}),
			...(answer.location === undefined ? {} : {location: answer.location}),
		};
		if (answer.text !== undefined) return {...meta, bytes: answer.bytes, body: answer.text};
		// The headers came, the body did not come whole: say how, naming the limit it hit.
		const read = {
			bytes: answer.bytes,
			capBytes: cap,
			timeoutMs,
			...(answer.declaredBytes === undefined ? {} : {declaredBytes: answer.declaredBytes}),
		};
		const error = answer.tooLarge ? tooLarge(read) : bodyFailure(classifyError(answer.error), read);
		return {...meta, bytes: answer.bytes, error};
	}
}

/** A request's deadline passed: it is aborted with the DOMException AbortSignal.timeout() uses. */
function abortForTimeout(collector: AnswerCollector): void {
	collector.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
}

/** The origin and path of a request, as undici's top-level request() derives them from a URL. */
interface RequestTarget {
	readonly origin: string;
	readonly path: string;
}

/**
 * The URL's origin and path; undefined when it is not a URL. A poll asks the same few URLs again
 * and again: each is parsed once (bounded: a worker's detail page is one more URL per worker opened).
 */
function requestTarget(url: string): RequestTarget | undefined {
	return targets(url, () => {
		try {
			const parsed = new URL(url);
			return {origin: parsed.origin, path: `${parsed.pathname}${parsed.search}`};
		} catch {
			return undefined;
		}
	});
}

const targets = boundedCache<string, RequestTarget | undefined>(256);
