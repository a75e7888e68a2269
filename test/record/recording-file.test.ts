import {spawn} from 'node:child_process';
import {appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import {afterAll, describe, expect, it} from 'vitest';
import {loadRecording, readRecording, RecordingReadError} from '../../source/record/reader.js';
import {Recorder, RecordingOpenError} from '../../source/record/writer.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import {loadScenarioScrape, SCENARIOS} from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-recording-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const startMs = Date.UTC(2026, 10, 29, 12, 0, 0);
/** The six 2022.12.1 scenarios then the six 2026.7.1 ones, one round a second. */
const rounds: RawScrape[] = (['2022.12.1', '2026.7.1'] as const).flatMap((version, v) =>
	SCENARIOS.map((scenario, s) => ({
		...loadScenarioScrape(version, scenario),
		atMs: startMs + (v * SCENARIOS.length + s) * 1000,
	})),
);

function record(file: string, items: readonly RawScrape[], maxBytes = 1e9): Recorder {
	const recorder = new Recorder({
		file,
		maxBytes,
		url: 'http://127.0.0.1:8787/',
		daskTopVersion: '0.1.0',
		nowMs: () => startMs,
	});
	for (const raw of items) recorder.write(raw);
	recorder.close();
	return recorder;
}

async function readError(file: string): Promise<string> {
	const error = await loadRecording(file).then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(RecordingReadError);
	const message = (error as Error).message;
	expect(message).not.toContain('\n');
	return message;
}

describe('recording and reading back', () => {
	it.each(['plain.ndjson', 'packed.ndjson.gz'])('reads back every round of %s exactly as written', async (name) => {
		const file = join(dir, name);
		record(file, rounds);
		const recording = await loadRecording(file);
		expect(recording.header).toMatchObject({
			format: 'dask-top-recording',
			version: 1,
			url: 'http://127.0.0.1:8787/',
			dask_top: '0.1.0',
		});
		expect(recording.rounds).toEqual(rounds);
		expect(recording.warnings).toEqual([]);
	});

	it('writes one gzip member per round, so the file is valid gzip after every round', () => {
		const file = join(dir, 'members.ndjson.gz');
		record(file, rounds.slice(0, 3));
		const bytes = readFileSync(file);
		let members = 0;
		for (let i = 0; i + 2 < bytes.length; i += 1)
			if (bytes[i] === 0x1f && bytes[i + 1] === 0x8b && bytes[i + 2] === 8) members += 1;
		expect(members).toBeGreaterThanOrEqual(4); // header + 3 rounds
		expect(gunzipSync(bytes).toString('utf8').trimEnd().split('\n')).toHaveLength(4);
	});

	it('tells gzip from plain by the magic bytes, not the file name', async () => {
		const file = join(dir, 'gzip-without-suffix.rec');
		writeFileSync(file, gzipSync(readFileSync(join(dir, 'plain.ndjson'))));
		expect((await loadRecording(file)).rounds).toHaveLength(rounds.length);
	});

	it('stops reading when the visitor says so', async () => {
		const seen: number[] = [];
		const summary = await readRecording(join(dir, 'packed.ndjson.gz'), (round, index) => {
			seen.push(round.atMs);
			return index < 2;
		});
		expect(seen).toEqual([startMs, startMs + 1000, startMs + 2000]);
		expect(summary.rounds).toBe(3);
	});
});

describe('what a killed recorder leaves behind', () => {
	it('skips a torn last line with a warning and keeps the rounds before it', async () => {
		const file = join(dir, 'torn.ndjson');
		record(file, rounds.slice(0, 4));
		appendFileSync(file, '{"atMs":99,"base":"http://127.0.0.1:8787/","responses":[{"target":"sched');
		const recording = await loadRecording(file);
		expect(recording.rounds).toEqual(rounds.slice(0, 4));
		expect(recording.warnings).toEqual([expect.stringMatching(/skipped a torn last line \(line 6/)]);
	});

	it('keeps what decoded of a gzip file cut off mid-member', async () => {
		const file = join(dir, 'cut.ndjson.gz');
		record(file, rounds.slice(0, 5));
		truncateSync(file, readFileSync(file).length - 3000);
		const recording = await loadRecording(file);
		expect(recording.rounds.length).toBeGreaterThanOrEqual(3);
		expect(recording.rounds).toEqual(rounds.slice(0, recording.rounds.length));
	});

	it('reads the file of a recorder killed with SIGKILL mid-stream', async () => {
		const file = join(dir, 'killed.ndjson.gz');
		const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/write-rounds.ts', file, '5'], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let written = 0;
		await new Promise<void>((resolve) => {
			child.stdout.on('data', (chunk: Buffer) => {
				written = Number(chunk.toString().trim().split('\n').at(-1));
				if (written >= 20) {
					child.kill('SIGKILL');
					resolve();
				}
			});
		});
		await new Promise((resolve) => child.once('exit', resolve));
		const recording = await loadRecording(file);
		expect(recording.rounds.length).toBeGreaterThanOrEqual(20);
		expect(recording.rounds[0]?.responses).toEqual(loadScenarioScrape('2026.7.1', 'idle').responses);
	});

	it('stops recording with a message at a write error and keeps the rounds written', async () => {
		const file = join(dir, 'fsize.ndjson.gz');
		// A real write error: the kernel's file size limit makes write() fail with EFBIG past 150 kB.
		const child = spawn(
			'prlimit',
			['--fsize=150000:150000', process.execPath, '--import', 'tsx', 'test/helpers/write-rounds.ts', file, '5'],
			{stdio: ['ignore', 'pipe', 'inherit']},
		);
		let out = '';
		await new Promise<void>((resolve) => {
			child.stdout.on('data', (chunk: Buffer) => {
				out += chunk.toString();
				// The process keeps running after the stop: wait for a few more rounds, then end it.
				if (/stopped: [^\n]*\n(?:\d+\n){3}/.test(out)) resolve();
			});
		});
		child.kill('SIGTERM');
		expect(out).toMatch(
			new RegExp(
				/stopped: recording stopped: cannot write .*fsize\.ndjson\.gz: the /.source +
					/file size limit is reached \(\d+ rounds kept\); monitoring goes on/.source,
			),
		);
		const kept = Number(/\((\d+) rounds kept\)/.exec(out)?.[1]);
		const recording = await loadRecording(file);
		expect(recording.rounds).toHaveLength(kept);
	});
});

describe('the size limit', () => {
	it('stops recording before the file passes --record-max, with one message, and keeps a readable file', async () => {
		const file = join(dir, 'limited.ndjson');
		const messages: string[] = [];
		const oneRound = Buffer.byteLength(JSON.stringify(rounds[0])) + 1;
		const recorder = new Recorder({
			file,
			maxBytes: oneRound * 3,
			url: 'http://127.0.0.1:8787/',
			daskTopVersion: '0.1.0',
			onStop: (m) => messages.push(m),
		});
		for (const raw of [rounds[0]!, rounds[0]!, rounds[0]!, rounds[0]!, rounds[0]!]) recorder.write(raw);
		expect(recorder.status()).toMatchObject({state: 'stopped', rounds: 2});
		expect(messages).toEqual([
			expect.stringMatching(
				new RegExp(
					/^recording stopped: .*limited\.ndjson reached the --record-max /.source +
						/limit of [\d.]+ kB after 2 rounds; monitoring goes on$/.source,
				),
			),
		]);
		expect(readFileSync(file).length).toBeLessThanOrEqual(oneRound * 3);
		expect((await loadRecording(file)).rounds).toHaveLength(2);
	});

	it('refuses to open a file it cannot write, with one line', () => {
		expect(() => record(join(dir, 'no-such-dir', 'x.ndjson'), [])).toThrow(
			new RecordingOpenError(`cannot record to ${join(dir, 'no-such-dir', 'x.ndjson')}: no such directory`),
		);
		expect(() => record('/dev/full', [])).toThrow(/cannot record to \/dev\/full: the disk is full/);
	});
});

describe('bad recordings', () => {
	it('says when the file does not exist or is empty', async () => {
		expect(await readError(join(dir, 'missing.ndjson'))).toBe(
			`cannot read ${join(dir, 'missing.ndjson')}: no such file`,
		);
		writeFileSync(join(dir, 'empty.ndjson'), '');
		expect(await readError(join(dir, 'empty.ndjson'))).toMatch(/is empty \(not a dask-top recording\)$/);
	});

	it('rejects a file that is not NDJSON', async () => {
		writeFileSync(join(dir, 'text.txt'), 'hello world\nthis is not a recording\n');
		expect(await readError(join(dir, 'text.txt'))).toMatch(
			/text\.txt is not a dask-top recording \(the first line is not JSON\)$/,
		);
		writeFileSync(join(dir, 'binary.bin'), Buffer.alloc(200_000, 7));
		expect(await readError(join(dir, 'binary.bin'))).toMatch(/is not a dask-top recording/);
	});

	it('rejects another JSON format and a future version', async () => {
		writeFileSync(join(dir, 'other.ndjson'), '{"hello":1}\n');
		expect(await readError(join(dir, 'other.ndjson'))).toMatch(
			/is not a dask-top recording \(the first line has no "format"/,
		);
		writeFileSync(
			join(dir, 'future.ndjson'),
			`{"format":"dask-top-recording","version":7}\n${JSON.stringify(rounds[0])}\n`,
		);
		expect(await readError(join(dir, 'future.ndjson'))).toMatch(
			/is recording version 7, newer than this dask-top reads \(1\): upgrade dask-top$/,
		);
	});

	it('rejects a recording truncated before its first round', async () => {
		const file = join(dir, 'header-only.ndjson.gz');
		record(file, []);
		expect(await readError(file)).toMatch(/holds no poll rounds/);
		const cut = join(dir, 'cut-header.ndjson');
		writeFileSync(cut, '{"format":"dask-top-rec');
		expect(await readError(cut)).toMatch(/is not a dask-top recording/);
	});

	it('rejects a corrupt line in the middle instead of skipping it silently', async () => {
		const file = join(dir, 'corrupt.ndjson');
		record(file, rounds.slice(0, 2));
		const lines = readFileSync(file, 'utf8').split('\n');
		writeFileSync(file, [lines[0], lines[1], '{broken', lines[2], ''].join('\n'));
		expect(await readError(file)).toMatch(/line 3 is not JSON \(the recording is corrupt\)$/);
	});
});
