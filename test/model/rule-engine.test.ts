/**
 * The one rule engine (rule-engine.ts) by itself: a real alert rule (process memory, a level) and a
 * finding's rule moved through their holds poll by poll, what becomes of a track no rule judges any
 * more (an alert ends at once, a finding clears through its hold), explanations and one track per
 * key. Polls 2 s apart; default thresholds: memory warning 70 %, margin 5 %, alert_clear_s 10 s.
 */
import {describe, expect, it} from 'vitest';
import {ALERT_TRACKS} from '../../source/model/alerts/alert-tracks.js';
import {WORKER_ALERT_RULES} from '../../source/model/alerts/alert-rules.js';
import type {Condition, WorkerAlertInput} from '../../source/model/alerts/alerts.js';
import {condition} from '../../source/model/alerts/alerts.js';
import {applyConditions} from '../../source/model/alerts/events.js';
import {DEFAULT_THRESHOLDS} from '../../source/model/alerts/thresholds.js';
import type {Candidate, Track} from '../../source/model/diagnosis/diagnosis-types.js';
import {FINDING_TRACKS} from '../../source/model/diagnosis/finding-tracks.js';
import {EVENT_HOLD, FINDING_HOLD} from '../../source/model/hold.js';
import {newWorkerHistory} from '../../source/model/history/worker-tracks.js';
import {type DeclaredRule, judgeRules, newVerdicts, stepRules} from '../../source/model/rule-engine.js';
import {utcClockText} from '../../source/model/text.js';
import type {Alert, ModelEvent} from '../../source/model/types.js';
import {worker} from '../helpers/snapshots.js';

const T0 = 1_800_000_000_000;
const POLL_MS = 2000;
const LIMIT = 100 * 1024 ** 3;
const ADDRESS = 'tcp://10.0.0.1:1';
const memoryRule = WORKER_ALERT_RULES.find((rule) => rule.id === 'memory')!;

/** The memory rule over polls of process memory (fractions of the limit), as evaluate.ts runs it. */
function runMemory(fractions: readonly number[]) {
	let alerts: ReadonlyMap<string, Alert> = new Map();
	let events: readonly ModelEvent[] = [];
	return fractions.map((fraction, i) => {
		const nowMs = T0 + i * POLL_MS;
		const input: WorkerAlertInput = {
			track: {
				address: ADDRESS,
				last: worker(ADDRESS, {memory_limit_bytes: LIMIT, memory_process_bytes: fraction * LIMIT}),
				firstSeenMs: T0,
				lastSeenMs: nowMs,
				history: newWorkerHistory(4),
			},
			context: {
				thresholds: DEFAULT_THRESHOLDS,
				nowMs,
				workerCount: 1,
				rises: new Map(),
				alerts,
				clockText: utcClockText,
			},
		};
		const step = stepRules(ALERT_TRACKS, alerts, judgeRules([memoryRule], input, newVerdicts()), nowMs);
		const applied = applyConditions(alerts, [...step.kept.values()], nowMs, events, 50);
		alerts = applied.alerts;
		events = applied.events;
		return {nowMs, ...step, alerts, events};
	});
}

describe('the rule engine with an alert rule', () => {
	it('opens a level alert at once: its hold counts time only for its worst level', () => {
		const steps = runMemory([0.5, 0.75, 0.75]);
		expect(steps[0]!.kept.size).toBe(0);
		expect(steps[1]!.started.map((c) => [c.kind, c.severity])).toEqual([['memory', 'warning']]);
		expect(steps[2]!.started).toEqual([]);
		expect(steps[2]!.alerts.get(`memory|${ADDRESS}`)?.start_time).toBe(steps[1]!.nowMs / 1000);
	});

	it('keeps a level judged clear while it clears, and ends it once clear for its hold, dated when it went clear', () => {
		// Clear (under 65 %) from poll 2: kept through 8 s of clear, ended at 10 s (alert_clear_s).
		const steps = runMemory([0.75, 0.75, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6]);
		const wentClearS = steps[2]!.nowMs / 1000;
		for (const step of steps.slice(2, 7)) {
			expect(step.ended).toEqual([]);
			expect([...step.kept.values()].map((c) => c.clearing_since)).toEqual([wentClearS]);
		}
		expect(steps[7]!.ended.map((alert) => alert.id)).toEqual([`memory|${ADDRESS}`]);
		expect(steps[7]!.kept.size).toBe(0);
		expect(steps[7]!.events[0]).toMatchObject({state: 'resolved', end_time: wentClearS, start_time: T0 / 1000});
	});

	it('continues the same alert when the figure is back over a level while it clears', () => {
		const steps = runMemory([0.75, 0.6, 0.6, 0.75]);
		expect(steps.flatMap((s) => s.started)).toHaveLength(1);
		expect(steps[3]!.alerts.get(`memory|${ADDRESS}`)).toMatchObject({start_time: T0 / 1000});
		expect(steps[3]!.alerts.get(`memory|${ADDRESS}`)).not.toHaveProperty('clearing_since');
	});

	it('ends an alert no rule judges any more at once (its worker left), without waiting out its clear time', () => {
		const steps = runMemory([0.75, 0.75]);
		const step = stepRules(ALERT_TRACKS, steps[1]!.alerts, newVerdicts<Condition>(), steps[1]!.nowMs + POLL_MS);
		expect(step.ended.map((alert) => alert.id)).toEqual([`memory|${ADDRESS}`]);
		expect(step.kept.size).toBe(0);
	});
});

interface Poll {
	readonly on: boolean;
	readonly nowMs: number;
}

function finding(cause: Candidate['cause'], id = ADDRESS): Candidate {
	return {cause, severity: 'warning', subject: {kind: 'worker', id}, evidence: [], next: 'n', summary: `${cause} here`};
}

/** A finding's rule declared as the table declares them; its condition holds while the poll says so. */
const findingRule: DeclaredRule<Poll, Candidate> = {
	id: 'skew',
	kind: 'finding',
	inputs: ['on'],
	hold: FINDING_HOLD,
	judge: ({on}) => (on ? [finding('skew')] : []),
	text: (c) => c.summary,
};

function runFinding(on: readonly boolean[], rules: readonly DeclaredRule<Poll, Candidate>[] = [findingRule]) {
	let tracks: ReadonlyMap<string, Track> = new Map();
	return on.map((holds, i) => {
		const nowMs = T0 + i * POLL_MS;
		const step = stepRules(FINDING_TRACKS, tracks, judgeRules(rules, {on: holds, nowMs}, newVerdicts()), nowMs, (id) =>
			id === 'skew' ? FINDING_HOLD : undefined,
		);
		tracks = step.kept;
		return {nowMs, ...step, active: [...step.kept.values()].filter((t) => t.active).length};
	});
}

describe('the rule engine with a diagnosis rule', () => {
	it('starts a finding once held two polls 1.5 s apart, dated its first poll, and ends it three clear polls on', () => {
		const steps = runFinding([false, true, true, true, true, false, false, false]);
		expect(steps.map((s) => s.active)).toEqual([0, 0, 1, 1, 1, 1, 1, 0]);
		expect(steps[1]!.kept.size).toBe(1); // pending
		expect(steps[2]!.started.map((t) => t.firstMs)).toEqual([steps[1]!.nowMs]);
		expect(steps[7]!.ended.map((t) => [t.candidate.cause, t.lastMs])).toEqual([['skew', steps[4]!.nowMs]]);
	});

	it('forgets a pending finding whose condition lapses before its onset', () => {
		const steps = runFinding([true, false, true, false]);
		expect(steps.flatMap((s) => s.started)).toEqual([]);
		expect(steps[3]!.kept.size).toBe(0);
	});

	it('drops a candidate another rule explains on the same subject, and keeps the first candidate of a key', () => {
		const explaining: DeclaredRule<Poll, Candidate> = {
			...findingRule,
			id: 'memory-pressure',
			judge: () => [finding('memory-pressure')],
		};
		const explained = {...findingRule, explainedBy: ['memory-pressure']};
		const steps = runFinding([true, true, true], [explaining, explained]);
		expect([...steps[2]!.kept.values()].map((t) => t.candidate.cause)).toEqual(['memory-pressure']);
		const twice: DeclaredRule<Poll, Candidate> = {
			...findingRule,
			judge: () => [
				{...finding('skew'), summary: 'first'},
				{...finding('skew'), summary: 'second'},
			],
		};
		expect([...runFinding([true], [twice])[0]!.kept.values()].map((t) => t.candidate.summary)).toEqual(['first']);
	});
});

describe('an event alert through the engine', () => {
	it('opens at once and ends at once with its hold', () => {
		const rule: DeclaredRule<Poll, Condition> = {
			id: 'stalled',
			kind: 'event',
			inputs: ['on'],
			hold: EVENT_HOLD,
			judge: ({on}) => (on ? condition('stalled', 'warning', 'cluster', 'cluster', 'stalled') : undefined),
			text: (c) => c.message,
		};
		let alerts: ReadonlyMap<string, Alert> = new Map();
		const seen = [true, true, false].map((on, i) => {
			const nowMs = T0 + i * POLL_MS;
			const step = stepRules(ALERT_TRACKS, alerts, judgeRules([rule], {on, nowMs}, newVerdicts()), nowMs);
			alerts = applyConditions(alerts, [...step.kept.values()], nowMs, [], 10).alerts;
			return [step.started.length, step.ended.length, alerts.size];
		});
		expect(seen).toEqual([
			[1, 0, 1],
			[0, 0, 1],
			[0, 1, 0],
		]);
	});
});
