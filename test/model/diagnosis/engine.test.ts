/**
 * The diagnosis runner: hysteresis (a finding starts after its condition held N polls and M ms,
 * ends after it was clear K polls; a pending one that lapses is forgotten), causes explained away
 * on the same subject, and the events of starts and ends. The rules here are stand-ins whose
 * condition the test sets poll by poll: the runner is what is under test.
 */
import {describe, expect, it} from 'vitest';
import {initialState} from '../../../source/model/index.js';
import {emptyDiagnosis, stepDiagnosis} from '../../../source/model/diagnosis/engine.js';
import type {Rule} from '../../../source/model/diagnosis/rule.js';
import type {Candidate, Cause, DiagnosisState, Subject} from '../../../source/model/diagnosis/diagnosis-types.js';
import {emptyWindow} from '../../../source/model/diagnosis/window.js';
import {snapshot} from '../../helpers/snapshots.js';

const beta: Subject = {kind: 'worker', id: 'tcp://10.0.0.2:1', name: 'beta'};

function candidate(cause: Cause, subject = beta): Candidate {
	return {cause, severity: 'warning', subject, evidence: [], next: 'do this', summary: `${cause} on ${subject.id}`};
}

/** A rule whose condition holds while `holds()` says so. */
function standIn(cause: Cause, holds: () => boolean, extra: Partial<Rule> = {}): Rule {
	return {
		id: cause,
		kind: 'finding',
		inputs: ['snapshot'],
		text: (c) => c.summary,
		hold: {onsetPolls: 2, onsetMs: 3000, clearPolls: 3, clearMs: 0},
		onePoll: true,
		judge: () => (holds() ? [candidate(cause)] : []),
		...extra,
	};
}

/** Runs the rules over polls 2 s apart; `conditions[i]` says whether each rule's condition holds at poll i. */
function run(rules: readonly Rule[], polls: number, set: (i: number) => void) {
	let d: DiagnosisState = emptyDiagnosis();
	const steps = [];
	for (let i = 0; i < polls; i++) {
		set(i);
		const nowMs = 1_000_000 + i * 2000;
		const step = stepDiagnosis(
			d,
			{state: initialState(), snapshot: snapshot(nowMs / 1000, []), window: emptyWindow(), nowMs},
			rules,
		);
		d = step.diagnosis;
		steps.push({nowMs, ...step, active: [...d.tracks.values()].filter((t) => t.active).map((t) => t.candidate.cause)});
	}
	return steps;
}

describe('the diagnosis runner', () => {
	it('starts a finding once its condition held for the polls and the time its rule asks, since its first poll', () => {
		let on = false;
		const steps = run([standIn('spilling', () => on)], 5, (i) => {
			on = i >= 1;
		});
		expect(steps.map((s) => s.active.length)).toEqual([0, 0, 0, 1, 1]);
		// Held at polls 1 and 2 (two polls), but only 2 s: it starts at poll 3, 4 s after it first held.
		expect(steps[3]!.started.map((f) => [f.cause, f.since])).toEqual([['spilling', steps[1]!.nowMs]]);
	});

	it("starts at once, since when it began, a candidate whose own figures show it held its rule's provenMs", () => {
		let held: number | undefined;
		const rule: Rule = {
			...standIn('event-loop-blocked', () => held !== undefined),
			hold: {onsetPolls: 2, onsetMs: 3000, clearPolls: 3, clearMs: 0, provenMs: 3000},
			judge: () => (held === undefined ? [] : [{...candidate('event-loop-blocked'), heldMs: held}]),
		};
		// Polls 1-2: a reading without a duration, then one of 2.5 s: both wait for the hold as usual.
		// Poll 4: silent for 3.5 s by its own figures: it starts there, dated 3.5 s back, without heldMs.
		const steps = run([rule], 6, (i) => {
			held = i === 1 ? 0 : i === 2 ? 2500 : i === 4 ? 3500 : undefined;
		});
		expect(steps.map((s) => s.active.length)).toEqual([0, 0, 0, 0, 1, 1]);
		expect(steps[4]!.started).toHaveLength(1);
		expect(steps[4]!.started[0]!.since).toBe(steps[4]!.nowMs - 3500);
		expect(steps[4]!.started[0]).not.toHaveProperty('heldMs');
		// A rule without provenMs waits for its polls whatever the candidate says.
		const plain = run([{...rule, hold: {onsetPolls: 2, onsetMs: 3000, clearPolls: 3, clearMs: 0}}], 6, (i) => {
			held = i === 4 ? 3500 : undefined;
		});
		expect(plain.flatMap((s) => s.started)).toEqual([]);
	});

	it('forgets a pending finding whose condition lapses before it starts: a blip raises nothing', () => {
		let on = false;
		const steps = run([standIn('memory-pressure', () => on)], 8, (i) => {
			on = i === 1 || i === 2 || i === 4 || i === 5;
		});
		expect(steps.flatMap((s) => s.started)).toEqual([]);
	});

	it('ends a finding only after its condition stayed clear for the polls its rule asks, with when it last held', () => {
		let on = false;
		const steps = run([standIn('skew', () => on)], 10, (i) => {
			on = i <= 4 || i === 6;
		});
		expect(steps.map((s) => s.active.length)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 0]);
		expect(steps[9]!.ended.map((f) => [f.cause, f.since, f.until])).toEqual([
			['skew', steps[0]!.nowMs, steps[6]!.nowMs],
		]);
		expect(steps[9]!.diagnosis.ended.map((f) => f.cause)).toEqual(['skew']);
	});

	it('drops a cause that another one holding on the same subject explains', () => {
		const steps = run(
			[standIn('memory-pressure', () => true), standIn('spilling', () => true, {explainedBy: ['memory-pressure']})],
			4,
			() => undefined,
		);
		expect(steps[3]!.active).toEqual(['memory-pressure']);
	});

	it('keeps a cause whose explanation holds on another subject', () => {
		const alpha: Subject = {kind: 'worker', id: 'tcp://10.0.0.1:1', name: 'alpha'};
		const rules: Rule[] = [
			{...standIn('memory-pressure', () => true), judge: () => [candidate('memory-pressure', alpha)]},
			standIn('spilling', () => true, {explainedBy: ['memory-pressure']}),
		];
		expect(run(rules, 4, () => undefined)[3]!.active.sort()).toEqual(['memory-pressure', 'spilling']);
	});
});
