/**
 * The diagnosis cites the share of the threads' time where it is known: the transfer-bound,
 * spilling and scheduler-bound findings on the rounds their scenarios recorded on real Dask
 * 2026.7.1 (test/fixtures/scenarios/), fed through the pipeline as the CLI does; on 2022.12.1,
 * which gives no per-prefix seconds, the transfer share is left out rather than cited as 0.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadRecording} from '../../../source/record/reader.js';
import type {Finding} from '../../../source/model/diagnosis/index.js';
import type {JsonDocument} from '../../../source/output/json-document.js';
import {SCENARIO_FIXTURES_DIR} from '../../e2e/helpers/scenario-fixtures.js';
import {liveDocuments} from '../../e2e/helpers/scenario-record.js';
import {SCENARIOS} from '../../e2e/helpers/scenario-specs.js';

async function findings(release: string, scenario: string, cause: string): Promise<Finding[]> {
	const spec = SCENARIOS.find((s) => s.name === scenario)!;
	const {rounds} = await loadRecording(join(SCENARIO_FIXTURES_DIR, release, `${scenario}.ndjson.gz`));
	const documents = liveDocuments(rounds, spec.model) as JsonDocument[];
	return documents.flatMap((d) => (d.diagnosis ?? []).filter((f) => f.cause === cause));
}

const SHARE = /^(<1|\d+) % over the last \d+ s/;

describe("the diagnosis cites the threads' time", () => {
	it.each([
		['transfer-bound', 'transfer-bound', "threads' time waiting on transfers"],
		['spilling', 'spilling', "threads' time spilling"],
		['scheduler-bound', 'scheduler-bound', "threads' time idle"],
	])('2026.7.1 %s: %s cites %s', async (scenario, cause, figure) => {
		const found = await findings('2026.7.1', scenario, cause);
		expect(found.length).toBeGreaterThan(0);
		const cited = found.flatMap((f) => f.evidence).filter((e) => e.figure.startsWith(figure));
		expect(cited.length, JSON.stringify(found.at(-1)?.evidence)).toBeGreaterThan(0);
		for (const e of cited) {
			expect(e.value).toMatch(SHARE);
			expect(e.source).toBe('derived');
		}
	});

	it('2022.12.1 transfer-bound: no per-prefix seconds, no transfer share cited', async () => {
		const found = await findings('2022.12.1', 'transfer-bound', 'transfer-bound');
		expect(found.length).toBeGreaterThan(0);
		expect(found.flatMap((f) => f.evidence).some((e) => e.figure.includes('waiting on transfers'))).toBe(false);
	});
});
