/**
 * Every worker alert rule as a table: figures in → the alert (kind, severity) or none, at the boundaries.
 * Synthesized workers: the fixtures never sit exactly on a threshold.
 */
import type {Departure} from '../../source/model/departure.js';
import {describe, expect, it} from 'vitest';
import type {Condition} from '../../source/model/alerts.js';
import {newWorkerHistory} from '../../source/model/worker-tracks.js';
import {DEFAULT_THRESHOLDS} from '../../source/model/thresholds.js';
import {workerConditions} from '../../source/model/worker-alerts.js';
import type {AlertKind, Rise, Severity, WorkerTrack} from '../../source/model/types.js';
import type {WorkerSnapshot} from '../../source/types/snapshot.js';
import {worker} from '../helpers/snapshots.js';

const NOW = 1_800_000_000_000;
const GiB = 1024 ** 3;

function track(figures: Partial<WorkerSnapshot>, extra: Partial<WorkerTrack> = {}): WorkerTrack {
	return {
		address: 'tcp://10.0.0.1:1',
		last: worker('tcp://10.0.0.1:1', figures),
		firstSeenMs: NOW - 60_000,
		lastSeenMs: NOW,
		history: newWorkerHistory(4),
		...extra,
	};
}

function onWorker(t: WorkerTrack, opts: {workers?: number; rises?: Map<string, Rise>} = {}): Condition[] {
	const out: Condition[] = [];
	workerConditions(
		t,
		{
			thresholds: DEFAULT_THRESHOLDS,
			nowMs: NOW,
			workerCount: opts.workers ?? 3,
			rises: opts.rises ?? new Map(),
			clockText: (ms) => `${new Date(ms).toISOString().slice(11, 19)} UTC`,
		},
		out,
	);
	return out;
}

function only(conditions: Condition[], kind: AlertKind): Severity | 'none' {
	const found = conditions.filter((c) => c.kind === kind);
	expect(found.length).toBeLessThanOrEqual(1);
	return found[0]?.severity ?? 'none';
}

describe('worker process memory / limit', () => {
	it.each([
		[0.69, 'none'],
		[0.7, 'warning'],
		[0.79, 'warning'],
		[0.8, 'critical'],
		[0.949, 'critical'],
		[0.95, 'critical'],
		[1.2, 'critical'],
	] as const)('%s of the limit → %s', (f, severity) => {
		expect(only(onWorker(track({memory_limit_bytes: 100 * GiB, memory_process_bytes: f * 100 * GiB})), 'memory')).toBe(
			severity,
		);
	});

	it('names the threshold crossed', () => {
		const message = (f: number) =>
			onWorker(track({memory_limit_bytes: 1000, memory_process_bytes: f * 1000}))[0]?.message;
		expect(message(0.72)).toMatch(/spill threshold/);
		expect(message(0.85)).toMatch(/pause threshold/);
		expect(message(0.96)).toMatch(/terminate threshold/);
	});

	it('says nothing without a limit (0 = no limit) or without a process figure', () => {
		expect(only(onWorker(track({memory_limit_bytes: 0, memory_process_bytes: 5 * GiB})), 'memory')).toBe('none');
		expect(only(onWorker(track({memory_limit_bytes: GiB})), 'memory')).toBe('none');
	});
});

describe('worker paused', () => {
	it.each([
		['paused', 'critical'],
		['running', 'none'],
		['closing_gracefully', 'none'],
		[undefined, 'none'],
	] as const)('status %s → %s', (status, severity) => {
		expect(only(onWorker(track(status === undefined ? {} : {status})), 'paused')).toBe(severity);
	});
});

describe('unmanaged memory / limit', () => {
	it.each([
		[0.29, 'none'],
		[0.3, 'warning'],
		[0.49, 'warning'],
		[0.5, 'critical'],
	] as const)('%s of the limit → %s', (f, severity) => {
		expect(
			only(onWorker(track({memory_limit_bytes: 1000, memory_unmanaged_bytes: f * 1000})), 'unmanaged_memory'),
		).toBe(severity);
	});
});

describe('event loop interval', () => {
	it.each([
		[0.02, 'none'],
		[0.99, 'none'],
		[1, 'warning'],
		[2.99, 'warning'],
		[3, 'critical'],
	] as const)('%s s → %s', (seconds, severity) => {
		expect(only(onWorker(track({event_loop_interval_seconds: seconds})), 'event_loop')).toBe(severity);
	});
});

describe('heartbeat age, in heartbeat intervals for the cluster size', () => {
	it.each([
		// ≤ 10 workers beat every 0.5 s: warning at 1.5 s, critical at 5 s
		[3, 1.49, 'none'],
		[3, 1.5, 'warning'],
		[3, 4.99, 'warning'],
		[3, 5, 'critical'],
		// 100 workers beat every 2 s: warning at 6 s, critical at 20 s
		[100, 5.9, 'none'],
		[100, 6, 'warning'],
		[100, 20, 'critical'],
		// 1000 workers beat every 6 s: warning at 18 s
		[1000, 17.9, 'none'],
		[1000, 18, 'warning'],
	] as const)('%s workers, %s s → %s', (workers, age, severity) => {
		expect(only(onWorker(track({heartbeat_age_seconds: age}), {workers}), 'heartbeat')).toBe(severity);
	});
});

describe('spilling to disk (spilled bytes rising)', () => {
	const key = 'spilling|tcp://10.0.0.1:1';
	it.each([
		['no rise', undefined, 'none'],
		['a rise this poll', {firstMs: NOW, lastMs: NOW, amount: 1000}, 'warning'],
		['a rise at the edge of the window (30 s)', {firstMs: NOW - 30_000, lastMs: NOW - 30_000, amount: 1000}, 'warning'],
		['a rise older than the window', {firstMs: NOW - 31_000, lastMs: NOW - 31_000, amount: 1000}, 'none'],
	] as const)('%s → %s', (_label, rise, severity) => {
		const rises = new Map<string, Rise>(rise ? [[key, rise]] : []);
		expect(only(onWorker(track({memory_spilled_bytes: 5000}), {rises}), 'spilling')).toBe(severity);
	});
});

describe('worker lost', () => {
	// The verdicts come from departure.ts (its own tests); this rule only holds the standing ones.
	const lost: Departure = {
		cause: 'unknown',
		verdict: 'lost',
		confidence: 'unknown',
		severity: 'critical',
		standing: true,
		message: 'worker w lost with its work (7 keys held)',
	};
	const gone: Departure = {...lost, verdict: 'gone', severity: 'warning', standing: false};
	const left: Departure = {...lost, cause: 'retired', verdict: 'left', severity: 'info', standing: false};
	it.each([
		['just lost', {lostMs: NOW, departure: lost}, 'critical'],
		['lost 599 s ago', {lostMs: NOW - 599_000, departure: lost}, 'critical'],
		['lost 600 s ago (hold over)', {lostMs: NOW - 600_000, departure: lost}, 'none'],
		['left (retired)', {lostMs: NOW, retired: true, departure: left}, 'none'],
		['gone holding no work (an event, not an alert)', {lostMs: NOW, departure: gone}, 'none'],
		["gone, its reason waiting for the scheduler's log", {lostMs: NOW}, 'none'],
		['present', {}, 'none'],
	] as const)('%s → %s', (_label, extra, severity) => {
		expect(only(onWorker(track({status: 'running'}, extra)), 'worker_lost')).toBe(severity);
	});

	it("keeps only the lost rule for a lost worker, with its departure's message", () => {
		const t = track(
			{status: 'running', memory_process_bytes: 900, memory_limit_bytes: 1000, processing: 4, keys_in_memory: 7},
			{lostMs: NOW, departure: lost},
		);
		const conditions = onWorker(t);
		expect(conditions.map((c) => c.kind)).toEqual(['worker_lost']);
		expect(conditions[0]?.message).toBe(lost.message);
	});
});
