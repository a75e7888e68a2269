/**
 * A cluster that never answered: the table says so (not "no workers connected", which claims a
 * worker list), and the header counts the same alerts as the cluster bar.
 */
import {cleanup} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {severityCounts} from '../../source/model/index.js';
import {createPipeline} from '../../source/pipeline.js';
import type {SourceStatus} from '../../source/types/scrape-source.js';
import {renderApp} from '../helpers/render.js';

afterEach(() => cleanup());

const T0 = Date.UTC(2026, 10, 29, 18, 0, 0);
const REFUSED: SourceStatus = {
	state: 'retrying',
	detail: 'connection refused',
	requestsPerSecond: 0,
	bytesPerSecond: 0,
};

function neverReached(seconds: number) {
	const pipeline = createPipeline({model: {intervalMs: 2000}});
	for (let t = 0; t <= seconds; t += 2) pipeline.tick(T0 + t * 1000, {status: REFUSED});
	return {model: pipeline.state(), status: REFUSED, intervalMs: 2000, nowMs: T0 + seconds * 1000};
}

describe('a cluster that was never reached', () => {
	it('says the scheduler was never reached instead of "no workers connected"', async () => {
		const app = await renderApp(neverReached(10), {columns: 120, rows: 40});
		expect(app.frame()).toContain('the scheduler was never reached');
		expect(app.frame()).not.toContain('no workers connected');
	});

	it('counts its alerts in the header as the cluster bar does', async () => {
		const data = neverReached(120);
		const counts = severityCounts(data.model.alerts.values());
		expect(counts.critical + counts.warning + counts.info).toBeGreaterThan(0);
		const app = await renderApp(data, {columns: 120, rows: 40});
		expect(app.lines()[0]).toContain(`alerts ✗${counts.critical} ▲${counts.warning} i${counts.info}`);
	});
});
