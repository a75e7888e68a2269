import {describe, expect, it} from 'vitest';
import {formatJsonDocument, toJsonDocument} from '../../source/output/json.js';
import {createPipeline} from '../../source/pipeline.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {FIXTURE_VERSIONS, loadScenarioScrape} from '../helpers/fixtures.js';

describe('the --json document', () => {
	it.each(FIXTURE_VERSIONS)('is the Dask %s snapshot itself, round-tripping through JSON', (version) => {
		const snapshot = createPipeline().ingest(loadScenarioScrape(version, 'busy'));
		const parsed = JSON.parse(formatJsonDocument(toJsonDocument(snapshot))) as Snapshot;
		expect(parsed).toEqual(JSON.parse(JSON.stringify(snapshot)));
		expect(parsed.format).toBe(1);
		expect(parsed.workers).toHaveLength(3);
		expect(Number.isInteger(parsed.scheduler.memory_limit_bytes)).toBe(true);
	});

	it('carries extras (alerts, events, adaptive) beside the snapshot and leaves absent ones out', () => {
		const snapshot = createPipeline().ingest(loadScenarioScrape('2022.12.1', 'idle'));
		const document = toJsonDocument(snapshot, {alerts: [{id: 'a'}], adaptive: undefined});
		expect(document.alerts).toEqual([{id: 'a'}]);
		expect('adaptive' in document).toBe(false);
	});

	it('leaves NaN and infinite figures out instead of writing null', () => {
		const snapshot = createPipeline().ingest(loadScenarioScrape('2022.12.1', 'idle'));
		const text = formatJsonDocument(toJsonDocument({...snapshot, scheduler: {...snapshot.scheduler, tick_duration_max_seconds: Number.NaN}}));
		expect((JSON.parse(text) as Snapshot).scheduler).not.toHaveProperty('tick_duration_max_seconds');
		expect(text.endsWith('}\n')).toBe(true);
	});
});
