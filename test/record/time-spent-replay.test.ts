/**
 * `--replay … --once --json --at T --time-window W` on the recorded Dask 2023.6.0 session
 * (test/fixtures/dask-2023.6.0/tui-session.ndjson.gz: idle → busy → memory → errors): each window
 * at a moment of the recording, from the same rounds as the screen's time view had then.
 */
import {describe, expect, it} from 'vitest';
import type {JsonDocument} from '../../source/output/json-document.js';
import type {TimeSplit} from '../../source/model/types.js';
import {FIXTURES_ROOT} from '../helpers/fixtures.js';
import {runMain} from '../helpers/run-main.js';

const SESSION = `${FIXTURES_ROOT}/dask-2023.6.0/tui-session.ndjson.gz`;

async function timeAt(at: string, window?: string): Promise<TimeSplit> {
	const extra = window === undefined ? [] : ['--time-window', window];
	const {code, stdout, stderr} = await runMain(['--replay', SESSION, '--once', '--json', '--at', at, ...extra]);
	expect(stderr).toBe('');
	expect(code).toBe(0);
	return (JSON.parse(stdout) as JsonDocument).time_spent!;
}

describe('the time spent, replayed at a moment', () => {
	it('gives each window at +100 s: the last minute within the recording, since start its totals', async () => {
		const start = await timeAt('+100s');
		const minute = await timeAt('+100s', 'minute');
		const run = await timeAt('+100s', 'run');
		expect([start.window, minute.window, run.window]).toEqual(['start', 'minute', 'run']);
		expect(minute.to).toBe(start.to);
		expect(minute.window_seconds).toBeGreaterThan(55);
		expect(minute.window_seconds).toBeLessThanOrEqual(60);
		// The counters' totals since the scheduler started hold every window's growth.
		expect(start.compute).toBeGreaterThan(0);
		expect(minute.compute!).toBeLessThanOrEqual(start.compute!);
		expect(run.compute!).toBeLessThanOrEqual(start.compute!);
		for (const p of minute.prefixes) {
			const total = start.prefixes.find((q) => q.prefix === p.prefix);
			expect(total, p.prefix).toBeDefined();
			expect(p.compute).toBeLessThanOrEqual(total!.compute + 1e-9);
		}
		expect(minute.thread_seconds).toBeGreaterThan(0);
		expect(minute.idle).toBeCloseTo(
			Math.max(0, minute.thread_seconds! - minute.compute! - minute.transfer! - (minute.spill ?? 0) - (minute.gc ?? 0)),
			6,
		);
	});

	it('moves with --at: a later moment has at least the earlier totals', async () => {
		const early = await timeAt('+40s');
		const late = await timeAt('+150s');
		expect(late.to).toBeGreaterThan(early.to);
		expect(late.compute!).toBeGreaterThanOrEqual(early.compute!);
		expect(late.window_seconds).toBeGreaterThan(early.window_seconds);
	});
});
