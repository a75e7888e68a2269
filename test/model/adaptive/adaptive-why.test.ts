/**
 * The adaptive target's one-line why, on real recorded clusters: Debian's 2022.12.1 (its number
 * counts threads) and 2026.7.1, busy (more work than the workers take) and idle (nothing to say).
 */
import {describe, expect, it} from 'vitest';
import {adaptiveWhy} from '../../../source/model/adaptive/adaptive-why.js';
import {triageView} from '../../../source/model/alerts/triage.js';
import type {AdaptiveView} from '../../../source/model/types.js';
import {demoRun, fixtureRun} from '../../helpers/fixture-data.js';

describe("the adaptive target's why", () => {
	it('says the work waiting against the target duration, and first that Dask 2022.12 counts threads', async () => {
		const adaptive = triageView((await demoRun(86)).model).adaptive;
		expect(adaptive.flavor).toBe('legacy');
		expect(adaptive.direction).toBe('up');
		expect(adaptiveWhy(adaptive)).toBe(
			'desired 20 for 2 workers now: this Dask counts threads (≈14 workers); 96 s of work for a 5 s target',
		);
	});

	it('says only the work on a modern Dask, whose number counts workers', () => {
		const adaptive = triageView(fixtureRun('2026.7.1', ['idle', 'busy']).model).adaptive;
		expect(adaptive.flavor).toBe('modern');
		expect(adaptiveWhy(adaptive)).toMatch(/^desired \d+ for 3 workers now: \S+ (s|min) of work for a 5 s target$/);
	});

	it.each(['2022.12.1', '2026.7.1'] as const)(
		'says nothing on an idle Dask %s cluster, which wants no more workers',
		(v) => {
			const adaptive = triageView(fixtureRun(v, ['idle']).model).adaptive;
			expect(adaptive.direction).not.toBe('up');
			expect(adaptiveWhy(adaptive)).toBeUndefined();
		},
	);

	it('names the memory rule when stored data wins, and says nothing of a wish for fewer workers', () => {
		const base = triageView(fixtureRun('2026.7.1', ['idle', 'busy']).model).adaptive;
		// Synthesized from the real view: the recorded clusters never had the memory rule win.
		const memory: AdaptiveView = {...base, recomputed: {...base.recomputed!, wins: 'memory'}};
		expect(adaptiveWhy(memory)).toMatch(/: stored data over 60 % of the memory limits doubles the workers$/);
		// A wish for fewer is routine: the header's arrow says it, no why is drawn.
		const down: AdaptiveView = {...base, direction: 'down', target: 1};
		expect(adaptiveWhy(down)).toBeUndefined();
	});
});
