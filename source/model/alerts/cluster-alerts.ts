/**
 * The alert rules on the whole cluster, declared for the rule engine (rule-engine.ts): a loss held
 * while its address is back, erred tasks (rising, or held since before the first snapshot),
 * scheduler unreachable, fallback source, stalled, no workers while tasks wait.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {alertHold} from '../hold.js';
import {type DeclaredRule, judgeRules, newVerdicts} from '../rule-engine.js';
import {alertId, type Condition, condition, eventAlert, risingOpen} from './alerts.js';
import {erredBeforeText} from './erred-before.js';
import {noWorkersCondition} from './no-workers.js';
import {countsText, secondsText} from '../text.js';
import type {Alert, Severity, StallView} from '../view-types.js';
import type {ErredBefore, HeldLoss, Rise} from '../state-types.js';
import type {Thresholds} from './thresholds.js';

export interface ClusterRuleContext {
	readonly thresholds: Thresholds;
	readonly nowMs: number;
	readonly snapshot?: Snapshot | undefined;
	readonly rises: ReadonlyMap<string, Rise>;
	readonly missedPolls: number;
	readonly dataAgeSeconds?: number | undefined;
	/** Why the source is failing, when it says. */
	readonly sourceDetail?: string | undefined;
	readonly stall: StallView;
	/** Erred tasks the first snapshot already held, while the scheduler still holds some (erred-before.ts). */
	readonly erredBefore?: ErredBefore | undefined;
	/** The ongoing alerts by id (since when "no workers" holds). */
	readonly alerts?: ReadonlyMap<string, Alert> | undefined;
	/** Epoch ms → time of day in messages (ModelOptions.clockText). */
	readonly clockText: (epochMs: number) => string;
	/** Losses held as alerts though a new process has the address back (state.heldLosses). */
	readonly heldLosses?: readonly HeldLoss[] | undefined;
}

type ClusterAlertRule = DeclaredRule<ClusterRuleContext, Condition>;

/**
 * A standing loss's alert (state.heldLosses), while its hold lasts: the same alert as a lost track's
 * (one alert per id: the track's comes first), which it outlives when a new process takes the
 * address back.
 */
const heldLoss = eventAlert<ClusterRuleContext>({
	id: 'worker_lost',
	inputs: ['heldLosses', 'thresholds', 'nowMs'],
	judge(ctx) {
		const out: Condition[] = [];
		for (const loss of ctx.heldLosses ?? [])
			if (ctx.nowMs - loss.sinceMs < ctx.thresholds.worker_lost_hold_s * 1000)
				out.push(condition('worker_lost', loss.departure.severity, loss.address, loss.name, loss.departure.message));
		return out;
	},
});

const erred = eventAlert<ClusterRuleContext>({
	id: 'erred_rising',
	inputs: ['rises', 'erredBefore', 'snapshot.scheduler.tasks', 'thresholds', 'nowMs'],
	judge: erredCondition,
});

const stale = eventAlert<ClusterRuleContext>({
	id: 'stale',
	inputs: ['missedPolls', 'dataAgeSeconds', 'sourceDetail', 'thresholds'],
	judge(ctx) {
		const t = ctx.thresholds;
		if (ctx.missedPolls < t.stale_warning_polls) return undefined;
		const severity: Severity = ctx.missedPolls >= t.stale_critical_polls ? 'critical' : 'warning';
		const age = ctx.dataAgeSeconds === undefined ? 'no data yet' : `data ${secondsText(ctx.dataAgeSeconds)} old`;
		return condition(
			'stale',
			severity,
			'cluster',
			'cluster',
			`scheduler unreachable: ${ctx.missedPolls} missed polls, ${age}${ctx.sourceDetail ? ` (${ctx.sourceDetail})` : ''}`,
		);
	},
});

const fallback = eventAlert<ClusterRuleContext>({
	id: 'fallback_source',
	inputs: ['rises', 'snapshot.endpoints', 'thresholds', 'nowMs'],
	judge(ctx) {
		const rise = ctx.rises.get(alertId('fallback_source', 'cluster'));
		if (!risingOpen(rise, ctx.nowMs, ctx.thresholds.rising_window_s)) return undefined;
		return condition('fallback_source', 'info', 'cluster', 'cluster', fallbackMessage(ctx.snapshot, rise));
	},
});

const stalled = eventAlert<ClusterRuleContext>({
	id: 'stalled',
	inputs: ['stall'],
	judge: ({stall}) =>
		stall.stalled
			? condition('stalled', 'warning', 'cluster', 'cluster', stall.message ?? 'stalled', stall.workers)
			: undefined,
});

/** No workers while tasks wait (no-workers.ts): critical once it lasted the stall time. */
const noWorkers = eventAlert<ClusterRuleContext>({
	id: 'no_workers',
	inputs: ['snapshot.scheduler.workers', 'snapshot.scheduler.tasks', 'snapshot.workers', 'stall', 'alerts', 'nowMs'],
	hold: ({stall}) => alertHold(stall.threshold_seconds),
	judge: (ctx) =>
		noWorkersCondition({
			snapshot: ctx.snapshot,
			nowMs: ctx.nowMs,
			alerts: ctx.alerts,
			criticalAfterSeconds: ctx.stall.threshold_seconds,
			clockText: ctx.clockText,
		}),
});

/** The rules judged once on the whole cluster, after the workers', in the order their alerts are listed. */
export const CLUSTER_ALERT_RULES: readonly ClusterAlertRule[] = [heldLoss, erred, stale, fallback, stalled, noWorkers];

/** @internal The cluster's conditions, appended to `out` (its tests judge the table so). */
export function clusterConditions(ctx: ClusterRuleContext, out: Condition[]): void {
	out.push(...judgeRules(CLUSTER_ALERT_RULES, ctx, newVerdicts<Condition>()).candidates);
}

/**
 * One alert for erred tasks: those seen rising in the rising window, and those the first snapshot
 * already held (while the scheduler still holds erred tasks). Either alone, or both in one message.
 */
function erredCondition(ctx: ClusterRuleContext): Condition | undefined {
	const rise = ctx.rises.get(alertId('erred_rising', 'cluster'));
	const rising = risingOpen(rise, ctx.nowMs, ctx.thresholds.rising_window_s) ? rise : undefined;
	const before = ctx.erredBefore;
	if (!rising && !before) return undefined;
	const now = ctx.snapshot?.scheduler.tasks.erred;
	const parts: string[] = [];
	if (rising) {
		const byPrefix = rising.detail && Object.keys(rising.detail).length > 0 ? ` (${countsText(rising.detail)})` : '';
		parts.push(`${rising.amount} more task${rising.amount === 1 ? '' : 's'} erred${byPrefix}`);
	}
	if (before) parts.push(erredBeforeText(before));
	if (now !== undefined && (rising || now !== before?.count)) parts.push(`${now} erred now`);
	return condition('erred_rising', 'warning', 'cluster', 'cluster', parts.join('; '));
}

/**
 * identity.json fails intermittently on busy modern clusters (dask/distributed#8370): the fallback
 * alert stays open for the rising window after the last fallback poll instead of flapping.
 */
function fallbackMessage(snapshot: Snapshot | undefined, rise: Rise): string {
	const identity = snapshot?.endpoints.find((e) => e.target === undefined && e.path === '/json/identity.json');
	const failing = identity !== undefined && identity.state !== 'ok';
	const why = !failing
		? 'failed'
		: identity.status === 500
			? 'answers HTTP 500 (dask/distributed#8370: busy workers break its JSON)'
			: identity.status
				? `answers HTTP ${identity.status}`
				: 'gets no answer';
	const from = rise.detail?.['api'] && !rise.detail['workers_html'] ? '/api/v1/get_workers' : '/info/main/workers.html';
	return (
		`identity.json ${why} in ${rise.amount} recent poll${rise.amount === 1 ? '' : 's'}: ` +
		`worker figures come from ${from}`
	);
}
