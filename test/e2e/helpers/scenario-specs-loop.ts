/**
 * The scenarios of threads and event loops kept busy without a task to blame
 * (cluster/scenario_loop.py): a worker whose four threads take turns on its GIL, a gigabyte
 * scattered to a worker, and a client that leaves holding 10,000 results.
 */
import {EQUAL, FOUR_THREADS} from './scenario-plans.js';
import {check, field, num, type Numbers, type ScenarioRun, type ScenarioSpec} from './scenario-spec-types.js';

/** Dask's `distributed.admin.tick.limit` (3 s on both releases): the freeze Dask itself warns about. */
const TICK_LIMIT_S = 3;
/** Dask's own warning of a loop frozen past the tick limit, in a worker's log. */
const UNRESPONSIVE = /Event loop was unresponsive in Worker/;

/** The longest freeze the workload measured from inside a process (seconds). */
const longest = (run: ScenarioRun, name: string): number => num(field(run.end, name)['longest_seconds']);

/**
 * beta (four threads) on the same pure-Python prefix as alpha and gamma (one each): its process used one
 * core at most and under twice what a peer's one thread got (four threads free of the GIL get four
 * shares of a loaded host), and each of its threads finished at most 2/3 of a peer's thread.
 */
function gilProof({end}: ScenarioRun): string[] {
	const done = field(end, 'done') as Numbers;
	const cores = field(end, 'cores') as Numbers;
	const peers = Math.min(num(done['alpha']), num(done['gamma']));
	const peerCores = Math.max(num(cores['alpha']), num(cores['gamma']));
	return [
		...check(peers >= 10, `the peers finished only ${JSON.stringify(done)}`),
		...check(num(done['beta']) / 4 <= (2 / 3) * peers, `beta's threads kept up: ${JSON.stringify(done)}`),
		...check(
			num(cores['beta']) <= 1.15 && num(cores['beta']) < 2 * peerCores,
			`beta's threads ran side by side: ${JSON.stringify(cores)} cores`,
		),
	];
}

export const CLIENT_LEAVING: ScenarioSpec = {
	name: 'client-leaving',
	cluster: EQUAL,
	cause: null,
	// 10,000 tasks a batch at a time: 70-130 s at 80-150 a second on a loaded head node.
	onsetWithinS: 240,
	// The scheduler and the workers release 10,000 keys at once: a loop that froze past Dask's tick
	// limit doing so may be told, as a client leaving or keys released, never as a task holding the GIL.
	may: () => [
		{cause: 'event-loop-blocked', subject: {kind: 'cluster'}, says: /client/, neverSays: /GIL/},
		{cause: 'event-loop-blocked', subject: {kind: 'worker'}, says: /releasing \d+ keys/, neverSays: /GIL/},
	],
	proof: ({end}) => [
		...check(num(end['keys_held']) >= 10_000, `the client held only ${String(end['keys_held'])} keys`),
		...check(num(end['released_seconds']) < 60, `its keys were not released: ${JSON.stringify(end)}`),
	],
};

export const FOUR_THREAD_SCENARIOS: readonly ScenarioSpec[] = [
	{
		name: 'gil-bound',
		cluster: FOUR_THREADS,
		cause: 'gil-contention',
		// Its CPU is the evidence; straggler (its host) is the wrong cause: "no other finding".
		says: new RegExp(
			String.raw`^beta's 4 threads share one core \(CPU \d+ %(, as much as one thread of its peers gets: \d+ %)?\): ` +
				'its tasks hold the GIL',
		),
		proof: gilProof,
	},
	{
		name: 'scatter-freeze',
		cluster: FOUR_THREADS,
		cause: null,
		proof: (run) => [
			...check(
				num(field(run.end, 'freeze')['samples']) > 0 && (run.end['scatter_seconds'] as number[]).length > 0,
				`no scatter measured: ${JSON.stringify(run.end)}`,
			),
			...check(
				longest(run, 'freeze') < TICK_LIMIT_S && longest(run, 'scheduler_freeze') < TICK_LIMIT_S,
				`a loop froze past Dask's tick limit: ${JSON.stringify(run.end)}`,
			),
			...check(!UNRESPONSIVE.test(run.logs['gamma'] ?? ''), "gamma's log warns of its loop unresponsive"),
		],
	},
];
