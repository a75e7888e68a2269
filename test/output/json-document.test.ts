import {describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import {
	formatJsonDocument,
	lostWorkers,
	toJsonDocument,
	triageExtras,
	type JsonDocument,
} from '../../source/output/json-document.js';
import {formatOnce} from '../../source/output/once-format.js';
import {createPipeline} from '../../source/pipeline.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {FIXTURE_VERSIONS, loadScenarioScrape, type Scenario} from '../helpers/fixtures.js';

const SEQUENCE: readonly Scenario[] = ['busy', 'memory-heavy', 'errors', 'worker-died'];

describe('the --json document', () => {
	it.each(FIXTURE_VERSIONS)('is the Dask %s snapshot itself, round-tripping through JSON', (version) => {
		const snapshot = createPipeline().ingest(loadScenarioScrape(version, 'busy'));
		const parsed = JSON.parse(formatJsonDocument(toJsonDocument(snapshot))) as Snapshot;
		expect(parsed).toEqual(JSON.parse(JSON.stringify(snapshot)));
		expect(parsed.format).toBe(1);
		expect(parsed.workers).toHaveLength(3);
		expect(Number.isInteger(parsed.scheduler.memory_limit_bytes)).toBe(true);
	});

	it('carries extras beside the snapshot and leaves absent ones out', () => {
		const pipeline = createPipeline();
		const snapshot = pipeline.ingest(loadScenarioScrape('2022.12.1', 'idle'));
		const {counts} = triageView(pipeline.state());
		const document = toJsonDocument(snapshot, {severity_counts: counts, adaptive: undefined});
		expect(document.severity_counts).toEqual({info: 0, warning: 0, critical: 0});
		expect('adaptive' in document).toBe(false);
	});

	it('leaves NaN and infinite figures out instead of writing null', () => {
		const snapshot = createPipeline().ingest(loadScenarioScrape('2022.12.1', 'idle'));
		const text = formatJsonDocument(
			toJsonDocument({...snapshot, scheduler: {...snapshot.scheduler, tick_duration_max_seconds: Number.NaN}}),
		);
		expect((JSON.parse(text) as Snapshot).scheduler).not.toHaveProperty('tick_duration_max_seconds');
		expect(text.endsWith('}\n')).toBe(true);
	});
});

describe.each(FIXTURE_VERSIONS)('the --json triage after the Dask %s scenarios in order', (version) => {
	const pipeline = createPipeline();
	for (const scenario of SEQUENCE) pipeline.ingest(loadScenarioScrape(version, scenario));
	const document = JSON.parse(formatOnce(pipeline, true)!) as JsonDocument;
	const triage = triageView(pipeline.state());

	it(
		'holds the ongoing alerts, the event log, the counts by severity, ' + 'adaptive and stall of the TUI’s triage view',
		() => {
			expect(document).toMatchObject(
				JSON.parse(
					JSON.stringify(toJsonDocument(pipeline.snapshot()!, triageExtras(triage, pipeline.state()))),
				) as object,
			);
			expect(document.alerts?.map((a) => [a.kind, a.severity, a.subject_name, a.state])[0]).toEqual([
				'worker_lost',
				'critical',
				'gamma',
				'ongoing',
			]);
			expect(document.severity_counts).toEqual(triage.counts);
			expect(document.severity_counts?.critical).toBeGreaterThanOrEqual(1);
			expect(document.events?.map((e) => e.kind)).toContain('spilling');
			const times = document.events!.map((e) => e.start_time);
			expect(times).toEqual([...times].sort((a, b) => b - a));
			expect(document.adaptive?.desired_workers).toBe(pipeline.snapshot()!.scheduler.desired_workers);
			expect(document.adaptive?.notes.some((note) => note.includes('not visible over HTTP'))).toBe(true);
			expect(document.stall?.stalled).toBe(false);
		},
	);

	it("keeps the lost worker's last status, memory, tasks and last seen, with the time it was lost", () => {
		const gamma = document.lost_workers?.find((w) => w.name === 'gamma');
		expect(gamma).toBeDefined();
		expect(document.workers.map((w) => w.name)).not.toContain('gamma');
		expect(gamma?.status).toBe('running');
		expect(gamma?.memory_process_bytes).toBeGreaterThan(0);
		expect(gamma?.tasks_in_memory).toBeTypeOf('number');
		expect(gamma?.last_listed_at).toBeLessThan(gamma!.lost_at);
		expect(gamma?.lost_at).toBe(pipeline.state().workers.get(gamma!.address)!.lostMs! / 1000);
		expect(lostWorkers(pipeline.state())).toHaveLength(1);
	});
});
