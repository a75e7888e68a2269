/**
 * The diagnosis scenarios: for each workload of cluster/scenarios.py, the cluster it runs on, the
 * finding dask-top must raise (null: a healthy run that must raise none), and the proof from the
 * scheduler's and the tasks' own account that the cause really happened.
 */
import type {ModelFlags} from '../../../source/options/model.js';
import type {WorkerSpec} from './cluster.js';
import type {Cause} from './findings.js';
import type {DaskRelease} from './python.js';
import type {Onset, ScenarioSubject, Truth} from './scenario.js';

/** dask-top's default poll interval: the rules are judged as users run them. */
export const POLL_S = 2;
/** Polls recorded after the onset: the 3 the finding has to appear in, and one more for anything else. */
export const HOLD_POLLS = 4;
/** Polls recorded before the scenario starts (more follow while its client starts): the idle cluster. */
export const BASELINE_POLLS = 1;
/** How long a task runs without returning before the hung scenario counts it as hung (--stall-after). */
export const HUNG_AFTER_S = 6;

const MB = 1_000_000;
const worker = (name: string, nanny = false, nthreads = 1): WorkerSpec => ({
	name,
	nthreads,
	memoryLimitBytes: 800 * MB,
	nanny,
});
/**
 * The cluster a scenario runs on. Scenarios of one `shared` plan run one after the other on one
 * cluster (per release), in the order of SCENARIOS: each releases all it made before the next starts,
 * and dask-top starts afresh for each. Memory held outside Dask is allocated in chunks that go back
 * to the system when freed (scenario_tasks.py), so a worker filled and emptied is as before; the
 * scenario whose worker is killed comes last.
 */
export interface ClusterPlan {
	readonly key: string;
	readonly workers: readonly WorkerSpec[];
	readonly shared: boolean;
}
/** Three equal workers (one thread, 800 MB each): peers that can be compared; beta under a nanny. */
const EQUAL: ClusterPlan = {
	key: 'equal',
	workers: [worker('alpha'), worker('beta', true), worker('gamma')],
	shared: true,
};
/** Two workers of 8 threads: room for far more tiny tasks a second than one scheduler hands out. */
const WIDE: ClusterPlan = {key: 'wide', workers: [worker('alpha', false, 8), worker('beta', false, 8)], shared: false};

export interface ScenarioRun {
	readonly onset: Onset;
	readonly notes: readonly Truth[];
	readonly end: Truth;
	/** The workers' logs, by name. */
	readonly logs: Readonly<Record<string, string>>;
}

export interface ScenarioSpec {
	/** The workload's name in cluster/scenarios.py. */
	readonly name: string;
	/** The finding it must raise, or null: a healthy run that must raise none. */
	readonly cause: Cause | null;
	readonly cluster: ClusterPlan;
	/** dask-top's model flags for the recording, its replay and the live documents (--stall-after, --threshold). */
	readonly model?: ModelFlags;
	/** When the cause holds (epoch s), from the workload's report; default its onset. */
	onsetAt?(onset: Onset): number;
	/**
	 * The subject the finding must name on this release, when it is not the workload's (a release that
	 * cannot show the cause on it: the finding then names what it can, and diagnosis_not_visible says so).
	 */
	subjectOn?(dask: DaskRelease, onset: Onset): ScenarioSubject;
	/**
	 * Causes that truly held on the same subject before the onset, by the workload's account (a worker
	 * paused by memory before its nanny killed it): found before the onset, they are not false.
	 */
	precursors?(run: ScenarioRun): readonly Cause[];
	/**
	 * Causes that truly hold too, each on its own subject, by the workload's account (the paused worker's
	 * memory-pressure beside the tasks it leaves without a worker): not false whenever found.
	 */
	also?(run: ScenarioRun): ReadonlyArray<{readonly cause: Cause; readonly subject: ScenarioSubject}>;
	/** What the expected finding's summary must say, each time it is given (the cause in words, not only its name). */
	readonly says?: RegExp;
	/** What it must never say (advice the run disproves). */
	readonly neverSays?: RegExp;
	/** The workload's function its worker finding's tasks are in: the innermost user frame its `frame` names. */
	readonly frame?: string;
	/** Why the run does not show its cause for real, by the scheduler's or the tasks' own account (empty: it does). */
	proof(run: ScenarioRun): string[];
}

type Numbers = Readonly<Record<string, number>>;
const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);
const field = (truth: Truth, name: string): Truth => (truth[name] ?? {}) as Truth;
const check = (ok: boolean, failure: string): string[] => (ok ? [] : [failure]);

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

/** The scenarios, those on the shared cluster first (it is stopped before the others start). */
export const SCENARIOS: readonly ScenarioSpec[] = [
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
	{
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
	},
];
