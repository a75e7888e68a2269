/**
 * A straggler finding (the real recording test/fixtures/diagnosis/straggler-*: beta slowed on its
 * share of a map) reads its worker's call stacks once, when it starts, and the diagnosis view shows
 * the innermost frame of the user's code under its evidence. The stacks answered are a real page
 * too: the busy fixture's alpha (recorded on another cluster of the same release and workload.py).
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../source/model/diagnosis/index.js';
import type {DrillPage} from '../../source/types/drill-page.js';
import type {EndpointResult} from '../../source/types/raw-scrape.js';
import {FIXTURES_ROOT, FIXTURE_VERSIONS, readScenarioFile} from '../helpers/fixtures.js';
import {recordingStates} from '../helpers/recording-states.js';
import {renderApp} from '../helpers/render.js';
import {LIVE} from '../helpers/fixture-data.js';

describe.each(FIXTURE_VERSIONS)('a straggler on Dask %s', (version) => {
	it('carries the innermost user frame of its worker, read once when it starts', async () => {
		const states = await recordingStates(join(FIXTURES_ROOT, 'diagnosis', `straggler-${version}.ndjson.gz`));
		const found = states.findIndex(({state}) => diagnosisView(state).current.some((f) => f.cause === 'straggler'));
		expect(found).toBeGreaterThan(0);
		const beta = diagnosisView(states[found]!.state).current[0]!.subject.id;
		const alpha = version === '2022.12.1' ? 'tcp://127.0.0.1:40001' : 'tcp://127.0.0.1:41001';
		const asked: DrillPage[] = [];
		const fetchPage = async (page: DrillPage): Promise<EndpointResult> => {
			asked.push(page);
			const path = `/info/call-stacks/${encodeURIComponent(alpha)}.html`;
			const body = readScenarioFile(version, 'busy', `scheduler/${encodeURIComponent(path)}`);
			return {target: 'scheduler', path, url: `http://s${path}`, startedMs: 0, latencyMs: 5, status: 200, body};
		};
		const at = (i: number) => ({model: states[i]!.state, status: LIVE, intervalMs: 2000, nowMs: states[i]!.atMs});
		const app = await renderApp(at(found), {columns: 120, rows: 40, fetchPage});
		await app.press('4');
		expect(app.frame()).toMatch(/where: in slow, workload\.py:52 \(task slow-process-1; S: the stacks\)/);
		expect(asked).toEqual([{kind: 'call-stacks', worker: beta}]);
		await app.update(at(found + 1));
		await app.update(at(found + 2));
		expect(asked).toHaveLength(1);
	});
});
