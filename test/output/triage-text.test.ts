import {describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import type {ModelOptions, TriageView} from '../../source/model/types.js';
import {adaptiveLines, alertsLines} from '../../source/output/triage-text.js';
import {createPipeline} from '../../source/pipeline.js';
import {loadScenarioScrape, type FixtureVersion, type Scenario} from '../helpers/fixtures.js';

/** The triage after feeding the scenarios in order, as a poll would have seen them. */
function triageAfter(version: FixtureVersion, scenarios: readonly Scenario[], model: ModelOptions = {}): TriageView {
	const pipeline = createPipeline({model});
	for (const scenario of scenarios) pipeline.ingest(loadScenarioScrape(version, scenario));
	return triageView(pipeline.state());
}

describe('the Alerts block of --once', () => {
	it('lists the ongoing alerts worst first, one line each, under the counts by severity', () => {
		const triage = triageAfter('2022.12.1', ['busy', 'memory-heavy', 'errors', 'worker-died']);
		const [head, ...rows] = alertsLines(triage);
		expect(head).toBe(
			`Alerts    ${triage.alerts.length} ongoing: ${triage.counts.critical} critical, ` +
				`${triage.counts.warning} warning, ${triage.counts.info} info`,
		);
		expect(rows).toHaveLength(triage.alerts.length);
		expect(rows[0]).toMatch(
			new RegExp(
				/^ {10}CRITICAL {2}gamma {4}worker gamma \(tcp:\/\/127\.0\.0\.1:40003\) /.source +
					/lost with its work \(6 keys held\): .*; last status running; .*\(since \d\d:\d\d:\d\d, \d+(\.\d)? s\)$/
						.source,
			),
		);
		expect(rows.slice(1).every((row) => /^ {10}WARNING /.test(row))).toBe(true);
		expect(rows.some((row) => row.includes('beta is spilling to disk'))).toBe(true);
	});

	it('says none are ongoing on a quiet cluster', () => {
		expect(alertsLines(triageAfter('2022.12.1', ['idle']))).toEqual(['Alerts    none ongoing']);
	});
});

describe('the Adaptive lines of --once', () => {
	it("shows Dask 2022.12's number in threads with its worker equivalent, and the recomputation that matches it", () => {
		const triage = triageAfter('2022.12.1', ['busy']);
		const desired = triage.adaptive.desired_workers;
		expect(desired).toBe(34);
		const lines = adaptiveLines(triage.adaptive);
		expect(lines[0]).toBe(
			`Adaptive  34 desired by the scheduler (~${triage.adaptive.approx_workers} workers at the ` +
				'mean threads per worker); now 3 workers; scale up; /api/v1/adaptive_target 34 (0 s old)',
		);
		expect(lines[1]).toContain('this Dask counts threads: 34 ~');
		expect(lines).toContain('          recomputed 34: cpu term 34, memory term 0, cpu wins, target duration 5 s');
		expect(lines.some((line) => line.startsWith('            cpu: ceil((') && line.endsWith('-> 34'))).toBe(true);
		expect(lines.some((line) => line.includes('disagrees'))).toBe(false);
		expect(lines.some((line) => line.startsWith('          note: ') && line.includes('not visible over HTTP'))).toBe(
			true,
		);
	});

	it('says the modern recomputation is estimated and disagrees with the scheduler instead of hiding it', () => {
		const triage = triageAfter('2026.7.1', ['busy']);
		const lines = adaptiveLines(triage.adaptive);
		expect(lines.find((line) => line.includes('recomputed '))).toMatch(/some inputs estimated$/);
		expect(
			lines.some((line) =>
				line.startsWith(
					'            estimated queued_task_duration: per-prefix durations of queued tasks are not exposed',
				),
			),
		).toBe(true);
		expect(lines).toContain(`          disagrees: ${triage.adaptive.disagreement_note}`);
		expect(triage.adaptive.disagreement_note).toMatch(/^recomputed \d+, the scheduler says 140: /);
	});

	it('shows the target clamped to --maximum and the --target-duration used', () => {
		const lines = adaptiveLines(
			triageAfter('2022.12.1', ['busy'], {maximumWorkers: 4, targetDurationSeconds: 10}).adaptive,
		);
		expect(lines[0]).toContain('34 desired by the scheduler');
		expect(lines[0]).toContain('; clamped to 4 by --minimum/--maximum; scale up;');
		expect(lines.find((line) => line.includes('recomputed '))).toContain('target duration 10 s');
	});
});
