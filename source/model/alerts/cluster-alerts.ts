/**
 * The alert rules on the whole cluster: erred tasks (rising, or held since before the first
 * snapshot), scheduler unreachable, fallback source, stalled, no workers while tasks wait.
 */
import type {Snapshot} from '../../types/snapshot.js';
import {alertId, type Condition, condition, risingOpen} from './alerts.js';
import {erredBeforeText} from './erred-before.js';
import {noWorkersCondition} from './no-workers.js';
import {countsText, secondsText} from '../text.js';
import type {Alert, Severity, StallView} from '../view-types.js';
import type {ErredBefore, Rise} from '../state-types.js';
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
}

export function clusterConditions(ctx: ClusterRuleContext, out: Condition[]): void {
	const t = ctx.thresholds;
	const erred = erredCondition(ctx);
	if (erred) out.push(erred);
	if (ctx.missedPolls >= t.stale_warning_polls) {
		const severity: Severity = ctx.missedPolls >= t.stale_critical_polls ? 'critical' : 'warning';
		const age = ctx.dataAgeSeconds === undefined ? 'no data yet' : `data ${secondsText(ctx.dataAgeSeconds)} old`;
		out.push(
			condition(
				'stale',
				severity,
				'cluster',
				'cluster',
				`scheduler unreachable: ${ctx.missedPolls} missed polls, ${age}${ctx.sourceDetail ? ` (${ctx.sourceDetail})` : ''}`,
			),
		);
	}
	const fallback = ctx.rises.get(alertId('fallback_source', 'cluster'));
	if (risingOpen(fallback, ctx.nowMs, t.rising_window_s))
		out.push(condition('fallback_source', 'info', 'cluster', 'cluster', fallbackMessage(ctx.snapshot, fallback)));
	if (ctx.stall.stalled)
		out.push(condition('stalled', 'warning', 'cluster', 'cluster', ctx.stall.message ?? 'stalled', ctx.stall.workers));
	const noWorkers = noWorkersCondition({
		snapshot: ctx.snapshot,
		nowMs: ctx.nowMs,
		alerts: ctx.alerts,
		criticalAfterSeconds: ctx.stall.threshold_seconds,
		clockText: ctx.clockText,
	});
	if (noWorkers) out.push(noWorkers);
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
