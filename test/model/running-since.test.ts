/** Since when dask-top has seen each task a worker processes (its /info/worker page, read every 5 s). */
import {describe, expect, it} from 'vitest';
import {longestFirst, seeRunning} from '../../source/model/index.js';

describe('seeing what a worker processes', () => {
	it('marks what was there at the first reading as running longer, dates what came later, forgets what left', () => {
		const first = seeRunning(undefined, 'tcp://a:1', ['old-1', 'old-2'], 1000);
		expect(longestFirst(first)).toEqual([
			{key: 'old-1', sinceMs: 1000, atFirstSight: true},
			{key: 'old-2', sinceMs: 1000, atFirstSight: true},
		]);
		const second = seeRunning(first, 'tcp://a:1', ['new-1', 'old-2'], 6000);
		expect(longestFirst(second)).toEqual([
			{key: 'old-2', sinceMs: 1000, atFirstSight: true},
			{key: 'new-1', sinceMs: 6000, atFirstSight: false},
		]);
		// The same reading again changes nothing; another worker starts over.
		expect(seeRunning(second, 'tcp://a:1', ['x'], 6000)).toBe(second);
		expect(longestFirst(seeRunning(second, 'tcp://b:1', ['new-1'], 7000))).toEqual([
			{key: 'new-1', sinceMs: 7000, atFirstSight: true},
		]);
	});
});
