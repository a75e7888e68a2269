/**
 * Reads a recording back, streaming: plain or gzip (told apart by the magic bytes, not the name),
 * header checked first, one RawScrape per line. What a killed recorder leaves behind still reads:
 * a torn last line is skipped with a warning and a cut-off gzip tail keeps what decoded. Anything
 * else wrong is a RecordingReadError whose message is one line for the user.
 */
import {createReadStream} from 'node:fs';
import {open, type FileHandle} from 'node:fs/promises';
import {constants as zlibConstants, createGunzip} from 'node:zlib';
import {Readable} from 'node:stream';
import {readEmbedded} from '../units/single-executable.js';
import type {RawScrape} from '../types/raw-scrape.js';
import {parseHeader, parseRound, RecordingFormatError, type RecordingHeader} from './file-format.js';
import {PackedRoundStore} from './round-store.js';

export class RecordingReadError extends Error {
	override readonly name = 'RecordingReadError';
}

export interface ReadSummary {
	readonly header: RecordingHeader;
	readonly rounds: number;
	readonly warnings: readonly string[];
	readonly compressed: boolean;
}

class VisitorError extends Error {
	constructor(override readonly cause: unknown) {
		super('visitor failed');
	}
}

/** Called per round in file order, with the line it was read from; return false to stop reading. */
// biome-ignore lint/suspicious/noConfusingVoidType: void lets a visitor that never stops be a plain block.
export type RoundVisitor = (raw: RawScrape, index: number, line: Buffer) => boolean | void;

const MAX_HEADER_BYTES = 64 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b] as const;

function startsGzip(bytes: Uint8Array): boolean {
	return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

async function isGzip(file: string): Promise<boolean> {
	let handle: FileHandle;
	try {
		handle = await open(file, 'r');
	} catch (error) {
		const code = (error as {code?: unknown}).code;
		const why =
			code === 'ENOENT'
				? 'no such file'
				: code === 'EACCES'
					? 'permission denied'
					: code === 'EISDIR'
						? 'it is a directory'
						: String((error as Error).message);
		throw new RecordingReadError(`cannot read ${file}: ${why}`);
	}
	try {
		const {buffer, bytesRead} = await handle.read(Buffer.alloc(2), 0, 2, 0);
		return startsGzip(buffer.subarray(0, bytesRead));
	} finally {
		await handle.close();
	}
}

/** Streams the recording's lines as Buffers; `terminated` says whether a newline ended the line. */
async function* lines(stream: Readable): AsyncGenerator<{readonly line: Buffer; readonly terminated: boolean}> {
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let header = true;
	for await (const chunk of stream as AsyncIterable<Buffer>) {
		let start = 0;
		for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
			pending.push(chunk.subarray(start, newline));
			yield {line: pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending), terminated: true};
			header = false;
			pending = [];
			pendingBytes = 0;
			start = newline + 1;
		}
		if (start < chunk.length) {
			pending.push(chunk.subarray(start));
			pendingBytes += chunk.length - start;
			if (header && pendingBytes > MAX_HEADER_BYTES) {
				yield {line: Buffer.concat(pending), terminated: false};
				return;
			}
		}
	}
	if (pendingBytes > 0) yield {line: Buffer.concat(pending), terminated: false};
}

/**
 * Reads `file`, validating the header, calling `visit` for each round. Resolves with what was
 * read; rejects with RecordingReadError when the file is not a usable recording.
 */
export async function readRecording(file: string, visit: RoundVisitor): Promise<ReadSummary> {
	// The single executable's demo recording is inside it: the same bytes, from memory.
	const embedded = readEmbedded(file);
	const compressed = embedded ? startsGzip(embedded) : await isGzip(file);
	const raw: Readable = embedded ? Readable.from([embedded]) : createReadStream(file, {highWaterMark: 256 * 1024});
	// Z_SYNC_FLUSH at the end: a gzip stream cut short yields what it decoded instead of an error.
	const stream: Readable = compressed ? raw.pipe(createGunzip({finishFlush: zlibConstants.Z_SYNC_FLUSH})) : raw;
	if (compressed) raw.on('error', (error: Error) => stream.destroy(error));
	const warnings: string[] = [];
	let header: RecordingHeader | undefined;
	let rounds = 0;
	let lineNo = 0;
	let stopped = false;
	// A bad line is only an error when another line follows it: the last line may be torn.
	let held: {readonly lineNo: number; readonly reason: string} | undefined;
	try {
		for await (const {line, terminated} of lines(stream)) {
			lineNo += 1;
			const text = line.toString('utf8').replace(/\r$/, '');
			if (header === undefined) {
				if (!terminated && line.length > MAX_HEADER_BYTES)
					throw new RecordingFormatError('is not a dask-top recording (no header line)');
				header = parseHeader(text);
				continue;
			}
			if (held) throw new RecordingFormatError(`line ${held.lineNo} ${held.reason} (the recording is corrupt)`);
			if (text.trim() === '') continue;
			let round: RawScrape;
			try {
				round = parseRound(text);
			} catch (error) {
				if (!(error instanceof RecordingFormatError)) throw error;
				held = {lineNo, reason: error.message};
				continue;
			}
			rounds += 1;
			let more: ReturnType<RoundVisitor>;
			try {
				more = visit(round, rounds - 1, line);
			} catch (error) {
				// The visitor's own failure is not a reading problem: let it through untouched.
				throw new VisitorError(error);
			}
			if (more === false) {
				stopped = true;
				break;
			}
		}
	} catch (error) {
		if (error instanceof VisitorError) throw error.cause;
		if (error instanceof RecordingFormatError) throw new RecordingReadError(`${file} ${error.message}`);
		if (header === undefined || rounds === 0)
			throw new RecordingReadError(`${file} is not a readable recording: ${(error as Error).message}`);
		warnings.push(`${file}: stopped reading at line ${lineNo + 1}: ${(error as Error).message}; kept ${rounds} rounds`);
	} finally {
		stream.destroy();
		raw.destroy();
	}
	if (header === undefined) throw new RecordingReadError(`${file} is empty (not a dask-top recording)`);
	if (held && !stopped)
		warnings.push(`${file}: skipped a torn last line (line ${held.lineNo}; the recorder was cut off mid-write)`);
	if (rounds === 0)
		throw new RecordingReadError(
			`${file} holds no poll rounds (recording stopped before the first poll, or the file is truncated)`,
		);
	return {header, rounds, warnings, compressed};
}

export interface Recording {
	readonly file: string;
	readonly header: RecordingHeader;
	readonly rounds: readonly RawScrape[];
	readonly warnings: readonly string[];
}

/** @internal The whole recording decoded in memory (small recordings, tests); replay uses openRecording. */
export async function loadRecording(file: string): Promise<Recording> {
	const rounds: RawScrape[] = [];
	const summary = await readRecording(file, (round) => {
		rounds.push(round);
	});
	return {file, header: summary.header, rounds, warnings: summary.warnings};
}

export interface StoredRecording {
	readonly file: string;
	readonly header: RecordingHeader;
	readonly rounds: PackedRoundStore;
	readonly warnings: readonly string[];
}

/** The recording for replay: every round read and checked now, kept packed (round-store.ts), decoded as it is fed. */
export async function openRecording(file: string): Promise<StoredRecording> {
	const rounds = new PackedRoundStore();
	const summary = await readRecording(file, (round, _index, line) => {
		rounds.add(round, line);
	});
	return {file, header: summary.header, rounds, warnings: summary.warnings};
}
