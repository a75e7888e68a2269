/**
 * The adaptive target's lines beside a recomputation that is not the scheduler's number: the
 * recorded Dask 2023.6.0 session's ramp-up, when workers.html (asked every 5 s) lags /metrics.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {triageView} from '../../../source/model/index.js';
import type {TriageView} from '../../../source/model/types.js';
import {createPipeline} from '../../../source/pipeline.js';
import {loadRecording} from '../../../source/record/reader.js';
import {triageBlocks} from '../../../source/ui/views/adaptive-lines.js';
import {makeTheme} from '../../../source/ui/draw/theme.js';
import {FIXTURES_ROOT} from '../../helpers/fixtures.js';

const SESSION = join(FIXTURES_ROOT, 'dask-2023.6.0', 'tui-session.ndjson.gz');
const text = (line: ReadonlyArray<{text: string}>) => line.map((s) => s.text).join('');

async function firstStaleDisagreement(): Promise<TriageView> {
	const pipeline = createPipeline();
	for (const raw of (await loadRecording(SESSION)).rounds) {
		pipeline.ingest(raw);
		const triage = triageView(pipeline.state());
		if (triage.adaptive.disagreement && (triage.adaptive.recomputed?.inputs_age_seconds ?? 0) >= 1) return triage;
	}
	throw new Error('no disagreement with older inputs in the session');
}

describe('the adaptive target beside a recomputation that differs', () => {
	it("puts the scheduler's number and the inputs' age beside the recomputed figure", async () => {
		const triage = await firstStaleDisagreement();
		const lines = triageBlocks(triage, makeTheme({color: false, ascii: false}), 200).blocks.flatMap((b) =>
			b.lines.map(text),
		);
		const a = triage.adaptive;
		const line = lines.find((l) => l.includes('recomputed '));
		expect(line).toMatch(
			new RegExp(
				`recomputed ${a.recomputed?.target} ≠ the scheduler's ${a.desired_workers}, ` +
					'inputs up to \\d(\\.\\d)?s older than it: cpu term',
			),
		);
		expect(lines.some((l) => /occupancy \d s before \/metrics/.test(l))).toBe(true);
	});
});
