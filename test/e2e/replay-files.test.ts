/**
 * Recordings read back by the built CLI, end to end: bad recordings, one cut off mid-write, --at and
 * --diff on a recording of the fixture scenarios, and the bundled demo (headless and in tmux).
 * Recording a real cluster: record-replay.test.ts.
 */
import {appendFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {demoRecordingPath} from '../../source/options/demo-file.js';
import {roundTimeMs} from '../../source/parse/round-time.js';
import {loadRecording} from '../../source/record/reader.js';
import {FIXTURE_START_MS, writeScenarioRecording} from '../helpers/fixture-recording.js';
import {CLI, json, killAll, pipelineDocumentAt, pipelineDocuments, run, waitFor} from './helpers/cli-runs.js';
import {TmuxSession} from './helpers/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-replay-e2e-'));

afterAll(() => {
	killAll();
	rmSync(dir, {recursive: true, force: true});
});

describe('bad recordings', () => {
	it.each([
		[
			'not-ndjson.txt',
			'hello\n',
			/^dask-top: .*not-ndjson\.txt is not a dask-top recording \(the first line is not JSON\)\n$/,
		],
		[
			'future.ndjson',
			'{"format":"dask-top-recording","version":9}\n{"atMs":1,"base":"b","responses":[]}\n',
			/^dask-top: .*future\.ndjson is recording version 9, newer than this dask-top reads \(1\): upgrade dask-top\n$/,
		],
		[
			'truncated.ndjson',
			'{"format":"dask-top-recording","version":1}\n{"atMs":1,"base":"h',
			/^dask-top: .*truncated\.ndjson holds no poll rounds .*\n$/,
		],
		['missing.ndjson', undefined, /^dask-top: cannot read .*missing\.ndjson: no such file\n$/],
	])('%s gets one line and exit 1', async (name, content, message) => {
		const file = join(dir, name);
		if (content !== undefined) writeFileSync(file, content);
		const result = await run(['--replay', file, '--once']);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(message);
		expect(result.stdout).toBe('');
	});
});

describe('a recording cut off mid-write', () => {
	it('replays without its torn last line, with a one-line warning', async () => {
		const file = join(dir, 'torn.ndjson');
		const rounds = writeScenarioRecording(file, '2022.12.1');
		appendFileSync(file, '{"atMs":1,"base":"http://127.0.0.1:8787/","responses":[{"tar');
		const result = await run(['--replay', file, '--once', '--json']);
		expect(json(result)).toEqual(pipelineDocuments(rounds).at(-1));
		expect(result.stderr).toMatch(
			/^dask-top: warning: .*torn\.ndjson: skipped a torn last line \(line 8; the recorder was cut off mid-write\)\n$/,
		);
	});
});

describe('--at and --diff on a recording of the fixture scenarios', () => {
	const file = join(dir, 'fixtures-2026.ndjson.gz');
	const rounds = writeScenarioRecording(file, '2026.7.1');

	it('prints the snapshot at a moment given as an offset or an ISO time', async () => {
		const documents = pipelineDocuments(rounds);
		// Between two rounds (20 s and 30 s): the 20 s round's snapshot, the time up to 25 s passed (as on
		// the screen then: alerts and the stall clock 5 s older).
		const between = json(await run(['--replay', file, '--once', '--json', '--at', '+25s']));
		expect(between).toEqual(pipelineDocumentAt(rounds, FIXTURE_START_MS + 25_000));
		expect(between.time).toBe((documents[2] as {time: number}).time);
		expect((between as unknown as {stall: {since_completion_seconds: number}}).stall.since_completion_seconds).toBe(5);
		expect(
			json(
				await run(['--replay', file, '--once', '--json', '--at', new Date(FIXTURE_START_MS + 40_000).toISOString()]),
			),
		).toEqual(documents[4]);
		const text = await run(['--replay', file, '--once', '--at', '+40s']);
		expect(text.stdout).toMatch(/^alpha +tcp:\/\//m);
		expect(text.stdout).not.toMatch(/^gamma/m);
	});

	it('prints what changed between two moments as text', async () => {
		const result = await run(['--replay', file, '--diff', '+10s,+40s']);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(
			/^from 2026-11-29T12:00:10\+00:00 \(\+10s\) {2}to 2026-11-29T12:00:40\+00:00 \(\+40s\) {2}\(30 s\)$/m,
		);
		expect(result.stdout).toMatch(/lost: gamma \(tcp:\/\/127\.0\.0\.1:\d+\)/);
		expect(result.stdout).toMatch(/^erred {4}0 → 10 \(\+10\)$/m);
		expect(result.stdout).toMatch(/^explode +0 +\+6/m);
	});

	it('prints the diff as JSON with --json', async () => {
		const diff = JSON.parse((await run(['--replay', file, '--diff', '+10s,+40s', '--json'])).stdout) as {
			workers_lost: Array<{name: string}>;
			erred: {delta: number};
			prefixes: Array<{prefix: string; erred: number}>;
		};
		expect(diff.workers_lost.map((w) => w.name)).toEqual(['gamma']);
		expect(diff.erred.delta).toBe(10);
		expect(diff.prefixes.find((p) => p.prefix === 'divide')?.erred).toBe(2);
	});

	it('refuses a moment outside the recording with one line', async () => {
		const result = await run(['--replay', file, '--once', '--at', '+5m']);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			'dask-top: 2026-11-29T12:05:00+00:00 (+5m00s) is after the recording ends: ' +
				'the recording spans 2026-11-29T12:00:00+00:00 to 2026-11-29T12:00:50+00:00 (+0s to +50s)\n',
		);
	});
});

describe('the bundled demo', () => {
	it('loads and gives a snapshot with workers, headless', async () => {
		const started = performance.now();
		const result = await run(['--demo', '--once', '--json']);
		const elapsedMs = performance.now() - started;
		const snapshot = json(result);
		expect(snapshot.workers.length).toBeGreaterThan(0);
		expect(snapshot.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
		console.log(`[record] --demo --once --json: ${Math.round(elapsedMs)} ms`);
	});

	it('tells the whole story between its start and its end', async () => {
		const result = await run(['--demo', '--diff', 'start,end']);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/added: delta .* lost: gamma/);
		expect(result.stdout).toMatch(/^explode +0 +\+6/m);
	});

	it('plays in a real terminal (tmux): workers, the recorded time, and the replay keys', async () => {
		const {rounds} = await loadRecording(demoRecordingPath());
		const clock = (ms: number, utc: boolean) => {
			const d = new Date(ms);
			const parts = utc
				? [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
				: [d.getHours(), d.getMinutes(), d.getSeconds()];
			return parts.map((n) => String(n).padStart(2, '0')).join(':');
		};
		// A round's time is when it began, or (the header's) when its answers were in (parse/round-time.ts).
		const recordedTimes = new Set(
			rounds.flatMap((round) => [round.atMs, roundTimeMs(round)]).flatMap((ms) => [clock(ms, true), clock(ms, false)]),
		);
		const demo = new TmuxSession({
			name: 'dask-top-record-demo',
			width: 120,
			height: 40,
			command: `CI=true node ${CLI} --demo`,
		});
		const paused = new TmuxSession({
			name: 'dask-top-record-demo-at',
			width: 120,
			height: 40,
			command: `CI=true node ${CLI} --demo --at +60s`,
		});
		try {
			expect(demo.start()).toBe(0);
			await demo.waitFor('the demo workers on screen', (t) => /alpha/.test(t) && /beta/.test(t), 15_000);
			const shown = /replay (\d{2}:\d{2}:\d{2})/.exec(demo.screen())?.[1];
			expect(shown !== undefined && recordedTimes.has(shown)).toBe(true);
			demo.keys('x');
			await demo.waitFor('speed ×4', (t) => /×4/.test(t), 5000);
			demo.keys('}');
			await demo.waitFor('the last round', (t) => t.includes(`${rounds.length}/${rounds.length}`), 5000);
			expect(demo.screen()).toMatch(/delta/);
			demo.keys('q');
			await waitFor('the demo to quit', () => !demo.alive(), 5000);
			// --at opens the replay paused at that moment.
			const atIndex = rounds.findLastIndex((round) => round.atMs <= rounds[0]!.atMs + 60_000);
			expect(paused.start()).toBe(0);
			await paused.waitFor(
				'the paused moment',
				(t) =>
					t.includes(`replay paused ${clock(rounds[atIndex]!.atMs, false)} [${atIndex + 1}/${rounds.length}]`) ||
					t.includes(`replay paused ${clock(rounds[atIndex]!.atMs, true)} [${atIndex + 1}/${rounds.length}]`),
				15_000,
			);
			paused.keys('Right');
			await paused.waitFor('one step forward', (t) => t.includes(`[${atIndex + 2}/${rounds.length}]`), 5000);
			paused.keys('q');
		} finally {
			demo.kill();
			paused.kill();
		}
	});
});
