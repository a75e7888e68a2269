/**
 * transfer-bound's cluster-wide form (no per-prefix transfer seconds, as on Dask 2022.12): the
 * workers' task states sampled every poll and judged as averages over this poll and the last, so
 * a transfer that one instant catches and the next misses neither raises the finding alone nor
 * hides a cluster that keeps waiting on data. The polls are the recorded busy cluster
 * (one thread a worker set here) with the task states each poll would carry set on it.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls} from '../../helpers/diagnosis-rounds.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';

const MiB = 2 ** 20;

/** One poll's task states: per worker (alpha, beta, gamma) tasks executing, waiting, transfers in flight. */
type Poll = ReadonlyArray<readonly [executing: number, waiting: number, transfers: number]>;

/** The polls' task states on the busy cluster, without per-prefix transfer seconds. */
function polls(version: string, states: readonly Poll[], threads = 1) {
	const edit = (s: Snapshot, i: number) =>
		({
			...s,
			scheduler: {...s.scheduler, prefixes: version === '2022.12.1' ? s.scheduler.prefixes : {}},
			workers: s.workers.map((w, k) => {
				const [executing, waiting, transfers] = states[i]![k] ?? [0, 0, 0];
				return {
					...w,
					nthreads: threads,
					task_counts: {executing, waiting, flight: transfers},
					transfer_incoming_count: transfers,
					transfer_incoming_bytes: transfers * 48 * MiB,
				};
			}),
		}) as Snapshot;
	return steadyPolls(version as never, 'busy', states.length, edit);
}

function findings(version: string, states: readonly Poll[], threads = 1): string[] {
	return diagnosisView(reduceAll(polls(version, states, threads)).at(-1)!).current.map(
		(f) => `${f.cause} ${f.subject.name ?? f.subject.id}`,
	);
}

const IDLE: Poll = [
	[0, 0, 0],
	[0, 0, 0],
	[0, 0, 0],
];

describe.each(FIXTURE_VERSIONS)('transfer-bound cluster-wide on Dask %s fixtures', (version) => {
	it('holds on the averages when no two polls in a row show two tasks waiting (the recorded 2022.12.1 run)', () => {
		// alpha makes the frames, beta and gamma fetch them: each instant shows one transfer or two.
		const states: Poll[] = [
			IDLE,
			[
				[1, 0, 0],
				[0, 1, 1],
				[0, 0, 0],
			],
			[
				[0, 0, 0],
				[1, 1, 1],
				[0, 0, 0],
			],
			[
				[0, 0, 0],
				[0, 2, 1],
				[0, 1, 1],
			],
		];
		expect(findings(version, states.slice(0, 2))).toEqual([]);
		expect(findings(version, states.slice(0, 3))).toEqual(['transfer-bound cluster']);
		const current = diagnosisView(reduceAll(polls(version, states)).at(-1)!).current[0]!;
		expect(current.summary).toBe(
			'tasks wait on data: 3 wait for inputs from other workers; over 2 s, 1.5 transfers in flight for ' +
				'0.5 tasks executing, 83 % of the threads idle',
		);
	});

	it('does not hold for a lone transfer caught now and then', () => {
		const once: Poll = [
			[0, 1, 1],
			[0, 0, 0],
			[0, 0, 0],
		];
		expect(findings(version, [IDLE, IDLE, once, IDLE, once, IDLE])).toEqual([]);
	});

	it('does not hold while the tasks executing outnumber the transfers, nor while every other poll nothing waits', () => {
		const computing: Poll = [
			[2, 1, 1],
			[0, 0, 0],
			[0, 0, 0],
		];
		// 2 of 6 threads busy (67 % idle), one transfer: the cluster computes more than it fetches.
		expect(findings(version, [computing, computing, computing, computing], 2)).toEqual([]);
		const fetching: Poll = [
			[0, 1, 1],
			[0, 1, 1],
			[0, 0, 0],
		];
		const none: Poll = [
			[0, 0, 1],
			[0, 0, 1],
			[0, 0, 0],
		];
		expect(findings(version, [fetching, fetching, fetching])).toEqual(['transfer-bound cluster']);
		expect(findings(version, [fetching, none, fetching, none, fetching, none])).toEqual([]);
	});
});
