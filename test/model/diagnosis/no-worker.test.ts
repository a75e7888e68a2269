/**
 * no-worker on the recorded fixtures: after worker gamma was killed, two `pinned-sleep` tasks
 * allowed only on gamma have no worker (both Dask versions); the busy cluster has none.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import {NO_WORKER_START_MS} from '../../../source/model/diagnosis/rules/no-worker.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';
import {POLL_MS, reduceAll, steadyPolls} from '../../helpers/diagnosis-rounds.js';

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
});
