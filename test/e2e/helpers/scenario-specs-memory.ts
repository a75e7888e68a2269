/**
 * The scenarios of memory (cluster/scenario_memory.py): spilling that bounds the run and spilling that
 * keeps up, a worker paused by memory (alone, with tasks pinned to it, or briefly), and a worker its
 * nanny kills (last on its cluster: a new beta replaces it).
 */
import {EQUAL} from './scenario-plans.js';
import {check, field, num, type Numbers, type ScenarioSpec} from './scenario-spec-types.js';
import type {Truth} from './scenario.js';

/**
 * Every worker spilled during the chunk stream, and `bounded(spilling, compute)` holds: the seconds
 * all workers spent spilling (and reading back) against the seconds the stream's tasks computed.
 */
function spillProof(end: Truth, bounded: (spilling: number, compute: number) => boolean, failure: string): string[] {
	const spill = field(end, 'spill') as Readonly<Record<string, Numbers>>;
	const compute = num(end['compute_seconds']);
	const spilling = Object.values(spill).reduce((sum, worker) => sum + num(worker['spill_seconds']), 0);
	return [
		...['alpha', 'beta', 'gamma'].flatMap((name) =>
			check(num(spill[name]?.['disk_write_bytes']) > 0, `${name} wrote nothing to disk: ${JSON.stringify(spill)}`),
		),
		...check(
			bounded(spilling, compute),
			`spilling ${failure}: ${spilling.toFixed(1)} s against ${compute} s of compute`,
		),
	];
}

const ratio = (truth: Truth): number => num(truth['memory']) / num(truth['memory_limit']);

/** On EQUAL's workers, after the work scenarios. */
export const MEMORY_SCENARIOS: readonly ScenarioSpec[] = [
	{
		name: 'spilling',
		cluster: EQUAL,
		cause: 'spilling',
		proof: ({end}) => spillProof(end, (spilling, compute) => spilling >= 2 * compute, 'did not bound the run'),
	},
	{
		name: 'spill-keeps-up',
		cluster: EQUAL,
		cause: null,
		proof: ({end}) => spillProof(end, (spilling, compute) => spilling <= 0.3 * compute, 'did not keep up'),
	},
	{
		name: 'memory-pressure',
		cluster: EQUAL,
		cause: 'memory-pressure',
		proof: ({onset, end}) => [
			...check(
				onset.truth['status'] === 'paused' && end['status'] === 'paused',
				`beta not paused throughout: ${JSON.stringify(end)}`,
			),
			...check(
				ratio(end) > 0.8 && ratio(end) < 0.95,
				`beta's memory is not between pause and terminate: ${ratio(end)}`,
			),
		],
	},
	{
		name: 'paused-pinned',
		cluster: EQUAL,
		cause: 'no-worker',
		// beta is paused by memory (the scheduler's own status): its memory-pressure is true too.
		also: () => [{cause: 'memory-pressure', subject: {kind: 'worker', name: 'beta'}}],
		says: /no running worker can run: beta is paused by memory \(beta at \d+ % of its .* limit; Dask pauses at 80 %\)/,
		neverSays: /none of the connected ones offers/,
		proof: ({onset, end}) => [
			...check(
				num(field(end, 'states')['no-worker']) === 20,
				`not 20 no-worker score-batch tasks: ${JSON.stringify(end)}`,
			),
			...check(
				field(onset.truth, 'worker')['status'] === 'paused' && field(end, 'worker')['status'] === 'paused',
				`beta not paused throughout: ${JSON.stringify(end)}`,
			),
			...check(
				Object.values(field(end, 'worker_resources')).every(
					(resources) => Object.keys(resources as object).length === 0,
				),
				`a worker offers resources: ${JSON.stringify(end)}`,
			),
		],
	},
	{
		name: 'short-pause',
		cluster: EQUAL,
		cause: null,
		proof: ({notes, end}) => {
			const resumed = notes.find((note) => note['what'] === 'resumed');
			return [
				...check(
					resumed !== undefined && num(resumed['paused_seconds']) < 4,
					`no short pause: ${JSON.stringify(notes)}`,
				),
				...check(end['status'] === 'running', `beta is ${String(end['status'])} at the end`),
			];
		},
	},
	{
		name: 'worker-lost',
		cluster: EQUAL,
		cause: 'worker-lost',
		// Paused by memory as it grew toward the terminate threshold (the scheduler's last account of it).
		precursors: ({onset}) =>
			field(onset.truth, 'last_seen_by_scheduler')['status'] === 'paused' ? ['memory-pressure'] : [],
		proof: ({onset, notes, logs}) => [
			...check(/exceeded 95% memory budget/.test(logs['beta'] ?? ''), "beta's nanny did not kill it for memory"),
			...check(
				ratio(field(onset.truth, 'last_seen_by_scheduler')) >= 0.75,
				`beta's last memory was low: ${JSON.stringify(onset.truth)}`,
			),
			...check(
				notes.some((note) => note['what'] === 'replaced'),
				'no new beta joined',
			),
		],
	},
];
