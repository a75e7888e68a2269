import {describe, expect, it} from 'vitest';
import {detectFlavor} from '../../source/model/adaptive-flavor.js';
import {prefix, snapshot} from '../helpers/snapshots.js';

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
