/**
 * Every worker alert rule as a table: figures in → the alert (kind, severity) or none, at the boundaries.
 * Synthesized workers: the fixtures never sit exactly on a threshold. One poll alone (no ongoing
 * alert) never makes a critical: a figure over its critical threshold is a warning waiting out
 * critical_after_s ('pending' below); an ongoing alert that has waited it out is critical.
 */
import type {Departure} from '../../../source/model/departures/departure.js';
import {describe, expect, it} from 'vitest';
import type {Condition} from '../../../source/model/alerts/alerts.js';
import {newWorkerHistory} from '../../../source/model/history/worker-tracks.js';
import {DEFAULT_THRESHOLDS} from '../../../source/model/alerts/thresholds.js';
import {workerConditions} from '../../../source/model/alerts/worker-alerts.js';
import type {Alert, AlertKind, Rise, Severity, WorkerTrack} from '../../../source/model/types.js';
import type {UnmanagedWindow} from '../../../source/model/alerts/unmanaged-old.js';
import type {WorkerSnapshot} from '../../../source/types/snapshot.js';
import {worker} from '../../helpers/snapshots.js';

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

interface RuleOptions {
	readonly workers?: number;
	readonly rises?: Map<string, Rise>;
	readonly alerts?: ReadonlyMap<string, Alert>;
	readonly thresholds?: Partial<typeof DEFAULT_THRESHOLDS>;
}

function onWorker(t: WorkerTrack, opts: RuleOptions = {}): Condition[] {
	const out: Condition[] = [];
	workerConditions(
		t,
		{
			thresholds: {...DEFAULT_THRESHOLDS, ...opts.thresholds},
			nowMs: NOW,
			workerCount: opts.workers ?? 3,
			rises: opts.rises ?? new Map(),
			...(opts.alerts ? {alerts: opts.alerts} : {}),
			clockText: (ms) => `${new Date(ms).toISOString().slice(11, 19)} UTC`,
		},
		out,
	);
	return out;
}

/** The severity, or 'pending': a warning whose figure is over its critical threshold, not yet for long enough. */
function only(conditions: Condition[], kind: AlertKind): Severity | 'pending' | 'none' {
	const found = conditions.filter((c) => c.kind === kind);
	expect(found.length).toBeLessThanOrEqual(1);
	if (found[0]?.critical_since !== undefined) {
		expect(found[0].severity).toBe('warning');
		return 'pending';
	}
	return found[0]?.severity ?? 'none';
}

/** Unmanaged-memory readings that have held `bytes` (at least) over the whole 30 s window. */
function heldUnmanaged(bytes: number): UnmanagedWindow {
	return {sinceMs: NOW - 30_000, lastMs: NOW, queue: [{atMs: NOW - 30_000, bytes}]};
}

/** An ongoing alert of `kind` on the worker, at `severity`, over its critical threshold since `criticalSinceMs`. */
function ongoing(kind: AlertKind, severity: Severity, sinceMs: number, criticalSinceMs?: number): Map<string, Alert> {
	const alert: Alert = {
		id: `${kind}|tcp://10.0.0.1:1`,
		kind,
		severity,
		peak_severity: severity,
		subject: 'tcp://10.0.0.1:1',
		subject_name: '10.0.0.1:1',
		message: '',
		start_time: sinceMs / 1000,
		duration_seconds: (NOW - sinceMs) / 1000,
		state: 'ongoing',
		...(criticalSinceMs === undefined ? {} : {critical_since: criticalSinceMs / 1000}),
	};
	return new Map([[alert.id, alert]]);
}

describe('worker process memory / limit', () => {
	it.each([
		[0.69, 'none'],
		[0.7, 'warning'],
		[0.79, 'warning'],
		[0.8, 'pending'],
		[0.949, 'pending'],
		[0.95, 'pending'],
		[1.2, 'pending'],
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

	it('turns critical once over the pause threshold for critical_after_s (10 s), not a moment before', () => {
		const figures = {memory_limit_bytes: 100 * GiB, memory_process_bytes: 0.85 * 100 * GiB};
		const since = (ms: number) =>
			only(onWorker(track(figures), {alerts: ongoing('memory', 'warning', NOW - ms, NOW - ms)}), 'memory');
		expect(since(9_900)).toBe('pending');
		expect(since(10_000)).toBe('critical');
		// one poll is critical at once only with the wait switched off
		expect(only(onWorker(track(figures), {thresholds: {critical_after_s: 0}}), 'memory')).toBe('critical');
	});

	it('starts the wait again when the figure dropped under the critical threshold in between', () => {
		// the ongoing alert is a plain warning (no critical_since): the figure was under 80 % last poll
		const figures = {memory_limit_bytes: 100 * GiB, memory_process_bytes: 0.85 * 100 * GiB};
		const conditions = onWorker(track(figures), {alerts: ongoing('memory', 'warning', NOW - 60_000)});
		expect(only(conditions, 'memory')).toBe('pending');
		expect(conditions[0]?.critical_since).toBe(NOW / 1000);
		expect(conditions[0]?.message).toMatch(/over Dask's pause threshold \(80 %\) since \d\d:\d\d:\d\d UTC$/);
	});

	it('says nothing without a limit (0 = no limit) or without a process figure', () => {
		expect(only(onWorker(track({memory_limit_bytes: 0, memory_process_bytes: 5 * GiB})), 'memory')).toBe('none');
		expect(only(onWorker(track({memory_limit_bytes: GiB})), 'memory')).toBe('none');
	});
});

describe('worker paused', () => {
	it.each([
		['paused', 'pending'],
		['running', 'none'],
		['closing_gracefully', 'none'],
		[undefined, 'none'],
	] as const)('status %s → %s', (status, severity) => {
		expect(only(onWorker(track(status === undefined ? {} : {status})), 'paused')).toBe(severity);
	});

	it('is critical once paused for critical_after_s (10 s): a pause of a poll or two is a warning', () => {
		const paused = track({status: 'paused'});
		expect(only(onWorker(paused, {alerts: ongoing('paused', 'warning', NOW - 8_000, NOW - 8_000)}), 'paused')).toBe(
			'pending',
		);
		expect(only(onWorker(paused, {alerts: ongoing('paused', 'warning', NOW - 10_000, NOW - 10_000)}), 'paused')).toBe(
			'critical',
		);
		expect(only(onWorker(paused, {alerts: ongoing('paused', 'critical', NOW - 60_000)}), 'paused')).toBe('critical');
	});
});

describe('unmanaged memory / limit, on what stayed over the last 30 s (unmanaged_old)', () => {
	it.each([
		[0.29, 'none'],
		[0.3, 'warning'],
		[0.49, 'warning'],
		[0.5, 'pending'],
	] as const)('%s of the limit held 30 s → %s', (f, severity) => {
		const t = track({memory_limit_bytes: 1000, memory_unmanaged_bytes: f * 1000}, {unmanaged: heldUnmanaged(f * 1000)});
		expect(only(onWorker(t), 'unmanaged_memory')).toBe(severity);
	});

	it('ignores unmanaged_recent: 61 % now, after 8 % for the rest of the window (a client just left)', () => {
		const window: UnmanagedWindow = {
			sinceMs: NOW - 40_000,
			lastMs: NOW,
			queue: [
				{atMs: NOW - 28_000, bytes: 80},
				{atMs: NOW, bytes: 610},
			],
		};
		const t = track({memory_limit_bytes: 1000, memory_unmanaged_bytes: 610}, {unmanaged: window});
		expect(only(onWorker(t), 'unmanaged_memory')).toBe('none');
	});

	it('says the least it held over the window', () => {
		const t = track({memory_limit_bytes: 1000, memory_unmanaged_bytes: 610}, {unmanaged: heldUnmanaged(350)});
		expect(onWorker(t)[0]?.message).toBe(
			'10.0.0.1:1: unmanaged memory at least 350 B (35 % of the limit) over the last 30 s',
		);
	});

	it('judges nothing before the readings span the window, nor while the worker does not report the figure', () => {
		const young: UnmanagedWindow = {sinceMs: NOW - 20_000, lastMs: NOW, queue: [{atMs: NOW - 20_000, bytes: 600}]};
		const t = track({memory_limit_bytes: 1000, memory_unmanaged_bytes: 600}, {unmanaged: young});
		expect(only(onWorker(t), 'unmanaged_memory')).toBe('none');
		expect(only(onWorker(track({memory_limit_bytes: 1000}, {unmanaged: heldUnmanaged(600)})), 'unmanaged_memory')).toBe(
			'none',
		);
	});

	it('judges every reading with unmanaged_recent_s = 0', () => {
		const t = track(
			{memory_limit_bytes: 1000, memory_unmanaged_bytes: 400},
			{unmanaged: {sinceMs: NOW, lastMs: NOW, queue: [{atMs: NOW, bytes: 400}]}},
		);
		expect(only(onWorker(t, {thresholds: {unmanaged_recent_s: 0}}), 'unmanaged_memory')).toBe('warning');
	});
});

describe('event loop interval', () => {
	it.each([
		[0.02, 'none'],
		[0.99, 'none'],
		[1, 'warning'],
		[2.99, 'warning'],
		[3, 'pending'],
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
		[3, 5, 'pending'],
		// 100 workers beat every 2 s: warning at 6 s, critical at 20 s
		[100, 5.9, 'none'],
		[100, 6, 'warning'],
		[100, 20, 'pending'],
		// 1000 workers beat every 6 s: warning at 18 s
		[1000, 17.9, 'none'],
		[1000, 18, 'warning'],
	] as const)('%s workers, %s s → %s', (workers, age, severity) => {
		expect(only(onWorker(track({heartbeat_age_seconds: age}), {workers}), 'heartbeat')).toBe(severity);
	});
});

describe('spilling to disk: bytes on disk now, and new bytes written lately', () => {
	const key = 'spilling|tcp://10.0.0.1:1';
	const now = {firstMs: NOW, lastMs: NOW, amount: 1000};
	it.each([
		['no rise', undefined, 5000, 'none'],
		['a rise this poll', now, 5000, 'warning'],
		[
			'a rise at the edge of the window (30 s)',
			{firstMs: NOW - 30_000, lastMs: NOW - 30_000, amount: 1000},
			5000,
			'warning',
		],
		['a rise older than the window', {firstMs: NOW - 31_000, lastMs: NOW - 31_000, amount: 1000}, 5000, 'none'],
		['a rise, but nothing on disk now (the data was released)', now, 0, 'none'],
		['a rise, bytes on disk not reported (a counter of writes only)', now, undefined, 'warning'],
	] as const)('%s → %s', (_label, rise, onDisk, severity) => {
		const rises = new Map<string, Rise>(rise ? [[key, rise]] : []);
		const figures = onDisk === undefined ? {} : {memory_spilled_bytes: onDisk};
		expect(only(onWorker(track(figures), {rises}), 'spilling')).toBe(severity);
	});

	it('says what is on disk and how much was written since when', () => {
		const rises = new Map<string, Rise>([[key, {firstMs: NOW - 4000, lastMs: NOW, amount: 80 * 1024 ** 2}]]);
		expect(onWorker(track({memory_spilled_bytes: 160 * 1024 ** 2}), {rises})[0]?.message).toMatch(
			/^10\.0\.0\.1:1 is spilling to disk: 160\.0 MiB on disk \(\+80\.0 MiB written since \d\d:\d\d:\d\d UTC\)$/,
		);
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
