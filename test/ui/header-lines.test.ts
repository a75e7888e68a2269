import {describe, expect, it} from 'vitest';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import {headerLines, workerStates, type HeaderInput} from '../../source/ui/header-lines.js';
import {makeTheme} from '../../source/ui/theme.js';
import {fixtureRun} from '../helpers/fixture-data.js';

const theme = makeTheme({color: false, ascii: false});
const text = (input: HeaderInput, width = 160) => headerLines(input, theme, width).map((line) => line.map((s) => s.text).join(''));
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
		expect(line).toContain('load 2.5 req/s 29.3K/s 12ms');
		expect(line).toContain('alerts ✗0 ▲2 i1');
	});

	it('says stale with the age once the data is older than two intervals', () => {
		expect(text({...base, nowMs: run.nowMs + 12_000})[0]).toContain('● stale 12s');
	});

	it('says when the next attempt is and why while the scheduler does not answer', () => {
		const status: SourceStatus = {state: 'retrying', detail: 'connection refused', nextAttemptMs: run.nowMs + 5000, requestsPerSecond: 0, bytesPerSecond: 0};
		const [line] = text({...base, status, nowMs: run.nowMs + 1000});
		expect(line).toContain('retrying in 4s: connection refused (data 1s old)');
	});

	it('says connecting before the first answer and shows the replay position while replaying', () => {
		expect(text({...base, status: {state: 'connecting', requestsPerSecond: 0, bytesPerSecond: 0}})[0]).toContain('connecting…');
		const replay = {atMs: Date.UTC(2026, 0, 2, 3, 4, 5), startMs: 0, endMs: 0, index: 9, count: 64, paused: true, speed: 16};
		const [line] = text({...base, status: {state: 'replay', requestsPerSecond: 0, bytesPerSecond: 0}, replay});
		expect(line).toContain('‖ replay paused 03:04:05 [10/64] ×16');
		expect(line).not.toContain('req/s');
	});

	it('counts workers by state, deriving what Dask 2022.12 leaves out from the worker list', () => {
		const states = workerStates(run.model.snapshot!);
		expect(states.total).toBe(3);
		expect(states.paused).toBe(0);
		expect(states.idle + states.partially_saturated + states.saturated + states.paused + states.retiring).toBe(3);
		expect(text(base)[1]).toMatch(/^Workers 3 +idle \d +partial \d +saturated \d +paused 0 +retiring 0 +threads 5 +desired 34/);
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
