/**
 * The table of alert rules, each declared for the rule engine (rule-engine.ts) as the diagnosis'
 * rules are: its id (the alert's kind), whether it is a level or an event, its inputs, its
 * condition, its hold (hold.ts) and its text. The workers' rules are judged on every worker, then
 * the cluster's once; the order is the order their alerts are listed in.
 */
import type {DeclaredRule} from '../rule-engine.js';
import type {Condition, WorkerAlertInput} from './alerts.js';
import {CLUSTER_ALERT_RULES, type ClusterRuleContext} from './cluster-alerts.js';
import {WORKER_ALERT_RULES} from './worker-alerts.js';

export {CLUSTER_ALERT_RULES, WORKER_ALERT_RULES};

/** @internal Every alert rule: the workers' then the cluster's (the table's test reads it whole). */
export const ALERT_RULES: readonly (
	| DeclaredRule<WorkerAlertInput, Condition>
	| DeclaredRule<ClusterRuleContext, Condition>
)[] = [...WORKER_ALERT_RULES, ...CLUSTER_ALERT_RULES];
