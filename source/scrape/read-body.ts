/**
 * An answer's body read whole, up to a cap, from its stream's events. Not `for await` over the
 * stream: Node's async iterator of a Readable makes an async generator, attaches end-of-stream
 * listeners and settles a promise per chunk, for bodies that mostly arrive in one or two chunks,
 * two or three times a poll. Never rejects: how the read ended comes back as data.
 */
import type {Readable} from 'node:stream';

export type BodyRead =
	| {readonly kind: 'whole'; readonly bytes: number; readonly text: string}
	/** Past the cap: the stream is destroyed at once, the rest never read. */
	| {readonly kind: 'too-large'; readonly bytes: number}
	/** The stream failed or closed before its end (the error as the stream gave it). */
	| {readonly kind: 'failed'; readonly bytes: number; readonly error: unknown};

/** What `for await` threw when a stream closed before its end: the same code and words. */
function prematureClose(): Error {
	return Object.assign(new Error('Premature close'), {code: 'ERR_STREAM_PREMATURE_CLOSE'});
}

export function readBody(stream: Readable, capBytes: number): Promise<BodyRead> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let bytes = 0;
		let settled = false;
		const settle = (read: BodyRead) => {
			if (settled) return;
			settled = true;
			resolve(read);
		};
		stream.on('data', (chunk: Buffer) => {
			if (settled) return;
			bytes += chunk.length;
			if (bytes > capBytes) {
				settle({kind: 'too-large', bytes});
				stream.destroy();
				return;
			}
			chunks.push(chunk);
		});
		stream.on('end', () => settle({kind: 'whole', bytes, text: Buffer.concat(chunks, bytes).toString('utf8')}));
		// The listener stays after the read has settled: an error the stream emits later is not thrown.
		stream.on('error', (error: unknown) => {
			settle({kind: 'failed', bytes, error});
			stream.destroy();
		});
		// Every stream closes after its end: the error (an Error captures a stack) only when it came first.
		stream.on('close', () => {
			if (!settled) settle({kind: 'failed', bytes, error: prematureClose()});
		});
	});
}
