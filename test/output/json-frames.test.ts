/**
 * `--json`'s `frame` of a worker finding: where its tasks were, from its worker's call stacks read
 * once after it started. The straggler is the real recording test/fixtures/diagnosis/straggler-*
 * (beta slowed on its share of a map); the stacks answered are a real page too (the busy fixture's
 * alpha, recorded on another cluster of the same release and workload.py), carried by the round
 * after the finding started as a live session carries a page it asked, or read on their own.
 */
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {diagnosisView} from '../../source/model/diagnosis/index.js';
import {judgeCluster} from '../../source/output/check-verdict.js';
import {formatOnce} from '../../source/output/once-format.js';
import {findingStacks} from '../../source/run/finding-stacks.js';
import type {DrillPage} from '../../source/types/drill-page.js';
import {stackReadings} from '../../source/parse/finding-frame.js';
import {createPipeline} from '../../source/pipeline.js';
import {inertIn} from '../../source/units/inert.js';
import {loadRecording} from '../../source/record/reader.js';
import type {EndpointResult, RawScrape} from '../../source/types/raw-scrape.js';
import {FIXTURES_ROOT, FIXTURE_VERSIONS, readScenarioFile} from '../helpers/fixtures.js';

type Version = (typeof FIXTURE_VERSIONS)[number];

function stacksPage(version: Version, worker: string, startedMs: number, body?: string): EndpointResult {
	const alpha = version === '2022.12.1' ? 'tcp://127.0.0.1:40001' : 'tcp://127.0.0.1:41001';
	const recorded = `/info/call-stacks/${encodeURIComponent(alpha)}.html`;
	const path = `/info/call-stacks/${encodeURIComponent(worker)}.html`;
	const page = body ?? readScenarioFile(version, 'busy', `scheduler/${encodeURIComponent(recorded)}`);
	return {
		target: 'scheduler',
		path,
		url: `http://s${path}`,
		startedMs,
		latencyMs: 5,
		status: 200,
		body: page,
		onDemand: true,
	};
}

async function straggler(version: Version) {
	const {rounds} = await loadRecording(join(FIXTURES_ROOT, 'diagnosis', `straggler-${version}.ndjson.gz`));
	const pipeline = createPipeline({text: 'exact'});
	let found = -1;
	for (const [i, raw] of rounds.entries()) {
		pipeline.ingest(raw);
		if (diagnosisView(pipeline.state()).current.some((f) => f.cause === 'straggler')) {
			found = i;
			break;
		}
	}
	expect(found).toBeGreaterThan(0);
	const finding = diagnosisView(pipeline.state()).current.find((f) => f.cause === 'straggler')!;
	return {rounds, pipeline, found, finding};
}

function jsonFinding(pipeline: ReturnType<typeof createPipeline>): Record<string, unknown> {
	const doc = JSON.parse(formatOnce(pipeline, true)!) as {diagnosis: Array<Record<string, unknown>>};
	return doc.diagnosis.find((f) => f['cause'] === 'straggler')!;
}

describe.each(FIXTURE_VERSIONS)('a straggler on Dask %s in --json', (version) => {
	it('has no frame until its stacks are read, then {at, task, function, file, line, code}', async () => {
		const {rounds, pipeline, found, finding} = await straggler(version);
		expect(jsonFinding(pipeline)).not.toHaveProperty('frame');
		const at = rounds[found]!.atMs + 500;
		const next: RawScrape = {
			...rounds[found + 1]!,
			responses: [...rounds[found + 1]!.responses, stacksPage(version, finding.subject.id, at)],
		};
		pipeline.ingest(next);
		const frame = jsonFinding(pipeline)['frame'] as Record<string, unknown>;
		expect(Object.keys(frame).sort()).toEqual(['at', 'code', 'file', 'function', 'line', 'task']);
		expect(frame).toMatchObject({at, function: 'slow', task: 'slow-process-1'});
		expect(frame['file']).toMatch(/workload\.py$/);
		expect(frame['line']).toBe(52);
		// Kept as it was read: a later page of the same worker does not replace it.
		const later: RawScrape = {
			...rounds[found + 2]!,
			responses: [
				...rounds[found + 2]!.responses,
				stacksPage(version, finding.subject.id, at + 4000, '<h2> Worker: x </h2>'),
			],
		};
		pipeline.ingest(later);
		expect(jsonFinding(pipeline)['frame']).toEqual(frame);
	});

	it("takes no page read before the finding started, nor another worker's", async () => {
		const {pipeline, finding} = await straggler(version);
		pipeline.readPages([
			stacksPage(version, finding.subject.id, finding.since - 1),
			stacksPage(version, 'tcp://127.0.0.1:1', finding.since + 1),
		]);
		expect(jsonFinding(pipeline)).not.toHaveProperty('frame');
	});

	it('says why there is no frame: {at, missing, note}', async () => {
		const {pipeline, finding} = await straggler(version);
		const failed: EndpointResult = {...stacksPage(version, finding.subject.id, finding.since + 1), status: 500};
		delete (failed as {body?: string}).body;
		pipeline.readPages([failed]);
		expect(jsonFinding(pipeline)['frame']).toEqual({
			at: finding.since + 1,
			missing: 'unread',
			note: 'call stacks not read: the scheduler answered 500 (the worker may not have answered it)',
		});
	});
});

describe.each(FIXTURE_VERSIONS)('a straggler on Dask %s elsewhere', (version) => {
	it('is asked for once, whatever the polls: one page per finding', async () => {
		const {rounds, pipeline, found, finding} = await straggler(version);
		const asked: DrillPage[] = [];
		const source = {
			fetchPage: async (page: DrillPage) => {
				asked.push(page);
				return stacksPage(version, finding.subject.id, rounds[found]!.atMs + 100);
			},
		};
		const stacks = findingStacks(source, pipeline);
		await stacks.ask(diagnosisView(pipeline.state()).current);
		expect(asked).toEqual([{kind: 'call-stacks', worker: finding.subject.id}]);
		for (const raw of rounds.slice(found + 1, found + 4)) {
			pipeline.ingest(raw);
			await stacks.ask(diagnosisView(pipeline.state()).current);
		}
		expect(asked).toHaveLength(1);
		expect(jsonFinding(pipeline)['frame']).toMatchObject({function: 'slow'});
	});

	it('--check names the frame after the finding', async () => {
		const {pipeline, finding} = await straggler(version);
		pipeline.readPages([stacksPage(version, finding.subject.id, finding.since + 1)]);
		const check = judgeCluster('c', pipeline.snapshot()!, pipeline.state());
		expect(check.text).toMatch(/^likely straggler: .* \(in slow, workload\.py:52\)/);
	});

	it('a worker running nothing: {missing: idle}; cluster text inert on a terminal', async () => {
		const {finding} = await straggler(version);
		const idle = stacksPage(version, finding.subject.id, finding.since + 1, '<h2> Worker: w </h2>');
		expect(stackReadings([idle])[0]?.frame).toEqual({
			at: finding.since + 1,
			missing: 'idle',
			note: 'no task was running on it when its call stacks were read',
		});
		const hostile =
			'<h2> Worker: w </h2><h3> Key: k\u001b[2J </h3>' +
			'<p>  File "/home/u/io\u202e.py", line 3, in f\u001b]0;x\u0007\n    x()</p>';
		const [reading] = stackReadings([stacksPage(version, 'w', 1, hostile)], inertIn('unicode'));
		const frame = reading!.frame as {task: string; function: string; file: string};
		expect(frame.function).toMatch(/^f/);
		for (const text of [frame.task, frame.function, frame.file]) expect(text).not.toMatch(/[\u0000-\u001f\u202e]/);
	});
});
