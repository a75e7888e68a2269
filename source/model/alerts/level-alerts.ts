/**
 * The level alerts of a worker as declared rules (rule-engine.ts): every row of the level rules
 * (level-rules.ts) judged with the ongoing alerts (`WorkerRuleContext.alerts`, as evaluate.ts
 * gives them): a level is left only below its threshold − margin (level-verdict.ts), and a figure
 * back under that is judged clear, with the text the alert shows while it clears; the rule's hold
 * (hold.ts, run by the engine) resolves it after `alert_clear_s`. Without the ongoing alerts each
 * rule judges the figure alone. No critical comes from one poll: a figure over its critical
 * threshold is a warning (carrying `critical_since`) until that has lasted `critical_after_s`.
 *
 * Also here, for speed at 10,000 workers: the rules' limits are read once per thresholds object, and
 * the ongoing level alerts are indexed by subject once per alerts map.
 */
import type {WorkerTrack} from '../state-types.js';
import type {Alert, AlertKind} from '../view-types.js';
import type {DeclaredRule} from '../rule-engine.js';
import {alertText, type Condition, type WorkerAlertInput, type WorkerRuleContext} from './alerts.js';
import {levelVerdict, type LevelLimits} from './level-verdict.js';
import {levelCondition, levelReached, pendingText} from './level-condition.js';
import {LEVEL_KINDS, LEVEL_RULES, type LevelRule} from './level-rules.js';
import type {Thresholds} from './thresholds.js';

type LevelAlerts = Partial<Record<AlertKind, Alert>>;

const limitsCache = new WeakMap<Thresholds, readonly LevelLimits[]>();

/** Each level rule's limits, in LEVEL_RULES' order, built once per thresholds object (not once per worker). */
export function levelLimits(t: Thresholds): readonly LevelLimits[] {
	let limits = limitsCache.get(t);
	if (!limits) {
		limits = LEVEL_RULES.map((rule) => ({
			warning: t[rule.warning],
			critical: t[rule.critical],
			margin: t[rule.margin],
			hold: rule.hold(t),
		}));
		limitsCache.set(t, limits);
	}
	return limits;
}

const levelIndexCache = new WeakMap<ReadonlyMap<string, Alert>, ReadonlyMap<string, LevelAlerts>>();

/**
 * The ongoing level alerts by subject, built once per alerts map (states are immutable): one
 * lookup per worker by its address instead of building and hashing an id per rule.
 */
export function levelAlertsBySubject(alerts: ReadonlyMap<string, Alert>): ReadonlyMap<string, LevelAlerts> {
	let index = levelIndexCache.get(alerts);
	if (!index) {
		const built = new Map<string, LevelAlerts>();
		for (const alert of alerts.values()) {
			if (!LEVEL_KINDS.has(alert.kind)) continue;
			const entry = built.get(alert.subject);
			if (entry) entry[alert.kind] = alert;
			else built.set(alert.subject, {[alert.kind]: alert});
		}
		index = built;
		levelIndexCache.set(alerts, index);
	}
	return index;
}

/** The declared rule (rule-engine.ts) of row `index` of LEVEL_RULES: a level alert on every present worker. */
export function levelAlertRule(row: LevelRule, index: number): DeclaredRule<WorkerAlertInput, Condition> {
	return {
		id: row.kind,
		kind: 'level',
		inputs: [...row.inputs, 'context.thresholds', 'context.alerts', 'context.nowMs'],
		hold: ({context}) => levelLimits(context.thresholds)[index]!.hold,
		judge: ({track, context}) => (track.lostMs === undefined ? levelAlert(row, index, track, context) : undefined),
		text: alertText,
	};
}

/** A present worker's condition under row `index`: over, held, or clearing (its track's hold ends it); or none. */
function levelAlert(rule: LevelRule, index: number, track: WorkerTrack, ctx: WorkerRuleContext): Condition | undefined {
	const ongoing =
		ctx.alerts === undefined || ctx.alerts.size === 0 ? undefined : levelAlertsBySubject(ctx.alerts).get(track.address);
	const value = rule.figure(track, ctx);
	const previous = ongoing?.[rule.kind];
	const verdict = levelVerdict(value, levelLimits(ctx.thresholds)[index]!, previous, ctx.nowMs);
	if (verdict.state === 'clear') return undefined;
	const described = rule.describe(value, track, ctx);
	const over =
		verdict.state === 'over' && value !== undefined && described !== undefined
			? rule.over(described, value, levelReached(verdict), pendingText(verdict, ctx.clockText), ctx)
			: '';
	return levelCondition(
		rule.kind,
		verdict,
		track.address,
		track.last.name,
		described,
		over,
		rule.labels(ctx.thresholds),
		(x) => rule.unit(x, ctx),
		previous,
		ctx.clockText,
	);
}
