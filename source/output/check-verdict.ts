/**
 * `--check`: one line for Nagios, Icinga, Sensu, cron and on-call scripts, after the
 * monitoring-plugins guidelines: `DASK <STATE> - <text> | <perfdata>`, exit 0/1/2/3.
 *
 * It judges ONE complete poll with the same rules and the same threshold table as the alerts
 * (model/alerts/worker-alerts.ts, model/alerts/no-workers.ts): a worker's memory, pause, event loop and heartbeat
 * age, and no workers while tasks wait. Rules that need history (lost or joined workers, rising
 * erred tasks, spilling, stalls, missed polls, and unmanaged memory, judged on what stayed
 * `unmanaged_recent_s`) cannot be judged from one poll and are left out; the line says "in one poll".
 * One poll cannot wait out `critical_after_s` either: a figure over its critical threshold (an alert
 * still a warning with `critical_since`) counts as CRITICAL here, and the monitoring system's own
 * retries (Nagios' max_check_attempts, soft and hard states) are the wait. No workers while tasks
 * wait is a WARNING: how long it has lasted needs history.
 * What it cannot read is never OK: an answer with figures that are not counts (NaN, ±Inf, negative)
 * is at least WARNING, naming them; a cluster whose number of workers nothing gives is UNKNOWN.
 *
 * The diagnosis' worst finding leads the line: a finding already confirmed, or one whose rule judges
 * a single poll (memory pressure, a blocked event loop, GIL contention, skew, tasks no worker can
 * run) holding now. Its severity counts as the alerts' do: a warning finding is WARNING, a critical
 * one (a paused worker, a worker near terminate or lost, tasks no worker can run) CRITICAL.
 * Pure: the caller polls and passes the state in.
 */
import {checkFindings, type Finding} from '../model/diagnosis/index.js';
import {heartbeatIntervalSeconds} from '../model/alerts/thresholds.js';
import {workerCount} from '../model/rows/worker-count.js';
import {ongoingAlerts} from '../model/alerts/triage.js';
import {LEVEL_RULES} from '../model/alerts/level-rules.js';
import type {Alert, AlertKind, ClusterState, Thresholds} from '../model/types.js';
import {CHECK_EXIT_CODES} from '../types/exit-codes.js';
import type {Snapshot, WorkerSnapshot} from '../types/snapshot.js';

export type CheckState = keyof typeof CHECK_EXIT_CODES;

/** The alert kinds one poll can show (the level rules say which of theirs); the others need history. */
export const ONE_POLL_KINDS: ReadonlySet<AlertKind> = new Set<AlertKind>([
	...LEVEL_RULES.filter((rule) => rule.onePoll).map((rule) => rule.kind),
	'paused',
	'no_workers',
]);

/** How many alert messages the line names before "+N more" (a plugin line must stay short). */
const MAX_NAMED_ALERTS = 3;

export interface PerfDatum {
	readonly label: string;
	readonly value: number;
	readonly unit: '' | '%' | 's' | 'B';
	readonly warn?: number;
	readonly crit?: number;
	readonly min?: number;
	readonly max?: number;
}

export interface ClusterCheck {
	/** The cluster's short name (used with several clusters). */
	readonly name: string;
	readonly state: CheckState;
	/** What the line says of this cluster, without the state. */
	readonly text: string;
	readonly perfdata: readonly PerfDatum[];
}

const STATE_RANK: Readonly<Record<CheckState, number>> = {OK: 0, WARNING: 1, UNKNOWN: 2, CRITICAL: 3};

function percent(fraction: number): number {
	return Math.round(fraction * 1000) / 10;
}

function maxOf(
	workers: readonly WorkerSnapshot[],
	figure: (w: WorkerSnapshot) => number | undefined,
): number | undefined {
	let max: number | undefined;
	for (const w of workers) {
		const value = figure(w);
		if (value !== undefined && Number.isFinite(value) && (max === undefined || value > max)) max = value;
	}
	return max;
}

function fraction(part: number | undefined, limit: number | undefined): number | undefined {
	return part === undefined || limit === undefined || limit <= 0 ? undefined : part / limit;
}

function datum(
	label: string,
	value: number | undefined,
	unit: PerfDatum['unit'],
	extra: Omit<PerfDatum, 'label' | 'value' | 'unit'> = {},
): PerfDatum[] {
	return value === undefined ? [] : [{label, value, unit, ...extra}];
}

/** The figures behind the line, with warn/crit where a threshold of the alert table applies. */
export function perfdata(snapshot: Snapshot, thresholds: Thresholds): PerfDatum[] {
	const s = snapshot.scheduler;
	const workers = snapshot.workers;
	const count = workerCount(snapshot);
	const heartbeat = heartbeatIntervalSeconds(count ?? workers.length);
	const memory = fraction(s.memory_process_bytes, s.memory_limit_bytes);
	const worst = maxOf(workers, (w) => fraction(w.memory_process_bytes, w.memory_limit_bytes));
	const unmanaged = maxOf(workers, (w) => fraction(w.memory_unmanaged_bytes, w.memory_limit_bytes));
	const paused = s.workers.paused ?? workers.filter((w) => w.status === 'paused').length;
	return [
		...datum('workers', count, '', {min: 0}),
		...datum('threads', s.threads, '', {min: 0}),
		...datum('memory', memory === undefined ? undefined : percent(memory), '%', {min: 0, max: 100}),
		...datum('memory_used', s.memory_process_bytes, 'B', {
			min: 0,
			...(s.memory_limit_bytes ? {max: s.memory_limit_bytes} : {}),
		}),
		...datum('worker_memory_max', worst === undefined ? undefined : percent(worst), '%', {
			warn: percent(thresholds.memory_warning),
			crit: percent(thresholds.memory_critical),
			min: 0,
			max: 100,
		}),
		// The figure now, recent and old together: no warn/crit, as the rule judges only what stayed (unmanaged_recent_s).
		...datum('worker_unmanaged_max', unmanaged === undefined ? undefined : percent(unmanaged), '%', {min: 0, max: 100}),
		...datum('spilled', s.memory_spilled_bytes, 'B', {min: 0}),
		// Any paused worker is critical (the paused rule): a critical range of 0 means "above 0".
		...datum('paused', paused, '', {crit: 0, min: 0, ...(count === undefined ? {} : {max: count})}),
		...datum(
			'event_loop_max',
			maxOf(workers, (w) => w.event_loop_interval_seconds),
			's',
			{warn: thresholds.event_loop_warning_s, crit: thresholds.event_loop_critical_s, min: 0},
		),
		...datum(
			'heartbeat_age_max',
			maxOf(workers, (w) => w.heartbeat_age_seconds),
			's',
			{warn: thresholds.heartbeat_warning_x * heartbeat, crit: thresholds.heartbeat_critical_x * heartbeat, min: 0},
		),
		...datum('tasks_processing', s.tasks.processing, '', {min: 0}),
		...datum('tasks_queued', s.tasks.queued, '', {min: 0}),
		...datum('tasks_erred', s.tasks.erred, '', {min: 0}),
	];
}

/** A figure as perfdata writes it: no exponent, at most 3 decimals. */
function number(value: number): string {
	return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}

function label(text: string): string {
	return /^[A-Za-z0-9_.:/-]+$/.test(text) ? text : `'${text.replaceAll("'", '')}'`;
}

/** One datum as `'label'=value[UOM];[warn];[crit];[min];[max]`, trailing empty fields dropped. */
export function perfText(d: PerfDatum, prefix = ''): string {
	const fields = [d.warn, d.crit, d.min, d.max].map((v) => (v === undefined ? '' : number(v)));
	while (fields.length > 0 && fields.at(-1) === '') fields.pop();
	return `${label(prefix + d.label)}=${number(d.value)}${d.unit}${fields.length > 0 ? `;${fields.join(';')}` : ''}`;
}

function summary(snapshot: Snapshot): string {
	const s = snapshot.scheduler;
	const count = workerCount(snapshot);
	const parts = [count === undefined ? 'workers unknown' : `${count} worker${count === 1 ? '' : 's'}`];
	if (s.threads !== undefined) parts.push(`${s.threads} thread${s.threads === 1 ? '' : 's'}`);
	const memory = fraction(s.memory_process_bytes, s.memory_limit_bytes);
	if (memory !== undefined) parts.push(`${Math.round(memory * 100)}% memory`);
	return parts.join(', ');
}

/**
 * The ongoing alerts one poll can show, worst first, each at the level its figure is at: one over its
 * critical threshold (still a warning, waiting out critical_after_s) is critical here.
 */
export function onePollAlerts(state: ClusterState): Alert[] {
	const alerts = ongoingAlerts(state)
		.filter((alert) => ONE_POLL_KINDS.has(alert.kind) && alert.severity !== 'info')
		.map((alert): Alert => (alert.critical_since === undefined ? alert : {...alert, severity: 'critical'}));
	return alerts.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
}

/**
 * What the check could not read: the number of workers (UNKNOWN: nothing to judge the rest by), and
 * answers with figures that are not counts (WARNING: the rules could not judge what they hid).
 */
function unread(snapshot: Snapshot): {readonly state: CheckState; readonly says: readonly string[]} | undefined {
	const says: string[] = [];
	if (workerCount(snapshot) === undefined) says.push('cannot tell how many workers there are');
	for (const e of snapshot.endpoints)
		if (e.unreadable !== undefined)
			says.push(`${e.target === undefined ? '' : `${e.target} `}${e.path}: ${e.detail ?? 'unreadable figures'}`);
	if (says.length === 0) return undefined;
	return {state: workerCount(snapshot) === undefined ? 'UNKNOWN' : 'WARNING', says};
}

function worse(a: CheckState, b: CheckState): CheckState {
	return STATE_RANK[b] > STATE_RANK[a] ? b : a;
}

/** "likely memory-pressure: beta is paused by memory …" (and how many more findings). */
function findingText(findings: readonly Finding[]): string {
	const worst = findings[0]!;
	const more = findings.length > 1 ? ` (+${findings.length - 1} more finding${findings.length === 2 ? '' : 's'})` : '';
	return `likely ${worst.cause}: ${worst.summary}${more}`;
}

/** One cluster judged from its latest snapshot, the model's alerts and the diagnosis after one poll. */
export function judgeCluster(name: string, snapshot: Snapshot, state: ClusterState): ClusterCheck {
	const alerts = onePollAlerts(state);
	const unknown = unread(snapshot);
	const findings = checkFindings(state);
	const critical = alerts.some((a) => a.severity === 'critical') || findings.some((f) => f.severity === 'critical');
	const judged: CheckState = critical ? 'CRITICAL' : alerts.length > 0 || findings.length > 0 ? 'WARNING' : 'OK';
	const worst = unknown === undefined ? judged : worse(judged, unknown.state);
	const figures = summary(snapshot);
	const count = `${alerts.length} alert${alerts.length === 1 ? '' : 's'} in one poll`;
	const named = [
		...(findings.length > 0 ? [findingText(findings)] : []),
		...alerts.slice(0, MAX_NAMED_ALERTS).map((a) => a.message),
		...(alerts.length > MAX_NAMED_ALERTS ? [`+${alerts.length - MAX_NAMED_ALERTS} more`] : []),
		...(unknown?.says ?? []),
	].map((text) => text.replaceAll('|', '/'));
	const text = named.length === 0 ? `${figures}, ${count}` : `${named.join('; ')} (${figures}, ${count})`;
	return {name, state: worst, text, perfdata: perfdata(snapshot, state.options.thresholds)};
}

/** A cluster that could not be read: CRITICAL, as the plugin guidelines ask of an unreachable service. */
export function unreadableCluster(name: string, why: string): ClusterCheck {
	return {name, state: 'CRITICAL', text: `cannot read the scheduler: ${why}`, perfdata: []};
}

export interface CheckResult {
	readonly line: string;
	readonly exitCode: number;
}

/** The worst state wins; one cluster is named by its figures, several each by name and state. */
export function checkResult(checks: readonly ClusterCheck[]): CheckResult {
	if (checks.length === 0) return unknownResult('no scheduler to check');
	const worst = checks.reduce<CheckState>((acc, c) => (STATE_RANK[c.state] > STATE_RANK[acc] ? c.state : acc), 'OK');
	const single = checks.length === 1;
	const text = single
		? checks[0]!.text
		: [...checks]
				.sort((a, b) => STATE_RANK[b.state] - STATE_RANK[a.state])
				.map((c) => `${c.name} ${c.state}: ${c.text}`)
				.join('; ');
	const perf = checks.flatMap((c) => c.perfdata.map((d) => perfText(d, single ? '' : `${c.name}/`)));
	return {
		line: `DASK ${worst} - ${oneLine(text)}${perf.length > 0 ? ` | ${perf.join(' ')}` : ''}`,
		exitCode: CHECK_EXIT_CODES[worst],
	};
}

/** A usage error or anything that stops the check from judging: UNKNOWN (3). */
export function unknownResult(why: string): CheckResult {
	return {line: `DASK UNKNOWN - ${oneLine(why)}`, exitCode: CHECK_EXIT_CODES.UNKNOWN};
}

function oneLine(text: string): string {
	return text.replaceAll(/\s*\n\s*/g, ' ').replaceAll('|', '/');
}
