/**
 * One HTTP exchange handed to undici's dispatch() with a handler of its own: the status and the
 * three headers dask-top reads, the body whole up to a cap, and an abort at any time (a deadline,
 * a shutdown, a body past the cap). Never rejects: how the exchange ended comes back as data.
 *
 * Not undici's request(): it wraps every answer in a Readable stream and an async resource, and a
 * request's AbortSignal in an event listener, for bodies that mostly arrive in one or two chunks,
 * two or three times a poll. The handler is undici's own callback interface (onConnect, onHeaders,
 * onData, onComplete, onError), the one its HTTP/1.1 client calls without a wrapper.
 */
import type {Dispatcher} from 'undici';

/** What the answer's head said. */
export interface AnswerHead {
	readonly status: number;
	/** performance.now() when the headers were in. */
	readonly atMs: number;
	readonly contentType?: string;
	readonly location?: string;
}

export type Exchanged =
	| {readonly kind: 'whole'; readonly head: AnswerHead; readonly bytes: number; readonly text: string}
	/** Past the cap (declared or read): the rest is never read. */
	| {readonly kind: 'too-large'; readonly head: AnswerHead; readonly bytes: number}
	/** No answer, or an answer cut short: the error as undici or the abort gave it (`head` if headers came). */
	| {readonly kind: 'failed'; readonly head?: AnswerHead; readonly bytes: number; readonly error: unknown};

type AbortRequest = (reason: Error) => void;

/** The first value of each header dask-top reads; latin1, as undici reads header values. */
function readHead(status: number, rawHeaders: readonly Buffer[], atMs: number): AnswerHead & {declared: number} {
	let contentType: string | undefined;
	let location: string | undefined;
	let declared = Number.NaN;
	for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
		const name = rawHeaders[i]!.toString('latin1').toLowerCase();
		if (name === 'content-type') contentType ??= rawHeaders[i + 1]!.toString('latin1');
		else if (name === 'location') location ??= rawHeaders[i + 1]!.toString('latin1');
		else if (name === 'content-length' && Number.isNaN(declared))
			declared = Number(rawHeaders[i + 1]!.toString('latin1'));
	}
	return {
		status,
		atMs,
		...(contentType === undefined ? {} : {contentType}),
		...(location === undefined ? {} : {location}),
		declared,
	};
}

export class Exchange {
	/** Settles once, with how the exchange ended. */
	readonly done: Promise<Exchanged>;
	private settle!: (ended: Exchanged) => void;
	private settled = false;
	private abortRequest: AbortRequest | undefined;
	private reason: Error | undefined;
	private head: AnswerHead | undefined;
	private readonly chunks: Buffer[] = [];
	private bytes = 0;

	constructor(private readonly capBytes: number) {
		this.done = new Promise((resolve) => {
			this.settle = (ended) => {
				if (this.settled) return;
				this.settled = true;
				resolve(ended);
			};
		});
	}

	/** Sends the request through `dispatcher`; `done` tells how it ended. */
	static start(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, capBytes: number): Exchange {
		const exchange = new Exchange(capBytes);
		try {
			dispatcher.dispatch(options, exchange as unknown as Dispatcher.DispatchHandler);
		} catch (error) {
			exchange.onError(error);
		}
		return exchange;
	}

	/** Ends the exchange now with `reason` as its error, and stops the request wherever it is. */
	abort(reason: Error): void {
		if (this.settled) return;
		this.settle({kind: 'failed', ...this.headPart(), bytes: this.bytes, error: reason});
		this.stop(reason);
	}

	onConnect(abort: AbortRequest): void {
		if (this.reason === undefined) this.abortRequest = abort;
		else abort(this.reason);
	}

	onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
		if (this.settled || statusCode < 200) return true; // 1xx: informational, the answer follows
		const {declared, ...head} = readHead(statusCode, rawHeaders, performance.now());
		this.head = head;
		if (declared > this.capBytes) {
			this.settle({kind: 'too-large', head, bytes: 0});
			this.stop(new Error('answer larger than the cap'));
		}
		return true;
	}

	onData(chunk: Buffer): boolean {
		if (this.settled) return true;
		this.bytes += chunk.length;
		if (this.bytes > this.capBytes) {
			this.settle({kind: 'too-large', head: this.head!, bytes: this.bytes});
			this.chunks.length = 0;
			this.stop(new Error('answer larger than the cap'));
			return true;
		}
		this.chunks.push(chunk);
		return true;
	}

	onComplete(): void {
		if (this.settled) return;
		if (this.head === undefined) {
			this.settle({kind: 'failed', bytes: this.bytes, error: new Error('an answer without a head')});
			return;
		}
		const text = Buffer.concat(this.chunks, this.bytes).toString('utf8');
		this.chunks.length = 0;
		this.settle({kind: 'whole', head: this.head, bytes: this.bytes, text});
	}

	onError(error: unknown): void {
		this.chunks.length = 0;
		this.settle({kind: 'failed', ...this.headPart(), bytes: this.bytes, error});
	}

	private headPart(): {head?: AnswerHead} {
		return this.head === undefined ? {} : {head: this.head};
	}

	/** Stops the request: now if it has a connection, else as soon as undici gives it one. */
	private stop(reason: Error): void {
		this.reason ??= reason;
		this.abortRequest?.(reason);
	}
}
