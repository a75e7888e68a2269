/**
 * The diagnosis' use of the rule engine (rule-engine.ts): once per fresh snapshot, every rule of
 * the table judges, candidates explained away by another cause on the same subject are dropped, and
 * each finding moves through its rule's hold (hold.ts) — pending until its onset, active until its
 * clear, then ended (finding-tracks.ts: a finding keeps its hold track beside its candidate, and one
 * no rule speaks of any more clears through its rule's hold). Starts and ends are returned for the
 * event log. Pure.
 */
import {judgeRules, newVerdicts, stepRules} from '../rule-engine.js';
import {FINDING_TRACKS} from './finding-tracks.js';
import type {Rule, RuleInput} from './rule.js';
import {RULES} from './rules.js';
import type {DiagnosisState, EndedFinding, Finding, Track} from './diagnosis-types.js';
import {emptyWindow} from './window.js';

/** Ended findings kept, newest first. */
export const ENDED_KEPT = 100;

/** A new, empty diagnosis (its window is written in place: a new one for every fresh start). */
export function emptyDiagnosis(): DiagnosisState {
	return {tracks: new Map(), ended: [], window: emptyWindow()};
}

export function findingOf(track: Track): Finding {
	const {heldMs: _held, ...candidate} = track.candidate;
	return {...candidate, since: track.firstMs, ...(track.frame === undefined ? {} : {frame: track.frame})};
}

export interface DiagnosisStep {
	readonly diagnosis: DiagnosisState;
	readonly started: readonly Finding[];
	readonly ended: readonly EndedFinding[];
}

export function stepDiagnosis(
	previous: DiagnosisState,
	input: RuleInput,
	rules: readonly Rule[] = RULES,
): DiagnosisStep {
	const verdicts = judgeRules(rules, input, newVerdicts());
	const byCause = new Map(rules.map((r) => [r.id as string, r]));
	const step = stepRules(FINDING_TRACKS, previous.tracks, verdicts, input.nowMs, (id) => {
		const hold = byCause.get(id)?.hold;
		return typeof hold === 'function' ? hold(input) : hold;
	});
	const ended = step.ended.map((old): EndedFinding => ({...findingOf(old), until: old.lastMs}));
	const log = ended.length === 0 ? previous.ended : [...ended, ...previous.ended].slice(0, ENDED_KEPT);
	return {
		diagnosis: {tracks: step.kept, ended: log, window: input.window},
		started: step.started.map(findingOf),
		ended,
	};
}

/** Every active finding ends now (another scheduler took the port, the state starts over). */
export function endAll(previous: DiagnosisState): readonly EndedFinding[] {
	const out: EndedFinding[] = [];
	for (const track of previous.tracks.values()) if (track.active) out.push({...findingOf(track), until: track.lastMs});
	return out;
}
