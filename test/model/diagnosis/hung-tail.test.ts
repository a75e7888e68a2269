/**
 * hung before the cluster stalls: a prefix's last tasks running far past its own tasks' time while
 * the rest of it completed. Table-driven on the recorded busy cluster of both releases, with one
 * prefix's counters set on it poll by poll (/metrics: its transitions and, from 2023.1.1, its
 * compute seconds; the scheduler's processing gauge), as the tail of a run would show them.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls} from '../../helpers/diagnosis-rounds.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';

interface Tail {
	/** Completions at each poll (2 s apart); the last value holds for the remaining polls. */
	readonly done: readonly number[];
	/** Tasks of the prefix handed to workers (transitions into processing) in all. */
	readonly handedOut: number;
	/** Tasks submitted in all (the rest wait for their inputs). */
	readonly submitted: number;
	/** Compute seconds per completed task (≥ 2023.1.1's /metrics), or none (2022.12). */
	readonly taskSeconds?: number;
	/** The workers running them (beta alone unless said). */
	readonly holders?: readonly string[];
}

function tail(spec: Tail) {
	return (s: Snapshot, i: number): Snapshot => {
		const done = spec.done[Math.min(i, spec.done.length - 1)]!;
		const inFlight = spec.submitted - done;
		const running = Math.min(inFlight, spec.handedOut - done);
		return {
			...s,
			scheduler: {
				...s.scheduler,
				threads: 5,
				tasks: {processing: running, memory: done, waiting: inFlight - running, queued: 0, erred: 0, released: 0},
				tasks_total: spec.submitted,
				prefixes: {
					'load-shard': {
						transitions: {waiting: spec.submitted, processing: spec.handedOut, memory: done},
						...(spec.taskSeconds === undefined ? {} : {compute_seconds_total: done * spec.taskSeconds}),
					},
				},
				sources: {...s.scheduler.sources, prefixes: 'metrics', tasks: 'metrics'},
			},
			workers: s.workers.map((w) => {
				const holders = spec.holders ?? ['beta'];
				const share = holders.includes(w.name) ? Math.ceil(running / holders.length) : 0;
				return {...w, processing: share};
			}),
		};
	};
}

function found(spec: Tail, polls: number) {
	const states = reduceAll(steadyPolls(version, 'busy', polls, tail(spec)));
	return diagnosisView(states.at(-1)!).current.filter((f) => f.cause === 'hung');
}
let version: (typeof FIXTURE_VERSIONS)[number];

/** 200 of 202 done by the third poll (tasks of 0.1 s on 5 threads), then nothing. */
const TWO_HANG = [0, 60, 200];

describe.each(FIXTURE_VERSIONS)('hung on a prefix tail, Dask %s fixtures', (release) => {
	it.each([
		{
			what: '2 tasks silent 12 s after 200 of 0.1 s (the mean from compute seconds)',
			polls: 9,
			spec: {done: TWO_HANG, handedOut: 202, submitted: 202, taskSeconds: 0.1},
			hung: true,
		},
		{
			what: 'the same without compute seconds (2022.12: the mean at most)',
			polls: 9,
			spec: {done: TWO_HANG, handedOut: 202, submitted: 202},
			hung: true,
		},
		{
			what: 'the same, the two on alpha and beta (no one worker to name: the prefix)',
			polls: 9,
			spec: {done: TWO_HANG, handedOut: 202, submitted: 202, taskSeconds: 0.1, holders: ['alpha', 'beta']},
			hung: 'prefix load-shard',
		},
		{
			what: 'silent 8 s only',
			polls: 7,
			spec: {done: TWO_HANG, handedOut: 202, submitted: 202, taskSeconds: 0.1},
			hung: false,
		},
		{
			what: 'still completing',
			polls: 9,
			spec: {done: [0, 20, 40, 60, 80, 100, 120, 140, 160], handedOut: 202, submitted: 202, taskSeconds: 0.1},
			hung: false,
		},
		{
			what: 'tasks of 5 s: 12 s is not far past them',
			polls: 9,
			spec: {done: TWO_HANG, handedOut: 202, submitted: 202, taskSeconds: 5},
			hung: false,
		},
		{
			what: 'one 180 s task, no peers',
			polls: 9,
			spec: {done: [0], handedOut: 1, submitted: 1, taskSeconds: undefined},
			hung: false,
		},
		{
			what: 'the last 2 wait for their inputs (never handed out)',
			polls: 9,
			spec: {done: TWO_HANG, handedOut: 200, submitted: 202, taskSeconds: 0.1},
			hung: false,
		},
	])('$what: $hung', ({polls, spec, hung}) => {
		version = release;
		// One worker runs them: the finding names it (the place to look, as the stall's finding does).
		const named = hung === true ? 'worker beta' : hung;
		expect(found(spec as Tail, polls).map((f) => `${f.subject.kind} ${f.subject.name ?? f.subject.id}`)).toEqual(
			named ? [named] : [],
		);
	});

	it('says how long past the last completion, against the mean, and where to look', () => {
		version = release;
		const [finding] = found({done: TWO_HANG, handedOut: 202, submitted: 202, taskSeconds: 0.1}, 9);
		expect(finding!.summary).toBe(
			'2 tasks of load-shard have run 12 s past its last completion, 120× its mean task time (100 ms), while 200 ' +
				'completed: hung, or far slower than the rest',
		);
		expect(finding!.next).toMatch(
			/^see what its threads run: .*\/info\/call-stacks\/.*\.html \(a lock, a sleep, a remote call\)$/,
		);
	});
});
