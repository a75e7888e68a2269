import {describe, expect, it} from 'vitest';
import {
	clusterBarLine,
	sameSummary,
	summarizeCluster,
	type ClusterSummary,
} from '../../../source/ui/views/cluster-bar.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';
import {fixtureRun, tuiData} from '../../helpers/fixture-data.js';
import {ASCII, PLAIN} from '../../helpers/render.js';

const text = (segments: ReadonlyArray<{readonly text: string}>) => segments.map((s) => s.text).join('');

const prod: ClusterSummary = {name: 'prod:8787', link: 'live', workers: 12, alerts: {critical: 2, warning: 1, info: 0}};
const dev: ClusterSummary = {
	name: 'dev:8787',
	link: 'retrying',
	workers: 3,
	alerts: {critical: 0, warning: 0, info: 1},
};
const gw: ClusterSummary = {name: 'team.f00', link: 'live', workers: 40, alerts: {critical: 0, warning: 0, info: 0}};

describe('the cluster bar line', () => {
	it(
		'shows every cluster with its connection, ' +
			'workers and alerts by severity, the active one marked, at full width',
		() => {
			const line = text(clusterBarLine([prod, dev, gw], 1, PLAIN, 200));
			expect(line).toBe(
				'prod:8787 ● live 12 workers ✗2 ▲1 i0 │ → dev:8787 ● retrying 3 ' +
					'workers ✗0 ▲0 i1 │ team.f00 ● live 40 workers ✗0 ▲0 i0  c/C switch',
			);
		},
	);

	it('marks the active cluster in bold title tone, and colours alerts only where the glyph already says it', () => {
		const segments = clusterBarLine([prod, dev], 0, PLAIN, 200);
		expect(segments[0]).toEqual({text: '→ prod:8787', tone: 'title', bold: true});
		expect(segments.find((s) => s.text === '✗2')?.tone).toBe('critical');
		expect(segments.find((s) => s.text === '✗0')?.tone).toBe('muted');
		expect(segments.find((s) => s.text.includes('retrying'))?.tone).toBe('critical');
	});

	it('uses plain ASCII glyphs with --ascii', () => {
		expect(text(clusterBarLine([prod, dev], 0, ASCII, 200))).toBe(
			'> prod:8787 * live 12 workers X2 !1 i0 | dev:8787 * retrying 3 workers X0 !0 i1  c/C switch',
		);
	});

	it('shrinks entries to fit 80 columns: shorter workers, then zero counts and workers drop out', () => {
		const many = [prod, dev, gw, {...gw, name: 'etl:8787'}];
		const at80 = text(clusterBarLine(many, 0, PLAIN, 80));
		expect(at80.length).toBeLessThanOrEqual(80);
		expect(at80).toContain('→ prod:8787 live');
		for (const name of ['dev:8787', 'team.f00', 'etl:8787']) expect(at80).toContain(name);
		expect(at80).toContain('✗2 ▲1');
		expect(at80).toContain('i1');
		expect(at80).not.toContain('✗0');
	});

	it('keeps the active cluster in view when not all fit, and sums the hidden ones with their alerts at the ends', () => {
		const names = Array.from({length: 8}, (_, i) => ({
			...gw,
			name: `cluster-number-${i}:8787`,
			alerts: {critical: i === 0 ? 3 : 0, warning: i === 7 ? 1 : 0, info: 0},
		}));
		const line = text(clusterBarLine(names, 4, PLAIN, 80));
		expect(line.length).toBeLessThanOrEqual(80);
		expect(line).toContain('→ cluster-number-4:8787');
		expect(line).toMatch(/^‹\+\d+ ✗3 │ /);
		expect(line).toMatch(/ │ \+\d+ ▲1›$/);
	});

	it('says a cluster whose first contact failed is down, and shows its reason while it is on screen', () => {
		const down: ClusterSummary = {
			...dev,
			link: 'down',
			problem: 'http://dev:8787/ is not a Dask dashboard: /metrics all answered 404',
		};
		const line = text(clusterBarLine([prod, down], 1, PLAIN, 160));
		expect(line).toContain('→ dev:8787 ● down');
		expect(line).toContain('http://dev:8787/ is not a Dask dashboard');
		expect(line.length).toBeLessThanOrEqual(160);
		expect(text(clusterBarLine([prod, down], 0, PLAIN, 160))).not.toContain('not a Dask dashboard');
	});
});

describe.each(FIXTURE_VERSIONS)('a cluster summary from Dask %s data', (version) => {
	const run = fixtureRun(version, ['busy', 'worker-died']);

	it('counts the workers the scheduler counts and the ongoing alerts by severity', () => {
		const data = tuiData(run);
		const summary = summarizeCluster('a:8787', data);
		expect(summary.link).toBe('live');
		expect(summary.workers).toBe(data.model.snapshot?.scheduler.workers.total ?? data.model.snapshot?.workers.length);
		const ongoing = [...data.model.alerts.values()];
		expect(summary.alerts.critical).toBe(ongoing.filter((a) => a.severity === 'critical').length);
		expect(summary.alerts.critical + summary.alerts.warning + summary.alerts.info).toBe(ongoing.length);
		expect(summary.alerts.critical).toBeGreaterThan(0); // a worker died
	});

	it('is down while a first-contact problem stands, unless the source already says retrying', () => {
		expect(summarizeCluster('a', tuiData(run), 'not Dask').link).toBe('down');
		expect(
			summarizeCluster(
				'a',
				tuiData(run, {status: {state: 'retrying', requestsPerSecond: 0, bytesPerSecond: 0}}),
				'refused',
			).link,
		).toBe('retrying');
		expect(sameSummary(summarizeCluster('a', tuiData(run)), summarizeCluster('a', tuiData(run)))).toBe(true);
		expect(sameSummary(summarizeCluster('a', tuiData(run)), summarizeCluster('a', tuiData(run), 'x'))).toBe(false);
	});
});

describe('a cluster that never answered', () => {
	it('has no worker count in the bar, rather than zero', () => {
		const pipelineRun = fixtureRun('2022.12.1', ['busy']);
		const never = {
			...tuiData(pipelineRun),
			model: {...pipelineRun.model, source: {...pipelineRun.model.source, lastFreshMs: undefined}},
		};
		const summary = summarizeCluster('dead:1', never, 'nothing answers');
		expect(summary.workers).toBeUndefined();
		expect(text(clusterBarLine([summary], 0, PLAIN, 120))).toBe(
			'→ dead:1 ● down ✗0 ▲0 i0  nothing answers  c/C switch',
		);
	});
});
