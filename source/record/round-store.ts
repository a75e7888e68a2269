/**
 * A recording's rounds held for replay without holding them decoded. Each round stays as the line
 * it was recorded as; consecutive lines are packed into blocks (at most BLOCK_ROUNDS rounds or
 * BLOCK_RAW_BYTES bytes) and each block is compressed with Brotli, whose window spans the whole
 * block, so a round much like the one before costs little. A round is decoded when it is fed:
 * its block is decompressed (the last block stays decoded, so playing in order decompresses each
 * block once) and its line parsed again. Times and each round's load on the scheduler stay at
 * hand for seeking and the status line without decoding anything.
 */
import {brotliCompressSync, brotliDecompressSync, constants as zlibConstants} from 'node:zlib';
import type {RawScrape} from '../types/raw-scrape.js';
import {parseRound} from './file-format.js';
import {roundTimeMs, timePassesUntilMs} from '../parse/index.js';

/** What a round cost the scheduler: answers, body characters, summed latency. */
export interface RoundLoad {
	readonly requests: number;
	readonly bodyChars: number;
	readonly latencyMs: number;
}

/** Rounds by index: their times and loads cheaply, the rounds themselves on demand. */
export interface RoundStore {
	readonly count: number;
	/** The round's time (parse/round-time.ts): the replay's clock when it is fed. */
	atMs(index: number): number;
	/** Until when time passes before the round: its time, or the start of its gap (parse/round-time.ts). */
	passesUntilMs(index: number): number;
	load(index: number): RoundLoad;
	round(index: number): RawScrape;
	/** The paths of the drill-down pages the round carries (EndpointResult.onDemand), without decoding it. */
	pages(index: number): readonly string[];
}

/** The paths of a round's drill-down pages. */
function pagesOf(raw: RawScrape): string[] {
	const paths: string[] = [];
	for (const result of raw.responses) if (result.onDemand === true) paths.push(result.path);
	return paths;
}

const NO_PAGES: readonly string[] = [];

export function roundLoad(raw: RawScrape): RoundLoad {
	let bodyChars = 0;
	let latencyMs = 0;
	for (const result of raw.responses) {
		bodyChars += result.body?.length ?? 0;
		latencyMs += result.latencyMs;
	}
	return {requests: raw.responses.length, bodyChars, latencyMs};
}

/** Rounds already in memory (tests, small recordings built in code). */
export function arrayRoundStore(rounds: readonly RawScrape[]): RoundStore {
	const at = (index: number) => rounds[index] as RawScrape;
	return {
		count: rounds.length,
		atMs: (index) => roundTimeMs(at(index)),
		passesUntilMs: (index) => timePassesUntilMs(at(index)),
		load: (index) => roundLoad(at(index)),
		round: at,
		pages: (index) => pagesOf(at(index)),
	};
}

export const BLOCK_ROUNDS = 32;
export const BLOCK_RAW_BYTES = 1024 * 1024;
/**
 * Brotli's fastest quality with a 16 MiB window (a block fits in it, a block of one huge round
 * too). Measured on 263 MB of synthesized 100-worker rounds: 8.7× smaller, 0.4 s; quality 4 is
 * 10.6× but 1.35 s. Real rounds repeat more: the demo recording packs 29× smaller.
 */
const BROTLI_PARAMS = {[zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 24};

/** Built round by round (`add`) and read at any time (a read seals the block being filled). */
export class PackedRoundStore implements RoundStore {
	readonly #times: number[] = [];
	readonly #passesUntil: number[] = [];
	readonly #requests: number[] = [];
	readonly #bodyChars: number[] = [];
	readonly #latencyMs: number[] = [];
	/** The drill-down pages of the few rounds that carry any, by round. */
	readonly #pages = new Map<number, readonly string[]>();
	/** Per round: its block, and where its line starts and ends in the decoded block. */
	readonly #blockOf: number[] = [];
	readonly #startOf: number[] = [];
	readonly #endOf: number[] = [];
	readonly #blocks: Buffer[] = [];
	#pending: Buffer[] = [];
	#pendingBytes = 0;
	#rawBytes = 0;
	#decoded: {readonly block: number; readonly bytes: Buffer} | undefined;

	/** Keeps `raw`'s figures and its recorded line (the bytes `raw` was parsed from). */
	add(raw: RawScrape, line: Buffer): void {
		const load = roundLoad(raw);
		const pages = pagesOf(raw);
		if (pages.length > 0) this.#pages.set(this.#times.length, pages);
		this.#times.push(roundTimeMs(raw));
		this.#passesUntil.push(timePassesUntilMs(raw));
		this.#requests.push(load.requests);
		this.#bodyChars.push(load.bodyChars);
		this.#latencyMs.push(load.latencyMs);
		this.#blockOf.push(this.#blocks.length);
		this.#startOf.push(this.#pendingBytes);
		this.#endOf.push(this.#pendingBytes + line.length);
		this.#pending.push(line);
		this.#pendingBytes += line.length;
		this.#rawBytes += line.length;
		if (this.#pending.length >= BLOCK_ROUNDS || this.#pendingBytes >= BLOCK_RAW_BYTES) this.#seal();
	}

	get count(): number {
		return this.#times.length;
	}

	/** Bytes of the recorded lines, and what they take packed. */
	sizes(): {readonly rawBytes: number; readonly packedBytes: number} {
		this.#seal();
		return {rawBytes: this.#rawBytes, packedBytes: this.#blocks.reduce((sum, block) => sum + block.length, 0)};
	}

	atMs(index: number): number {
		return this.#times[this.#checked(index)] as number;
	}

	passesUntilMs(index: number): number {
		return this.#passesUntil[this.#checked(index)] as number;
	}

	pages(index: number): readonly string[] {
		return this.#pages.get(this.#checked(index)) ?? NO_PAGES;
	}

	load(index: number): RoundLoad {
		const i = this.#checked(index);
		return {
			requests: this.#requests[i] as number,
			bodyChars: this.#bodyChars[i] as number,
			latencyMs: this.#latencyMs[i] as number,
		};
	}

	round(index: number): RawScrape {
		const i = this.#checked(index);
		this.#seal();
		const block = this.#blockOf[i] as number;
		if (this.#decoded?.block !== block)
			this.#decoded = {block, bytes: brotliDecompressSync(this.#blocks[block] as Buffer)};
		return parseRound(this.#decoded.bytes.toString('utf8', this.#startOf[i], this.#endOf[i]).replace(/\r$/, ''));
	}

	#checked(index: number): number {
		if (!Number.isInteger(index) || index < 0 || index >= this.#times.length)
			throw new RangeError(`no round ${index} (the recording holds ${this.#times.length})`);
		return index;
	}

	#seal(): void {
		if (this.#pending.length === 0) return;
		const bytes = Buffer.concat(this.#pending, this.#pendingBytes);
		this.#blocks.push(
			brotliCompressSync(bytes, {params: {...BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length}}),
		);
		this.#pending = [];
		this.#pendingBytes = 0;
	}
}
