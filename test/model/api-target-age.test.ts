/**
 * /api/v1/adaptive_target is asked once a minute, desired_workers every round: the two side by
 * side read as a contradiction unless the older one says its age.
 */
import {describe, expect, it} from 'vitest';
import {triageView} from '../../source/model/index.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {fixtureRun} from '../helpers/fixture-data.js';
import {adaptiveLines} from '../../source/output/triage-text.js';
import {eventsPage} from '../../source/ui/views/events-lines.js';
import {makeTheme} from '../../source/ui/draw/theme.js';

describe('the age of /api/v1/adaptive_target', () => {
	it.each(FIXTURE_VERSIONS)('is given with its number on Dask %s (when the api module answers)', (version) => {
		const run = fixtureRun(version, ['idle', 'busy'], 30_000);
		const a = triageView(run.model).adaptive;
		const snapshot = run.model.snapshot!;
		const endpoint = snapshot.endpoints.find((e) => e.target === undefined && e.path === '/api/v1/adaptive_target');
		// Every recorded version has the api module on (the fixtures were recorded so).
		expect(a.api_adaptive_target).toBeDefined();
		expect(endpoint?.last_ok).toBeDefined();
		expect(a.api_adaptive_target_age_seconds).toBeCloseTo(snapshot.time - endpoint!.last_ok!, 6);
	});
});

describe('a stale /api/v1/adaptive_target beside a fresh desired_workers', () => {
	it('shows its age on the events view and in --once', () => {
		const run = fixtureRun('2026.7.1', ['idle', 'busy'], 30_000);
		const triage = triageView(run.model);
		// The recorded rounds ask both every time; an answer 58 s old beside a newer desired_workers is written here.
		const adaptive = {
			...triage.adaptive,
			desired_workers: 1,
			api_adaptive_target: 7,
			api_adaptive_target_age_seconds: 58,
		};
		const head = eventsPage({...triage, adaptive}, makeTheme({color: false, ascii: false}), 160, 40).head.map((line) =>
			line.map((seg) => seg.text).join(''),
		);
		expect(head.join('\n')).toMatch(/desired 1 .*\/api\/v1\/adaptive_target 7 \(58s old\)/s);
		expect(adaptiveLines(adaptive)[0]).toContain('/api/v1/adaptive_target 7 (58 s old)');
	});
});
