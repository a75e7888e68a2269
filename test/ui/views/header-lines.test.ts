import {describe, expect, it} from 'vitest';
import type {SourceStatus} from '../../../source/types/scrape-source.js';
import {workerStates} from '../../../source/model/index.js';
import {headerLines, type HeaderInput} from '../../../source/ui/views/header-lines.js';
import {staleFiguresText} from '../../../source/ui/views/staleness.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';
import {fixtureRun} from '../../helpers/fixture-data.js';

const theme = makeTheme({color: false, ascii: false});
const text = (input: HeaderInput, width = 160) =>
	headerLines(input, theme, width).map((line) => line.map((s) => s.text).join(''));
const run = fixtureRun('2022.12.1', ['busy']);
const base: HeaderInput = {
	url: 'http://scheduler:8787/',
	snapshot: run.model.snapshot!,
	status: {state: 'live', requestsPerSecond: 2.5, bytesPerSecond: 30_000, meanLatencyMs: 12},
	intervalMs: 2000,
	lastFreshMs: run.nowMs,
	nowMs: run.nowMs + 1000,
	alerts: {info: 1, warning: 2, critical: 0},
	paused: false,
};

describe('the header', () => {
	it("says the data is live and how old it is, with dask-top's own load on the scheduler", () => {
		const [line] = text(base);
		expect(line).toContain('● live 1s ago');
		expect(line).toContain('cost 2.5 req/s 29.3 KiB/s 12ms');
		expect(line).toContain('alerts ✗0 ▲2 i1');
	});

	it('says why the bytes on disk are blank: identity.json busy before the workers were read', () => {
		const snapshot = base.snapshot!;
		const {memory_spilled_bytes: _onDisk, ...scheduler} = snapshot.scheduler;
		const busy = {
			...snapshot,
			scheduler,
			endpoints: snapshot.endpoints.map((e) =>
				e.path === '/json/identity.json' ? {...e, state: 'failed' as const, status: 500} : e,
			),
		};
		expect(text({...base, snapshot: busy})[2]).toContain('spilled unknown: identity.json busy');
		expect(text(base)[2]).toMatch(/spilled [\d.]+ \w?B on disk/);
	});

	it('says stale with the age once the data is older than two intervals', () => {
		expect(text({...base, nowMs: run.nowMs + 12_000})[0]).toContain('● stale 12s');
	});

	it('says when the next attempt is and why while the scheduler does not answer', () => {
		const status: SourceStatus = {
			state: 'retrying',
			detail: 'connection refused',
			nextAttemptMs: run.nowMs + 5000,
			requestsPerSecond: 0,
			bytesPerSecond: 0,
		};
		const [line] = text({...base, status, nowMs: run.nowMs + 1000});
		expect(line).toContain('retrying in 4s: connection refused (data 1s old)');
	});

	it('says connecting before the first answer and shows the replay position while replaying', () => {
		expect(text({...base, status: {state: 'connecting', requestsPerSecond: 0, bytesPerSecond: 0}})[0]).toContain(
			'connecting…',
		);
		const replay = {
			atMs: Date.UTC(2026, 0, 2, 3, 4, 5),
			startMs: 0,
			endMs: 0,
			index: 9,
			count: 64,
			paused: true,
			speed: 16,
		};
		const [line] = text({...base, status: {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0}, replay});
		expect(line).toContain('‖ replay paused 03:04:05 [10/64] ×16');
		expect(line).not.toContain('req/s');
		expect(line).not.toContain('stale');
	});

	it('says stale in a replay when the figures of that recorded moment were, as the live screen did', () => {
		const replay = {atMs: run.nowMs + 12_000, startMs: 0, endMs: 0, index: 9, count: 64, paused: false, speed: 1};
		const status: SourceStatus = {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0};
		const stale = text({...base, status, replay, nowMs: run.nowMs + 12_000, tasksDonePerSecond: 4.5});
		expect(stale[0]).toContain('● stale 12s');
		expect(stale[3]).toMatch(/done — \(stale\)/);
		expect(staleFiguresText(status, run.nowMs, run.nowMs + 12_000, 2000)).toMatch(/^last figures .*, 12s old$/);
		const fresh = text({...base, status, replay, tasksDonePerSecond: 4.5});
		expect(fresh[0]).not.toContain('stale');
		expect(fresh[3]).toContain('done 4.5/s');
		expect(staleFiguresText(status, run.nowMs, run.nowMs + 1000, 2000)).toBeUndefined();
	});

	it('counts workers by state, deriving what Dask 2022.12 leaves out from the worker list', () => {
		const states = workerStates(run.model.snapshot!);
		expect(states.total).toBe(3);
		expect(states.paused).toBe(0);
		const {idle, partially_saturated: partially, saturated, paused, retiring} = states;
		expect([idle, partially, saturated, paused, retiring].reduce((n, v) => n! + v!, 0)).toBe(3);
		expect(text(base)[1]).toMatch(
			/^Workers 3 +idle \d +partial \d +saturated \d +paused 0 +retiring 0 +threads 5 +desired 34/,
		);
	});

	it('drops the least important parts, not words, as the terminal narrows', () => {
		const narrow = text(base, 60);
		for (const line of narrow) expect(line.length).toBeLessThanOrEqual(60);
		expect(narrow[0]).toContain('live');
		expect(narrow[0]).toContain('alerts');
		expect(narrow[0]).not.toContain('req/s');
		expect(narrow[3]).toMatch(/processing 24 +queued 214/);
		expect(narrow[3]).toContain('erred 0');
	});

	it('shows PAUSED while the display is frozen', () => {
		expect(text({...base, paused: true})[0]).toContain('‖ PAUSED (polling goes on)');
	});
});

describe('the header does not claim what it does not know', () => {
	it('says paused with the age of the held figures, not "live … ago", while the display is frozen', () => {
		const [line] = text({...base, paused: true, nowMs: run.nowMs + 475});
		expect(line).toContain('● paused, figures 475ms old');
		expect(line).not.toContain('live');
	});

	it('shows no completion rate from stale or unreachable data, only from fresh figures', () => {
		expect(text({...base, tasksDonePerSecond: 4.5})[3]).toContain('done 4.5/s');
		expect(text({...base, tasksDonePerSecond: 4.5, nowMs: run.nowMs + 12_000})[3]).toMatch(/done — \(stale\)/);
		const status: SourceStatus = {
			state: 'retrying',
			detail: 'connection refused',
			requestsPerSecond: 0,
			bytesPerSecond: 0,
		};
		expect(text({...base, status, tasksDonePerSecond: 4.5})[3]).not.toContain('4.5/s');
	});

	it('lists released tasks, so the states add up to the total', () => {
		const s = run.model.snapshot!;
		const snapshot = {
			...s,
			scheduler: {...s.scheduler, tasks: {processing: 2, memory: 3, released: 5}, tasks_total: 10},
		};
		const line = text({...base, snapshot}, 200)[3]!;
		expect(line).toContain('released 5');
		const sum = [...line.matchAll(/(?:processing|queued|waiting|in memory|erred|no-worker|released) (\d+)/g)].reduce(
			(n, m) => n + Number(m[1]),
			0,
		);
		expect(sum).toBe(10);
	});
});

describe('the header counts in words that agree with the number', () => {
	it('says "≈1 worker", not "≈1 workers"', () => {
		// A partial AdaptiveView: line 2 reads only desired_workers, direction and approx_workers.
		const adaptive = (approx: number) =>
			({desired_workers: 2, direction: 'steady', approx_workers: approx}) as unknown as NonNullable<
				HeaderInput['adaptive']
			>;
		expect(text({...base, adaptive: adaptive(1)})[1]).toContain('desired 2 (≈1 worker)');
		expect(text({...base, adaptive: adaptive(3)})[1]).toContain('desired 2 (≈3 workers)');
	});
});
