/**
 * The packed round store replay keeps a recording in: rounds come back exactly as the reader
 * decoded them, in any order, with their times and loads at hand without decoding.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {loadRecording, openRecording} from '../../source/record/reader.js';
import {
	BLOCK_RAW_BYTES,
	BLOCK_ROUNDS,
	PackedRoundStore,
	arrayRoundStore,
	roundLoad,
} from '../../source/record/round-store.js';
import {roundLine} from '../../source/record/file-format.js';
import {synthRound} from '../../bench/synth-recording.js';
import {writeScenarioRecording} from '../helpers/fixture-recording.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-round-store-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

function packed(rounds: ReturnType<typeof synthRound>[]): PackedRoundStore {
	const store = new PackedRoundStore();
	for (const raw of rounds) store.add(raw, Buffer.from(roundLine(raw).trimEnd()));
	return store;
}

describe('the packed round store', () => {
	it.each(['scenarios.ndjson', 'scenarios.ndjson.gz'])(
		'gives back every round of %s as loadRecording decodes it',
		async (name) => {
			const file = join(dir, name);
			writeScenarioRecording(file, '2026.7.1');
			const loaded = await loadRecording(file);
			const opened = await openRecording(file);
			expect(opened.header).toEqual(loaded.header);
			expect(opened.rounds.count).toBe(loaded.rounds.length);
			loaded.rounds.forEach((raw, i) => {
				expect(opened.rounds.round(i)).toEqual(raw);
				expect(opened.rounds.atMs(i)).toBe(raw.atMs);
				expect(opened.rounds.load(i)).toEqual(roundLoad(raw));
			});
		},
	);

	it('reads rounds in any order across blocks, and after more rounds were added', () => {
		const rounds = Array.from({length: 3 * BLOCK_ROUNDS + 5}, (_, i) => synthRound(3, i));
		const store = packed(rounds.slice(0, 40));
		expect(store.round(39)).toEqual(rounds[39]);
		for (const raw of rounds.slice(40)) store.add(raw, Buffer.from(roundLine(raw).trimEnd()));
		for (const i of [100, 0, 64, 31, 32, 99, 1, 40, 39]) expect(store.round(i)).toEqual(rounds[i]);
		expect(() => store.round(rounds.length)).toThrow(RangeError);
	});

	it('keeps a round larger than a block in a block of its own', () => {
		const big = synthRound(1200, 0); // ≈ 1.3 MB of identity.json
		const small = synthRound(2, 1);
		expect(Buffer.byteLength(roundLine(big))).toBeGreaterThan(BLOCK_RAW_BYTES);
		const store = packed([small, big, small]);
		expect(store.round(1)).toEqual(big);
		expect(store.round(2)).toEqual(small);
		expect(store.round(0)).toEqual(small);
	});

	it('holds many similar rounds in a fraction of their size', () => {
		const store = packed(Array.from({length: 200}, (_, i) => synthRound(10, i)));
		const {rawBytes, packedBytes} = store.sizes();
		expect(packedBytes).toBeLessThan(rawBytes / 4);
	});

	it('serves arrays of rounds through the same interface', () => {
		const rounds = [synthRound(2, 0), synthRound(2, 1)];
		const store = arrayRoundStore(rounds);
		expect(store.count).toBe(2);
		expect(store.round(1)).toBe(rounds[1]);
		expect(store.atMs(1)).toBe(rounds[1]!.atMs);
		expect(store.load(0)).toEqual({
			requests: rounds[0]!.responses.length,
			bodyChars: rounds[0]!.responses.reduce((n, r) => n + (r.body?.length ?? 0), 0),
			latencyMs: rounds[0]!.responses.reduce((n, r) => n + r.latencyMs, 0),
		});
	});
});
