/**
 * The spill watch: which workers' own /metrics the poller reads every round for their spill time.
 * On the scenario recordings of real Dask (test/fixtures/scenarios/): every worker once its bytes on
 * disk rise (the spilling run), none on the idle polls before it nor on a run that never spills.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {spillWatch} from '../../../source/model/diagnosis/spill-watch.js';
import {roundTimeMs} from '../../../source/parse/round-time.js';
import {createPipeline} from '../../../source/pipeline.js';
import {loadRecording} from '../../../source/record/reader.js';
import {SCENARIO_FIXTURES_DIR} from '../../e2e/helpers/scenario-fixtures.js';

async function watched(release: string, scenario: string): Promise<Array<{atMs: number; names: string[]}>> {
	const {rounds} = await loadRecording(join(SCENARIO_FIXTURES_DIR, release, `${scenario}.ndjson.gz`));
	const pipeline = createPipeline();
	return rounds.map((raw) => {
		pipeline.ingest(raw);
		const names = new Map(pipeline.snapshot()?.workers.map((w) => [w.address, w.name]));
		return {
			atMs: roundTimeMs(raw),
			names: spillWatch(pipeline.state())
				.map((a) => names.get(a) ?? a)
				.sort(),
		};
	});
}

describe('the spill watch on the scenario recordings', () => {
	it('names every worker from the poll its bytes on disk rose, and none before', async () => {
		const rounds = await watched('2022.12.1', 'spilling');
		const first = rounds.findIndex((r) => r.names.length > 0);
		expect(first).toBeGreaterThan(0);
		expect(rounds.slice(0, first).every((r) => r.names.length === 0)).toBe(true);
		expect(rounds[first]!.names).toEqual(['alpha', 'beta', 'gamma']);
	});

	it('names the busy workers with data on disk at once where only their own /metrics shows it (2026.7.1)', async () => {
		// identity.json fails while they are busy: the bytes on disk come from a worker's own /metrics alone.
		const rounds = await watched('2026.7.1', 'spilling');
		const first = rounds.findIndex((r) => r.names.length > 0);
		expect(first).toBeGreaterThan(0);
		// The first sample's readings: every worker by the poll after (one may show its first bytes then).
		const named = new Set(rounds.slice(first, first + 2).flatMap((r) => r.names));
		expect([...named].sort()).toEqual(['alpha', 'beta', 'gamma']);
	});

	it('names nobody on a run that never writes to disk', async () => {
		for (const scenario of ['balanced', 'straggler', 'skew'])
			expect(
				(await watched('2022.12.1', scenario)).flatMap((r) => r.names),
				scenario,
			).toEqual([]);
	});
});
