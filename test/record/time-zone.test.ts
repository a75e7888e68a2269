/**
 * One rule for time, input and output: local time (TZ), as htop and date, the zone named once.
 * The built CLI replays the recorded Dask 2023.6.0 session (started 2026-12-01T00:25:08Z, i.e.
 * 2026-11-30 19:25:08 in New York) under TZ=America/New_York and TZ=UTC.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../e2e/helpers/cli.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';

const SESSION = join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz');
const NEW_YORK = {TZ: 'America/New_York'};

describe('time zones', () => {
	it('--once shows local time and names the zone; --at HH:MM reads the same local time', async () => {
		const run = await runCli(['--replay', SESSION, '--once', '--at', '19:26'], NEW_YORK);
		expect(run.stderr).toBe('');
		// The last round at or before 19:26:00 New York time (00:26 UTC), not 5 h off.
		expect(run.stdout.split('\n')[0]).toMatch(/ at 2026-11-30 19:25:5\d EST /);
	});

	it('--at 00:00 on a recording started 25 min after midnight is before its start, not the next day', async () => {
		const run = await runCli(['--replay', SESSION, '--once', '--at', '00:00'], {TZ: 'UTC'});
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain(
			'2026-12-01T00:00:00+00:00 (-25m08s) is before the recording starts at 2026-12-01T00:25:08+00:00',
		);
	});

	it('--diff with the later moment first is a usage error', async () => {
		const run = await runCli(['--replay', SESSION, '--diff', '19:26,19:25:30'], NEW_YORK);
		expect(run.code).toBe(2);
		expect(run.stderr).toBe(
			'dask-top: --diff: the first moment (2026-11-30T19:26:00-05:00) ' +
				'is after the second (2026-11-30T19:25:30-05:00): ' +
				'give the earlier one first\nRun dask-top --help for usage.\n',
		);
	});

	it('--diff prints its moments in local time with the offset', async () => {
		const run = await runCli(['--replay', SESSION, '--diff', '+10s,+60s'], NEW_YORK);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/2026-11-30T19:25:\d\d-05:00/);
		expect(run.stdout).not.toMatch(/\d\dZ\b/);
	});
});
