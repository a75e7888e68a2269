/**
 * Every cluster alert rule as a table: figures in → the alert (kind, severity) or none, at the boundaries.
 */
import {describe, expect, it} from 'vitest';
import type {Condition} from '../../../source/model/alerts/alerts.js';
import {clusterConditions} from '../../../source/model/alerts/cluster-alerts.js';
import {utcClockText} from '../../../source/model/text.js';
import {DEFAULT_THRESHOLDS} from '../../../source/model/alerts/thresholds.js';
import type {AlertKind, Rise, Severity, StallView} from '../../../source/model/types.js';
import {snapshot} from '../../helpers/snapshots.js';

const NOW = 1_800_000_000_000;

function only(conditions: Condition[], kind: AlertKind): Severity | 'none' {
	const found = conditions.filter((c) => c.kind === kind);
	expect(found.length).toBeLessThanOrEqual(1);
	return found[0]?.severity ?? 'none';
}

function onCluster(over: Partial<Parameters<typeof clusterConditions>[0]> = {}): Condition[] {
	const stall: StallView = {stalled: false, threshold_seconds: 60, threshold_note: '', workers: [], worker_names: []};
	const out: Condition[] = [];
	clusterConditions(
		{
			thresholds: DEFAULT_THRESHOLDS,
			nowMs: NOW,
			rises: new Map(),
			missedPolls: 0,
			stall,
			clockText: utcClockText,
			...over,
		},
		out,
	);
	return out;
}

describe('erred tasks rising', () => {
	it.each([
		['no rise', new Map<string, Rise>(), 'none'],
		[
			'a rise',
			new Map<string, Rise>([['erred_rising|cluster', {firstMs: NOW, lastMs: NOW, amount: 3, detail: {explode: 3}}]]),
			'warning',
		],
		[
			'an old rise',
			new Map<string, Rise>([['erred_rising|cluster', {firstMs: NOW - 40_000, lastMs: NOW - 40_000, amount: 3}]]),
			'none',
		],
	] as const)('%s → %s', (_label, rises, severity) => {
		expect(only(onCluster({rises}), 'erred_rising')).toBe(severity);
	});
});

describe('erred tasks held since before the first snapshot', () => {
	const before = {count: 10, byPrefix: {explode: 6, divide: 2, 'parse-record': 1, summarize: 1}, restarted: false};
	const erredNow = (n: number) => snapshot(NOW / 1000, [], {tasks: {erred: n}});

	it('is the erred alert, a warning like a rise, naming the prefixes', () => {
		const found = onCluster({erredBefore: before, snapshot: erredNow(10)}).filter((c) => c.kind === 'erred_rising');
		expect(found).toEqual([
			expect.objectContaining({
				id: 'erred_rising|cluster',
				severity: 'warning',
				message: '10 tasks erred before dask-top started (explode 6, divide 2, parse-record 1, summarize 1)',
			}),
		]);
	});

	it('says how many are erred now when the count moved, and when the prefixes are not known', () => {
		const found = onCluster({erredBefore: {count: 1, restarted: true}, snapshot: erredNow(4)});
		expect(found.map((c) => c.message)).toEqual([
			'1 task erred before dask-top first polled this scheduler; 4 erred now',
		]);
	});

	it('makes one alert with a rise on top of them', () => {
		const rises = new Map<string, Rise>([
			['erred_rising|cluster', {firstMs: NOW, lastMs: NOW, amount: 3, detail: {explode: 3}}],
		]);
		const found = onCluster({erredBefore: before, rises, snapshot: erredNow(13)});
		expect(found.map((c) => `${c.severity} ${c.message}`)).toEqual([
			'warning 3 more tasks erred (explode 3); ' +
				'10 tasks erred before dask-top started (explode 6, divide 2, parse-record 1, summarize 1); 13 erred now',
		]);
	});
});

describe('scheduler unreachable / data stale', () => {
	it.each([
		[0, 'none'],
		[1, 'none'],
		[2, 'warning'],
		[4, 'warning'],
		[5, 'critical'],
	] as const)('%s missed polls → %s', (missedPolls, severity) => {
		expect(only(onCluster({missedPolls, dataAgeSeconds: missedPolls * 2}), 'stale')).toBe(severity);
	});
});

describe('fallback source in use (held open over intermittent identity.json failures)', () => {
	const key = 'fallback_source|cluster';
	it.each([
		['never used', undefined, 'none'],
		['used this poll', {firstMs: NOW, lastMs: NOW, amount: 1, detail: {workers_html: 1}}, 'info'],
		['last used 30 s ago', {firstMs: NOW - 60_000, lastMs: NOW - 30_000, amount: 4, detail: {workers_html: 4}}, 'info'],
		['last used 31 s ago', {firstMs: NOW - 60_000, lastMs: NOW - 31_000, amount: 4, detail: {workers_html: 4}}, 'none'],
	] as const)('%s → %s', (_label, rise, severity) => {
		const rises = new Map<string, Rise>(rise ? [[key, rise]] : []);
		expect(
			only(onCluster({rises, snapshot: snapshot(NOW / 1000, [], {}, {workers_source: 'identity'})}), 'fallback_source'),
		).toBe(severity);
	});

	it('names the HTTP 500 and the fallback page', () => {
		const identity = {path: '/json/identity.json', state: 'failed', status: 500} as const;
		const snap = snapshot(NOW / 1000, [], {}, {workers_source: 'workers_html', endpoints: [identity]});
		const rises = new Map<string, Rise>([[key, {firstMs: NOW, lastMs: NOW, amount: 2, detail: {workers_html: 2}}]]);
		expect(onCluster({rises, snapshot: snap})[0]?.message).toBe(
			'identity.json answers HTTP 500 (dask/distributed#8370: busy workers break its JSON) ' +
				'in 2 recent polls: worker figures come from /info/main/workers.html',
		);
	});
});

describe('stalled', () => {
	it('is a warning naming the workers when the stall view says so', () => {
		const stall: StallView = {
			stalled: true,
			threshold_seconds: 60,
			threshold_note: '',
			workers: ['tcp://alpha:1'],
			worker_names: ['alpha'],
			message: 'stalled? …',
		};
		const found = onCluster({stall}).find((c) => c.kind === 'stalled');
		expect(found).toMatchObject({severity: 'warning', workers: ['tcp://alpha:1']});
	});
});

describe('no workers while tasks wait', () => {
	const identityFailing = {path: '/json/identity.json', state: 'failed', status: 500} as const;
	const noWorkers = (tasks: Record<string, number>, total: number | null = 0) =>
		total === null
			? snapshot(NOW / 1000, [], {workers: {}, tasks}, {workers_source: 'identity', endpoints: [identityFailing]})
			: snapshot(NOW / 1000, [], {workers: {total}, tasks});

	it.each([
		['0 workers, 20 queued', noWorkers({queued: 20}), 'warning'],
		['0 workers, 1 waiting on others', noWorkers({waiting: 1}), 'warning'],
		['0 workers, tasks no worker can run', noWorkers({'no-worker': 3}), 'warning'],
		['0 workers and no task (an adaptive cluster scaled to zero)', noWorkers({queued: 0, memory: 0}), 'none'],
		['0 workers, results held but nothing to run', noWorkers({released: 4}), 'none'],
		['3 workers, 20 queued', noWorkers({queued: 20}, 3), 'none'],
		['no worker count at all (neither /metrics nor a fresh list)', noWorkers({queued: 20}, null), 'none'],
	] as const)('%s → %s', (_label, snap, severity) => {
		expect(only(onCluster({snapshot: snap}), 'no_workers')).toBe(severity);
	});

	it('says what waits and since when', () => {
		const found = onCluster({snapshot: noWorkers({queued: 20, waiting: 1})}).find((c) => c.kind === 'no_workers');
		expect(found?.message).toBe(
			'no workers while 21 tasks wait (queued 20, waiting 1) since 08:00:00: nothing can run until a worker joins',
		);
	});
});
