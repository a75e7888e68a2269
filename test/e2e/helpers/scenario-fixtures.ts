/**
 * Keeping each scenario's recording as a fixture for the diagnosis rules' unit tests:
 * test/fixtures/scenarios/<release>/<scenario>.ndjson.gz and, beside it, <scenario>.json (what the
 * scenario is, when its cause held, the finding it must raise and the workload's own account).
 * Only when DASK_TOP_SCENARIO_FIXTURES=1: `DASK_TOP_SCENARIO_FIXTURES=1 npx vitest run --project e2e
 * test/e2e/diagnosis-scenarios.test.ts` records them all afresh.
 */
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {REPO_ROOT} from './python.js';
import {cliFlags, type RecordedScenario} from './scenario-record.js';
import {POLL_S} from './scenario-specs.js';

export const SCENARIO_FIXTURES_DIR = join(REPO_ROOT, 'test', 'fixtures', 'scenarios');

export function keepingFixtures(): boolean {
	return process.env['DASK_TOP_SCENARIO_FIXTURES'] === '1';
}

/** Keeps the recording and its manifest in `root`/<release>/ (the fixtures, or a report's misses). */
export function keepFixture(recorded: RecordedScenario, root = SCENARIO_FIXTURES_DIR): void {
	const dir = join(root, recorded.dask);
	mkdirSync(dir, {recursive: true});
	const {spec, run} = recorded;
	copyFileSync(recorded.file, join(dir, `${spec.name}.ndjson.gz`));
	const manifest = {
		scenario: spec.name,
		dask: recorded.dask,
		cause: spec.cause,
		subject: spec.subjectOn?.(recorded.dask, run.onset) ?? run.onset.subject,
		poll_seconds: POLL_S,
		flags: cliFlags(spec),
		workers: spec.cluster.workers,
		started_ms: recorded.startedMs,
		onset_ms: recorded.onsetMs,
		rounds: recorded.rounds.length,
		truth: {onset: run.onset.truth, notes: run.notes, end: run.end},
	};
	writeFileSync(join(dir, `${spec.name}.json`), `${JSON.stringify(manifest, null, '\t')}\n`);
}
