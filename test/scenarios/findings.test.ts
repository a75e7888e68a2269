/**
 * The scenario suite's judge (test/e2e/helpers/findings.ts): polls counted from the onset, the right
 * subject by address or name, every other finding reported, a build without diagnosis[] told apart.
 */
import {describe, expect, it} from 'vitest';
import {judge, sameSubject, type Finding, type RoundDiagnosis} from '../e2e/helpers/findings.js';

const beta = {kind: 'worker', id: 'tcp://127.0.0.1:4001', name: 'beta'} as const;
const straggler = (subject: Finding['subject'] = beta): Finding => ({cause: 'straggler', subject});
const rounds = (...findings: Array<readonly Finding[] | undefined>): RoundDiagnosis[] =>
	findings.map((list, index) => ({atMs: 1000 + index * 2000, findings: list}));

describe('judging a scenario run', () => {
	it('counts the first round at or after the onset as poll 1', () => {
		const verdict = judge(rounds([], [], [straggler()], [straggler()]), 3000, {cause: 'straggler', subject: beta});
		expect(verdict.expected).toMatchObject({poll: 2, atMs: 5000, rounds: 2});
		expect(verdict.pollsAfterOnset).toBe(3);
		expect(verdict.others).toEqual([]);
	});

	it('gives a finding before the onset a poll of 0 or less', () => {
		const verdict = judge(rounds([straggler()], [], []), 4000, {cause: 'straggler', subject: beta});
		expect(verdict.expected?.poll).toBe(-1);
	});

	it('matches a worker by address or by name, and a subject without either as any of its kind', () => {
		expect(sameSubject({kind: 'worker', id: 'tcp://127.0.0.1:4001'}, beta)).toBe(true);
		expect(sameSubject({kind: 'worker', id: 'x', name: 'beta'}, beta)).toBe(true);
		expect(sameSubject({kind: 'worker', id: 'tcp://127.0.0.1:4002', name: 'gamma'}, beta)).toBe(false);
		expect(sameSubject({kind: 'prefix', id: 'beta'}, beta)).toBe(false);
		expect(sameSubject({kind: 'worker', id: 'tcp://127.0.0.1:4002'}, {kind: 'worker'})).toBe(true);
	});

	it('keeps the earliest of several subjects that all match, and lists the expected cause on another subject', () => {
		const alpha = {kind: 'worker', id: 'tcp://127.0.0.1:4000', name: 'alpha'};
		const verdict = judge(
			rounds([straggler(alpha)], [straggler(alpha), {cause: 'straggler', subject: {kind: 'cluster'}}]),
			0,
			{cause: 'straggler', subject: {kind: 'worker'}},
		);
		expect(verdict.expected).toMatchObject({subject: 'worker alpha', poll: 1});
		expect(verdict.wrongSubject).toMatchObject([{cause: 'straggler', subject: 'cluster', poll: 2}]);
	});

	it('reports every other finding, on a healthy run all of them', () => {
		const skew: Finding = {cause: 'skew', subject: {kind: 'worker', name: 'alpha'}};
		const verdict = judge(rounds([skew], [skew, straggler()]), 0, null);
		expect(verdict.expected).toBeUndefined();
		expect(verdict.others).toMatchObject([
			{cause: 'skew', subject: 'worker alpha', rounds: 2},
			{cause: 'straggler', subject: 'worker beta', rounds: 1},
		]);
	});

	it('sets apart a declared precursor found on the subject before the onset, and only then', () => {
		const pressure: Finding = {cause: 'memory-pressure', subject: beta};
		const lost = {cause: 'worker-lost', subject: beta, precursors: ['memory-pressure']} as const;
		const before = judge(rounds([pressure], [{cause: 'worker-lost', subject: beta}]), 2000, lost);
		expect(before.precursors).toMatchObject([{cause: 'memory-pressure', subject: 'worker beta'}]);
		expect(before.others).toEqual([]);
		const after = judge(rounds([], [pressure]), 2000, lost);
		expect(after.precursors).toEqual([]);
		expect(after.others).toMatchObject([{cause: 'memory-pressure'}]);
	});

	it('sets apart a cause declared true too, on its own subject, whenever found', () => {
		const pressure: Finding = {cause: 'memory-pressure', subject: beta};
		const prefix = {kind: 'prefix', id: 'score-batch'} as const;
		const expected = {
			cause: 'no-worker',
			subject: prefix,
			also: [{cause: 'memory-pressure', subject: {kind: 'worker', name: 'beta'}}],
		} as const;
		const verdict = judge(rounds([pressure], [pressure, {cause: 'no-worker', subject: prefix}]), 2000, expected);
		expect(verdict.alsoTrue).toMatchObject([{cause: 'memory-pressure', subject: 'worker beta'}]);
		expect(verdict.others).toEqual([]);
		const elsewhere = judge(
			rounds([{cause: 'memory-pressure', subject: {kind: 'worker', name: 'alpha'}}]),
			2000,
			expected,
		);
		expect(elsewhere.others).toMatchObject([{cause: 'memory-pressure', subject: 'worker alpha'}]);
	});

	it('tells a build without diagnosis[] from one that found nothing', () => {
		expect(judge(rounds(undefined, undefined), 0, null).diagnosed).toBe(false);
		expect(judge(rounds([], []), 0, null).diagnosed).toBe(true);
	});
});
