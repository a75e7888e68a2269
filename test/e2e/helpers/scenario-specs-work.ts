/**
 * The scenarios of where and how fast work runs (cluster/scenario_work.py): a slow worker and its
 * healthy twin, work piled on one worker, tasks no worker can run, tasks that hang, a GIL held for
 * seconds, transfers that bound the run, and a scheduler that cannot hand out tasks fast enough.
 */
import {EQUAL, HUNG_AFTER_S, WIDE} from './scenario-plans.js';
import {check, field, num, type Numbers, type ScenarioSpec} from './scenario-spec-types.js';
import type {Truth} from './scenario.js';

/** Peers that finished their share, and `slow` (if any) 2.5 × slower than them and far behind. */
function peersProof(end: Truth, slow: string | undefined): string[] {
	const done = field(end, 'done') as Numbers;
	const mean = field(end, 'mean_seconds') as Numbers;
	const fast = ['alpha', 'beta', 'gamma'].filter((name) => name !== slow);
	const failures = fast.flatMap((name) => check(num(done[name]) >= 10, `${name} finished only ${done[name]} tasks`));
	const fastMean = Math.max(...fast.map((name) => num(mean[name])));
	if (slow === undefined) {
		const means = ['alpha', 'beta', 'gamma'].map((name) => num(mean[name]));
		return [
			...failures,
			...check(Math.max(...means) < 1.3 * Math.min(...means), `unequal speeds ${JSON.stringify(mean)}`),
		];
	}
	return [
		...failures,
		...check(num(mean[slow]) >= 2.5 * fastMean, `${slow} is not 3x slower: ${JSON.stringify(mean)}`),
		...check(
			num(done[slow]) <= 0.5 * Math.min(...fast.map((name) => num(done[name]))),
			`${slow} kept up: ${JSON.stringify(done)}`,
		),
	];
}

/** On EQUAL's workers. */
export const WORK_SCENARIOS: readonly ScenarioSpec[] = [
	{
		name: 'straggler',
		cluster: EQUAL,
		cause: 'straggler',
		frame: 'sleepy',
		proof: ({end}) => peersProof(end, 'beta'),
	},
	{
		name: 'balanced',
		cluster: EQUAL,
		cause: null,
		proof: ({end}) => peersProof(end, undefined),
	},
	{
		name: 'skew',
		cluster: EQUAL,
		cause: 'skew',
		proof: ({end}) => {
			const done = field(end, 'done') as Numbers;
			const processing = field(end, 'processing') as Numbers;
			return [
				...check(num(done['alpha']) >= 10 && num(processing['alpha']) >= 10, `alpha idle: ${JSON.stringify(end)}`),
				...check(
					num(done['beta']) + num(done['gamma']) + num(processing['beta']) + num(processing['gamma']) === 0,
					`beta or gamma got work: ${JSON.stringify(end)}`,
				),
			];
		},
	},
	{
		name: 'no-worker',
		cluster: EQUAL,
		cause: 'no-worker',
		proof: ({end}) => [
			...check(num(field(end, 'states')['no-worker']) === 20, `not 20 no-worker tasks: ${JSON.stringify(end)}`),
			...check(
				Object.values(field(end, 'worker_resources')).every(
					(resources) => Object.keys(resources as object).length === 0,
				),
				`a worker offers resources: ${JSON.stringify(end)}`,
			),
		],
	},
	{
		name: 'hung',
		cluster: EQUAL,
		cause: 'hung',
		frame: 'never_returns',
		model: {stallAfter: `${HUNG_AFTER_S}s`},
		onsetAt: (onset) => num(onset.truth['last_completion']) + HUNG_AFTER_S,
		proof: ({onset, end}) => [
			...check(num(field(end, 'states')['processing']) === 1, `not one task processing: ${JSON.stringify(end)}`),
			...check(
				num(onset.truth['blocked_since']) >= num(onset.truth['last_completion']),
				'blocked before the last completion',
			),
		],
	},
	{
		name: 'tail-hang',
		cluster: EQUAL,
		cause: 'hung',
		says: /^2 tasks of score-page have run \d+ s past its last completion, \d+× its mean task time/,
		proof: ({end}) => {
			const states = field(end, 'states') as Numbers;
			const since = (end['hung_since'] ?? []) as number[];
			return [
				...check(num(states['processing']) === 2, `not two tasks processing: ${JSON.stringify(end)}`),
				...check(num(states['memory']) >= 200, `the other 200 did not complete: ${JSON.stringify(end)}`),
				...check(
					since.length === 2 && since.every((at) => at <= num(end['last_completion'])),
					`the two did not hang while the others completed: ${JSON.stringify(end)}`,
				),
			];
		},
	},
	{
		name: 'gil-held',
		cluster: EQUAL,
		cause: 'event-loop-blocked',
		proof: ({end}) => {
			const held = (end['held_seconds'] ?? []) as number[];
			return check(
				held.length >= 2 && held.every((seconds) => seconds >= 1),
				`GIL not held for seconds: ${JSON.stringify(end)}`,
			);
		},
	},
	{
		name: 'transfer-bound',
		cluster: EQUAL,
		cause: 'transfer-bound',
		// Transfer seconds per prefix are in /metrics from 2023.1.1: before, only the cluster can be named.
		subjectOn: (dask, onset) => (dask === '2022.12.1' ? {kind: 'cluster'} : (onset.subject ?? {kind: 'cluster'})),
		proof: ({end}) => {
			const join = field(field(end, 'durations'), 'join-frame') as Numbers;
			return [
				...check(num(end['pairs']) >= 3, `only ${end['pairs']} frames moved`),
				...check(
					num(join['transfer']) >= 5 * num(join['compute'] ?? 0),
					`transfer does not dominate: ${JSON.stringify(join)}`,
				),
			];
		},
	},
];

export const SCHEDULER_BOUND: ScenarioSpec = {
	name: 'scheduler-bound',
	cluster: WIDE,
	cause: 'scheduler-bound',
	proof: ({end}) => {
		// Some three seconds in a row: the loop busy half the time or more on average and getting a third
		// of a core, under a quarter of the threads' capacity done each second, work always waiting (the
		// onset; scenario_work.py).
		const samples = (end['samples'] ?? []) as Numbers[];
		const capacity = num(end['thread_capacity_per_second']);
		const saturated = samples.some((_, i) => {
			const last = samples.slice(i, i + 3);
			return (
				last.length === 3 &&
				last.reduce((sum, s) => sum + num(s['demand']), 0) / 3 >= 0.5 &&
				last.reduce((sum, s) => sum + num(s['cpu']), 0) / 3 >= 0.33 &&
				last.every((s) => num(s['tasks_per_second']) < capacity / 4)
			);
		});
		return check(saturated, `the scheduler's event loop was not the limit: ${JSON.stringify(samples)}`);
	},
};
