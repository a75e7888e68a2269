/**
 * One request's answer taken straight from undici's dispatch: the status, the three headers
 * dask-top reads, and the body whole, up to a cap. Not undici's request(): that hands each answer
 * over as a Readable stream (an async-hooks resource, an abort listener on an AbortSignal, stream
 * events and a tick per chunk), which cost more than the rest of the exchange for the small bodies a
 * poll asks two or three times (at 3 workers under --cpu-prof, the stream's events alone about 4 %
 * of the process's CPU). Never rejects: how the exchange ended comes back as data.
 */
import type {Dispatcher} from 'undici';

export interface Answer {
	/** The status of the final (non-1xx) answer; null when no answer came. */
	readonly status: number | null;
	/** performance.now() when the answer's headers arrived; absent when none did. */
	readonly headersAt?: number;
	readonly contentType?: string;
	/** The Location header (a redirect is not followed). */
	readonly location?: string;
	/** Bytes of body read (up to the cap). */
	readonly bytes: number;
	/** The Content-Length the answer declared, when it did. */
	readonly declaredBytes?: number;
	/** The body, when it was read to its end. */
	readonly text?: string;
	/** The body was (or was declared) larger than the cap: it was not read further. */
	readonly tooLarge?: true;
	/** Why the exchange failed, as undici (or an abort's reason) gave it. */
	readonly error?: unknown;
}

function first(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/** Why an answer past the cap was cut (never seen: the answer has settled by then). */
const PAST_CAP = Object.assign(new Error('answer larger than the cap'), {code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE'});

export class AnswerCollector implements Dispatcher.DispatchHandler {
	readonly done: Promise<Answer>;
	private resolve!: (answer: Answer) => void;
	private controller: Dispatcher.DispatchController | undefined;
	/** An abort asked before undici started the request: given to it when it starts. */
	private reason: Error | undefined;
	private settled = false;
	private readonly chunks: Buffer[] = [];
	private bytes = 0;
	private status: number | null = null;
	private headersAt: number | undefined;
	private contentType: string | undefined;
	private location: string | undefined;
	private declaredBytes: number | undefined;

	constructor(private readonly capBytes: number) {
		this.done = new Promise((resolve) => {
			this.resolve = resolve;
		});
	}

	/** Ends the exchange with `reason` (a deadline, a shutdown); the answer fails with it. */
	abort(reason: Error): void {
		if (this.settled) return;
		if (this.controller === undefined) this.reason ??= reason;
		else this.controller.abort(reason);
	}

	onRequestStart(controller: Dispatcher.DispatchController): void {
		this.controller = controller;
		if (this.reason !== undefined) controller.abort(this.reason);
	}

	onResponseStart(
		controller: Dispatcher.DispatchController,
		statusCode: number,
		headers: Record<string, string | string[] | undefined>,
	): void {
		if (statusCode < 200) return;
		this.headersAt = performance.now();
		this.status = statusCode;
		this.contentType = first(headers['content-type']);
		this.location = first(headers['location']);
		const declared = Number(first(headers['content-length']) ?? Number.NaN);
		if (Number.isSafeInteger(declared) && declared >= 0) this.declaredBytes = declared;
		if (declared > this.capBytes) this.cut(controller);
	}

	onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
		if (this.settled) return;
		this.bytes += chunk.length;
		if (this.bytes > this.capBytes) this.cut(controller);
		else this.chunks.push(chunk);
	}

	onResponseEnd(): void {
		const {chunks, bytes} = this;
		const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, bytes).toString('utf8');
		this.settle({text});
	}

	onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
		this.settle({error});
	}

	/** Past the cap: settled as too large at once, the rest never read (the connection is closed). */
	private cut(controller: Dispatcher.DispatchController): void {
		this.settle({tooLarge: true});
		controller.abort(PAST_CAP);
	}

	private settle(end: {readonly text?: string; readonly tooLarge?: true; readonly error?: unknown}): void {
		if (this.settled) return;
		this.settled = true;
		this.chunks.length = 0;
		this.resolve({
			status: this.status,
			bytes: this.bytes,
			...(this.headersAt === undefined ? {} : {headersAt: this.headersAt}),
			...(this.contentType === undefined ? {} : {contentType: this.contentType}),
			...(this.location === undefined ? {} : {location: this.location}),
			...(this.declaredBytes === undefined ? {} : {declaredBytes: this.declaredBytes}),
			...end,
		});
	}
}
