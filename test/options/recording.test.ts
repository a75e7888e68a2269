import {describe, expect, it} from 'vitest';
import {demoRecordingPath} from '../../source/options/demo-file.js';
import {resolveRecordOptions, runsOnce, type RecordFlags} from '../../source/options/recording.js';

const context = {hasUrlArgument: false, demoFile: '/pkg/media/demo.ndjson.gz'};

function ok(flags: RecordFlags, ctx = context) {
	const result = resolveRecordOptions(flags, ctx);
	if (!result.ok) throw new Error(result.error);
	return result.options;
}

function error(flags: RecordFlags, ctx = context): string {
	const result = resolveRecordOptions(flags, ctx);
	if (result.ok) throw new Error('expected a usage error');
	expect(result.error).not.toContain('\n');
	return result.error;
}

describe('resolveRecordOptions', () => {
	it('gives nothing to record or replay without the flags', () => {
		expect(ok({})).toEqual({});
	});

	it('records to a file with the default 1 GB limit, or the given one', () => {
		expect(ok({record: 'run.ndjson.gz'})).toEqual({record: {file: 'run.ndjson.gz', maxBytes: 1e9}});
		expect(ok({record: 'run.ndjson', recordMax: '500MB'})).toEqual({record: {file: 'run.ndjson', maxBytes: 500e6}});
		expect(ok({record: 'run.ndjson', recordMax: '2GiB'}).record?.maxBytes).toBe(2 * 1024 ** 3);
	});

	it('replays a file, with a moment or two', () => {
		expect(ok({replay: 'r.ndjson'})).toEqual({replay: {file: 'r.ndjson', demo: false, loop: false}});
		expect(ok({replay: 'r.ndjson', at: '+90s'}).replay?.at).toEqual({kind: 'offset', offsetMs: 90_000});
		expect(ok({replay: 'r.ndjson', diff: '+30s,2026-11-29T12:05:00Z'}).replay?.diff).toEqual([
			{kind: 'offset', offsetMs: 30_000},
			{kind: 'absolute', atMs: Date.UTC(2026, 10, 29, 12, 5, 0)},
		]);
	});

	it('plays the bundled recording in a loop for --demo', () => {
		expect(ok({demo: true})).toEqual({replay: {file: '/pkg/media/demo.ndjson.gz', demo: true, loop: true}});
		expect(ok({demo: true, at: 'end'}).replay?.at).toEqual({kind: 'end'});
	});

	it.each([
		[{record: ''}, '--record needs a file name'],
		[{recordMax: '1GB'}, '--record-max needs --record FILE'],
		[
			{record: 'x', recordMax: 'lots'},
			'--record-max: "lots" is not a size (use 500MB, 2GB, 512MiB or a number of bytes)',
		],
		[{replay: 'x', demo: true}, '--replay and --demo both play a recording: choose one'],
		[{record: 'x', replay: 'y'}, '--record records a live scheduler; it cannot be combined with --replay'],
		[{at: '+5s'}, '--at needs --replay FILE (or --demo)'],
		[{diff: '+1s,+2s'}, '--diff needs --replay FILE (or --demo)'],
		[
			{replay: 'x', at: '+1s', diff: '+1s,+2s'},
			'--at and --diff cannot be combined: --diff already names its two moments',
		],
		[
			{replay: 'x', at: 'yesterday'},
			'--at: "yesterday" is not a moment (use ISO-8601 (2026-11-29T14:05:00Z), ' +
				'HH:MM[:SS], or an offset from the start such as +90s or +2m)',
		],
		[{replay: 'x', diff: '+1s'}, '--diff needs two moments separated by a comma, e.g. --diff +30s,+2m (got "+1s")'],
	] as Array<[RecordFlags, string]>)('rejects %j with one line', (flags, message) => {
		expect(error(flags)).toBe(message);
	});

	it('refuses a scheduler URL together with a recording to play', () => {
		expect(error({replay: 'x'}, {...context, hasUrlArgument: true})).toBe(
			'--replay plays a recording: give no scheduler URL',
		);
	});
});

describe('runsOnce', () => {
	const tty = {once: false, json: false, stdoutIsTTY: true};
	const pipe = {once: false, json: false, stdoutIsTTY: false};

	it('keeps polling when recording without a terminal (nohup, cron, systemd)', () => {
		expect(runsOnce(pipe, ok({record: 'x.ndjson'}))).toBe(false);
		expect(runsOnce(pipe, ok({}))).toBe(true);
	});

	it('prints once for --once, --json, --diff, and a replay without a terminal', () => {
		expect(runsOnce({...tty, once: true}, ok({record: 'x'}))).toBe(true);
		expect(runsOnce({...tty, json: true}, ok({replay: 'x'}))).toBe(true);
		expect(runsOnce(tty, ok({replay: 'x', diff: '+1s,+2s'}))).toBe(true);
		expect(runsOnce(pipe, ok({demo: true}))).toBe(true);
		expect(runsOnce(tty, ok({demo: true}))).toBe(false);
	});
});

describe('demoRecordingPath', () => {
	it('finds media/ beside dist/ for the bundle and two levels up for the sources', () => {
		expect(demoRecordingPath('file:///usr/lib/node_modules/dask-top/dist/dask-top.cjs')).toBe(
			'/usr/lib/node_modules/dask-top/media/demo.ndjson.gz',
		);
		expect(demoRecordingPath('file:///usr/lib/node_modules/dask-top/dist/dask-top.mjs')).toBe(
			'/usr/lib/node_modules/dask-top/media/demo.ndjson.gz',
		);
		expect(demoRecordingPath('file:///work/main/source/options/demo-file.ts')).toBe('/work/main/media/demo.ndjson.gz');
	});

	it('names the recording carried inside the single executable there, not a path on disk', () => {
		expect(demoRecordingPath('file:///home/u/bin/dask-top-linux-x64/dist/dask-top.mjs', true)).toBe(
			'embedded:media/demo.ndjson.gz',
		);
		// Under vitest this is plain Node: the path on disk.
		expect(demoRecordingPath('file:///opt/dask-top/dist/dask-top.mjs')).toBe('/opt/dask-top/media/demo.ndjson.gz');
	});
});
