/**
 * The one rule engine. Every rule — a level alert, an event alert, a diagnosis finding — is declared
 * in a table (alerts/alert-rules.ts, diagnosis/rules.ts) with its parts: its inputs (what it reads),
 * its condition (`judge`: the candidates that hold now, each about one subject), its hold (hold.ts,
 * the one hysteresis) and its text. This runner judges a table, then moves each candidate through
 * its rule's hold by its key: pending until its onset, active until its clear, then ended; a pending
 * one that lapses is forgotten. It returns what it keeps and what started and ended this step, for
 * the event log. Pure.
 *
 * What differs between the alerts and the findings is how a family keys and keeps its tracks
 * (`RuleFamily`): a finding keeps its hold track beside its candidate; an alert keeps its moments in
 * itself (`start_time`, `clearing_since`), and a level alert's rule says when its subject is judged
 * clear (its margin) with the text it shows while it clears.
 */
import {AT_ONCE, type Hold, type HoldTrack, stepHold} from './hold.js';

/** A level alert (a figure against thresholds), an event alert (a condition with no level), a finding. */
export type RuleKind = 'level' | 'event' | 'finding';

/** An input a rule reads: a field of its input, or a path into one ("track.last.status"). */
export type InputName<I> = Extract<keyof I, string> | `${Extract<keyof I, string>}.${string}`;

export interface DeclaredRule<I, C> {
	/** What it is known by: an alert's kind, a finding's cause. */
	readonly id: string;
	readonly kind: RuleKind;
	/** What it reads of its input (the docs and the table's test read these). */
	readonly inputs: readonly InputName<I>[];
	/** When its candidates count and when they end (hold.ts), or how its input sets that. */
	readonly hold: Hold | ((input: I) => Hold);
	/** Its condition: the candidates that hold now (and, for a level, those judged clear while they clear). */
	judge(input: I): C | readonly C[] | undefined;
	/** Its text: the one line a candidate's entry in the event log says. */
	text(candidate: C): string;
	/** Rules whose candidates, holding on the same subject, explain this rule's away. */
	readonly explainedBy?: readonly string[];
}

/** One step's candidates in the order judged, each with its rule's id, explanations and hold. */
export interface Verdicts<C> {
	readonly candidates: C[];
	readonly rules: string[];
	readonly explainedBy: (readonly string[] | undefined)[];
	readonly holds: Hold[];
}

export function newVerdicts<C>(): Verdicts<C> {
	return {candidates: [], rules: [], explainedBy: [], holds: []};
}

/** Judges every rule of `table` on `input`, appending their candidates to `into`. */
export function judgeRules<I, C>(table: readonly DeclaredRule<I, C>[], input: I, into: Verdicts<C>): Verdicts<C> {
	for (const rule of table) {
		const judged = rule.judge(input);
		if (judged === undefined) continue;
		const many = isList(judged);
		if (many && judged.length === 0) continue;
		const hold = typeof rule.hold === 'function' ? rule.hold(input) : rule.hold;
		if (many) for (const candidate of judged) add(into, rule, hold, candidate);
		else add(into, rule, hold, judged);
	}
	return into;
}

function isList<C>(judged: C | readonly C[]): judged is readonly C[] {
	return Array.isArray(judged);
}

function add<C>(into: Verdicts<C>, rule: DeclaredRule<never, C>, hold: Hold, candidate: C): void {
	into.candidates.push(candidate);
	into.rules.push(rule.id);
	into.explainedBy.push(rule.explainedBy);
	into.holds.push(hold);
}

/** How a family of rules keys its candidates and keeps their tracks (P: a value kept before, T: one kept now). */
export interface RuleFamily<C, P, T> {
	/** One track per key; the first candidate of a key in a step wins. */
	key(candidate: C): string;
	/** Its subject, for `explainedBy`. */
	subject(candidate: C): string;
	/** Its condition holds (false: its subject is judged clear; the candidate is what it shows while it clears). */
	holding(candidate: C): boolean;
	/** How long its own figures show it held (hold.ts `provenMs`). */
	heldMs(candidate: C): number | undefined;
	/** The hold track a value kept before carries, its rule's id and its candidate. */
	track(old: P, nowMs: number): HoldTrack;
	ruleOf(old: P): string;
	candidateOf(old: P): C;
	/** The value kept for a candidate held or clearing with `track`. */
	keep(candidate: C, track: HoldTrack, old: P | undefined): T;
	/** A track no rule judged this step: clear (through its hold), or its subject is gone and it ends now. */
	readonly unjudged: 'clears' | 'ends';
}

export interface RulesStep<P, T> {
	/** Pending, active and clearing tracks, in the order judged, then those clearing unjudged. */
	readonly kept: Map<string, T>;
	/** Counted this step. */
	readonly started: T[];
	/** Ended this step: the values kept before (their end is when they went clear, or last held). */
	readonly ended: P[];
}

/**
 * One step: every verdict moved through its rule's hold, and every track no verdict speaks of
 * through its own (`holdOf` its rule's id; unknown: at once).
 */
export function stepRules<C, P, T>(
	family: RuleFamily<C, P, T>,
	previous: ReadonlyMap<string, P>,
	verdicts: Verdicts<C>,
	nowMs: number,
	holdOf: (ruleId: string) => Hold | undefined = () => undefined,
): RulesStep<P, T> {
	const {candidates, holds} = verdicts;
	const holdingOn = explainers(family, verdicts);
	const kept = new Map<string, T>();
	const seen = new Set<string>();
	const started: T[] = [];
	const ended: P[] = [];
	for (let i = 0; i < candidates.length; i++) {
		const candidate = candidates[i]!;
		const explained = verdicts.explainedBy[i];
		if (explained !== undefined && holdingOn !== undefined) {
			const subject = family.subject(candidate);
			if (explained.some((id) => holdingOn.has(`${id}|${subject}`))) continue;
		}
		const key = family.key(candidate);
		if (seen.has(key)) continue;
		seen.add(key);
		const old = previous.get(key);
		const track = old === undefined ? undefined : family.track(old, nowMs);
		const step = stepHold(holds[i]!, track, family.holding(candidate), nowMs, family.heldMs(candidate));
		if (step.state === 'held' || step.state === 'clearing') {
			const value = family.keep(candidate, step.track, old);
			kept.set(key, value);
			if (step.state === 'held' && step.started) started.push(value);
		} else if (step.state === 'ended' && old !== undefined) ended.push(old);
	}
	for (const [key, old] of previous) {
		if (seen.has(key)) continue;
		const track = family.track(old, nowMs);
		if (family.unjudged === 'ends') {
			if (track.active) ended.push(old);
			continue;
		}
		const step = stepHold(holdOf(family.ruleOf(old)) ?? AT_ONCE, track, false, nowMs);
		if (step.state === 'clearing') kept.set(key, family.keep(family.candidateOf(old), step.track, old));
		else if (step.state === 'ended') ended.push(old);
	}
	return {kept, started, ended};
}

/** `rule|subject` of every holding candidate, when some rule can be explained away (else undefined). */
function explainers<C, P, T>(family: RuleFamily<C, P, T>, verdicts: Verdicts<C>): Set<string> | undefined {
	if (!verdicts.explainedBy.some((e) => e !== undefined)) return undefined;
	const out = new Set<string>();
	verdicts.candidates.forEach((c, i) => {
		if (family.holding(c)) out.add(`${verdicts.rules[i]}|${family.subject(c)}`);
	});
	return out;
}
