import {describe, expect, it} from 'vitest';
import {resolveOptions} from '../../source/options/resolve.js';
import {helpText, parseArgv} from '../../source/options/flags.js';

function resolve(argv: string[], stdoutIsTTY: boolean) {
	const parsed = parseArgv(argv, import.meta);
	if (!parsed.ok) throw new Error(parsed.error);
	return resolveOptions({argv: parsed.argv, env: {}, stdoutIsTTY});
}

describe('the recording flags on the command line', () => {
	it('records without a terminal by polling until signalled, not as --once', () => {
		const result = resolve(['--record', 'run.ndjson.gz', '--record-max', '500MB', 'http://h:8787'], false);
		expect(result.ok && result.options.once).toBe(false);
		expect(result.ok && result.options.recording).toEqual({record: {file: 'run.ndjson.gz', maxBytes: 500e6}});
	});

	it('reads --record - as stdout only where nothing else writes there', () => {
		const headless = resolve(['--record', '-', 'http://h:8787'], false);
		expect(headless.ok && headless.options.once).toBe(false);
		expect(headless.ok && headless.options.recording.record?.file).toBe('-');
		expect(resolve(['--record', '-', 'http://h:8787'], true)).toEqual({
			ok: false,
			error:
				'--record - writes the recording to stdout, where the full-screen monitor draws: ' +
				'redirect it (--record - > rec.ndjson, or | gzip > rec.ndjson.gz) or give a file name',
		});
		for (const [flag, what] of [
			['--once', 'its table'],
			['--json', 'its document'],
		] as const)
			expect(resolve(['--record', '-', flag, 'http://h:8787'], false)).toEqual({
				ok: false,
				error: `--record - writes the recording to stdout, where ${flag} prints ${what}: give a file name or drop ${flag}`,
			});
		// A file is still a file, on a terminal too.
		expect(resolve(['--record', './-', 'http://h:8787'], true).ok).toBe(true);
	});

	it('still prints once without a terminal when not recording', () => {
		const result = resolve(['http://h:8787'], false);
		expect(result.ok && result.options.once).toBe(true);
	});

	it('reads --replay with --at and --demo with --diff', () => {
		const replay = resolve(['--replay', 'r.ndjson', '--at', '+90s', '--once', '--json'], true);
		expect(replay.ok && replay.options.recording.replay).toEqual({
			file: 'r.ndjson',
			demo: false,
			loop: false,
			at: {kind: 'offset', offsetMs: 90_000},
		});
		const demo = resolve(['--demo', '--diff', '+10s,+1m'], true);
		expect(demo.ok && demo.options.once).toBe(true);
		expect(demo.ok && demo.options.recording.replay?.file).toMatch(/media\/demo\.ndjson\.gz$/);
	});

	it('turns a bad recording flag into a one-line usage error', () => {
		expect(resolve(['--at', '+5s'], true)).toEqual({ok: false, error: '--at needs --replay FILE (or --demo)'});
		expect(resolve(['--replay', 'r.ndjson', 'http://h:8787'], true)).toEqual({
			ok: false,
			error: '--replay plays a recording: give no scheduler URL',
		});
	});

	it('documents the recording flags in --help', () => {
		for (const flag of ['--record FILE', '--record-max SIZE', '--replay FILE', '--at TIME', '--diff T1,T2', '--demo'])
			expect(helpText()).toContain(flag);
	});
});
