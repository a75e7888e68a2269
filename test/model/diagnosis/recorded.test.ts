/**
 * The rules on real recordings of both Dask releases (test/fixtures/diagnosis/README.md): a worker
 * slowed on its share of a map, a worker filled to its pause threshold, and a busy, well-balanced
 * cluster that must raise nothing; and the scenario suite's scheduler-bound run (test/fixtures/scenarios/),
 * its scheduler saturated on a shared host. Each is replayed round by round through the real pipeline.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../../source/model/diagnosis/index.js';
import {FIXTURES_ROOT} from '../../helpers/fixtures.js';
import {recordingStates} from '../../helpers/recording-states.js';

const RELEASES = ['2022.12.1', '2026.7.1'] as const;
const file = (name: string) => join(FIXTURES_ROOT, 'diagnosis', `${name}.ndjson.gz`);
const scenario = (release: string, name: string) => join(FIXTURES_ROOT, 'scenarios', release, name);

/** Every cause that was ever current over the recording, as `cause subject`. */
function causesSeen(states: Awaited<ReturnType<typeof recordingStates>>): string[] {
	const seen = new Set<string>();
	for (const {state} of states)
		for (const f of diagnosisView(state).current) seen.add(`${f.cause} ${f.subject.name ?? f.subject.id}`);
	return [...seen];
}

describe.each(RELEASES)('on Dask %s', (release) => {
	it('finds beta a straggler on slow-process within 3 polls of the map starting, and nothing else', async () => {
		const states = await recordingStates(file(`straggler-${release}`));
		const onset = states.findIndex(({state}) => (state.snapshot?.scheduler.tasks.processing ?? 0) > 0);
		const found = states.findIndex(({state}) => diagnosisView(state).current.length > 0);
		expect(onset).toBeGreaterThan(0);
		expect(found - onset).toBeGreaterThan(0);
		expect(found - onset).toBeLessThanOrEqual(3);
		const finding = diagnosisView(states[found]!.state).current[0]!;
		expect(finding).toMatchObject({cause: 'straggler', severity: 'warning', subject: {kind: 'worker', name: 'beta'}});
		expect(finding.summary).toMatch(/^beta is a straggler on slow-process, (\d+(\.\d)?)× slower than its peers$/);
		const times = Number(/, ([\d.]+)× slower/.exec(finding.summary)![1]);
		expect(times).toBeGreaterThanOrEqual(3); // it sleeps 5× longer
		expect(finding.since).toBeLessThanOrEqual(states[found]!.atMs);
		expect(finding.evidence.map((e) => e.figure)).toEqual(
			expect.arrayContaining(['tasks finished per thread', "its peers' median per thread"]),
		);
		expect(causesSeen(states)).toEqual(['straggler beta']);
	});

	it('finds beta under memory pressure, critical once it pauses, and nothing else', async () => {
		const states = await recordingStates(file(`fill-memory-${release}`));
		const paused = states.findIndex(({state}) =>
			state.snapshot?.workers.some((w) => w.name === 'beta' && w.status === 'paused'),
		);
		expect(paused).toBeGreaterThan(0);
		const atPause = diagnosisView(states[paused + 1]!.state).current;
		expect(atPause.map((f) => [f.cause, f.severity, f.subject.name])).toEqual([
			['memory-pressure', 'critical', 'beta'],
		]);
		expect(atPause[0]!.summary).toMatch(/^beta is paused by memory at \d+ % of its 572\.2 MiB limit, mostly unmanaged/);
		expect(causesSeen(states)).toEqual(['memory-pressure beta']);
	});

	it('finds nothing on a busy, well-balanced cluster (20,000 tasks of 20 ms)', async () => {
		const states = await recordingStates(file(`churn-${release}`));
		expect(states.some(({state}) => (state.snapshot?.scheduler.tasks.processing ?? 0) > 0)).toBe(true);
		expect(causesSeen(states)).toEqual([]);
		expect(states.flatMap(({state}) => state.events.filter((e) => e.kind === 'diagnosis'))).toEqual([]);
	});
});

describe.each(RELEASES)('on the scheduler-bound scenario recorded on Dask %s', (release) => {
	it('finds the cluster scheduler-bound by the third poll after the onset, at the CPU the scheduler got', async () => {
		const {onset_ms: onsetMs} = JSON.parse(readFileSync(scenario(release, 'scheduler-bound.json'), 'utf8')) as {
			onset_ms: number;
		};
		const states = await recordingStates(scenario(release, 'scheduler-bound.ndjson.gz'));
		const third = states.filter(({atMs}) => atMs >= onsetMs)[2]!;
		const findings = diagnosisView(third.state).current;
		expect(findings.map((f) => `${f.cause} ${f.subject.kind}`)).toEqual(['scheduler-bound cluster']);
		// Its event loop wanted a whole core (the workload's own account); on the shared host it got a fifth to a half.
		const cores = Number(/^the scheduler is the bottleneck: (\d+) % of a core/.exec(findings[0]!.summary)![1]);
		expect(cores).toBeGreaterThanOrEqual(20);
		expect(cores).toBeLessThan(50);
		expect(findings[0]!.evidence.map((e) => e.figure)).toEqual(
			expect.arrayContaining(["scheduler's CPU", 'tasks finished', 'tasks waiting on the scheduler']),
		);
		expect(causesSeen(states)).toEqual(['scheduler-bound cluster']);
	});
});

describe('on the spilling scenario recorded on Dask 2026.7.1', () => {
	it('finds no scheduler-bound for its tiny chunk tasks, the nearest of the other scenarios', async () => {
		// ~90 tasks of 0.1 ms a second, the scheduler under a fifth of a core, 4 tasks queued: neither busy nor behind.
		const states = await recordingStates(scenario('2026.7.1', 'spilling.ndjson.gz'));
		expect(causesSeen(states).filter((c) => c.startsWith('scheduler-bound'))).toEqual([]);
	});
});

describe('on the recorded Dask 2023.6.0 session (idle, busy, memory, errors)', () => {
	it(
		'finds nothing: gamma busy with tasks whose results others consume is no straggler, ' +
			'beta spilling 80 MiB once is no incident',
		async () => {
			const states = await recordingStates(join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz'));
			expect(states.length).toBeGreaterThan(60);
			expect(causesSeen(states)).toEqual([]);
		},
	);
});
