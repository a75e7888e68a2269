/**
 * hung and worker-lost follow the alert rules' verdicts (the stall alert; a worker lost, not
 * retired) and add their own post-mortem and next step. Recorded fixtures of both Dask versions;
 * where a figure the case needs is not in them, the test sets it and says so.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls, withWorker} from '../../helpers/diagnosis-rounds.js';
import {fixtureRun} from '../../helpers/fixture-data.js';
import {FIXTURE_VERSIONS, FIXTURES_ROOT} from '../../helpers/fixtures.js';
import {recordingStates} from '../../helpers/recording-states.js';

const SEQUENCE = ['idle', 'busy', 'memory-heavy', 'errors', 'worker-died'] as const;

describe.each(FIXTURE_VERSIONS)('on Dask %s fixtures', (version) => {
	describe('worker-lost', () => {
		it('names the worker killed with SIGKILL, with no warning sign in its last figures, critical', () => {
			const current = diagnosisView(fixtureRun(version, SEQUENCE).model).current;
			const lost = current.find((f) => f.cause === 'worker-lost')!;
			expect(lost).toMatchObject({severity: 'critical', subject: {kind: 'worker', name: 'gamma'}});
			// HTTP cannot tell a SIGKILL from a SIGTERM or a crash, nor see an allocation between polls: it says so.
			expect(lost.summary).toMatch(
				/^gamma was lost: no sign in its last figures \(memory \d+ % of its limit at the last poll\): stopped \(SIGTERM, its cluster manager\), killed \(SIGKILL, the OOM killer\) or crashed — HTTP cannot tell which, nor rule out an allocation between polls$/, // line-length: allow
			);
			expect(lost.evidence.map((e) => e.figure)).toEqual([
				'memory when last seen',
				'last status',
				'heartbeat age when last seen',
			]);
			expect(lost.next).toMatch(/^its last figures are in the worker table \(dimmed\) and the events view \(3\)/);
		});

		it('says it was likely killed for memory when its last figures were near the limit', () => {
			// gamma's last poll before it vanished, its memory set at 92 % of its limit.
			const run = fixtureRun(version, SEQUENCE.slice(0, 4));
			const gamma = run.model.snapshot!.workers.find((w) => w.name === 'gamma')!;
			const near = withWorker(run.model.snapshot!, 'gamma', (w) => ({
				...w,
				memory_process_bytes: 0.92 * w.memory_limit_bytes!,
			}));
			const states = reduceAll([
				{snapshot: near, nowMs: run.nowMs + 2000},
				...steadyPolls(version, 'worker-died', 1).map((p) => ({...p, nowMs: run.nowMs + 4000})),
			]);
			expect(gamma).toBeDefined();
			const lost = diagnosisView(states.at(-1)!).current.find((f) => f.cause === 'worker-lost')!;
			expect(lost.summary).toBe(
				'gamma was lost: likely killed for memory (near its limit when last seen; it had no nanny)',
			);
		});

		it('raises nothing for a worker that left while closing gracefully (retired)', () => {
			const closing = (s: Snapshot, i: number) =>
				i === 2 ? withWorker(s, 'gamma', (w) => ({...w, status: 'closing_gracefully'})) : s;
			const busy = steadyPolls(version, 'busy', 3, closing);
			const gone = (s: Snapshot) => ({...s, workers: s.workers.filter((w) => w.name !== 'gamma')});
			const left = steadyPolls(version, 'busy', 6, gone).slice(3);
			const states = reduceAll([...busy, ...left]);
			expect(states.at(-1)!.workers.size).toBe(3);
			expect(states.flatMap((s) => diagnosisView(s).current)).toEqual([]);
		});
	});

	describe('hung', () => {
		/** Only alpha holds tasks, at 1 % CPU; nothing completes (the same answer every poll). */
		const stuck = (s: Snapshot): Snapshot => ({
			...s,
			workers: s.workers.map((w) =>
				w.name === 'alpha'
					? {...w, processing: 2, tasks_executing: 2, cpu_percent: 1}
					: {...w, processing: 0, tasks_executing: 0, cpu_percent: 1},
			),
		});

		it('follows the stall alert, pointing at the call stacks of the worker that holds the tasks', () => {
			const states = reduceAll(steadyPolls(version, 'busy', 5, stuck), {stallAfterMs: 5000});
			expect(states.map((s) => diagnosisView(s).current.map((f) => f.cause))).toEqual([[], [], [], ['hung'], ['hung']]);
			const finding = diagnosisView(states.at(-1)!).current[0]!;
			expect(finding.subject).toMatchObject({kind: 'worker', name: 'alpha'});
			expect(finding.summary).toMatch(/^alpha holds \d+ tasks that make no progress/);
			expect(finding.next).toMatch(
				/^see what its threads run: http:\/\/[^ ]+\/info\/call-stacks\/tcp%3A%2F%2F127\.0\.0\.1%3A\d+\.html /,
			);
			expect(finding.evidence[0]).toMatchObject({figure: 'stall detection', source: 'alerts'});
		});

		it('raises nothing while tasks complete, even with a stall threshold of 5 s (a recorded busy cluster)', async () => {
			const states = await recordingStates(join(FIXTURES_ROOT, 'diagnosis', `churn-${version}.ndjson.gz`), {
				stallAfterMs: 5000,
			});
			expect(states.flatMap(({state}) => diagnosisView(state).current)).toEqual([]);
		});
	});
});
