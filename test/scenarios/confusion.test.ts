/** The scenario suite's tables: the summary (the diagonal at a glance) and the full confusion table. */
import {describe, expect, it} from 'vitest';
import {confusionMarkdown, confusionSummary, type ScenarioRow} from '../e2e/helpers/confusion.js';
import type {Verdict} from '../e2e/helpers/findings.js';

const seen = (cause: string, subject: string, poll: number) => ({cause, subject, poll, atMs: 0, rounds: 1});
const verdict = (extra: Partial<Verdict>): Verdict => ({
	pollsAfterOnset: 4,
	diagnosed: true,
	wrongSubject: [],
	precursors: [],
	alsoTrue: [],
	others: [],
	...extra,
});
const rows: ScenarioRow[] = [
	{
		dask: '2022.12.1',
		scenario: 'skew',
		cause: 'skew',
		unproven: [],
		seconds: 11,
		verdict: verdict({expected: seen('skew', 'worker alpha', 2)}),
	},
	{
		dask: '2026.7.1',
		scenario: 'skew',
		cause: 'skew',
		unproven: [],
		seconds: 11,
		verdict: verdict({expected: seen('skew', 'worker alpha', 4)}),
	},
	{dask: '2022.12.1', scenario: 'balanced', cause: null, unproven: [], seconds: 11, verdict: verdict({})},
	{
		dask: '2026.7.1',
		scenario: 'balanced',
		cause: null,
		unproven: ['unequal speeds'],
		seconds: 11,
		verdict: verdict({others: [seen('straggler', 'worker beta', 2)]}),
	},
];

describe('the scenario tables', () => {
	it('summarise per release: the poll of the expected finding, nothing on a healthy run, any other', () => {
		expect(confusionSummary(rows).split('\n')).toEqual([
			'| scenario | expected | Dask 2022.12.1 | Dask 2026.7.1 |',
			'|---|---|---|---|',
			'| skew | skew | ✓ poll 2 | late poll 4 |',
			'| balanced | nothing (healthy) | nothing ✓ | ✗ straggler on worker beta (cause not real) |',
		]);
	});

	it('mark each cell of the full table', () => {
		const table = confusionMarkdown(rows);
		expect(table).toMatch(/^\| skew \(skew\) \| yes \|.*\| ✓ 2 \|/m);
		expect(table).toMatch(/^\| skew \(skew\) \| yes \|.*\| late 4 \|/m);
		expect(table).toMatch(/^\| balanced \(healthy\) \| NO \|.*\| ✗ worker beta \|/m);
	});
});
