import {describe, expect, it} from 'vitest';
import {buildSnapshot, emptyCache, mergeScrape} from '../../source/parse/index.js';
import {change, diffSnapshots} from '../../source/record/diff.js';
import {formatDiffText} from '../../source/record/diff-text.js';
import type {Snapshot} from '../../source/types/snapshot.js';
import {FIXTURE_VERSIONS, loadScenarioScrape, type FixtureVersion, type Scenario} from '../helpers/fixtures.js';

function snapshotOf(version: FixtureVersion, scenario: Scenario): Snapshot {
	const raw = loadScenarioScrape(version, scenario);
	return buildSnapshot(mergeScrape(emptyCache(), raw), raw.atMs);
}

/** A minimal snapshot for the cases no fixture shows (a restarted scheduler). */
function bare(overrides: Partial<Snapshot['scheduler']>, time: number): Snapshot {
	return {
		format: 1,
		url: 'http://h:8787/',
		time,
		scheduler: {workers: {}, tasks: {}, prefixes: {}, sources: {}, ...overrides},
		workers: [],
		endpoints: [],
	};
}

describe('change', () => {
	it('keeps unknown sides unknown and gives a delta only when both are known', () => {
		expect(change(3, 5)).toEqual({from: 3, to: 5, delta: 2});
		expect(change(undefined, 5)).toEqual({to: 5});
		expect(change(undefined, undefined)).toEqual({});
	});
});

describe.each(FIXTURE_VERSIONS)('diffSnapshots on the Dask %s fixtures', (version) => {
	const idle = snapshotOf(version, 'idle');
	const errors = snapshotOf(version, 'errors');
	const died = snapshotOf(version, 'worker-died');
	const memoryHeavy = snapshotOf(version, 'memory-heavy');

	it('says nothing changed between a snapshot and itself', () => {
		const diff = diffSnapshots(errors, errors);
		expect(diff.workers_added).toEqual([]);
		expect(diff.workers_lost).toEqual([]);
		expect(diff.prefixes).toEqual([]);
		expect(diff.erred.delta).toBe(0);
		expect(diff.workers.every((w) => w.memory_process_bytes.delta === 0)).toBe(true);
	});

	it('lists the worker lost and the worker added, each with its name and address', () => {
		const gamma = errors.workers.find((w) => w.name === 'gamma')!;
		expect(diffSnapshots(errors, died).workers_lost).toEqual([{address: gamma.address, name: 'gamma'}]);
		expect(diffSnapshots(died, errors).workers_added).toEqual([{address: gamma.address, name: 'gamma'}]);
	});

	it('gives memory and spilled deltas per worker, from the worker figures themselves', () => {
		const diff = diffSnapshots(idle, memoryHeavy);
		const beta = diff.workers.find((w) => w.name === 'beta')!;
		const before = idle.workers.find((w) => w.name === 'beta')!;
		const after = memoryHeavy.workers.find((w) => w.name === 'beta')!;
		expect(beta.memory_process_bytes).toEqual(change(before.memory_process_bytes, after.memory_process_bytes));
		expect(beta.memory_spilled_bytes.delta).toBeGreaterThan(80_000_000); // beta spilled 2 × 40 MiB
	});

	it('counts per-prefix finished and erred tasks from the cumulative transitions', () => {
		const diff = diffSnapshots(memoryHeavy, errors);
		expect(diff.erred).toMatchObject({from: 0, to: 10, delta: 10});
		const erred = Object.fromEntries(diff.prefixes.filter((p) => p.erred > 0).map((p) => [p.prefix, p.erred]));
		expect(erred).toEqual({explode: 6, divide: 2, 'parse-record': 1, summarize: 1});
		expect(diff.prefixes.map((p) => p.memory)).toEqual([...diff.prefixes.map((p) => p.memory)].sort((a, b) => b - a));
	});

	it('writes a text report naming the lost worker, the erred change and the prefixes', () => {
		const text = formatDiffText(diffSnapshots(errors, died), {startMs: errors.time * 1000});
		expect(text).toMatch(/^dask-top diff {2}http:\/\/127\.0\.0\.1:878\d\/$/m);
		expect(text).toMatch(/^workers {2}3 → 2 \(-1\) {3}added: none {3}lost: gamma \(tcp:\/\/127\.0\.0\.1:4\d+\)$/m);
		expect(text).toMatch(/^erred {4}10 → 10 \(0\)$/m);
		expect(text).toMatch(/^worker +memory +spilled +keys in memory$/m);
		expect(text).toMatch(/^pinned-sleep +0 +0 +.*no-worker \+2/m);
	});
});

describe('diffSnapshots across a scheduler restart', () => {
	it('counts the new counters from zero and says the scheduler restarted', () => {
		const before = bare({id: 'Scheduler-a', prefixes: {inc: {transitions: {memory: 500}}}}, 100);
		const after = bare({id: 'Scheduler-b', prefixes: {inc: {transitions: {memory: 40}}}}, 160);
		const diff = diffSnapshots(before, after);
		expect(diff.scheduler_restarted).toBe(true);
		expect(diff.prefixes).toEqual([{prefix: 'inc', memory: 40, erred: 0, transitions: {memory: 40}}]);
		expect(formatDiffText(diff)).toContain('the scheduler restarted in between: counters started over');
	});

	it('treats a counter that went down as started over even when the id is unknown', () => {
		const diff = diffSnapshots(
			bare({prefixes: {inc: {transitions: {memory: 500}}}}, 1),
			bare({prefixes: {inc: {transitions: {memory: 7}}}}, 2),
		);
		expect(diff.prefixes[0]?.memory).toBe(7);
	});
});
