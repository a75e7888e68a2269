/**
 * run/replay.ts called directly over the recorded Dask 2023.6.0 session in test/fixtures (--once
 * at a moment, --diff, and the one-line failures); the TUI driven by a replay is in
 * test/e2e/replay-files.test.ts.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import type {JsonDocument} from '../../source/output/json-document.js';
import {runReplay} from '../../source/run/replay.js';
import {EXIT_OK, EXIT_UNREADABLE} from '../../source/types/exit-codes.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';
import {captureOutput, optionsFor} from '../helpers/run-main.js';

const SESSION = join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz');

async function replay(args: string[]) {
	const options = optionsFor(args);
	return captureOutput(() => runReplay(options.recording.replay!, options));
}

describe('runReplay', () => {
	it('--once --json prints the document of the recording at its end', async () => {
		const {result, stdout, stderr} = await replay(['--replay', SESSION, '--once', '--json']);
		expect(result).toBe(EXIT_OK);
		expect(stderr).toBe('');
		const document = JSON.parse(stdout) as JsonDocument;
		expect(document.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
		expect(document.workers.length).toBeGreaterThan(0);
	});

	it('--diff start,end prints the text report', async () => {
		const {result, stdout} = await replay(['--replay', SESSION, '--diff', 'start,end']);
		expect(result).toBe(EXIT_OK);
		expect(stdout).toMatch(/^dask-top diff {2}http:/);
		// local time with its offset
		expect(stdout).toMatch(/\nfrom \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d \(\+0s\) {2}to /);
	});

	it('a moment outside the recording is one line and exit 1', async () => {
		const {result, stdout, stderr} = await replay(['--replay', SESSION, '--at', '+100h', '--once']);
		expect(result).toBe(EXIT_UNREADABLE);
		expect(stdout).toBe('');
		expect(stderr.trim().split('\n')).toEqual([
			expect.stringMatching(/^dask-top: .* is after the recording ends: the recording spans /),
		]);
	});

	it('a missing file is one line and exit 1', async () => {
		const {result, stderr} = await replay(['--replay', join(FIXTURES_ROOT, 'no-such.ndjson'), '--once']);
		expect(result).toBe(EXIT_UNREADABLE);
		expect(stderr.trim().split('\n')).toHaveLength(1);
		expect(stderr).toMatch(/^dask-top: .*no-such\.ndjson/);
	});
});
