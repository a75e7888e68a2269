/**
 * The --check line (output/check-verdict.ts) judged from the recorded answers of real clusters: the idle
 * fixture of each Dask version is OK; the memory-heavy one (beta spilling over its limit) is
 * critical with beta named first; perfdata follows the monitoring-plugins format. A cluster without
 * workers is synthesized (no fixture has one).
 */
import {describe, expect, it} from 'vitest';
import {
	checkResult,
	judgeCluster,
	perfText,
	unknownResult,
	unreadableCluster,
} from '../../source/output/check-verdict.js';
import {buildSnapshot} from '../../source/parse/index.js';
import {fixtureRun} from '../helpers/fixture-data.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {initialState, reduce} from '../../source/model/state.js';
import {snapshot} from '../helpers/snapshots.js';

/** Thresholds under beta's recorded memory-heavy figures (58 % of its limit), as --threshold sets them. */
const LOW = {memory_warning: 0.4, memory_critical: 0.5, memory_clear_margin: 0.05};

function judged(
	version: (typeof FIXTURE_VERSIONS)[number],
	scenario: 'idle' | 'memory-heavy' | 'busy' | 'worker-died',
	thresholds = {},
) {
	const run = fixtureRun(version, [scenario], 2000, {thresholds});
	return judgeCluster('prod:8787', buildSnapshot(run.cache, run.nowMs), run.model);
}

describe.each(FIXTURE_VERSIONS)('--check on Dask %s fixtures', (version) => {
	it('an idle cluster is OK with its workers, threads, memory and no alert', () => {
		const check = judged(version, 'idle');
		expect(check.state).toBe('OK');
		expect(check.text).toMatch(/^3 workers, 5 threads, \d+% memory, 0 alerts in one poll$/);
		const result = checkResult([check]);
		expect(result.exitCode).toBe(0);
		expect(result.line).toMatch(
			new RegExp(
				/^DASK OK - 3 workers, 5 threads, \d+% memory, 0 alerts in one /.source +
					/poll \| workers=3;;;0 threads=5;;;0 memory=[\d.]+%;;;0;100 /.source,
			),
		);
		expect(result.line).not.toContain('\n');
	});

	it('the memory-heavy cluster is OK at the default thresholds: beta is under its spill threshold', () => {
		expect(judged(version, 'memory-heavy').state).toBe('OK');
	});

	it(
		'a worker over the critical memory threshold is CRITICAL, ' +
			'named first, with the thresholds in force in the perfdata (exit 2)',
		() => {
			const check = judged(version, 'memory-heavy', LOW);
			expect(check.state).toBe('CRITICAL');
			// The diagnosis' finding leads (judged against the same thresholds), then the alerts.
			// Thresholds set otherwise than Dask's are the user's, and named so.
			expect(check.text).toMatch(
				/^likely memory-pressure: beta is near your memory_critical threshold at \d+ % of .*; beta: /,
			);
			expect(check.text).toContain('over your memory_critical threshold (50 %)');
			const result = checkResult([check]);
			expect(result.exitCode).toBe(2);
			expect(result.line).toMatch(/^DASK CRITICAL - likely memory-pressure: beta/);
			expect(result.line).toMatch(/ worker_memory_max=\d+(\.\d)?%;40;50;0;100 /);
		},
	);

	it('counts a figure over its critical threshold as CRITICAL though the alert waits out critical_after_s', () => {
		// the screen's alert after this one poll is a warning (critical once it lasts 10 s); the
		// plugin reports the level now, and the monitoring system's retries (soft states) wait
		const run = fixtureRun(version, ['memory-heavy'], 2000, {thresholds: LOW});
		const memory = [...run.model.alerts.values()].find((a) => a.kind === 'memory');
		expect(memory).toMatchObject({severity: 'warning', subject_name: 'beta'});
		expect(memory?.critical_since).toBeDefined();
		expect(judgeCluster('prod:8787', buildSnapshot(run.cache, run.nowMs), run.model).state).toBe('CRITICAL');
	});

	it('leaves unmanaged memory out: one poll cannot tell what stays from what Dask calls recent', () => {
		// beta holds 33 % unmanaged memory in the busy fixture of 2026.7.1, 8 % in 2022.12.1's
		const check = judged(version, 'busy');
		expect(check.state).toBe('OK');
		expect(check.text).toMatch(/, 0 alerts in one poll$/);
		const unmanaged = check.perfdata.find((d) => d.label === 'worker_unmanaged_max');
		expect(unmanaged).toMatchObject({unit: '%', min: 0, max: 100});
		expect(unmanaged).not.toHaveProperty('warn');
	});
});

describe('--check with no workers (synthesized: no fixture has a cluster without workers)', () => {
	const judgedAt = (tasks: Record<string, number>) => {
		const snap = snapshot(1_800_000_000, [], {workers: {total: 0}, tasks});
		const model = reduce(initialState(), {type: 'snapshot', snapshot: snap, nowMs: 1_800_000_000_000});
		return judgeCluster('prod:8787', snap, model);
	};

	it('is WARNING while tasks wait: nothing can run', () => {
		const check = judgedAt({queued: 20});
		expect(check.state).toBe('WARNING');
		expect(check.text).toMatch(
			/^no workers while 20 tasks wait \(queued 20\) since .*\(0 workers, 1 alert in one poll\)$/,
		);
		expect(checkResult([check]).exitCode).toBe(1);
	});

	it('is OK with no task: a cluster scaled to zero', () => {
		const check = judgedAt({queued: 0, waiting: 0, processing: 0});
		expect(check.state).toBe('OK');
		expect(check.text).toBe('0 workers, 0 alerts in one poll');
	});
});

describe.each(FIXTURE_VERSIONS)('--check and the diagnosis on Dask %s fixtures', (version) => {
	it('names the worst finding one poll shows, its severity the state: tasks no worker can run are CRITICAL', () => {
		const check = judged(version, 'worker-died');
		expect(check.state).toBe('CRITICAL');
		expect(check.text).toMatch(
			new RegExp(
				/^likely no-worker: 2 tasks \(pinned-sleep\) no worker can run: .* /.source +
					/\(2 workers, 3 threads, \d+% memory, 0 alerts in one poll\)$/.source,
			),
		);
		expect(checkResult([check]).exitCode).toBe(2);
	});
});

describe('the plugin line', () => {
	it('perfdata: label=value UOM;warn;crit;min;max with trailing empty fields dropped and odd labels quoted', () => {
		expect(perfText({label: 'workers', value: 3, unit: '', min: 0})).toBe('workers=3;;;0');
		expect(perfText({label: 'event_loop_max', value: 0.0213, unit: 's', warn: 1, crit: 3, min: 0})).toBe(
			'event_loop_max=0.021s;1;3;0',
		);
		expect(perfText({label: 'memory', value: 12.5, unit: '%', min: 0, max: 100})).toBe('memory=12.5%;;;0;100');
		expect(perfText({label: 'threads', value: 5, unit: ''})).toBe('threads=5');
		expect(perfText({label: 'workers', value: 3, unit: ''}, "my cluster's/")).toBe("'my clusters/workers'=3");
	});

	it('with several clusters the worst state wins and each is named with its state, worst first', () => {
		const ok = judged('2022.12.1', 'idle');
		const bad = {...judged('2022.12.1', 'memory-heavy', LOW), name: 'dev:8787'};
		const down = unreadableCluster('lab:8787', 'nothing answers at http://lab:8787/ (connection refused)');
		const result = checkResult([ok, bad, down]);
		expect(result.exitCode).toBe(2);
		expect(result.line).toMatch(
			new RegExp(
				/^DASK CRITICAL - dev:8787 CRITICAL: likely memory-pressure: beta.*; lab:8787 CRITICAL: /.source +
					/cannot read the scheduler: nothing answers.*; prod:8787 OK: 3 workers/.source,
			),
		);
		expect(result.line).toContain(' prod:8787/workers=3;;;0');
		expect(result.line).toContain(' dev:8787/paused=');
	});

	it('a warning alone is WARNING (exit 1); UNKNOWN is exit 3; a pipe in a message cannot break the perfdata', () => {
		const warning = {name: 'a', state: 'WARNING' as const, text: 'x | y', perfdata: []};
		expect(checkResult([warning])).toEqual({line: 'DASK WARNING - x / y', exitCode: 1});
		expect(unknownResult('unknown option --bogus\nRun dask-top --help')).toEqual({
			line: 'DASK UNKNOWN - unknown option --bogus Run dask-top --help',
			exitCode: 3,
		});
		expect(checkResult([]).exitCode).toBe(3);
	});
});
