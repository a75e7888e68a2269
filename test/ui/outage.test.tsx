/**
 * The scheduler goes away: the screen keeps the last good figures and says how old they are and
 * why. Real fixture rounds through the real pipeline; the failed rounds are built the way the
 * poller records a refused connection (no recording of an outage exists among the fixtures).
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import {createTuiStore} from '../../source/ui/shell/store.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRounds, LIVE, refusedRound} from '../helpers/fixture-data.js';
import {renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

describe.each(FIXTURE_VERSIONS)('the screen while the Dask %s scheduler is away', (version) => {
	it(
		'keeps every worker row with its last figures, ' + 'and the header and table title say retrying, why, and how old',
		async () => {
			const [busy] = fixtureRounds(version, ['busy']);
			let status: SourceStatus = LIVE;
			let clock = busy!.atMs;
			const pipeline = createPipeline({model: {intervalMs: 2000}});
			const source = {kind: 'live' as const, status: () => status, intervalMs: 2000};
			pipeline.ingest(busy!, {source: {status, intervalMs: 2000}});
			const store = createTuiStore({pipeline, source, now: () => clock});
			const before = await renderApp(store.getData());
			const rowsBefore = before.lines().filter((l) => /^[ ▲✗] (alpha|beta|gamma) /.test(l));
			expect(rowsBefore).toHaveLength(3);
			before.unmount();

			status = {
				state: 'retrying',
				detail: 'connection refused',
				nextAttemptMs: busy!.atMs + 14_000,
				requestsPerSecond: 0.5,
				bytesPerSecond: 0,
			};
			pipeline.ingest(refusedRound(busy!, busy!.atMs + 2000));
			for (let i = 2; i <= 6; i++) pipeline.ingest(refusedRound(busy!, busy!.atMs + i * 2000, ['/metrics']));
			clock = busy!.atMs + 12_000;
			store.tick();

			const app = await renderApp(store.getData());
			const lines = app.lines();
			expect(lines[0]).toMatch(/retrying in 2s: connection refused \(data 12s old\)/);
			expect(lines[4]).toMatch(/^Workers 3 .*last figures \d\d:\d\d:\d\d, 12s old/);
			const rowsAfter = lines.filter((l) => /^[ ▲✗] (alpha|beta|gamma) /.test(l));
			// The same figures as before the outage (only the row marks may gain the stale alert's weight).
			expect(rowsAfter.map((l) => l.slice(2))).toEqual(rowsBefore.map((l) => l.slice(2)));
			for (const row of rowsAfter) expect(row).toMatch(/ running /);
			expect(app.frame()).not.toContain('unknown');
			expect(lines[3]).toMatch(/^Tasks +\d+ +processing \d+/);
		},
	);
});
