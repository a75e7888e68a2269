/**
 * The diagnosis, true on real Dask (2022.12.1 and 2026.7.1): each scenario of cluster/scenarios.py
 * makes one cause of a slow or sick run happen for real on a cluster of its own (a worker slowed for
 * one prefix, memory filled to the pause threshold, a worker its nanny kills, ...), or runs a
 * healthy workload of the same size. The built CLI records it headless at its default poll
 * interval. For each: the workload's own account (the scheduler's state, the tasks' clocks) proves
 * the cause happened; the expected finding appears within 3 polls of the onset on the right
 * subject; no other finding appears, on the idle cluster before nor during the run; a replay of
 * the recording shows the findings the live process had; a worker finding whose tasks block or
 * crawl names the workload's function they are in (its `frame`). The confusion table (scenario × finding,
 * per release) is written at the end (helpers/confusion.ts; `node scripts/scenario-table.mjs`).
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {roundTimeMs} from '../../source/parse/round-time.js';
import {json, killAll, run} from './helpers/cli-runs.js';
import {startCluster, type Cluster} from './helpers/cluster.js';
import {reportDir, type ScenarioRow, writeConfusion} from './helpers/confusion.js';
import {diagnosisOf, judge, sameSubject, type Expectation, type Verdict} from './helpers/findings.js';
import {DASK_RELEASES} from './helpers/python.js';
import {keepFixture, keepingFixtures} from './helpers/scenario-fixtures.js';
import {cliFlags, recordScenario, type RecordedScenario} from './helpers/scenario-record.js';
import {SCENARIOS, type ScenarioSpec} from './helpers/scenario-specs.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-scenarios-e2e-'));
const rows: ScenarioRow[] = [];
const suiteStart = performance.now();

afterAll(() => {
	killAll();
	if (rows.length > 0) {
		const table = writeConfusion(rows);
		console.log(`${table}\nsuite: ${((performance.now() - suiteStart) / 1000).toFixed(0)} s`);
	}
	rmSync(dir, {recursive: true, force: true});
});

function expectation(recorded: RecordedScenario): Expectation | null {
	const {spec, run, dask} = recorded;
	const subject = spec.subjectOn?.(dask, run.onset) ?? run.onset.subject;
	if (!spec.cause || !subject) return null;
	return {cause: spec.cause, subject, precursors: spec.precursors?.(run) ?? [], also: spec.also?.(run) ?? []};
}

describe.each(DASK_RELEASES)('diagnosis scenarios on Dask %s', (dask) => {
	// One cluster per shared plan, started by its first scenario. Shared scenarios come first: the first
	// with a cluster of its own stops them, so no idle cluster runs beside it.
	const shared = new Map<string, Promise<Cluster>>();
	const stopShared = async () => {
		for (const cluster of shared.values()) await (await cluster).stop();
		shared.clear();
	};
	const sharedCluster = async (spec: ScenarioSpec): Promise<Cluster | undefined> => {
		if (!spec.cluster.shared) {
			await stopShared();
			return undefined;
		}
		let cluster = shared.get(spec.cluster.key);
		if (!cluster) {
			// The previous plan's scenarios are done: its cluster does not idle beside this one.
			await stopShared();
			cluster = startCluster({dask, workers: spec.cluster.workers});
			shared.set(spec.cluster.key, cluster);
		}
		return cluster;
	};
	afterAll(stopShared);

	describe.each(SCENARIOS.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
		let recorded: RecordedScenario;
		let verdict: Verdict;

		beforeAll(
			async () => {
				const began = performance.now();
				try {
					recorded = await recordScenario(dask, spec, dir, await sharedCluster(spec));
				} catch (error) {
					const seconds = (performance.now() - began) / 1000;
					rows.push({dask, scenario: spec.name, cause: spec.cause, unproven: [], error: String(error), seconds});
					throw error;
				}
				const rounds = recorded.rounds.map((raw, index) => ({
					atMs: roundTimeMs(raw),
					findings: diagnosisOf(recorded.documents[index]),
				}));
				verdict = judge(rounds, recorded.onsetMs, expectation(recorded), spec.may?.(recorded.run) ?? []);
				rows.push({
					dask,
					scenario: spec.name,
					cause: spec.cause,
					unproven: spec.proof(recorded.run),
					verdict,
					seconds: recorded.seconds,
					phases: recorded.phases,
				});
				if (keepingFixtures()) keepFixture(recorded);
				// A miss keeps its recording beside the report, to be replayed round by round against the rules.
				const missed =
					(spec.cause !== null && verdict.expected === undefined) ||
					verdict.others.length > 0 ||
					verdict.wrongSubject.length > 0;
				if (missed || (verdict.expected?.poll ?? 0) > 3) keepFixture(recorded, join(reportDir(), 'misses'));
			},
			240_000 + Math.max(0, (spec.onsetWithinS ?? 90) - 90) * 1000,
		);

		it("makes its cause happen for real, by the scheduler's own account", () => {
			// The failures as one text: a summary line shows the whole reason, not "[ Array(1) ]".
			expect(spec.proof(recorded.run).join('; ')).toBe('');
			expect(verdict.pollsAfterOnset).toBeGreaterThanOrEqual(3);
		});

		it('has a diagnosis in every polled document', () => {
			expect(verdict.diagnosed).toBe(true);
		});

		if (spec.cause !== null) {
			it(`raises ${spec.cause} on the right subject within 3 polls of the onset`, () => {
				expect(verdict.wrongSubject).toEqual([]);
				const subject = expectation(recorded)?.subject;
				// The causes each poll raised, so a miss explains itself in a one-line summary.
				const polls = recorded.documents
					.map((document) => (diagnosisOf(document) ?? []).map((f) => `${f.cause} ${f.subject.name}`).join(','))
					.join(' | ');
				expect(verdict.expected, `no ${spec.cause} on ${JSON.stringify(subject)}; by poll: ${polls}`).toBeDefined();
				expect(verdict.expected?.poll).toBeLessThanOrEqual(3);
				// Not on the idle cluster before the workload started.
				expect(verdict.expected?.atMs).toBeGreaterThanOrEqual(recorded.startedMs);
				// It says the cause in words, never the advice the run disproves.
				for (const document of recorded.documents)
					for (const finding of diagnosisOf(document) ?? []) {
						if (finding.cause !== spec.cause) continue;
						if (spec.says) expect(finding.summary).toMatch(spec.says);
						if (spec.neverSays) expect(finding.summary).not.toMatch(spec.neverSays);
					}
			});
		}

		const frame = spec.frame;
		if (frame !== undefined) {
			it(`shows where its tasks are: in ${frame}, from its worker's call stacks read once`, () => {
				const subject = expectation(recorded)?.subject;
				const frames = recorded.documents
					.flatMap((document) => diagnosisOf(document) ?? [])
					.filter((f) => f.cause === spec.cause && subject !== undefined && sameSubject(f.subject, subject))
					.flatMap((f) => (f.frame === undefined ? [] : [f.frame]));
				expect(frames.length, `no ${spec.cause} finding with a frame`).toBeGreaterThan(0);
				expect(frames[0]).toMatchObject({function: frame, file: expect.stringMatching(/scenario_tasks\.py$/)});
			});
		}

		it(spec.cause === null ? 'raises no finding at all' : 'raises no other finding', () => {
			expect(verdict.others).toEqual([]);
		});

		if (spec.may !== undefined)
			it('says what a finding it may give must say, never the advice the run disproves', () => {
				const allowed = spec.may?.(recorded.run) ?? [];
				for (const document of recorded.documents)
					for (const finding of diagnosisOf(document) ?? [])
						for (const may of allowed) {
							if (finding.cause !== may.cause || !sameSubject(finding.subject, may.subject)) continue;
							if (may.says) expect(finding.summary).toMatch(may.says);
							if (may.neverSays) expect(`${finding.summary} ${finding.next ?? ''}`).not.toMatch(may.neverSays);
						}
			});

		it('replays to the findings the live process had: where the finding appeared, and at the end', async () => {
			const {rounds, documents} = recorded;
			const found = verdict.expected?.atMs;
			const firstIndex = found === undefined ? -1 : rounds.findIndex((raw) => roundTimeMs(raw) === found);
			const moments = [...new Set([firstIndex >= 0 ? firstIndex : Math.floor(rounds.length / 2), rounds.length - 1])];
			for (const index of moments) {
				const at = new Date(roundTimeMs(rounds[index]!)).toISOString();
				const replayed = json(
					await run(['--replay', recorded.file, '--once', '--json', '--at', at, ...cliFlags(spec)]),
				);
				const live = diagnosisOf(documents[index]);
				expect(live, `round ${index} has no diagnosis[]`).toBeDefined();
				expect(diagnosisOf(replayed), `round ${index} (${at})`).toEqual(live);
			}
		});
	});
});
