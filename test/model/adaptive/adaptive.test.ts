import {describe, expect, it} from 'vitest';
import {adaptiveView} from '../../../source/model/adaptive/adaptive.js';
import {recomputeAdaptive} from '../../../source/model/adaptive/adaptive-recompute.js';
import {initialState, reduce} from '../../../source/model/state.js';
import type {ClusterState, ModelOptions} from '../../../source/model/types.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {loadManifest, recordedAtMs, SCENARIOS} from '../../helpers/fixtures.js';
import {fixtureSnapshot, snapshot, worker} from '../../helpers/snapshots.js';

function stateOf(snap: Snapshot, options?: ModelOptions): ClusterState {
	return reduce(initialState(options), {type: 'snapshot', snapshot: snap, nowMs: snap.time * 1000});
}

describe('adaptive on the real 2022.12.1 fixtures', () => {
	it.each(SCENARIOS)("%s: the recomputation equals the scheduler's own desired_workers", (scenario) => {
		const snap = fixtureSnapshot('2022.12.1', scenario);
		const desired = snap.scheduler.desired_workers;
		expect(desired).toBeTypeOf('number');
		const view = adaptiveView(stateOf(snap));
		expect(view.flavor).toBe('legacy');
		expect(view.recomputed?.missing).toEqual([]);
		expect(view.recomputed?.target).toBe(desired);
		expect(view.disagreement).toBe(false);
		expect(view.api_adaptive_target).toBe(desired); // /api/v1/adaptive_target agrees
	});

	it('busy: 34 from the CPU term, with ≈ 21 workers at 5/3 threads per worker', () => {
		const view = adaptiveView(stateOf(fixtureSnapshot('2022.12.1', 'busy')));
		expect(view).toMatchObject({workers: 3, desired_workers: 34, target: 34, direction: 'up', approx_workers: 21});
		expect(view.recomputed).toMatchObject({
			cpu_term: 34,
			memory_term: 0,
			wins: 'cpu',
			target_duration_seconds: 5,
			queued_task_duration_seconds: 0.5,
		});
		expect(view.recomputed?.occupancy_seconds).toBeCloseTo(21.39 + 21.89 + 16.53, 6);
		expect(view.approx_note).toMatch(/counts threads: 34 ~ 21 workers/);
		expect(view.notes.join(' ')).toMatch(/not visible over HTTP/);
	});

	it('worker-died: the cap of queued + processing tasks decides (12), no-worker tasks ignored', () => {
		const view = adaptiveView(stateOf(fixtureSnapshot('2022.12.1', 'worker-died')));
		expect(view.recomputed?.explanation[0]).toMatch(/= 13, capped at 12 runnable tasks -> 12$/);
		expect(view.recomputed?.target).toBe(12);
	});

	it(
		'memory-heavy: below the worker count, workers_to_close() ' +
			'keeps all three (Σ limits must stay ≥ 2 × stored bytes)',
		() => {
			const view = adaptiveView(stateOf(fixtureSnapshot('2022.12.1', 'memory-heavy')));
			expect(view.recomputed).toMatchObject({cpu_term: 0, memory_term: 0, wins: 'scale_down', target: 3});
			expect(view.direction).toBe('steady');
		},
	);

	it('explains the memory term in binary units with the share of the limits, the inputs keeping raw bytes', () => {
		const snap = fixtureSnapshot('2022.12.1', 'memory-heavy');
		const view = adaptiveView(stateOf(snap));
		const stored = snap.scheduler.stored_bytes!;
		const limits = snap.workers.reduce((n, w) => n + w.memory_limit_bytes!, 0);
		const share = Math.round((stored / limits) * 100);
		const line = view.recomputed?.explanation.find((l) => l.startsWith('memory: '));
		expect(line).toMatch(
			new RegExp(`^memory: stored \\d+\\.\\d MiB \\(${share} %\\) <= 60 % of the \\d+\\.\\d GiB memory limits -> 0$`),
		);
		expect(line).not.toMatch(/\d{5,}/);
		expect(view.recomputed?.inputs.find((i) => i.name === 'stored_bytes')?.value).toBe(stored);
		expect(view.recomputed?.inputs.find((i) => i.name === 'memory_limit_bytes')?.value).toBe(limits);
	});
});

describe('the memory term at the 60 % line', () => {
	const limit = 4 * 1024 ** 3;
	const workers = [
		worker('tcp://10.0.0.1:1', {memory_limit_bytes: limit, occupancy_seconds: 0, processing: 0, nthreads: 1}),
	];
	const at = (stored: number) =>
		recomputeAdaptive(snapshot(1000, workers, {stored_bytes: stored, tasks: {queued: 0, processing: 0}}), {
			flavor: 'legacy',
			targetDurationSeconds: 5,
		}).explanation.find((l) => l.startsWith('memory: '));

	it('keeps a decimal when the share rounds to 60 %, so "over 60 %" never reads "(60 %)"', () => {
		expect(at(Math.round(limit * 0.6004))).toBe(
			'memory: stored 2.4 GiB (60.0 %) > 60 % of the 4.0 GiB memory limits -> 2',
		);
		expect(at(Math.round(limit * 0.5996))).toBe(
			'memory: stored 2.4 GiB (60.0 %) <= 60 % of the 4.0 GiB memory limits -> 0',
		);
		expect(at(limit / 2)).toBe('memory: stored 2.0 GiB (50 %) <= 60 % of the 4.0 GiB memory limits -> 0');
	});
});

describe('adaptive on the real 2026.7.1 fixtures, where inputs are hidden', () => {
	it('busy: reports the disagreement with the scheduler instead of hiding it', () => {
		const view = adaptiveView(stateOf(fixtureSnapshot('2026.7.1', 'busy')));
		expect(view.flavor).toBe('modern');
		expect(view.desired_workers).toBe(140);
		expect(view.recomputed?.target).toBeTypeOf('number');
		expect(view.recomputed?.target).not.toBe(140);
		expect(view.disagreement).toBe(true);
		expect(view.disagreement_note).toMatch(/^recomputed \d+, the scheduler says 140: some inputs are estimated/);
		const duration = view.recomputed?.inputs.find((i) => i.name === 'queued_task_duration');
		expect(duration).toMatchObject({status: 'estimated'});
		expect(duration?.note).toMatch(/not exposed/);
		expect(view.approx_workers).toBeUndefined(); // modern Dask already counts workers
	});

	it.each(SCENARIOS)('%s: the queued-task duration is marked estimated, and any mismatch is flagged', (scenario) => {
		const snap = fixtureSnapshot('2026.7.1', scenario);
		const view = adaptiveView(stateOf(snap));
		expect(view.recomputed?.estimated).toBe(true);
		expect(view.recomputed?.inputs.find((i) => i.name === 'queued_task_duration')?.status).toBe('estimated');
		expect(view.disagreement).toBe(view.recomputed?.target !== snap.scheduler.desired_workers);
	});

	it('says which input is missing when counts.json has not been fetched yet', () => {
		const snap = fixtureSnapshot('2026.7.1', 'memory-heavy', undefined, {
			only: ['/metrics', '/json/identity.json', '/info/main/workers.html'],
		});
		const view = adaptiveView(stateOf(snap));
		expect(view.recomputed?.target).toBeUndefined();
		expect(view.recomputed?.missing).toContain('stored bytes (counts.json not fetched yet)');
		expect(view.recomputed?.inputs.find((i) => i.name === 'stored_bytes')?.status).toBe('missing');
		expect(view.disagreement).toBe(false);
		expect(view.disagreement_note).toMatch(/^cannot recompute yet: missing stored bytes/);
	});

	it('says occupancy is missing without workers.html', () => {
		const snap = fixtureSnapshot('2022.12.1', 'busy', undefined, {
			only: ['/metrics', '/json/identity.json', '/json/counts.json'],
		});
		const view = adaptiveView(stateOf(snap));
		expect(view.recomputed?.missing).toContain('occupancy (workers.html not fetched yet)');
		expect(view.desired_workers).toBe(34); // the scheduler's own answer is still shown
	});
});

describe('the recomputation arithmetic (the worked example of docs/endpoints.md, synthesized)', () => {
	// 2 workers × 2 threads, 6 processing, 98 queued, occupancy 1.5 s each, 0.5 s per queued task
	const workers = [
		worker('tcp://a:1', {nthreads: 2, occupancy_seconds: 1.5, processing: 3, memory_limit_bytes: 1e9}),
		worker('tcp://b:1', {nthreads: 2, occupancy_seconds: 1.5, processing: 3, memory_limit_bytes: 1e9}),
	];
	const snap = snapshot(100, workers, {
		tasks: {queued: 98, processing: 6, 'no-worker': 0},
		stored_bytes: 1000,
		threads: 4,
	});

	it('gives 11 threads on legacy Dask and 6 workers on modern Dask', () => {
		expect(recomputeAdaptive(snap, {flavor: 'legacy', targetDurationSeconds: 5}).target).toBe(11);
		expect(
			recomputeAdaptive(snap, {
				flavor: 'modern',
				targetDurationSeconds: 5,
				queuedDuration: {seconds: 0.5, estimated: true, note: 'test'},
			}).target,
		).toBe(6);
	});

	it('follows the target duration', () => {
		expect(recomputeAdaptive(snap, {flavor: 'legacy', targetDurationSeconds: 10}).target).toBe(6);
	});

	it('lets the memory term win when stored bytes pass 60 % of the limits', () => {
		const heavy = {...snap, scheduler: {...snap.scheduler, tasks: {queued: 0, processing: 0}, stored_bytes: 1.3e9}};
		const r = recomputeAdaptive(heavy, {flavor: 'legacy', targetDurationSeconds: 5});
		expect(r).toMatchObject({memory_term: 4, cpu_term: 0, wins: 'memory', target: 4});
	});

	it('clamps to the user minimum and maximum', () => {
		expect(recomputeAdaptive(snap, {flavor: 'legacy', targetDurationSeconds: 5, maximumWorkers: 8}).clamped).toBe(8);
		const withDesired = {...snap, scheduler: {...snap.scheduler, desired_workers: 11}};
		expect(adaptiveView(stateOf(withDesired, {minimumWorkers: 20}))).toMatchObject({
			desired_workers: 11,
			target: 20,
			direction: 'up',
		});
		expect(adaptiveView(stateOf(withDesired, {maximumWorkers: 2}))).toMatchObject({
			desired_workers: 11,
			target: 2,
			direction: 'steady',
		});
	});

	it('asks for at least one worker when tasks wait and no worker exists', () => {
		const empty = snapshot(100, [], {tasks: {queued: 1, processing: 0, 'no-worker': 0}, stored_bytes: 0});
		expect(recomputeAdaptive(empty, {flavor: 'legacy', targetDurationSeconds: 5}).target).toBe(1);
	});

	it('counts no-worker tasks on modern Dask only', () => {
		const pinned = {...snap, scheduler: {...snap.scheduler, tasks: {queued: 0, processing: 6, 'no-worker': 40}}};
		const q = {seconds: 0.5, estimated: true, note: 'test'};
		// ceil(3/5), U ignored
		expect(recomputeAdaptive(pinned, {flavor: 'legacy', targetDurationSeconds: 5}).cpu_threads).toBe(1);
		expect(recomputeAdaptive(pinned, {flavor: 'modern', targetDurationSeconds: 5, queuedDuration: q}).cpu_threads).toBe(
			5,
		); // ceil((3+20)/5)
	});
});

describe('scale-down: which workers would be retired', () => {
	it(
		'names idle workers after 3 consecutive polls as candidates, ' +
			'and says it approximates Dask (2022.12.1 idle, polled three times)',
		() => {
			const at = recordedAtMs(loadManifest('2022.12.1', 'idle'));
			let state = initialState();
			for (let i = 0; i < 3; i++) {
				state = reduce(state, {
					type: 'snapshot',
					snapshot: fixtureSnapshot('2022.12.1', 'idle', at + i * 2000),
					nowMs: at + i * 2000,
				});
				const view = adaptiveView(state).scale_down;
				expect(view.candidates.map((c) => c.polls)).toEqual([i + 1, i + 1, i + 1]);
				// Each candidate by its name in the worker list.
				const listed = new Map(state.snapshot?.workers.map((w) => [w.address, w.name]));
				expect(view.candidates.map((c) => c.name)).toEqual(view.candidates.map((c) => listed.get(c.address)));
				expect(view.candidates.every((c) => c.name !== c.address)).toBe(true);
				expect(view.retire).toHaveLength(i === 2 ? 3 : 0);
			}
			expect(adaptiveView(state).scale_down.note).toMatch(
				new RegExp(
					/^approximation: Dask retires a worker suggested on 3 /.source +
						/consecutive 1 s adapt ticks; dask-top counts 3 consecutive polls/.source,
				),
			);
		},
	);

	it(
		'retires the idle worker holding the least data first and ' +
			'stops while Σ limits must stay ≥ 2 × stored bytes (synthesized)',
		() => {
			const ws = [
				worker('tcp://busy:1', {processing: 2, memory_limit_bytes: 100, memory_managed_bytes: 0}),
				worker('tcp://big:1', {processing: 0, memory_limit_bytes: 100, memory_managed_bytes: 30}),
				worker('tcp://small:1', {processing: 0, memory_limit_bytes: 100, memory_managed_bytes: 10}),
			];
			const snap = snapshot(100, ws, {desired_workers: 1, stored_bytes: 40});
			const view = adaptiveView(stateOf(snap));
			// remove small: 200 ≥ 80 ✓; remove big: 100 ≥ 80 ✓; busy is never retired here
			expect(view.scale_down.candidates.map((c) => c.address)).toEqual(['tcp://small:1', 'tcp://big:1']);
			const tight = adaptiveView(stateOf(snapshot(100, ws, {desired_workers: 1, stored_bytes: 60})));
			expect(tight.scale_down.candidates.map((c) => c.address)).toEqual(['tcp://small:1']);
		},
	);

	it(
		'among workers holding equal data, retires the highest address string first, ' +
			'as Dask pops its address-sorted list from the end (synthesized)',
		() => {
			// Equal bytes on each; Σ limits must stay ≥ 2 × 300 = 600. Dask closes :9 (400) then :5 (1000),
			// leaving :10 — whose address string is the lowest — with 2000: target 1. Retiring the lowest
			// address first would close :10 and then stop (400 + 1000 − 1000 < 600): target 2.
			const ws = [
				worker('tcp://h:10', {processing: 0, memory_limit_bytes: 2000, memory_managed_bytes: 100}),
				worker('tcp://h:5', {processing: 0, memory_limit_bytes: 1000, memory_managed_bytes: 100}),
				worker('tcp://h:9', {processing: 0, memory_limit_bytes: 400, memory_managed_bytes: 100}),
			];
			const snap = snapshot(100, ws, {
				desired_workers: 1,
				stored_bytes: 300,
				tasks: {queued: 0, processing: 0, 'no-worker': 0},
				threads: 3,
			});
			const view = adaptiveView(stateOf(snap));
			expect(view.scale_down.candidates.map((c) => c.address)).toEqual(['tcp://h:9', 'tcp://h:5']);
		},
	);

	it('keeps the user minimum', () => {
		const ws = ['a', 'b', 'c'].map((n) =>
			worker(`tcp://${n}:1`, {processing: 0, memory_limit_bytes: 100, memory_managed_bytes: 0}),
		);
		const view = adaptiveView(stateOf(snapshot(100, ws, {desired_workers: 0, stored_bytes: 0}), {minimumWorkers: 2}));
		// equal data: the highest address goes first
		expect(view.scale_down.candidates.map((c) => c.address)).toEqual(['tcp://c:1']);
	});
});
