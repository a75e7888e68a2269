/**
 * A scheduler whose dashboard answers only /health: /metrics, identity.json and workers.html send
 * their headers and then trickle their bodies past the deadline (slowloris), as the poller records
 * them. No real Dask does this on demand: these rounds are the recorded Dask 2022.12.1 idle answers
 * with those endpoints' bodies replaced by the client's "too slow" failure — garbage no real part
 * here can show. /health's ok says a server is up, not what the cluster does: no fresh figures.
 */
import {describe, expect, it} from 'vitest';
import {createPipeline} from '../../source/pipeline.js';
import type {EndpointResult, RawScrape} from '../../source/types/raw-scrape.js';
import {headerLines} from '../../source/ui/views/header-lines.js';
import {makeTheme} from '../../source/ui/draw/theme.js';
import {LIVE} from '../helpers/fixture-data.js';
import {loadScenarioScrape} from '../helpers/fixtures.js';
import {shiftScrape} from '../helpers/snapshots.js';

const INTERVAL_MS = 2000;
const idle = loadScenarioScrape('2022.12.1', 'idle');
const t0 = idle.atMs;

/** The round at `atMs` with every scheduler endpoint but /health too slow: headers, then 4 bytes in 5 s. */
function healthOnly(atMs: number): RawScrape {
	const round = shiftScrape(idle, atMs);
	const slow = (r: EndpointResult): EndpointResult => {
		const {body: _body, ...rest} = r;
		return {
			...rest,
			latencyMs: 5000,
			error: {kind: 'timeout', message: 'too slow: the answer was still coming at the 5 s deadline (4 B read)'},
		};
	};
	return {
		...round,
		responses: round.responses.filter((r) => r.target === 'scheduler').map((r) => (r.path === '/health' ? r : slow(r))),
	};
}

function polled() {
	const pipeline = createPipeline({model: {intervalMs: INTERVAL_MS}});
	const source = {status: LIVE, intervalMs: INTERVAL_MS};
	pipeline.ingest(shiftScrape(idle, t0), {source});
	pipeline.ingest(healthOnly(t0 + 7000), {source});
	pipeline.ingest(healthOnly(t0 + 14_000), {source});
	return pipeline;
}

const theme = makeTheme({color: false, ascii: false});

describe('a scheduler that answers only /health', () => {
	it('gives no fresh figures: the last good ones stay, with their age, and polls count as missed', () => {
		const state = polled().state();
		expect(state.source.lastFreshMs).toBe(t0);
		expect(state.source.missedRounds).toBe(2);
		expect(state.snapshot?.scheduler.workers.total).toBe(3);
		expect(state.alerts.get('stale|cluster')?.state).toBe('ongoing');
	});

	it('never shows the unknown as 0 in the header: a snapshot without figures says —', () => {
		const snapshot = polled().snapshot()!;
		expect(snapshot.workers).toEqual([]);
		const line = headerLines(
			{
				url: idle.base,
				snapshot,
				status: LIVE,
				intervalMs: INTERVAL_MS,
				nowMs: t0 + 14_000,
				alerts: {info: 0, warning: 0, critical: 0},
				paused: false,
			},
			theme,
			160,
		)[1]!
			.map((s) => s.text)
			.join('');
		expect(line).toMatch(/^Workers — +idle — +partial — +saturated — +paused — +retiring — +threads —/);
	});
});
