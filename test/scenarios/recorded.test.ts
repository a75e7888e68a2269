/**
 * Each diagnosis rule on the rounds its scenario recorded on real Dask (test/fixtures/scenarios/,
 * kept by the scenario suite, test/e2e/diagnosis-scenarios.test.ts): the recording fed round by
 * round through the pipeline with the CLI's options, judged as the suite judges the live run —
 * the expected finding within 3 polls of the onset on the subject the release can name, no other
 * finding; nothing on the healthy runs. So a rule's change is checked against real clusters of both
 * releases without starting one.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {roundTimeMs} from '../../source/parse/round-time.js';
import {loadRecording} from '../../source/record/reader.js';
import {diagnosisOf, type Finding, judge, type Cause, sameSubject} from '../e2e/helpers/findings.js';
import type {ScenarioSubject, Truth} from '../e2e/helpers/scenario.js';
import {SCENARIO_FIXTURES_DIR} from '../e2e/helpers/scenario-fixtures.js';
import {liveDocuments} from '../e2e/helpers/scenario-record.js';
import {SCENARIOS} from '../e2e/helpers/scenario-specs.js';

interface Manifest {
	readonly scenario: string;
	readonly dask: string;
	readonly cause: Cause | null;
	readonly subject: ScenarioSubject | null;
	readonly onset_ms: number;
	readonly started_ms: number;
	readonly truth: {readonly onset: Truth; readonly notes: readonly Truth[]; readonly end: Truth};
}

const releases = existsSync(SCENARIO_FIXTURES_DIR) ? readdirSync(SCENARIO_FIXTURES_DIR).sort() : [];

function manifests(release: string): Manifest[] {
	const dir = join(SCENARIO_FIXTURES_DIR, release);
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Manifest);
}

/** Every summary the rounds gave for the cause. */
function summariesOf(
	judged: ReadonlyArray<{readonly findings: readonly Finding[] | undefined}>,
	cause: string,
): string[] {
	return judged.flatMap((round) => (round.findings ?? []).filter((f) => f.cause === cause).map((f) => f.summary ?? ''));
}

describe('the scenario recordings', () => {
	it('hold every scenario on both releases', () => {
		expect(releases).toEqual(['2022.12.1', '2026.7.1']);
		for (const release of releases)
			expect(manifests(release).map((m) => m.scenario)).toEqual(SCENARIOS.map((s) => s.name).sort());
	});
});

describe.each(releases)('the rules on the scenarios recorded on Dask %s', (release) => {
	it.each(manifests(release).map((m) => [m.scenario, m] as const))('%s', async (name, manifest) => {
		const spec = SCENARIOS.find((s) => s.name === name)!;
		const {rounds} = await loadRecording(join(SCENARIO_FIXTURES_DIR, release, `${name}.ndjson.gz`));
		const documents = liveDocuments(rounds, spec.model);
		const judged = rounds.map((raw, index) => ({atMs: roundTimeMs(raw), findings: diagnosisOf(documents[index])}));
		const {truth} = manifest;
		const run = {
			...truth,
			onset: {at: manifest.onset_ms / 1000, subject: manifest.subject, truth: truth.onset},
			logs: {},
		};
		const expected =
			manifest.cause && manifest.subject
				? {
						cause: manifest.cause,
						subject: manifest.subject,
						precursors: spec.precursors?.(run) ?? [],
						also: spec.also?.(run) ?? [],
					}
				: null;
		const allowed = spec.may?.(run) ?? [];
		const verdict = judge(judged, manifest.onset_ms, expected, allowed);
		expect(verdict.diagnosed).toBe(true);
		expect(verdict.pollsAfterOnset).toBeGreaterThanOrEqual(3);
		expect(verdict.others).toEqual([]);
		if (expected) {
			expect(verdict.wrongSubject).toEqual([]);
			expect(verdict.expected, `no ${expected.cause} on ${JSON.stringify(expected.subject)}`).toBeDefined();
			expect(verdict.expected!.poll).toBeLessThanOrEqual(3);
			expect(verdict.expected!.atMs).toBeGreaterThanOrEqual(manifest.started_ms);
			for (const summary of summariesOf(judged, expected.cause)) {
				if (spec.says) expect(summary).toMatch(spec.says);
				if (spec.neverSays) expect(summary).not.toMatch(spec.neverSays);
			}
		}
		for (const may of allowed)
			for (const finding of judged.flatMap((round) => round.findings ?? []))
				if (finding.cause === may.cause && sameSubject(finding.subject, may.subject)) {
					if (may.says) expect(finding.summary).toMatch(may.says);
					if (may.neverSays) expect(`${finding.summary} ${finding.next ?? ''}`).not.toMatch(may.neverSays);
				}
	});
});
