/**
 * How the rule engine (rule-engine.ts) keys the alerts and keeps their tracks: by kind and subject,
 * each in the alert itself (an Alert is a Condition). Its hold's moments are the alert's own: its
 * start (`start_time`) and, for a level judged clear, since when (`clearing_since`). An alert is
 * active from its first poll (its hold's onset is its worst level's, which its condition judges),
 * and one no rule judges any more (its worker left, its condition stopped) ends at once.
 */
import type {RuleFamily} from '../rule-engine.js';
import type {Alert} from '../view-types.js';
import type {Condition} from './alerts.js';

/** Alerts key by kind and subject and keep their hold's moments in themselves (an Alert is a Condition). */
export const ALERT_TRACKS: RuleFamily<Condition, Alert, Condition> = {
	key: (c) => c.id,
	subject: (c) => c.subject,
	holding: (c) => c.clearing_since === undefined,
	heldMs: () => undefined,
	track: (old, nowMs) =>
		old.clearing_since === undefined
			? {firstMs: old.start_time * 1000, lastMs: nowMs, holds: 1, clears: 0, active: true}
			: {
					firstMs: old.start_time * 1000,
					lastMs: nowMs,
					holds: 0,
					clears: 1,
					clearSinceMs: old.clearing_since * 1000,
					active: true,
				},
	ruleOf: (old) => old.kind,
	candidateOf: (old) => old,
	keep: (c) => c,
	unjudged: 'ends',
};
