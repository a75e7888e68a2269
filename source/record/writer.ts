/**
 * `--record FILE`: appends each poll round as one complete NDJSON line. A `.gz` file gets one gzip
 * member per round (concatenated members are valid gzip), so whatever kills the process, the file
 * reads back up to the last finished round. Writes are synchronous and whole-round: a round is on
 * disk (in the OS's cache) before the next poll starts. Write errors and the size limit stop the
 * recording with one line; they never stop the monitoring. `--record -` writes the same lines
 * (never compressed) to a stream, stdout, instead of a file.
 */
import {closeSync, fsyncSync, openSync, writeSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import type {RawScrape} from '../types/raw-scrape.js';
import {bytesText} from '../units/bytes.js';
import {headerLine, makeHeader, roundLine} from './file-format.js';

/** Where a recording goes instead of a file (`--record -`: stdout), written whole, in order. */
export interface RecordingStream {
	write(chunk: Uint8Array): unknown;
}

export interface RecorderOptions {
	/** The file to write, or with `stream` the name to say for it (`stdout`). */
	readonly file: string;
	/** Write here instead of opening `file` (nothing to open, sync or close). */
	readonly stream?: RecordingStream;
	/** Stop before the file would grow past this many bytes (on disk, i.e. compressed for .gz). */
	readonly maxBytes: number;
	/** The scheduler's HTTP base (redacted before it is written). */
	readonly url: string;
	readonly daskTopVersion: string;
	/** Called once when recording stops by itself (limit reached, write error), with one line for the user. */
	readonly onStop?: (message: string) => void;
	/** Clock for the header's `created`; defaults to Date.now. */
	readonly nowMs?: () => number;
}

export type RecorderState = 'recording' | 'stopped' | 'closed';

export interface RecorderStatus {
	readonly state: RecorderState;
	readonly file: string;
	readonly rounds: number;
	readonly bytesWritten: number;
	/** Why recording stopped (stopped state only). */
	readonly reason?: string;
}

export class RecordingOpenError extends Error {
	override readonly name = 'RecordingOpenError';
}

function errorText(error: unknown): string {
	const code = (error as {code?: unknown}).code;
	if (code === 'ENOSPC') return 'the disk is full';
	if (code === 'EDQUOT') return 'the disk quota is exceeded';
	if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
	if (code === 'ENOENT') return 'no such directory';
	if (code === 'EISDIR') return 'it is a directory';
	if (code === 'EFBIG') return 'the file size limit is reached';
	return error instanceof Error ? error.message : String(error);
}

export class Recorder {
	readonly #options: RecorderOptions;
	readonly #gzip: boolean;
	#fd: number | undefined;
	#state: RecorderState = 'recording';
	#rounds = 0;
	#bytesWritten = 0;
	#reason: string | undefined;

	/** Opens (truncates) the file and writes the header. Throws RecordingOpenError with one line. */
	constructor(options: RecorderOptions) {
		this.#options = options;
		this.#gzip = options.stream === undefined && /\.gz$/i.test(options.file);
		try {
			if (options.stream === undefined) this.#fd = openSync(options.file, 'w');
		} catch (error) {
			throw new RecordingOpenError(`cannot record to ${options.file}: ${errorText(error)}`);
		}
		const header = headerLine(makeHeader(options.url, options.daskTopVersion, (options.nowMs ?? Date.now)()));
		const failure = this.#append(header);
		if (failure !== undefined) {
			this.close();
			throw new RecordingOpenError(
				`cannot record to ${options.file}: ` +
					`${failure === 'limit' ? 'the --record-max limit is smaller than the header' : failure}`,
			);
		}
	}

	/** Writes one poll round; a no-op once recording stopped. */
	write(raw: RawScrape): void {
		if (this.#state !== 'recording') return;
		const failure = this.#append(roundLine(raw));
		if (failure === undefined) this.#rounds += 1;
		else if (failure === 'limit')
			this.#stop(
				`recording stopped: ${this.#options.file} reached the --record-max limit of ` +
					`${bytesText(this.#options.maxBytes, '?', 'decimal')} after ${this.#rounds} rounds; ` +
					'monitoring goes on',
			);
		else
			this.#stop(
				`recording stopped: cannot write ${this.#options.file}: ` +
					`${failure} (${this.#rounds} rounds kept); monitoring goes on`,
			);
	}

	status(): RecorderStatus {
		return {
			state: this.#state,
			file: this.#options.file,
			rounds: this.#rounds,
			bytesWritten: this.#bytesWritten,
			...(this.#reason === undefined ? {} : {reason: this.#reason}),
		};
	}

	/** Whether it writes to a stream (stdout) rather than a file. */
	streams(): boolean {
		return this.#options.stream !== undefined;
	}

	/** Flushes to disk and closes; safe to call more than once and after a stop. */
	close(): void {
		if (this.#fd !== undefined) {
			try {
				fsyncSync(this.#fd);
			} catch {
				// nothing more can be done for a file that cannot be synced
			}
			try {
				closeSync(this.#fd);
			} catch {
				// already gone
			}
			this.#fd = undefined;
		}
		if (this.#state === 'recording') this.#state = 'closed';
	}

	/** Writes the whole chunk; returns why it could not ('limit' or an error text), undefined when written. */
	#append(text: string): string | undefined {
		const chunk = this.#gzip ? gzipSync(text) : Buffer.from(text, 'utf8');
		if (this.#bytesWritten + chunk.length > this.#options.maxBytes) return 'limit';
		try {
			const stream = this.#options.stream;
			stream?.write(chunk);
			let offset = 0;
			while (stream === undefined && offset < chunk.length)
				offset += writeSync(this.#fd as number, chunk, offset, chunk.length - offset);
		} catch (error) {
			return errorText(error);
		}
		this.#bytesWritten += chunk.length;
		return undefined;
	}

	#stop(reason: string): void {
		this.#state = 'stopped';
		this.#reason = reason;
		this.close();
		this.#state = 'stopped';
		this.#options.onStop?.(reason);
	}
}
