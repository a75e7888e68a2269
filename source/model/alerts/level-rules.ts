/**
 * The level alerts on a worker, one row each: the figure judged, the three thresholds that judge it
 * (warning, critical, and the margin it must fall below to clear; the table in thresholds.ts), its
 * hold (hold.ts), the names of its levels in messages, and its messages. level-alerts.ts makes each
 * row a declared rule of the rule engine (rule-engine.ts; its condition level-verdict.ts), judged on
 * every worker; a new level alert is a row here, its thresholds' rows and its kind in AlertKind
 * (view-types.ts): a missing one fails the build.
 *
 * Unmanaged memory is judged on what has stayed over `unmanaged_recent_s` (unmanaged-old.ts), never on
 * Dask's transient unmanaged_recent. The heartbeat age is judged in heartbeat intervals (age /
 * interval: the interval depends on the cluster's size), and only over the time the scheduler was
 * listening: heartbeats that could not arrive at a deaf scheduler are the scheduler's fault.
 */
import {bytesText} from '../../units/bytes.js';
import {alertHold, type Hold} from '../hold.js';
import type {WorkerTrack} from '../state-types.js';
import {percentText, secondsText, UNKNOWN} from '../text.js';
import type {AlertKind, Severity} from '../view-types.js';
import type {InputName} from '../rule-engine.js';
import type {WorkerAlertInput, WorkerRuleContext} from './alerts.js';
import {LEVEL_LABELS, memoryLabels, type Labels} from './level-condition.js';
import {heartbeatIntervalSeconds, memoryThresholdName, type ThresholdName, type Thresholds} from './thresholds.js';
import {unmanagedOldBytes} from './unmanaged-old.js';

export interface LevelRule {
	readonly kind: AlertKind;
	/** What its figure and text read of the worker (the declared rule's inputs). */
	readonly inputs: readonly InputName<WorkerAlertInput>[];
	readonly warning: ThresholdName;
	readonly critical: ThresholdName;
	/** A level is left only below its threshold minus this. */
	readonly margin: ThresholdName;
	/** Its hold (hold.ts): when the critical level counts, and how long clear before it resolves. */
	hold(t: Thresholds): Hold;
	/** The levels' names in the messages ("Dask's spill threshold", or the user's own). */
	labels(t: Thresholds): Labels;
	/** One poll shows it (--check judges it without history). */
	readonly onePoll: boolean;
	/** The figure judged against the thresholds; undefined when the worker does not report it. */
	figure(track: WorkerTrack, ctx: WorkerRuleContext): number | undefined;
	/** "name: the figure …", the start of every message; undefined when not reported. */
	describe(value: number | undefined, track: WorkerTrack, ctx: WorkerRuleContext): string | undefined;
	/** The message at or over a threshold: `level` reached, `since` while a critical waits out its time. */
	over(described: string, value: number, level: Severity, since: string, ctx: WorkerRuleContext): string;
	/** A threshold or a clear level as the messages print it. */
	unit(value: number, ctx: WorkerRuleContext): string;
}

/** The level alerts' hold: critical after `critical_after_s`, resolved after `alert_clear_s` clear. */
const levelHold = (t: Thresholds): Hold => alertHold(t.critical_after_s, t.alert_clear_s);

/** Process memory / limit; undefined without a limit. */
function memoryFraction(track: WorkerTrack): number | undefined {
	const w = track.last;
	const limit = w.memory_limit_bytes;
	return limit !== undefined && limit > 0 && w.memory_process_bytes !== undefined
		? w.memory_process_bytes / limit
		: undefined;
}

/** Two decimals under 10 s: near the clear level (0.8 s by default) one decimal would read 0.79 as 0.8. */
function loopSecondsText(seconds: number): string {
	return seconds < 10 ? `${Number(seconds.toFixed(2))} s` : secondsText(seconds);
}

const memory: LevelRule = {
	kind: 'memory',
	inputs: ['track.last.memory_process_bytes', 'track.last.memory_limit_bytes', 'track.last.name'],
	warning: 'memory_warning',
	critical: 'memory_critical',
	margin: 'memory_clear_margin',
	hold: levelHold,
	labels: memoryLabels,
	onePoll: true,
	figure: memoryFraction,
	describe: (value, track) =>
		value === undefined
			? undefined
			: `${track.last.name}: process memory ${percentText(value)} of ${bytesText(track.last.memory_limit_bytes, UNKNOWN)}`,
	over: (described, value, level, since, {thresholds: t}) =>
		value >= t.memory_terminate
			? `${described}, over ${memoryThresholdName(t, 'memory_terminate')} (${percentText(t.memory_terminate)})${since}`
			: `${described}, over ${memoryLabels(t)[level]} ` +
				`(${percentText(level === 'critical' ? t.memory_critical : t.memory_warning)})${since}`,
	unit: percentText,
};

const unmanaged: LevelRule = {
	kind: 'unmanaged_memory',
	inputs: ['track.last.memory_unmanaged_bytes', 'track.last.memory_limit_bytes', 'track.unmanaged', 'track.last.name'],
	warning: 'unmanaged_warning',
	critical: 'unmanaged_critical',
	margin: 'unmanaged_clear_margin',
	hold: levelHold,
	labels: () => LEVEL_LABELS,
	onePoll: false,
	figure: (track, ctx) => {
		const limit = track.last.memory_limit_bytes;
		// What stayed over the window (Dask's unmanaged_old), and only while the worker reports the figure.
		if (limit === undefined || limit <= 0 || track.last.memory_unmanaged_bytes === undefined) return undefined;
		const old = unmanagedOldBytes(track.unmanaged, ctx.thresholds.unmanaged_recent_s * 1000);
		return old === undefined ? undefined : old / limit;
	},
	describe: (value, track, {thresholds: t}) => {
		if (value === undefined) return undefined;
		const held = t.unmanaged_recent_s > 0 ? ` over the last ${secondsText(t.unmanaged_recent_s)}` : '';
		const bytes = value * (track.last.memory_limit_bytes ?? 0);
		return (
			`${track.last.name}: unmanaged memory ${held === '' ? '' : 'at least '}${bytesText(bytes, UNKNOWN)} ` +
			`(${percentText(value)} of the limit)${held}`
		);
	},
	over: (described, _value, _level, since) => described + since,
	unit: percentText,
};

const eventLoop: LevelRule = {
	kind: 'event_loop',
	inputs: ['track.last.event_loop_interval_seconds', 'track.last.name'],
	warning: 'event_loop_warning_s',
	critical: 'event_loop_critical_s',
	margin: 'event_loop_clear_margin_s',
	hold: levelHold,
	labels: () => LEVEL_LABELS,
	onePoll: true,
	figure: (track) => track.last.event_loop_interval_seconds,
	describe: (value, track) =>
		value === undefined ? undefined : `${track.last.name}: event loop interval ${loopSecondsText(value)}`,
	over: (described, _value, _level, since) => `${described} (nominal 0.02 s): the worker is blocked${since}`,
	unit: loopSecondsText,
};

const heartbeat: LevelRule = {
	kind: 'heartbeat',
	inputs: ['track.last.heartbeat_age_seconds', 'track.last.name', 'context.workerCount', 'context.listeningSeconds'],
	warning: 'heartbeat_warning_x',
	critical: 'heartbeat_critical_x',
	margin: 'heartbeat_clear_margin_x',
	hold: levelHold,
	labels: () => LEVEL_LABELS,
	onePoll: true,
	figure: (track, ctx) => {
		const age = track.last.heartbeat_age_seconds;
		if (age === undefined) return undefined;
		const judged = ctx.listeningSeconds === undefined ? age : Math.min(age, Math.max(0, ctx.listeningSeconds));
		return judged / heartbeatIntervalSeconds(ctx.workerCount);
	},
	describe: (_value, track, ctx) => {
		const age = track.last.heartbeat_age_seconds;
		return age === undefined
			? undefined
			: `${track.last.name}: no heartbeat for ${secondsText(age)} ` +
					`(expected every ${heartbeatIntervalSeconds(ctx.workerCount)} s)`;
	},
	over: (described, _value, _level, since) => described + since,
	unit: (x, ctx) => `${Number(x.toFixed(2))} x ${heartbeatIntervalSeconds(ctx.workerCount)} s`,
};

/** Every level alert on a worker, in the order their conditions are listed. */
export const LEVEL_RULES = [memory, unmanaged, eventLoop, heartbeat] as const;

/** The kinds of the level alerts (the ongoing ones are indexed by subject for the hysteresis). */
export const LEVEL_KINDS: ReadonlySet<AlertKind> = new Set(LEVEL_RULES.map((rule) => rule.kind));
