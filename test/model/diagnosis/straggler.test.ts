/**
 * straggler (and the GIL-bound worker it is not), table-driven on the recorded busy cluster of both
 * releases with a stream of one prefix set on it (the fixtures hold one instant): each poll, every
 * worker holds `pace` more keys, the scheduler counts their completions (/metrics), and workers.html
 * gives each 20 tasks processing with the occupancy the scheduler would estimate for them.
 *
 * Dask 2022.12.1 forgets a prefix's mean while a task runs past twice it (TaskPrefix.add_exec_time
 * sets duration_average to -1), and then estimates every task at distributed.scheduler.unknown-task-
 * duration (0.5 s): a straggler's own slow tasks make its occupancy 10 s for 20 tasks, where the mean
 * says 3 s. The straggler is named either way.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls} from '../../helpers/diagnosis-rounds.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';

type Name = 'alpha' | 'beta' | 'gamma';
interface Stream {
	/** Tasks each worker finishes per poll (2 s); alpha and gamma have 2 threads, beta 1. */
	readonly pace: Readonly<Record<Name, number>>;
	/** Seconds a task of each worker is estimated at (occupancy / processing). */
	readonly estimate?: Partial<Record<Name, number>>;
	readonly processing?: Partial<Record<Name, number>>;
	/** CPU (100 % = one core) and tasks executing, where set. */
	readonly cpu?: Partial<Record<Name, number>>;
	readonly executing?: Partial<Record<Name, number>>;
}

const MEAN_S = 0.15;

function stream(spec: Stream) {
	return (s: Snapshot, i: number): Snapshot => {
		let done = 0;
		const workers = s.workers.map((w): WorkerSnapshot => {
			const name = w.name as Name;
			const held = 10 + spec.pace[name] * i;
			done += spec.pace[name] * i;
			const processing = spec.processing?.[name] ?? 20;
			const cpu = spec.cpu?.[name];
			const executing = spec.executing?.[name] ?? Math.min(processing, w.nthreads ?? 1);
			return {
				...w,
				status: 'running',
				tasks_in_memory: held,
				keys_in_memory: held,
				tasks_executing: executing,
				processing,
				occupancy_seconds: processing * (spec.estimate?.[name] ?? MEAN_S),
				transfer_incoming_count_total: 0,
				...(cpu === undefined ? {} : {cpu_percent: cpu}),
				sources: {
					...w.sources,
					tasks_in_memory: 'identity',
					processing: 'workers_html',
					occupancy_seconds: 'workers_html',
					tasks_executing: 'identity',
					...(cpu === undefined ? {} : {cpu_percent: 'identity' as const}),
				},
			};
		});
		return {
			...s,
			workers,
			scheduler: {
				...s.scheduler,
				prefixes: {'parse-log': {transitions: {processing: 2000, memory: 30 + done}}},
				sources: {...s.scheduler.sources, prefixes: 'metrics'},
			},
		};
	};
}

function findings(spec: Stream, polls = 5): string[] {
	const states = reduceAll(steadyPolls(version, 'busy', polls, stream(spec)));
	return diagnosisView(states.at(-1)!).current.map((f) => `${f.cause} ${f.subject.name}`);
}
let version: (typeof FIXTURE_VERSIONS)[number];

describe.each(FIXTURE_VERSIONS)('straggler on Dask %s fixtures', (release) => {
	it.each([
		{what: 'beta 6× slower, the mean known', spec: {pace: {alpha: 12, beta: 1, gamma: 12}}, found: ['straggler beta']},
		{
			what: "beta 2.7× slower while the scheduler dropped the prefix's mean (occupancy at 0.5 s a task)",
			spec: {pace: {alpha: 12, beta: 2.2, gamma: 12}, estimate: {alpha: 0.5, beta: 0.5, gamma: 0.5}},
			found: ['straggler beta'],
		},
		{
			what: 'the same with the mean known (occupancy at 0.15 s a task)',
			spec: {pace: {alpha: 12, beta: 2.2, gamma: 12}},
			found: ['straggler beta'],
		},
		{
			what: 'the same with every mean 6× too long (a stale occupancy, the same for all): its peers measure it',
			spec: {pace: {alpha: 12, beta: 2.2, gamma: 12}, estimate: {alpha: 0.9, beta: 0.9, gamma: 0.9}},
			found: ['straggler beta'],
		},
		{
			what: 'beta busy with tasks of 1.5 s (its occupancy says so) while its peers run 0.15 s ones',
			spec: {pace: {alpha: 12, beta: 1.33, gamma: 12}, estimate: {beta: 1.5}},
			found: [],
		},
		{what: 'every worker at the same pace', spec: {pace: {alpha: 12, beta: 6, gamma: 12}}, found: []},
		{
			what: 'beta 2× slower (under the bar)',
			spec: {pace: {alpha: 12, beta: 3, gamma: 12}, estimate: {alpha: 0.5, beta: 0.5, gamma: 0.5}},
			found: [],
		},
		{
			what: 'beta busy with two long tasks whose mean is unknown (it finishes none)',
			spec: {
				pace: {alpha: 12, beta: 0, gamma: 12},
				processing: {beta: 2},
				estimate: {alpha: 0.5, beta: 0.5, gamma: 0.5},
			},
			found: [],
		},
		{
			what: 'beta busy with two tasks of 180 s (its occupancy says so)',
			spec: {pace: {alpha: 12, beta: 0, gamma: 12}, processing: {beta: 2}, estimate: {beta: 180}},
			found: [],
		},
		{
			what: "alpha's 2 threads at 97 % CPU, 6× slower per thread: its GIL, not its host",
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 97, beta: 98, gamma: 190}},
			found: ['gil-contention alpha'],
		},
		{
			what: "alpha's 2 threads at 190 % CPU, 6× slower per thread: both threads run, a slow host",
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 190, beta: 98, gamma: 190}},
			found: ['straggler alpha'],
		},
		{
			what: "alpha's 2 threads at 30 % CPU on a loaded host, what one thread of its peers gets: its GIL",
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 30, beta: 28, gamma: 56}},
			found: ['gil-contention alpha'],
		},
		{
			what: "alpha's 2 threads at 30 % CPU while its peers' threads get a core each: starved by its host",
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 30, beta: 98, gamma: 190}},
			found: ['straggler alpha'],
		},
		{
			what: "alpha's 2 threads at 4 % CPU, its peers' at 5 % (tasks waiting on I/O): no GIL shown",
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 4, beta: 5, gamma: 10}},
			found: ['straggler alpha'],
		},
		{
			what: 'alpha at 97 % CPU with one task executing (one thread working): no GIL shown',
			spec: {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 97}, executing: {alpha: 1}},
			found: ['straggler alpha'],
		},
	] satisfies Array<{what: string; spec: Stream; found: string[]}>)('$what: $found', ({spec, found}) => {
		version = release;
		expect(findings(spec)).toEqual(found);
	});

	it('cites the CPU and names the GIL for a worker whose threads share one core', () => {
		version = release;
		const spec: Stream = {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 97}};
		const states = reduceAll(steadyPolls(release, 'busy', 5, stream(spec)));
		const finding = diagnosisView(states.at(-1)!).current[0]!;
		expect(finding.summary).toBe(
			"alpha's 2 threads share one core (CPU 97 %): its tasks hold the GIL, 6.0× slower than its peers per thread",
		);
		expect(finding.evidence[0]).toMatchObject({figure: 'CPU (100 % = one core)', value: '97 % with 2 threads'});
		expect(finding.next).toMatch(/--nworkers N --nthreads 1/);
		expect(finding.next).not.toMatch(/retire/);
	});

	it('names what one thread of its peers gets when a loaded host gives no one a core', () => {
		version = release;
		const spec: Stream = {pace: {alpha: 2, beta: 6, gamma: 12}, cpu: {alpha: 30, beta: 28, gamma: 56}};
		const states = reduceAll(steadyPolls(release, 'busy', 5, stream(spec)));
		const finding = diagnosisView(states.at(-1)!).current[0]!;
		expect(finding.summary).toBe(
			"alpha's 2 threads share one core (CPU 30 %, as much as one thread of its peers gets: 28 %): its tasks " +
				'hold the GIL, 6.0× slower than its peers per thread',
		);
	});

	it("says the scheduler dropped the prefix's mean when the occupancy is its default", () => {
		version = release;
		const spec: Stream = {pace: {alpha: 12, beta: 2.2, gamma: 12}, estimate: {alpha: 0.5, beta: 0.5, gamma: 0.5}};
		const states = reduceAll(steadyPolls(release, 'busy', 5, stream(spec)));
		const finding = diagnosisView(states.at(-1)!).current[0]!;
		expect(finding.summary).toMatch(/^beta is a straggler on parse-log, 2\.7× slower than its peers$/);
		expect(finding.evidence.map((e) => e.value)).toContainEqual(
			expect.stringMatching(/^unknown: the scheduler dropped the mean/),
		);
	});
});
