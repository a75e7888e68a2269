/**
 * event-loop-blocked and heartbeats that stop on several idle workers at once: a worker sends its next
 * heartbeat only once the scheduler answered the last, so a late scheduler silences every idle worker
 * together (the client-leaving scenario's run-up on a loaded head node), while a worker's own blocked
 * loop silences that worker alone. The polls are the recorded busy fixtures with the figures set.
 */
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import type {Snapshot, WorkerSnapshot} from '../../../source/types/snapshot.js';
import {reduceAll, steadyPolls, withWorker} from '../../helpers/diagnosis-rounds.js';
import {FIXTURE_VERSIONS} from '../../helpers/fixtures.js';

function findingsAfter(polls: ReturnType<typeof steadyPolls>): string[] {
	return diagnosisView(reduceAll(polls).at(-1)!).current.map((f) => `${f.cause} ${f.subject.name} ${f.severity}`);
}

/** Figures set on a worker; a heartbeat's age is identity.json's, the others its own /metrics'. */
const set = (name: string, figures: Partial<WorkerSnapshot>) => (s: Snapshot) =>
	withWorker(s, name, (w) => {
		const sources = Object.fromEntries(
			Object.keys(figures)
				.filter((k) => k !== 'heartbeat_age_seconds')
				.map((k) => [k, 'worker_metrics' as const]),
		);
		return {...w, ...figures, sources: {...w.sources, ...sources}};
	});

const silent = (name: string) => set(name, {heartbeat_age_seconds: 3.5, tasks_executing: 0, processing: 0});
const idle = (name: string) => set(name, {tasks_executing: 0, processing: 0});

describe.each(FIXTURE_VERSIONS)('heartbeats stopped on idle workers, Dask %s fixtures', (version) => {
	it('leaves idle workers whose heartbeats stopped together to the scheduler that was late to answer them', () => {
		const two = (s: Snapshot) => silent('gamma')(silent('alpha')(idle('beta')(s)));
		expect(findingsAfter(steadyPolls(version, 'busy', 3, two))).toEqual([]);
	});

	it("tells a worker's own loop blocked when its tick passed the limit too, or it alone fell silent", () => {
		const two = (s: Snapshot) => silent('gamma')(silent('alpha')(idle('beta')(s)));
		const ticked = (s: Snapshot) => set('alpha', {tick_duration_max_seconds: 3.4})(two(s));
		expect(findingsAfter(steadyPolls(version, 'busy', 3, ticked))).toEqual(['event-loop-blocked alpha warning']);
		const one = (s: Snapshot) => idle('gamma')(silent('alpha')(idle('beta')(s)));
		expect(findingsAfter(steadyPolls(version, 'busy', 3, one))).toEqual(['event-loop-blocked alpha warning']);
	});
});
