/**
 * no-worker on the recorded fixtures: after worker gamma was killed, two `pinned-sleep` tasks
 * allowed only on gamma have no worker (both Dask versions); the busy cluster has none.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import {NO_WORKER_START_MS} from '../../../source/model/diagnosis/rules/no-worker.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {POLL_MS, reduceAll, steadyPolls, withWorker} from '../../helpers/diagnosis-rounds.js';

type Edit = (s: Snapshot) => Snapshot;
/** A worker paused by memory at `fraction` of its limit, as identity.json would say (set on the fixture). */
const paused =
	(name: string, fraction = 0.86, resources?: Record<string, number>): Edit =>
	(s) =>
		withWorker(s, name, (w) => ({
			...w,
			status: 'paused',
			memory_process_bytes: fraction * w.memory_limit_bytes!,
			...(resources ? {resources} : {}),
		}));
const offers =
	(name: string, resources: Record<string, number>): Edit =>
	(s) =>
		withWorker(s, name, (w): WorkerSnapshot => ({...w, resources}));
/** identity.json failing: no status; the scheduler's /metrics counts one paused worker. */
const statusUnknown: Edit = (s) => ({
	...s,
	scheduler: {...s.scheduler, workers: {...s.scheduler.workers, paused: 1}},
	workers: s.workers.map(({status: _status, ...w}) => w),
});
const all =
	(...edits: Edit[]): Edit =>
	(s) =>
		edits.reduce((acc, edit) => edit(acc), s);

describe.each(FIXTURE_VERSIONS)('no-worker on Dask %s', (version) => {
	it('finds the tasks no worker can run once they have waited two polls and three seconds, naming their prefix', () => {
		const states = reduceAll(steadyPolls(version, 'worker-died', 4));
		const polls = states.map((s) => diagnosisView(s).current.map((f) => f.cause));
		// Three seconds at a poll every 2 s: from the third poll on.
		expect(NO_WORKER_START_MS).toBeGreaterThan(POLL_MS);
		expect(polls).toEqual([[], [], ['no-worker'], ['no-worker']]);
		const finding = diagnosisView(states[3]!).current[0]!;
		// One prefix went no-worker with workers connected: its tasks are what is wrong, not the cluster.
		expect(finding).toMatchObject({severity: 'critical', subject: {kind: 'prefix', id: 'pinned-sleep'}});
		expect(finding.summary).toBe(
			'2 tasks (pinned-sleep) no worker can run: they ask for resources or workers none of the connected ones offers',
		);
		expect(finding.evidence.map((e) => [e.figure, e.value, e.source])).toEqual([
			['tasks with no worker', '2', 'metrics'],
			['workers connected', '2', 'metrics'],
			['resources the workers offer', 'none', 'identity'],
			['prefixes that went no-worker', 'pinned-sleep', 'metrics'],
		]);
	});

	it('finds nothing on the busy cluster, whose tasks all have a worker', () => {
		const states = reduceAll(steadyPolls(version, 'busy', 4));
		expect(states.map((s) => diagnosisView(s).current)).toEqual([[], [], [], []]);
	});

	// The worker-died fixture's no-worker tasks, with workers paused by memory set on it (the fixtures
	// have no paused worker): a paused worker takes no task (Scheduler.valid_workers ∩ running), so the
	// pause is the cause and the next step is memory, not a missing resource.
	it.each([
		{
			what: 'the only worker offering GPU is paused',
			edit: all(offers('alpha', {}), paused('beta', 0.86, {GPU: 1})),
			summary:
				/no running worker can run: the only worker offering GPU \(beta\) is paused by memory \(beta at 86 % of its .* limit; Dask pauses at 80 %\)$/, // line-length: allow
		},
		{
			what: 'a paused worker offers nothing the running one lacks (tasks pinned to it)',
			edit: paused('beta'),
			summary:
				/no running worker can run: beta is paused by memory \(beta at 86 % .*\): tasks restricted to it \(workers=\) wait until it resumes, unless they ask for what no connected worker offers$/, // line-length: allow
		},
		{
			what: 'GPU is offered by a running worker too: the pause still comes first',
			edit: all(offers('alpha', {GPU: 1}), paused('beta', 0.86, {GPU: 1})),
			summary: /beta is paused by memory .*: tasks restricted to it \(workers=\)/,
		},
		{
			what: 'every worker is paused',
			edit: all(paused('alpha', 0.83), paused('beta')),
			summary:
				/no running worker can run: every worker is paused by memory \(alpha at 83 % .*, beta at 86 %|and beta at 86 %/,
		},
		{
			what: "identity.json fails: the scheduler's paused count and beta's memory at the pause threshold",
			edit: all(paused('beta', 0.85), statusUnknown),
			summary: /beta is paused by memory \(beta at 85 %/,
		},
	])('names the pause, not a missing resource, when $what', ({edit, summary}) => {
		const states = reduceAll(steadyPolls(version, 'worker-died', 4, edit));
		const finding = diagnosisView(states[3]!).current.find((f) => f.cause === 'no-worker')!;
		expect(finding).toMatchObject({severity: 'critical', subject: {kind: 'prefix', id: 'pinned-sleep'}});
		expect(finding.summary).toMatch(summary);
		expect(finding.summary).not.toMatch(/none of the connected ones offers/);
		expect(finding.next).toMatch(/^the pause is the cause: free memory on (alpha|beta) \(Enter on/);
		expect(finding.next).not.toMatch(/start a worker/);
		expect(finding.evidence.map((e) => e.figure)).toContain("beta's process memory / limit");
	});

	it('does not take a worker near the pause threshold for a paused one while the scheduler counts none paused', () => {
		const near = all(paused('beta', 0.85), statusUnknown, (s) => ({
			...s,
			scheduler: {...s.scheduler, workers: {...s.scheduler.workers, paused: 0}},
		}));
		const states = reduceAll(steadyPolls(version, 'worker-died', 4, near));
		const finding = diagnosisView(states[3]!).current.find((f) => f.cause === 'no-worker')!;
		expect(finding.summary).toMatch(/none of the connected ones offers$/);
	});
});
