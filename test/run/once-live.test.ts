/**
 * `dask-top --once --json URL`, in process (main), against the declared fixture-backed fake of
 * test/helpers/fake-dask.ts: the recorded Dask 2022.12.1 "busy" answers. The real-Dask runs are in
 * test/e2e (once-json, triage); this shows the document's triage on a fixed, known cluster whose
 * adaptive numbers are known (the scheduler said 34).
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runMain} from '../helpers/run-main.js';
import type {JsonDocument} from '../../source/output/json-document.js';
import {startFakeDask, type FakeDask} from '../helpers/fake-dask.js';

describe('a live --once --json', () => {
	let fake: FakeDask;
	let configHome: string;
	const savedConfigHome = process.env['XDG_CONFIG_HOME'];

	beforeAll(async () => {
		fake = await startFakeDask({version: '2022.12.1', scenario: 'busy'});
		configHome = mkdtempSync(join(tmpdir(), 'dask-top-config-'));
		process.env['XDG_CONFIG_HOME'] = configHome;
	});

	afterAll(async () => {
		await fake.close();
		rmSync(configHome, {recursive: true, force: true});
		if (savedConfigHome === undefined) delete process.env['XDG_CONFIG_HOME'];
		else process.env['XDG_CONFIG_HOME'] = savedConfigHome;
	});

	it("carries the adaptive view with the scheduler's number, its recomputation and the caveats", async () => {
		const {code, stdout, stderr} = await runMain(['--once', '--json', fake.url]);
		expect(stderr).toBe('');
		expect(code).toBe(0);
		const document = JSON.parse(stdout) as JsonDocument;
		expect(document.scheduler.desired_workers).toBe(34);
		expect(document.adaptive).toMatchObject({
			desired_workers: 34,
			workers: 3,
			direction: 'up',
			flavor: 'legacy',
			disagreement: false,
		});
		expect(document.adaptive?.recomputed).toMatchObject({
			target: 34,
			cpu_term: 34,
			memory_term: 0,
			wins: 'cpu',
			target_duration_seconds: 5,
		});
		expect(document.adaptive?.approx_note).toMatch(/^this Dask counts threads: 34 ~ \d+ workers at the mean/);
		expect(document.adaptive?.notes.some((note) => note.includes('not visible over HTTP'))).toBe(true);
		// The fake serves answers recorded long ago: their last heartbeats are that old, seen from now
		// (minutes to hours, depending on when the test runs, so the unit is not fixed). Past the
		// critical threshold in this one poll, not yet for critical_after_s: warnings, with critical_since.
		expect(document.alerts?.map((a) => [a.kind, a.severity, a.subject_name, a.state])).toEqual([
			['heartbeat', 'warning', 'alpha', 'ongoing'],
			['heartbeat', 'warning', 'beta', 'ongoing'],
			['heartbeat', 'warning', 'gamma', 'ongoing'],
		]);
		expect(document.alerts?.every((a) => a.critical_since !== undefined)).toBe(true);
		expect(document.severity_counts).toEqual({info: 0, warning: 3, critical: 0});
		// A heartbeat missing that long is a blocked loop by its own duration: the diagnosis starts it in
		// this one poll too, one event per worker beside its alert's.
		const findings = document.diagnosis?.map((f) => `diagnosis|${f.subject.id}`) ?? [];
		expect(document.diagnosis?.map((f) => [f.cause, f.subject.name]).sort()).toEqual([
			['event-loop-blocked', 'alpha'],
			['event-loop-blocked', 'beta'],
			['event-loop-blocked', 'gamma'],
		]);
		expect(document.events?.map((e) => e.id).sort()).toEqual(
			[...(document.alerts?.map((a) => a.id) ?? []), ...findings].sort(),
		);
		expect(document.stall?.stalled).toBe(false);
	});

	it('clamps the target to --maximum and recomputes with --target-duration', async () => {
		const {code, stdout} = await runMain(['--once', '--json', '--maximum', '10', '--target-duration', '10s', fake.url]);
		expect(code).toBe(0);
		const document = JSON.parse(stdout) as JsonDocument;
		expect(document.adaptive).toMatchObject({desired_workers: 34, target: 10});
		expect(document.adaptive?.recomputed?.target_duration_seconds).toBe(10);
		expect(document.adaptive?.recomputed?.clamped).toBe(10);
	});

	it('prints the Alerts block and the Adaptive lines in the text table', async () => {
		const {code, stdout} = await runMain(['--once', fake.url]);
		expect(code).toBe(0);
		expect(stdout).toContain('\nAlerts    3 ongoing: 0 critical, 3 warning, 0 info\n');
		expect(stdout).toMatch(
			new RegExp(
				/\n {10}WARNING {2}alpha {2}alpha: no heartbeat for \d+(\.\d+)? (min|h) /.source +
					/\(expected every 0\.5 s\) since \d\d:\d\d:\d\d {2}\(since /.source,
			),
		);
		expect(stdout).toMatch(
			/\nAdaptive {2}34 desired by the scheduler \(~\d+ workers at the mean threads per worker\); now 3 workers; scale up/,
		);
	});

	it('turns a bad --threshold into a usage error naming it (exit 2)', async () => {
		const {code, stdout, stderr} = await runMain(['--once', '--threshold', 'memory_warning=2x', fake.url]);
		expect(code).toBe(2);
		expect(stdout).toBe('');
		expect(stderr).toBe(
			'dask-top: --threshold memory_warning=2x: threshold memory_warning needs a number (fraction), ' +
				'got "2x"\nRun dask-top --help for usage.\n',
		);
	});
});
