/**
 * The runner: once per fresh snapshot, every rule judges, candidates explained away by another
 * cause on the same subject are dropped, and each finding moves through its rule's hold (hold.ts,
 * the one hysteresis every rule uses) — pending until its onset, active until its clear, then
 * ended. A pending finding whose condition lapses is forgotten. Starts and ends are returned for
 * the event log. Pure.
 */
import {AT_ONCE, stepHold} from '../hold.js';
import type {Rule, RuleInput} from './rule.js';
import {RULES} from './rules.js';
import type {Candidate, DiagnosisState, EndedFinding, Finding, Track} from './diagnosis-types.js';
import {emptyWindow} from './window.js';

/** Ended findings kept, newest first. */
export const ENDED_KEPT = 100;

/** A new, empty diagnosis (its window is written in place: a new one for every fresh start). */
export function emptyDiagnosis(): DiagnosisState {
	return {tracks: new Map(), ended: [], window: emptyWindow()};
}

export function findingKey(c: Pick<Candidate, 'cause' | 'subject'>): string {
	return `${c.cause}|${c.subject.kind}|${c.subject.id}`;
}

export function findingOf(track: Track): Finding {
	const {heldMs: _held, ...candidate} = track.candidate;
	return {...candidate, since: track.firstMs};
}

export interface DiagnosisStep {
	readonly diagnosis: DiagnosisState;
	readonly started: readonly Finding[];
	readonly ended: readonly EndedFinding[];
}

/** Each rule's candidates, less those another cause holding on the same subject explains. */
export function candidates(
	input: RuleInput,
	rules: readonly Rule[] = RULES,
): Map<string, {rule: Rule; candidate: Candidate}> {
	const all: Array<{rule: Rule; candidate: Candidate}> = [];
	const holding = new Set<string>();
	for (const rule of rules) {
		for (const candidate of rule.judge(input)) {
			all.push({rule, candidate});
			holding.add(`${candidate.cause}|${candidate.subject.id}`);
		}
	}
	const out = new Map<string, {rule: Rule; candidate: Candidate}>();
	for (const item of all) {
		const {rule, candidate} = item;
		if (rule.explainedBy?.some((cause) => holding.has(`${cause}|${candidate.subject.id}`))) continue;
		const key = findingKey(candidate);
		if (!out.has(key)) out.set(key, item);
	}
	return out;
}

export function stepDiagnosis(
	previous: DiagnosisState,
	input: RuleInput,
	rules: readonly Rule[] = RULES,
): DiagnosisStep {
	const nowMs = input.nowMs;
	const holding = candidates(input, rules);
	const byCause = new Map(rules.map((r) => [r.cause, r]));
	const tracks = new Map<string, Track>();
	const started: Finding[] = [];
	const ended: EndedFinding[] = [];
	for (const [key, {rule, candidate}] of holding) {
		const step = stepHold(rule.hold, previous.tracks.get(key), true, nowMs, candidate.heldMs);
		if (step.state !== 'held') continue; // a holding condition is always held
		const track: Track = {candidate, ...step.track};
		tracks.set(key, track);
		if (step.started) started.push(findingOf(track));
	}
	for (const [key, old] of previous.tracks) {
		if (holding.has(key)) continue;
		const step = stepHold(byCause.get(old.candidate.cause)?.hold ?? AT_ONCE, old, false, nowMs);
		if (step.state === 'clearing') tracks.set(key, {...old, ...step.track});
		else if (step.state === 'ended') ended.push({...findingOf(old), until: old.lastMs});
	}
	const log = ended.length === 0 ? previous.ended : [...ended, ...previous.ended].slice(0, ENDED_KEPT);
	return {diagnosis: {tracks, ended: log, window: input.window}, started, ended};
}

/** Every active finding ends now (another scheduler took the port, the state starts over). */
export function endAll(previous: DiagnosisState): readonly EndedFinding[] {
	const out: EndedFinding[] = [];
	for (const track of previous.tracks.values()) if (track.active) out.push({...findingOf(track), until: track.lastMs});
	return out;
}
