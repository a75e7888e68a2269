/**
 * run/record.ts called directly: --record tees every round a pipeline ingests into the file, and
 * its summary line; a file that cannot be opened is one line. Rounds are the recorded Dask
 * 2022.12.1 "busy" answers (test/fixtures).
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import {loadRecording} from '../../source/record/reader.js';
import {recordingSummary, startRecording} from '../../source/run/record.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-record-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('startRecording', () => {
	it('writes every round the pipeline ingests, and says how many in its summary', async () => {
		const file = join(dir, 'run.ndjson');
		const pipeline = createPipeline();
		const recorder = startRecording({file, maxBytes: 1e9}, pipeline, 'http://127.0.0.1:8787/', '0.0.0-test');
		if (typeof recorder === 'string') throw new Error(recorder);
		const round = loadScenarioScrape('2022.12.1', 'busy');
		pipeline.ingest(round);
		pipeline.ingest({...round, atMs: round.atMs + 2000});
		expect(recordingSummary(recorder)).toMatch(
			new RegExp(`^recorded 2 rounds \\(\\d+(\\.\\d+)? kB\\) to ${file.replaceAll('.', '\\.')}$`),
		);
		recorder.close();
		const recording = await loadRecording(file);
		expect(recording.header.url).toBe('http://127.0.0.1:8787/');
		expect(recording.rounds.map((r) => r.atMs)).toEqual([round.atMs, round.atMs + 2000]);
	});

	it('a file that cannot be opened is one line, not a recorder', () => {
		const result = startRecording(
			{file: join(dir, 'no-such-dir', 'run.ndjson'), maxBytes: 1e9},
			createPipeline(),
			'http://h:8787/',
			'0.0.0-test',
		);
		expect(result).toEqual(expect.stringContaining('no such directory'));
	});
});
