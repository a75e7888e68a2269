/** What the plan tests share: a clock, every endpoint's memory at one age, the endpoints a round asks. */
import {
	planRound,
	type EndpointKey,
	type EndpointMemory,
	type PlanInput,
	type PlanKey,
} from '../../source/scrape/plan.js';

export const NOW = 1_000_000;

/** Every endpoint last asked `agoMs` ago with this outcome. */
export function all(agoMs: number, outcome: EndpointMemory['lastOutcome'] = 'ok'): Record<PlanKey, EndpointMemory> {
	const keys: PlanKey[] = [
		'metrics',
		'identity',
		'workers_html',
		'counts',
		'health',
		'api',
		'adaptive_target',
		'worker_detail',
		'worker_metrics',
	];
	return Object.fromEntries(keys.map((key) => [key, {lastAttemptMs: NOW - agoMs, lastOutcome: outcome}])) as Record<
		PlanKey,
		EndpointMemory
	>;
}

export function plan(partial: Partial<PlanInput>): readonly EndpointKey[] {
	return planRound({nowMs: NOW, intervalMs: 2000, endpoints: {}, ...partial}).endpoints;
}
