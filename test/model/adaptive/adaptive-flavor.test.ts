import {describe, expect, it} from 'vitest';
import {chooseFlavor, detectFlavor, learnFlavor} from '../../../source/model/adaptive/adaptive-flavor.js';
import {recomputeAdaptive} from '../../../source/model/adaptive/adaptive-recompute.js';
import {initialState} from '../../../source/model/state.js';
import {prefix, snapshot, worker} from '../../helpers/snapshots.js';

describe('detecting the Dask flavor', () => {
	const plain = {inc: prefix({memory: 1})};
	const timed = {inc: prefix({memory: 1}, {compute_seconds_total: 1})};
	it.each([
		['<=2022.12', 'no counters', 'legacy', {}],
		['<=2023.3', 'no counters', 'legacy', {}],
		['>=2025.4', 'no counters', 'modern', {}],
		['>=2023.9.1', 'no counters', 'modern', {}],
		['>=2023.1.1', 'compute seconds', 'modern', timed],
		['no hint', 'counters without compute seconds', 'legacy', plain],
		['no hint', 'compute seconds', 'modern', timed],
	] as const)('%s, %s → %s', (hint, _label, flavor, prefixes) => {
		const snap = snapshot(100, [], {prefixes}, hint === 'no hint' ? {} : {dask_version_hint: hint});
		expect(detectFlavor(snap).flavor).toBe(flavor);
	});
});

describe("a snapshot's adaptive recomputation", () => {
	const workers = [worker('tcp://a:1', {nthreads: 2, occupancy_seconds: 12, memory_limit_bytes: 4e9})];
	const ambiguous = snapshot(100, workers, {
		prefixes: {inc: prefix({memory: 10, queued: 40}, {compute_seconds_total: 5})},
		tasks: {queued: 40, processing: 2, 'no-worker': 0},
		desired_workers: 3,
	});

	it('is made once per snapshot and options, whoever asks (reduce, then the adaptive view)', () => {
		const {options} = initialState();
		const first = chooseFlavor(ambiguous, options);
		const again = chooseFlavor(ambiguous, options, learnFlavor(ambiguous, options));
		expect(again.recomputed).toBe(first.recomputed);
		// The same figures as a recomputation made afresh.
		expect(first.recomputed).toEqual(
			recomputeAdaptive(ambiguous, {flavor: first.flavor, targetDurationSeconds: options.targetDurationSeconds}),
		);
	});

	it('is made again for other options or another snapshot', () => {
		const {options} = initialState();
		const first = chooseFlavor(ambiguous, options).recomputed;
		const longer = chooseFlavor(ambiguous, {...options, targetDurationSeconds: 20}).recomputed;
		expect(longer).not.toBe(first);
		expect(longer.target_duration_seconds).toBe(20);
		expect(chooseFlavor({...ambiguous}, options).recomputed).not.toBe(first);
	});
});
