/**
 * The thin reader: takes a terminal's stdin (raw mode, UTF-8) and hands decoded key and mouse
 * events (parse.ts) to a listener. A chunk that ends inside a sequence waits for the next one; if
 * none comes, a lone ESC becomes the Esc key after ESCAPE_MS and a cut sequence is dropped after
 * SEQUENCE_MS (never turned into keys).
 */
import {flushInput, parseInput, restIsShort, type InputEvent} from './parse.js';

/** The part of a tty.ReadStream the reader uses (ink-testing-library's fake stdin has it too). */
export interface InputStream {
	on(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
	off(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
	readonly isTTY?: boolean;
	setRawMode?(raw: boolean): unknown;
	setEncoding?(encoding: BufferEncoding): unknown;
	resume?(): unknown;
	pause?(): unknown;
	ref?(): unknown;
	unref?(): unknown;
}

/** How long a lone ESC waits for the rest of a sequence before it counts as the Esc key. */
export const ESCAPE_MS = 50;
/** How long a sequence cut in its middle waits for its end before it is dropped. */
export const SEQUENCE_MS = 500;

/** Starts reading; the returned function stops (raw mode off, the stream paused). */
export function readInput(stream: InputStream, listener: (events: InputEvent[]) => void): () => void {
	let rest = '';
	let timer: NodeJS.Timeout | undefined;
	const emit = (events: InputEvent[]) => {
		if (events.length > 0) listener(events);
	};
	const onData = (chunk: string | Buffer) => {
		clearTimeout(timer);
		timer = undefined;
		const parsed = parseInput(rest + (typeof chunk === 'string' ? chunk : chunk.toString('utf8')));
		rest = parsed.rest;
		emit(parsed.events);
		if (rest !== '') {
			timer = setTimeout(
				() => {
					const tail = rest;
					rest = '';
					timer = undefined;
					emit(flushInput(tail));
				},
				restIsShort(rest) ? ESCAPE_MS : SEQUENCE_MS,
			);
		}
	};
	stream.setEncoding?.('utf8');
	if (stream.isTTY === true) stream.setRawMode?.(true);
	stream.on('data', onData);
	stream.ref?.();
	stream.resume?.();
	return () => {
		clearTimeout(timer);
		stream.off('data', onData);
		if (stream.isTTY === true) stream.setRawMode?.(false);
		stream.pause?.();
		stream.unref?.();
	};
}
