/**
 * Why a worker's CPU or status is blank (model/rows/figure-gaps.ts), on the recorded answers of a
 * busy 2026.7.1 cluster whose identity.json answered 500: one reading of each worker's own /metrics
 * makes no CPU rate, and a worker whose own port did not answer says so.
 */
import {describe, expect, it} from 'vitest';
import {cpuGap, cpuUnknownWhy, statusUnknownWhy} from '../../../source/model/rows/figure-gaps.js';
import type {Snapshot} from '../../../source/types/snapshot.js';
import {snapshotOf} from '../../helpers/fixture-expect.js';
import {identityAnswers500} from '../../helpers/fixtures.js';

describe('why a worker figure is blank', () => {
	const busy = snapshotOf('2026.7.1', 'busy', {override: identityAnswers500});

	it('names identity.json busy and the single reading of each worker’s own /metrics', () => {
		expect(busy.workers).toHaveLength(3);
		for (const w of busy.workers) expect(cpuUnknownWhy(busy, w)).toBe('identity.json busy, worker read once so far');
		expect(cpuGap(busy)).toEqual({count: 3, why: 'identity.json busy, workers read once so far'});
	});

	it('names a worker port that did not answer', () => {
		const [first, ...rest] = busy.workers;
		const closed: Snapshot = {
			...busy,
			endpoints: busy.endpoints.map((e) =>
				e.target === `worker:${first!.address}` && e.path === '/metrics'
					? {path: e.path, target: e.target, state: 'failed', detail: 'connection refused'}
					: e,
			),
		};
		expect(cpuUnknownWhy(closed, first!)).toBe('identity.json busy, worker port closed');
		expect(rest.map((w) => cpuUnknownWhy(closed, w))).toEqual(
			rest.map(() => 'identity.json busy, worker read once so far'),
		);
		expect(cpuGap(closed)?.why).toBe('identity.json busy, workers read once so far');
	});

	it('says nothing of a figure that is there', () => {
		const idle = snapshotOf('2026.7.1', 'idle');
		expect(cpuGap(idle)).toBeUndefined();
		for (const w of idle.workers) {
			expect(cpuUnknownWhy(idle, w)).toBeUndefined();
			expect(statusUnknownWhy(idle, w)).toBeUndefined();
		}
		// The busy recording's status is proved by /metrics' counts (parse/worker-status.ts).
		for (const w of busy.workers) expect(statusUnknownWhy(busy, w)).toBeUndefined();
	});
});
