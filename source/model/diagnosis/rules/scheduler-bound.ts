/**
 * scheduler-bound: the scheduler itself is the bottleneck — tiny tasks cost it more than they
 * compute. Over the window the scheduler's process used at least SCHEDULER_BUSY_CORES of a core
 * (/metrics' process collector, every version on Linux) while the tasks it hands out are tiny: a
 * mean compute time under SCHEDULER_TINY_TASK_S (compute seconds per prefix, Dask ≥ 2023.1.1), or,
 * without those, at least SCHEDULER_MIN_TASKS_PER_S completions; and work waits on it: the tasks
 * it holds back or has handed out beyond the threads (queued, plus processing over the threads)
 * are at least SCHEDULER_BACKLOG_S of its completions.
 *
 * The CPU bar: the scheduler's event loop is one thread, so a scheduler that is the bottleneck is
 * one whose loop is busy most of the time — half a core at least on a host of its own (Dask's
 * dashboard guidance reads a scheduler near 100 % CPU as the limit; half a core leaves room for the
 * socket waits a saturated loop still has). /metrics shows the CPU the scheduler got, not the CPU it
 * wanted: on a host it shares with workers (a worker's host is the scheduler's) it gets only its
 * share, 0.36–0.45 of a core in the scenario beside sixteen worker threads and a client on two
 * cores while its loop was runnable 65–90 % of the time; there the bar is a third of a core. A
 * scheduler at 26–28 % of a core waits for work three quarters of the time: not the bottleneck,
 * however tiny the tasks (the workers' own event loops, or the client, are then the limit). An idle
 * scheduler spends a few hundredths of a core, a healthy busy one 0.12 handing out 100 tasks of
 * 25 ms a second.
 *
 * The backlog tells a scheduler that cannot keep up from one that keeps up with a client feeding
 * it as fast as tasks finish (or a graph's last tasks): the scheduler is the bottleneck only while
 * at least a second of its own throughput waits on it. Tasks held on a worker beyond its threads
 * count for clusters without root-task queuing (worker-saturation: inf).
 *
 * And the workers' threads are mostly idle (at most SCHEDULER_THREADS_BUSY_MAX of them busy: the
 * completions times their mean compute time, or without it the workers' CPU in cores): with the
 * threads full, the workers are the limit, however tiny the tasks and long the queue.
 */
import {present, timeShareEvidence} from '../time-evidence.js';
import {CLUSTER, evidence, perSecondText, schedulerEvidence, taskTimeText, tasksInFlight} from '../figures.js';
import {FINDING_HOLD} from '../../hold.js';
import type {Rule} from '../rule.js';
import {findingText} from '../rule.js';
import type {Snapshot} from '../../../types/snapshot.js';
import type {Evidence} from '../diagnosis-types.js';
import {clusterSpan} from '../window.js';

/** The scheduler's CPU, in cores, at or over this… */
export const SCHEDULER_BUSY_CORES = 0.5;
/** …or this, on a host it shares with workers (it gets only its share of the cores). */
export const SCHEDULER_SHARED_BUSY_CORES = 0.33;
/** Mean compute seconds per task under this: tiny tasks. */
export const SCHEDULER_TINY_TASK_S = 0.05;
/** Without compute seconds: at least this many completions per second. */
export const SCHEDULER_MIN_TASKS_PER_S = 100;
/** Tasks waiting on the scheduler: at least this many seconds of its completions. */
export const SCHEDULER_BACKLOG_S = 1;
/** Rates over at least this many seconds… */
export const SCHEDULER_MIN_SPAN_S = 3;
/**
 * …from the readings of the last this many seconds (two polls at the default 2 s): the CPU the
 * scheduler gets now, not a window's average that still counts the seconds before the flood.
 */
export const SCHEDULER_RECENT_S = 4.5;
/** The workers' threads at most this share busy. */
export const SCHEDULER_THREADS_BUSY_MAX = 0.5;

/** Threads busy: completions × their mean compute time, or without it the workers' CPU in cores. */
function busyThreads(snapshot: Snapshot, perSecond: number, mean: number | undefined): number | undefined {
	if (mean !== undefined) return perSecond * mean;
	let cores: number | undefined;
	for (const w of snapshot.workers) if (w.cpu_percent !== undefined) cores = (cores ?? 0) + w.cpu_percent / 100;
	return cores;
}

/**
 * Tasks waiting on the scheduler: those it holds back (queued) and those it handed out beyond the
 * threads that run them; undefined without the task counts or the threads.
 */
function backlog(snapshot: Snapshot): number | undefined {
	const {tasks, threads} = snapshot.scheduler;
	if (tasks.processing === undefined || threads === undefined || threads <= 0) return undefined;
	return (tasks.queued ?? 0) + Math.max(0, tasks.processing - threads);
}

/** The host of an address ("tcp://10.0.0.5:8786" → "10.0.0.5"). */
function hostOf(address: string | undefined): string | undefined {
	if (address === undefined) return undefined;
	const match = /^[a-z]+:\/\/(\[[^\]]+\]|[^:/]+)/i.exec(address);
	return match?.[1];
}

/** A worker runs on the scheduler's host: the scheduler gets only its share of that host's cores. */
function sharesHost(snapshot: Snapshot): boolean {
	const host = hostOf(snapshot.scheduler.address);
	return host !== undefined && snapshot.workers.some((w) => (w.host ?? hostOf(w.address)) === host);
}

export const schedulerBound: Rule = {
	id: 'scheduler-bound',
	kind: 'finding',
	inputs: [
		'snapshot.scheduler.process',
		'snapshot.scheduler.threads',
		'snapshot.scheduler.prefixes',
		'snapshot.workers',
		'window.cluster',
		'state.time',
		'nowMs',
	],
	text: findingText,
	hold: FINDING_HOLD,
	onePoll: false,
	judge({snapshot, window, nowMs, state}) {
		const lastAt = window.cluster.at(-1)?.at;
		if (lastAt === undefined) return [];
		const span = clusterSpan(window, SCHEDULER_MIN_SPAN_S, lastAt - SCHEDULER_RECENT_S);
		if (!span || span.first.cpuSeconds === undefined || span.last.cpuSeconds === undefined) return [];
		const cores = (span.last.cpuSeconds - span.first.cpuSeconds) / span.spanS;
		const shared = sharesHost(snapshot);
		if (cores < (shared ? SCHEDULER_SHARED_BUSY_CORES : SCHEDULER_BUSY_CORES)) return [];
		const inFlight = tasksInFlight(snapshot);
		if (inFlight !== undefined && inFlight <= 0) return [];
		let done = 0;
		let compute = 0;
		let computeKnown = false;
		for (const [prefix, after] of Object.entries(span.last.prefixes)) {
			const before = span.first.prefixes[prefix];
			done += (after.transitions['memory'] ?? 0) - (before?.transitions['memory'] ?? 0);
			if (after.compute_seconds_total !== undefined) {
				computeKnown = true;
				compute += after.compute_seconds_total - (before?.compute_seconds_total ?? 0);
			}
		}
		if (done <= 0) return [];
		const perSecond = done / span.spanS;
		const mean = computeKnown ? compute / done : undefined;
		const tiny = mean !== undefined ? mean < SCHEDULER_TINY_TASK_S : perSecond >= SCHEDULER_MIN_TASKS_PER_S;
		if (!tiny) return [];
		const waiting = backlog(snapshot);
		if (waiting !== undefined && waiting < perSecond * SCHEDULER_BACKLOG_S) return [];
		const threads = snapshot.scheduler.threads;
		const busy = busyThreads(snapshot, perSecond, mean);
		if (threads !== undefined && busy !== undefined && busy > SCHEDULER_THREADS_BUSY_MAX * threads) return [];
		const ev: Evidence[] = [
			evidence(
				"scheduler's CPU",
				`${Math.round(cores * 100)} % of a core` + (shared ? ' (a host it shares with workers)' : ''),
				'metrics',
				span.last.at,
				nowMs,
			),
			evidence('tasks finished', perSecondText(perSecond), 'metrics', span.last.at, nowMs),
		];
		if (waiting !== undefined)
			ev.push(schedulerEvidence(snapshot, 'tasks', 'tasks waiting on the scheduler', String(waiting), nowMs));
		if (threads !== undefined && busy !== undefined)
			ev.push(evidence('threads busy', `${busy.toFixed(1)} of ${threads}`, 'derived', span.last.at, nowMs));
		if (mean !== undefined)
			ev.push(evidence('mean compute time per task', taskTimeText(mean), 'metrics', span.last.at, nowMs));
		ev.push(...present(timeShareEvidence(state, 'idle', nowMs)));
		const each = mean === undefined ? '' : ` of ${taskTimeText(mean)} each`;
		return [
			{
				cause: 'scheduler-bound',
				severity: 'warning',
				subject: CLUSTER,
				evidence: ev,
				summary:
					`the scheduler is the bottleneck: ${Math.round(cores * 100)} % of a core ` +
					`for ${perSecondText(perSecond)} tasks${each}`,
				next:
					'tiny tasks cost the scheduler more than they compute: make fewer, larger tasks (bigger chunks or ' +
					'partitions, batch work with map_partitions), aim for tasks of 100 ms or more',
			},
		];
	},
	blind(snapshot) {
		if (snapshot.scheduler.process_cpu_seconds_total === undefined)
			return "not visible: the scheduler's /metrics has no process CPU (prometheus_client's process collector, Linux)";
		const computeSeen = Object.values(snapshot.scheduler.prefixes).some((p) => p.compute_seconds_total !== undefined);
		if (!computeSeen && Object.keys(snapshot.scheduler.prefixes).length > 0)
			return (
				'mean task time per prefix is not on this version (Dask >= 2023.1.1 has it): ' +
				'judged from completions per second'
			);
		return undefined;
	},
};
