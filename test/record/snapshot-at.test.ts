import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {createPipeline} from '../../source/pipeline.js';
import {diffSnapshots} from '../../source/record/diff.js';
import {snapshotTimeMs, snapshotsAt} from '../../source/record/snapshot-at.js';
import {parseMoment, type MomentSpec} from '../../source/record/moments.js';
import type {RawScrape} from '../../source/types/raw-scrape.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {FIXTURE_VERSIONS} from '../helpers/fixtures.js';
import {FIXTURE_START_MS, writeScenarioRecording} from '../helpers/fixture-recording.js';

const dir = mkdtempSync(join(tmpdir(), 'dask-top-at-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** What the live pipeline would have shown after these rounds. */
function liveSnapshot(rounds: readonly RawScrape[]): Snapshot {
	const cache = rounds.reduce(mergeScrape, emptyCache());
	return buildSnapshot(cache, snapshotTimeMs(rounds.at(-1)!));
}

function moment(text: string): MomentSpec {
	const spec = parseMoment(text);
	if (!spec) throw new Error(`bad moment ${text}`);
	return spec;
}

describe.each(FIXTURE_VERSIONS)('snapshots at moments of a recording of Dask %s', (version) => {
	const file = join(dir, `${version}.ndjson.gz`);
	const rounds = writeScenarioRecording(file, version);

	it('gives, at each moment, the snapshot the live run showed after the rounds up to it', async () => {
		const {moments, startMs} = await snapshotsAt(file, [
			moment('+0s'),
			moment('+25s'),
			moment('2026-11-29T12:00:40Z'),
			moment('end'),
		]);
		expect(startMs).toBe(FIXTURE_START_MS);
		expect(moments.map((m) => m.index)).toEqual([0, 2, 4, 5]);
		expect(moments[0]?.snapshot).toEqual(liveSnapshot(rounds.slice(0, 1)));
		expect(moments[1]?.snapshot).toEqual(liveSnapshot(rounds.slice(0, 3)));
		expect(moments[2]?.snapshot).toEqual(liveSnapshot(rounds.slice(0, 5)));
		expect(moments[3]?.snapshot).toEqual(liveSnapshot(rounds));
	});

	it(
		'gives the same snapshots folding through a pipeline (--replay --once), ' +
			'which then holds every round up to the last moment',
		async () => {
			const pipeline = createPipeline();
			const ingested: number[] = [];
			const fold = {
				add(raw: RawScrape) {
					ingested.push(raw.atMs);
					pipeline.ingest(raw);
				},
				snapshot: () => pipeline.snapshot() as Snapshot,
			};
			const specs = [moment('+25s'), moment('+10s')];
			const {moments} = await snapshotsAt(file, specs, fold);
			expect(moments).toEqual((await snapshotsAt(file, specs)).moments);
			expect(ingested).toEqual(rounds.slice(0, 3).map((raw) => raw.atMs));
		},
	);

	it('takes moments given out of order, and the last round for a moment just past the end', async () => {
		const {moments} = await snapshotsAt(file, [moment('+50.5s'), moment('+10s')]);
		expect(moments.map((m) => m.index)).toEqual([5, 1]);
	});

	it('refuses moments outside the recording with the span in one line', async () => {
		await expect(snapshotsAt(file, [moment('+10m')])).rejects.toThrow(
			new RegExp(
				/^2026-11-29T12:10:00\+00:00 \(\+10m00s\) is after the recording ends: the recording /.source +
					/spans 2026-11-29T12:00:00\+00:00 to 2026-11-29T12:00:50\+00:00 \(\+0s to \+50s\)$/.source,
			),
		);
		await expect(snapshotsAt(file, [moment('2026-11-29T11:00:00Z')])).rejects.toThrow(
			/^2026-11-29T11:00:00\+00:00 \(-1h00m00s\) is before the recording starts at 2026-11-29T12:00:00\+00:00$/,
		);
	});

	it('diffs the worker-died moment against busy: gamma lost, its memory gone, erred up', async () => {
		const {moments} = await snapshotsAt(file, [moment('+10s'), moment('+40s')]);
		const diff = diffSnapshots(moments[0]!.snapshot, moments[1]!.snapshot);
		expect(diff.seconds).toBe(30);
		expect(diff.workers_lost.map((w) => w.name)).toEqual(['gamma']);
		expect(diff.workers_added).toEqual([]);
		expect(diff.workers.map((w) => w.name)).toEqual(['alpha', 'beta']);
		expect(diff.erred).toMatchObject({from: 0, to: 10, delta: 10});
		expect(diff.prefixes.find((p) => p.prefix === 'explode')).toMatchObject({erred: 6});
		expect(diff.prefixes.find((p) => p.prefix === 'make_blob')?.memory).toBeGreaterThan(0);
	});
});
